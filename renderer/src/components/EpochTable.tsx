import type { EpochRow } from '../../../shared/ipc/schemas';
import type { TokenRef } from '../../../shared/portfolio/schemas';
import { Amount } from './Amount';
import { pct } from './figures';
import { DateTime } from './time';
import { EpochChart } from './EpochChart';
import { KnownValue } from './KnownValue';

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
        <table className="table compact" aria-label={ariaLabel}>
          <thead>
            <tr>
              <th scope="col" className="num">
                Epoch
              </th>
              <th scope="col">Status</th>
              <th scope="col">Start</th>
              <th scope="col">End</th>
              <th scope="col" className="num">
                APR gross
                <span className="th-def">the whole cycle</span>
              </th>
              <th scope="col" className="num">
                APR net
                <span className="th-def">after fees</span>
              </th>
              <th scope="col">Withdrawals</th>
              {queues ? (
                <>
                  <th scope="col" className="num">
                    Deposit queue
                  </th>
                  <th scope="col" className="num">
                    Withdraw queue
                  </th>
                </>
              ) : null}
            </tr>
          </thead>
          <tbody>
            {[...epochs].reverse().map((e) => (
              <tr key={e.count} data-epoch={e.count}>
                <td className="num">{e.count}</td>
                <td>
                  <KnownValue kind="epochStatus" value={e.status}>
                    {e.status.toLowerCase()}
                  </KnownValue>
                </td>
                <td>{e.startDate ? <DateTime seconds={e.startDate} withTime={false} /> : '—'}</td>
                <td>{e.endDate ? <DateTime seconds={e.endDate} withTime={false} /> : '—'}</td>
                <td className="num" data-rate="gross" title={e.apyGross !== null ? `APY gross ${pct(e.apyGross)}` : undefined}>
                  {pct(e.apr)}
                </td>
                <td className="num" data-rate="net" title={e.apyNet !== null ? `APY net ${pct(e.apyNet)}` : undefined}>
                  {pct(e.net)}
                </td>
                <td>{e.withdrawType?.toLowerCase() ?? '—'}</td>
                {queues ? (
                  <>
                    <td className="num">{e.depositQueue ? <Amount value={e.depositQueue} token={tokens.underlying} /> : '—'}</td>
                    <td className="num">{e.withdrawQueue ? <Amount value={e.withdrawQueue} token={tokens.tranche} /> : '—'}</td>
                  </>
                ) : null}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </>
  );
}
