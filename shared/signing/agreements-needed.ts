import { UNSIGNED_AGREEMENTS_REASON } from './rules';
import type { Plan } from './schemas';

/**
 * The wallets a plan skipped because they have not signed a vault's lender agreements, vault by
 * vault in the plan's order: what "Sign the agreements these wallets need" plans, in every vault of
 * the plan at once. Empty when no wallet was skipped for that. Pure.
 */
interface AgreementsNeeded {
  vaultId: string;
  vaultName: string;
  wallets: string[];
}

export function agreementsNeeded(plan: Pick<Plan, 'items' | 'vault' | 'vaults'>): AgreementsNeeded[] {
  const vaults = plan.vaults ?? [plan.vault];
  return vaults.flatMap((vault) => {
    const wallets = [
      ...new Set(
        plan.items
          .filter((i) => i.vaultId === vault.id && i.state === 'skipped' && i.reason?.startsWith(UNSIGNED_AGREEMENTS_REASON))
          .map((i) => i.wallet),
      ),
    ];
    return wallets.length > 0 ? [{ vaultId: vault.id, vaultName: vault.name, wallets }] : [];
  });
}
