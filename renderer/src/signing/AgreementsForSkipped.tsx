import { agreementsNeeded } from '../../../shared/signing/agreements-needed';
import { defaultBatchName } from '../../../shared/signing/batch-name';
import type { Plan } from '../../../shared/signing/schemas';
import { useSigningStore } from './signing-store';

/**
 * Under a plan's skipped notice: the wallets skipped because they have not signed a vault's lender
 * agreements are no dead end. One action plans those agreements for exactly those wallets, in
 * every vault of the plan at once (one review, one batch); then the deposit is reviewed again.
 */
export function AgreementsForSkipped({ plan }: { plan: Plan }) {
  const makePlan = useSigningStore((s) => s.makePlan);
  const planning = useSigningStore((s) => s.planning);
  const needed = agreementsNeeded(plan);
  if (needed.length === 0 || plan.selection.action === 'agreements') return null;
  const wallets = [...new Set(needed.flatMap((n) => n.wallets))];
  const sign = () =>
    void makePlan({
      vaultId: needed[0]!.vaultId,
      action: 'agreements',
      wallets,
      parts: needed.map((n) => ({ vaultId: n.vaultId, wallets: n.wallets })),
      name: defaultBatchName(
        'agreements',
        needed.map((n) => n.vaultName),
        wallets.length,
      ),
    });
  return (
    <div className="notice notice-info" data-testid="agreements-needed">
      <p>
        {wallets.length} wallet{wallets.length === 1 ? ' was' : 's were'} skipped because {wallets.length === 1 ? 'it has' : 'they have'}{' '}
        not signed the lender agreements of {needed.map((n) => `${n.vaultName} (${n.wallets.length})`).join(', ')}. Sign them first (one
        review, one batch, a message per agreement on the Ledger), then review this operation again: the form keeps what you chose.
      </p>
      <p>
        <button type="button" className="button button-primary" onClick={sign} disabled={planning}>
          {planning ? 'Preparing…' : 'Sign the agreements these wallets need'}
        </button>
      </p>
    </div>
  );
}
