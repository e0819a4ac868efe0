import type { EpochRow } from '../../../shared/ipc/schemas';
import type { TokenRef } from '../../../shared/portfolio/schemas';
import { Amount } from './Amount';
import { pct } from './figures';
import { DateTime } from './time';
import { EpochChart } from './EpochChart';
import { KnownValue } from './KnownValue';
import { SimpleTable } from './SimpleTable';

/**
 * A vault's epochs as a chart of their APRs and a table, newest first: the vault page's history,
 * and the history a bundle's snapshot carries.
 */
export function EpochTable({ epochs, tokens, ariaLabel }: { epochs: EpochRow[]; tokens: { underlying: TokenRef; tranche: TokenRef }; ariaLabel: string }) {
  // A snapshot's epochs carry no queue amounts: no columns of dashes for them.
  const queues = epochs.some((e) => e.depositQueue !== null || e.withdrawQueue !== null);
  return (
    <>
      <EpochChart epochs={epochs} />
      {/* Focusable, so that the history scrolls with the keyboard too. */}
      <div className="table-wrap scroll-y" tabIndex={0} role="region" aria-label={`${ariaLabel}, scrollable`}>
        <SimpleTable
          compact
          label={ariaLabel}
          rows={[...epochs].reverse()}
          rowKey={(e) => e.count}
          empty="No epoch yet."
          rowProps={(e) => ({ 'data-epoch': e.count })}
          columns={[
            { key: 'epoch', header: 'Epoch', numeric: true, cell: (e) => e.count },
            {
              key: 'status',
              header: 'Status',
              cell: (e) => (
                <KnownValue kind="epochStatus" value={e.status}>
                  {e.status.toLowerCase()}
                </KnownValue>
              ),
            },
            { key: 'start', header: 'Start', cell: (e) => (e.startDate ? <DateTime seconds={e.startDate} withTime={false} /> : '—') },
            { key: 'end', header: 'End', cell: (e) => (e.endDate ? <DateTime seconds={e.endDate} withTime={false} /> : '—') },
            {
              key: 'gross',
              header: (
                <>
                  APR gross
                  <span className="th-def">the whole cycle</span>
                </>
              ),
              numeric: true,
              cell: (e) => pct(e.apr),
              cellProps: (e) => ({ 'data-rate': 'gross', title: e.apyGross !== null ? `APY gross ${pct(e.apyGross)}` : undefined }),
            },
            {
              key: 'net',
              header: (
                <>
                  APR net
                  <span className="th-def">after fees</span>
                </>
              ),
              numeric: true,
              cell: (e) => pct(e.net),
              cellProps: (e) => ({ 'data-rate': 'net', title: e.apyNet !== null ? `APY net ${pct(e.apyNet)}` : undefined }),
            },
            { key: 'withdrawals', header: 'Withdrawals', cell: (e) => e.withdrawType?.toLowerCase() ?? '—' },
            queues && {
              key: 'deposit-queue',
              header: 'Deposit queue',
              numeric: true,
              cell: (e) => (e.depositQueue ? <Amount value={e.depositQueue} token={tokens.underlying} /> : '—'),
            },
            queues && {
              key: 'withdraw-queue',
              header: 'Withdraw queue',
              numeric: true,
              cell: (e) => (e.withdrawQueue ? <Amount value={e.withdrawQueue} token={tokens.tranche} /> : '—'),
            },
          ]}
        />
      </div>
    </>
  );
}
