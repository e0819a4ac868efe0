import type { FormEvent } from 'react';
import { depositRoute, withdrawRoute } from '../../../shared/domain/actions';
import { numberMarksOf, parseAmount } from '../../../shared/domain/units';
import { formatUnits } from 'viem';
import type { PortfolioVault } from '../../../shared/portfolio/schemas';
import { useSourceLoad } from '../navigation/use-source-load';
import { usePortfolioStore } from '../portfolio';
import { chainsWithoutRpc, NoRpcNotice } from '../components/NoRpcNotice';
import { useSigningStore, type OperationDraft } from './signing-store';

type Action = OperationDraft['action'];

/**
 * Starts a deposit, a withdrawal (a queue request while the epoch runs, a redeem between epochs)
 * or the lender agreements, for every wallet of the batch shown, in one vault.
 */
export function NewOperation() {
  const data = usePortfolioStore((s) => s.data);
  const outdated = usePortfolioStore((s) => s.outdated);
  const loading = usePortfolioStore((s) => s.loading);
  const loadError = usePortfolioStore((s) => s.error);
  // The Signing screen has no portfolio header: it asks for the batch itself when it has none.
  useSourceLoad(usePortfolioStore((s) => s.refresh));
  const { makePlan, planning } = useSigningStore();
  // Kept in the store: the form comes back as it was after a plan or a batch (nothing typed is lost).
  const { vaultId, action, amount, everything } = useSigningStore((s) => s.operation);
  const setOperation = useSigningStore((s) => s.setOperation);
  const setVaultId = (v: string) => setOperation({ vaultId: v });
  const setAction = (v: Action) => setOperation({ action: v });
  const setAmount = (v: string) => setOperation({ amount: v });
  const setEverything = (v: boolean) => setOperation({ everything: v });
  const vault: PortfolioVault | undefined = data?.vaults.find((v) => v.id === vaultId) ?? data?.vaults[0];
  if (!data || !vault) {
    // Never an empty screen: say what the form waits for.
    return (
      <div className="card wide" aria-label="New operation" role="form" data-testid="new-operation-waiting">
        <h2>New operation</h2>
        <p className="cell-sub">
          {!data
            ? loadError
              ? `The batch could not be read (${loadError.message}): refresh it on the Overview.`
              : loading
                ? 'Reading the batch…'
                : 'The batch is not read yet: open the Overview to read it.'
            : 'The batch follows no epoch vault yet: there is nothing to plan.'}
        </p>
      </div>
    );
  }

  const facts = vault.cycle ? { state: vault.cycle.state, hasQueue: vault.queue !== null, paused: vault.cycle.paused } : null;
  const route = facts ? (action === 'deposit' ? depositRoute(facts) : action === 'withdraw' ? withdrawRoute(facts) : null) : null;
  const token = action === 'deposit' ? vault.underlying : vault.tranche;
  const needsAmount = action === 'deposit' || (action === 'withdraw' && !everything);
  // Typed in the reader's locale ("250,5" in French), sent in plain digits with a point.
  const marks = numberMarksOf();
  const parsed = needsAmount ? parseAmount(amount, token.decimals, marks) : null;
  const blocked = route && !route.ok ? route.reason : null;
  const invalid = parsed && !parsed.ok && amount.trim() !== '' ? parsed.reason : null;
  // Live, a chain with no RPC of the operator's is never planned on: its figures are the service's only.
  const noRpc = chainsWithoutRpc(data.sources, vault.chain.chainId)[0] ?? null;
  const ready = !noRpc && !blocked && !outdated && (!needsAmount || parsed?.ok === true) && data.wallets.length > 0;
  // Review is never disabled without a word: what it waits for, as text.
  const waitingFor =
    ready || noRpc || blocked || outdated || invalid
      ? null
      : data.wallets.length === 0
        ? 'This batch has no wallets: add some on the Wallets screen.'
        : action === 'withdraw'
          ? 'Enter an amount per wallet, or choose everything each wallet can withdraw.'
          : 'Enter an amount per wallet.';

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (!ready) return;
    const planAction = action === 'withdraw' && route?.ok && route.route.creates === 'REDEEM' ? 'redeem' : action;
    await makePlan({
      vaultId: vault.id,
      action: planAction,
      wallets: data.wallets.map((w) => w.address),
      ...(needsAmount && parsed?.ok
        ? { amount: formatUnits(BigInt(parsed.baseUnits), token.decimals) }
        : action === 'withdraw'
          ? { amount: 'all' }
          : {}),
    });
  };

  return (
    <form className="card wide" onSubmit={(e) => void submit(e)} aria-label="New operation">
      <h2>New operation for the batch ({data.wallets.length} wallets)</h2>
      <div className="inline-fields">
        <label className="field">
          <span>Vault</span>
          <select value={vault.id} onChange={(e) => setVaultId(e.target.value)} aria-label="Operation vault">
            {data.vaults.map((v) => (
              <option key={v.id} value={v.id}>
                {v.name} ({v.cycle?.state.toLowerCase().replace(/_/g, ' ') ?? 'unknown'})
              </option>
            ))}
          </select>
        </label>
        <label className="field">
          <span>Operation</span>
          <select value={action} onChange={(e) => setAction(e.target.value as Action)} aria-label="Operation">
            <option value="deposit">Deposit</option>
            <option value="withdraw">Withdraw</option>
            <option value="agreements">Sign lender agreements</option>
          </select>
        </label>
        {action === 'withdraw' ? (
          <label className="toggle">
            <input type="checkbox" checked={everything} onChange={(e) => setEverything(e.target.checked)} /> everything each wallet can withdraw
          </label>
        ) : null}
        {needsAmount ? (
          <label className="field">
            <span>Amount per wallet ({token.symbol})</span>
            <input value={amount} onChange={(e) => setAmount(e.target.value)} placeholder={`e.g. 250${marks.decimal}5`} aria-label="Amount per wallet" aria-invalid={invalid !== null} />
          </label>
        ) : null}
        <button type="submit" className="button button-primary" disabled={!ready || planning}>
          {planning ? 'Preparing…' : 'Review'}
        </button>
      </div>
      {route?.ok ? (
        <p className="cell-sub" data-testid="route">
          {route.route.call.functionName === 'depositAA'
            ? `Between epochs: a direct deposit (depositAA), approving ${vault.underlying.symbol} to the epoch vault.`
            : route.route.call.functionName === 'requestDeposit'
              ? `The epoch is running: a deposit request in the queue (requestDeposit), approving ${vault.underlying.symbol} to the queue.`
              : route.route.creates === 'REDEEM'
                ? 'Between epochs: a redeem request on the epoch vault (no approval needed).'
                : `The epoch is running: a withdraw request in the queue, approving ${vault.tranche.symbol} to the queue.`}
        </p>
      ) : null}
      {noRpc ? <NoRpcNotice sources={[noRpc]} /> : null}
      {outdated ? (
        <p className="notice notice-info" data-testid="batch-outdated">
          The wallets of this batch changed: reading the batch again before anything is planned…
        </p>
      ) : null}
      {blocked ? <p className="field-error">{blocked}</p> : null}
      {invalid ? <p className="field-error">{invalid}</p> : null}
      {waitingFor ? (
        <p className="cell-sub" data-testid="review-waiting-for">
          {waitingFor}
        </p>
      ) : null}
    </form>
  );
}
