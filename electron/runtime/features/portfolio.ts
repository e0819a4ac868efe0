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
}

/** A batch's portfolio, one refresh at a time, and which lender agreements its wallets have signed. */
export function createPortfolioFeature(deps: PortfolioFeatureDeps): Feature {
  const agreements = new AgreementChecks();
  return feature(
    {
      portfolio: {
        load: async ({ groupId }) => {
          const view = await deps.portfolio.load(deps.wallets(groupId), groupId);
          deps.links.remember(view.vaults.flatMap((v) => [v.kyc.link, v.chain.explorerUrl]));
          return view;
        },
        agreements: async ({ groupId, force }) => {
          const client = await deps.service();
          const wallets = deps.wallets(groupId);
          // The vaults of the view the portfolio holds (every batch sees the same vaults); read only when it holds none yet.
          const vaults = (deps.portfolio.last() ?? (await deps.portfolio.load(wallets, groupId))).vaults;
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
      },
    },
  );
}
