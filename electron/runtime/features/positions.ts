import { PROGRESS_ROWS_MAX, type PositionRecords, type PositionRecordsProgressEvent } from '../../../shared/positions/schemas';
import type { SigningEvent } from '../../../shared/signing/schemas';
import type { PortfolioService, PortfolioWallet } from '../../services/portfolio/portfolio';
import { PositionRecordCache, positionPairs } from '../../services/portfolio/position-records';
import type { ServiceClient } from '../../services/service-client';
import { feature, type Feature } from '../feature';

interface PositionsFeatureDeps {
  service: () => Promise<ServiceClient>;
  portfolio: PortfolioService;
  wallets: (groupId: string | null) => PortfolioWallet[];
  /** Each vault whose records arrived during a load, for the screens to fill in while the rest load. */
  onProgress?: (event: PositionRecordsProgressEvent) => void;
}

/**
 * The service's position records of a batch, loaded as their own step after the portfolio refresh
 * (see PositionRecordCache for the policy): the pairs to ask for come from the portfolio's last
 * view of the same batch (held by PortfolioService), so the records follow what the chain shows.
 */
export function createPositionsFeature(deps: PositionsFeatureDeps) {
  const cache = new PositionRecordCache();

  async function records({ groupId, force }: { groupId: string | null; force?: boolean | undefined }): Promise<PositionRecords> {
    // The service first: in offline mode this fails before anything else is tried.
    const client = await deps.service();
    // The batch's view as the portfolio holds it; read only when it holds another batch's or none.
    const held = deps.portfolio.last();
    const view = held && held.groupId === groupId ? held : await deps.portfolio.load(deps.wallets(groupId), groupId);
    const sentAhead = new Set<string>();
    const answer = await cache.load(client, groupId, positionPairs(view), {
      ...(force ? { force: true } : {}),
      // A vault answered from the cache sends no rows: the screens hold them from the last answer,
      // and a warm refresh of a large batch would otherwise push every record twice.
      onVault: ({ vaultsDone, vaultsTotal, vaultId, rows, fetched }) => {
        const send = deps.onProgress !== undefined && fetched > 0 && rows.length <= PROGRESS_ROWS_MAX;
        if (send) sentAhead.add(vaultId);
        deps.onProgress?.({ groupId, vaultsDone, vaultsTotal, vaultId, rows: send ? rows : null });
      },
    });
    // The rows the events carried do not cross again: the receiver joins them to the answer.
    if (sentAhead.size === 0) return answer;
    return { ...answer, rows: answer.rows.filter((r) => !sentAhead.has(r.vaultId)), rowsSentAhead: [...sentAhead] };
  }

  const positions: Feature = feature(
    { positions: { records } },
    {
      reset: () => cache.reset(),
    },
  );
  return {
    ...positions,
    /** A confirmed transaction changes the wallet's position in that vault: ask again next time. */
    onSigningEvent(event: SigningEvent): void {
      if (event.type === 'item' && event.item.state === 'confirmed') cache.invalidate(event.item.wallet, event.item.vaultId);
    },
  };
}
