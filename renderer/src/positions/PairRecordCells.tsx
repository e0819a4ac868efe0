import type { PortfolioVault, PositionRow } from '../../../shared/portfolio/schemas';
import { pairKey } from '../../../shared/positions/totals';
import { fixed } from '../components/figures';
import { usePortfolioStore } from '../batch';
import { recordIndexOf, recordsReadyFor, usePositionRecordsStore } from './position-records-store';
import { EarningsCell } from './RecordCells';

/**
 * A pair's cells that show the service's record. Each reads its own pair from the store, so a
 * vault's records arriving (or the load starting) renders these cells again, not the table.
 */
function usePairRecord(pair: PositionRow) {
  const groupId = usePortfolioStore((s) => s.groupId);
  return usePositionRecordsStore((s) => recordIndexOf(s, groupId).get(pairKey(pair.vaultId, pair.wallet)));
}

/** Earnings, APY and what was deposited, or "loading…" while the pair's vault is still out. */
export function PairEarningsCell({ pair, vault }: { pair: PositionRow; vault: PortfolioVault }) {
  const groupId = usePortfolioStore((s) => s.groupId);
  const row = usePairRecord(pair);
  const ready = usePositionRecordsStore((s) => recordsReadyFor(s, groupId, pair.vaultId));
  // The load failed with nothing from before for this vault: no record is coming until a refresh.
  const failure = usePositionRecordsStore((s) => (ready || s.loading ? null : s.error));
  if (failure) {
    return (
      <span className="record-note" title={`${failure.message}${failure.action ? `\n${failure.action}` : ''}`} data-record-state="failed">
        not loaded
      </span>
    );
  }
  return <EarningsCell row={row} vault={vault} ready={ready} />;
}

/** The pair's share of the vault's tranche supply, from its record, under its balance; nothing without one. */
export function PairPoolShare({ pair }: { pair: PositionRow }) {
  const share = usePairRecord(pair)?.record?.poolSharePercent;
  if (share === undefined || share === null) return null;
  return (
    <span className="cell-sub" title="Share of the vault's tranche supply, from the service's record">
      {fixed(share, 2)} % of the pool
    </span>
  );
}
