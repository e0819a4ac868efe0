import type { CampaignPointsView } from '../../../shared/insights/schemas';
import type { SimpleColumn } from '../components/SimpleTable';
import { count, multiplier, points } from '../components/figures';
import { shortAddress } from '../components/format';

type PointsRow = CampaignPointsView['rows'][number];

/**
 * A wallet's points, points per day and multiplier in the campaign, and under them the batch's
 * totals (the wallets that could not be read counted apart, since the totals leave them out).
 */
export function pointsColumns(totals: CampaignPointsView['totals'] | undefined): SimpleColumn<PointsRow>[] {
  return [
    {
      key: 'wallet',
      header: 'Wallet',
      cell: (r) => (
        <>
          <span className="cell-title">{r.label || shortAddress(r.wallet)}</span> <code className="cell-sub" title={r.wallet}>{shortAddress(r.wallet)}</code>
          {r.error ? <div className="error-text">{r.error}</div> : null}
        </>
      ),
      footer: totals ? `Batch total · ${count(totals.wallets)} wallets${totals.failed > 0 ? `, ${totals.failed} not read` : ''}` : undefined,
    },
    {
      key: 'points',
      header: 'Points',
      numeric: true,
      cell: (r) => points(r.points),
      cellProps: (r) => ({ 'data-points': r.points ?? '' }),
      footer: totals ? points(totals.points) : undefined,
      footerProps: totals ? { 'data-points': totals.points } : undefined,
    },
    { key: 'perDay', header: 'Per day', numeric: true, cell: (r) => points(r.perDay), footer: totals ? points(totals.perDay) : undefined },
    {
      key: 'multiplier',
      header: 'Multiplier',
      numeric: true,
      cell: (r) => multiplier(r.multiplier),
      footer: totals ? multiplier(totals.multiplier) : undefined,
    },
  ];
}
