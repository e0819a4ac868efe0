import type { Portfolio } from '../../../shared/portfolio/schemas';
import type { PortfolioService, PortfolioWallet } from '../../services/portfolio/portfolio';
import { feature, type Feature } from '../feature';
import type { LinkAllowlist } from '../link-allowlist';

interface PortfolioFeatureDeps {
  portfolio: PortfolioService;
  wallets: (groupId: string | null) => PortfolioWallet[];
  links: LinkAllowlist;
  /** Each batch's view as a window loaded it: its position records and agreements follow (forced on the operator's Refresh). */
  onLoaded: (groupId: string | null, view: Portfolio, force: boolean) => void;
}

/** A batch's portfolio, one refresh at a time; the service's records of its positions follow each load (the positions feature). */
export function createPortfolioFeature(deps: PortfolioFeatureDeps): Feature {
  return feature(
    {
      portfolio: {
        load: async ({ groupId, force }) => {
          const view = await deps.portfolio.load(deps.wallets(groupId), groupId);
          deps.links.remember(view.vaults.flatMap((v) => [v.kyc.link, v.chain.explorerUrl]));
          deps.onLoaded(groupId, view, force === true);
          return view;
        },
      },
    },
    { reset: () => deps.portfolio.reset() },
  );
}
