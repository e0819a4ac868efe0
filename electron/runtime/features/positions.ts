import type { EventName, EventPayload } from '../../../shared/ipc/contract';
import type { Portfolio } from '../../../shared/portfolio/schemas';
import {
  PositionRecordsProgressSchema,
  PositionsPushSchema,
  PROGRESS_ROWS_MAX,
  type PositionRecords,
  type PositionRecordsProgressEvent,
} from '../../../shared/positions/schemas';
import type { SigningEvent } from '../../../shared/signing/schemas';
import { AgreementChecks } from '../../services/portfolio/agreements';
import type { Logger } from '../../services/log/logger';
import type { PortfolioService, PortfolioWallet } from '../../services/portfolio/portfolio';
import { PositionRecordCache, positionPairs } from '../../services/portfolio/position-records';
import type { ServiceClient } from '../../services/service-client';
import { feature, type Feature } from '../feature';
import { createPositionsPush } from './positions-push';

interface PositionsFeatureDeps {
  service: () => Promise<ServiceClient>;
  portfolio: PortfolioService;
  wallets: (groupId: string | null) => PortfolioWallet[];
  /**
   * To the windows: `positionRecordsProgress` while `positions.records` runs (each vault whose records
   * arrived, for its caller to fill in while the rest load), and `positions` after each portfolio load.
   */
  emit: <E extends EventName>(name: E, payload: EventPayload<E>) => void;
  log: Logger;
}

type VaultProgress = Omit<PositionRecordsProgressEvent, 'groupId'>;

/**
 * The service's position records and lender agreements of a batch, loaded as their own step after
 * each portfolio load (see PositionRecordCache and AgreementChecks for the policies) and pushed to
 * the windows; `positions.records` and `portfolio.agreements` still answer a caller that asks. The
 * pairs to ask for come from the portfolio's view of the same batch, so the records follow what the
 * chain shows.
 */
export function createPositionsFeature(deps: PositionsFeatureDeps) {
  const cache = new PositionRecordCache();
  const agreementChecks = new AgreementChecks();

  /** The batch's view as the portfolio holds it; read only when it holds another batch's or none. */
  async function viewOf(groupId: string | null): Promise<Portfolio> {
    const held = deps.portfolio.last();
    return held && held.groupId === groupId ? held : deps.portfolio.load(deps.wallets(groupId), groupId);
  }

  /**
   * The records of the view's pairs, and the same answer without the rows `onVault` carried (they do
   * not cross twice: at ten thousand wallets each would be sent again; the receiver joins them back).
   */
  async function loadRecords(client: ServiceClient, view: Portfolio, force: boolean, onVault?: (progress: VaultProgress) => void) {
    const sentAhead = new Set<string>();
    const full = await cache.load(client, view.groupId, positionPairs(view), {
      ...(force ? { force: true } : {}),
      // A vault answered from the cache sends no rows: the screens hold them from the last answer,
      // and a warm refresh of a large batch would otherwise push every record twice.
      onVault: ({ vaultsDone, vaultsTotal, vaultId, rows, fetched }) => {
        const send = onVault !== undefined && fetched > 0 && rows.length <= PROGRESS_ROWS_MAX;
        if (send) sentAhead.add(vaultId);
        onVault?.({ vaultsDone, vaultsTotal, vaultId, rows: send ? rows : null });
      },
    });
    const sent: PositionRecords =
      sentAhead.size === 0 ? full : { ...full, rows: full.rows.filter((r) => !sentAhead.has(r.vaultId)), rowsSentAhead: [...sentAhead] };
    return { full, sent };
  }

  /** Which lender agreements each wallet of the batch signed, in the vaults that ask for some. */
  async function loadAgreements(client: ServiceClient, groupId: string | null, view: Portfolio, force: boolean) {
    const wallets = deps.wallets(groupId);
    const pairs = view.vaults
      .filter((v) => v.lenderSignatureIds.length > 0)
      .flatMap((v) => wallets.map((w) => ({ wallet: w.address, vaultId: v.id, signatureIds: v.lenderSignatureIds })));
    return { rows: await agreementChecks.load(client, pairs, force ? { force: true } : {}), checkedAtMs: Date.now() };
  }

  const push = createPositionsPush({
    // The service first: in offline mode this fails before anything else is tried.
    records: async (view, force, onVault) => loadRecords(await deps.service(), view, force, onVault),
    agreements: async (groupId, view, force) => loadAgreements(await deps.service(), groupId, view, force),
    emit: (event) => deps.emit('positions', PositionsPushSchema.parse(event)),
    log: deps.log,
  });

  const positions: Feature = feature(
    {
      positions: {
        records: async ({ groupId, force }) => {
          const client = await deps.service();
          const view = await viewOf(groupId);
          const onVault = (p: VaultProgress) => deps.emit('positionRecordsProgress', PositionRecordsProgressSchema.parse({ groupId, ...p }));
          return (await loadRecords(client, view, force === true, onVault)).sent;
        },
      },
      portfolio: {
        agreements: async ({ groupId, force }) => {
          const client = await deps.service();
          // Every batch sees the same vaults: the view the portfolio holds, read only when it holds none yet.
          const view = deps.portfolio.last() ?? (await deps.portfolio.load(deps.wallets(groupId), groupId));
          return loadAgreements(client, groupId, view, force === true);
        },
      },
    },
    {
      reset: () => {
        push.reset();
        cache.reset();
        agreementChecks.reset();
      },
      // A push still under way at exit sends nothing to windows that are gone.
      close: () => push.reset(),
    },
  );
  return {
    ...positions,
    /** After a batch's portfolio load: its records and agreements follow, pushed (forced on the operator's Refresh). */
    afterPortfolioLoad: push.after,
    /** The last answer pushed per batch, for a window that subscribes after it went out. */
    kept: push.kept,
    /** A confirmed transaction changes the wallet's position in that vault: ask again next time. */
    onSigningEvent(event: SigningEvent): void {
      if (event.type === 'item' && event.item.state === 'confirmed') cache.invalidate(event.item.wallet, event.item.vaultId);
    },
  };
}
