import type { SigningEvent } from '../../../shared/signing/schemas';
import type { TransactionsView } from '../../../shared/transactions/schemas';
import type { ServiceClient } from '../../services/service-client';
import type { ServiceCatalog } from '../../services/catalog/catalog';
import { TransactionHistory, type HistoryWallet } from '../../services/transactions/history';
import { feature, type Feature } from '../feature';

interface TransactionsFeatureDeps {
  service: () => Promise<ServiceClient>;
  catalog: ServiceCatalog;
  wallets: (groupId: string | null) => HistoryWallet[];
  /** Explorer pages the view links to: their hosts join the external opener's allowlist. */
  onExplorerUrls: (urls: string[]) => void;
}

/** A batch's transaction history from the service (see TransactionHistory for the policy). */
export function createTransactionsFeature(deps: TransactionsFeatureDeps) {
  const history = new TransactionHistory({ catalog: deps.catalog });

  async function list({ groupId, force }: { groupId: string | null; force?: boolean | undefined }): Promise<TransactionsView> {
    const client = await deps.service();
    const view = await history.load(client, groupId, deps.wallets(groupId), force ? { force: true } : {});
    deps.onExplorerUrls([
      ...new Set(
        view.rows
          .map((r) => r.explorer.url)
          .filter((u): u is string => u !== null)
          .map((u) => new URL(u).origin),
      ),
    ]);
    return view;
  }

  const transactions: Feature = feature({ transactions: { list } }, { reset: () => history.reset() });
  return {
    ...transactions,
    onSigningEvent(event: SigningEvent): void {
      if (event.type === 'item' && event.item.state === 'confirmed') history.invalidate();
    },
  };
}
