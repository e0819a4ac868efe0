import type { Portfolio, PortfolioVault } from '../../../shared/portfolio/schemas';
import { AgreementChecks } from '../../services/portfolio/agreements';
import type { PortfolioService, PortfolioWallet } from '../../services/portfolio/portfolio';
import type { ServiceClient } from '../../services/service-client';
import { feature, type Feature } from '../feature';
import type { LinkAllowlist } from '../link-allowlist';

interface PortfolioFeatureDeps {
  portfolio: PortfolioService;
  service: () => Promise<ServiceClient>;
  wallets: (groupId: string | null) => PortfolioWallet[];
  links: LinkAllowlist;
  /** Every portfolio view the console shows (the position records follow it). */
  onView: (view: Portfolio) => void;
}

/** A batch's portfolio, one refresh at a time, and which lender agreements its wallets have signed. */
export function createPortfolioFeature(deps: PortfolioFeatureDeps): Feature {
  const agreements = new AgreementChecks();
  let lastVaults: PortfolioVault[] | null = null;
  return feature(
    {
      portfolio: {
        load: async ({ groupId }) => {
          const view = await deps.portfolio.load(deps.wallets(groupId), groupId);
          deps.links.remember(view.vaults.flatMap((v) => [v.kyc.link, v.chain.explorerUrl]));
          lastVaults = view.vaults;
          deps.onView(view);
          return view;
        },
        agreements: async ({ groupId, force }) => {
          const client = await deps.service();
          const wallets = deps.wallets(groupId);
          const vaults = lastVaults ?? (await deps.portfolio.load([], groupId)).vaults;
          const pairs = vaults
            .filter((v) => v.lenderSignatureIds.length > 0)
            .flatMap((v) => wallets.map((w) => ({ wallet: w.address, vaultId: v.id, signatureIds: v.lenderSignatureIds })));
          return { rows: await agreements.load(client, pairs, force ? { force: true } : {}), checkedAtMs: Date.now() };
        },
      },
    },
    {
      reset: () => {
        deps.portfolio.reset();
        agreements.reset();
        lastVaults = null;
      },
    },
  );
}
