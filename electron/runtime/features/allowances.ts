import type { PublicClient } from 'viem';
import { AppError } from '../../../shared/errors';
import type { AllowancesView } from '../../../shared/allowances/schemas';
import type { RevokePick } from '../../../shared/signing/schemas';
import type { Plan, SelectionWallet } from '../../../shared/signing/schemas';
import type { Wallet } from '../../../shared/wallets/schemas';
import { readAllowances } from '../../services/allowances/read';
import type { PortfolioService } from '../../services/portfolio/portfolio';
import { identityOf, listedVaults } from '../../services/registry';
import { feature, type Feature } from '../feature';
import { DEMO_FIRST_SEEN, type SigningPipeline } from './signing';

interface AllowancesFeatureDeps {
  /** The signing pipeline of the current mode: its pinned registry names the vaults, its planner plans revokes. */
  signing: () => SigningPipeline;
  portfolio: PortfolioService;
  chain: (chainId: number) => Promise<PublicClient>;
  /** The wallets of the batch (its group) from the wallet book of the current mode. */
  wallets: (groupId: string | null) => Wallet[];
  demo: () => boolean;
  /** Public mode: no plan can be made without the service's key. */
  keyless: () => boolean;
}

/**
 * The Allowances screen: what the batch's wallets allow the pinned vaults' contracts to spend,
 * read from the chain, and revokes planned from a selection of it as one reviewed batch.
 */
export function createAllowancesFeature(deps: AllowancesFeatureDeps): Feature {
  async function list({ groupId }: { groupId: string | null }): Promise<AllowancesView> {
    const { registry } = deps.signing();
    const catalog = await deps.portfolio.load([], null);
    let pinned = await registry.list();
    if (deps.demo()) {
      // The demo's own vaults are pinned by its rule as soon as their checks pass, as a plan would.
      const missing = catalog.vaults.filter((v) => !pinned.some((p) => p.vaultId === v.id));
      for (const v of missing) {
        await registry.verifyForPlan(identityOf(v), await deps.chain(v.chain.chainId), DEMO_FIRST_SEEN, listedVaults(catalog)).catch(() => undefined);
      }
      pinned = await registry.list();
    }
    const notPinned = catalog.vaults.filter((v) => !pinned.some((p) => p.vaultId === v.id)).map((v) => v.name);
    const wallets = deps.wallets(groupId).map((w) => ({ address: w.address, label: w.label }));
    const read = await readAllowances({ vaults: pinned, wallets, client: deps.chain });
    return { ...read, notPinned };
  }

  async function planRevoke({ picks }: { picks: (RevokePick & { vaultId: string })[] }): Promise<Plan> {
    if (deps.keyless()) {
      throw new AppError({
        code: 'SIGNING_NEEDS_KEY',
        message: 'Revoking needs an API key: a plan reads the vault and the wallets through the service, which answers only with a key.',
        action: 'Add the API key in Settings, then revoke again.',
      });
    }
    const book = deps.wallets(null);
    const walletOf = (address: string): SelectionWallet => {
      const w = book.find((x) => x.address.toLowerCase() === address.toLowerCase());
      if (!w) throw new AppError({ code: 'WALLET_NOT_FOUND', message: `${address} is not in the wallet book.`, action: 'Refresh the Allowances screen and select again.' });
      // A watch-only wallet cannot sign: kept in the plan as skipped, with that reason.
      if (w.source !== 'ledger' || !w.ledger) return { address: w.address, label: w.label, path: '', watchOnly: true };
      return { address: w.address, label: w.label, path: w.ledger.path };
    };
    const vaultIds = [...new Set(picks.map((p) => p.vaultId))];
    const parts = vaultIds.map((vaultId) => {
      const mine = picks.filter((p) => p.vaultId === vaultId);
      const wallets = [...new Set(mine.map((p) => p.wallet.toLowerCase()))].map(walletOf);
      return { vaultId, action: 'revoke' as const, wallets, revokes: mine.map(({ wallet, token, spender }) => ({ wallet, token, spender })) };
    });
    const { pipeline } = deps.signing();
    return parts.length === 1 ? pipeline.plan(parts[0]!) : pipeline.planAcrossVaults(parts);
  }

  return feature({ allowances: { list, planRevoke } });
}
