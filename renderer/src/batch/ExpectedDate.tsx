import { chainTimeNow, isOverdue, overdueWaitsFor } from '../../../shared/domain/schedule';
import type { RequestRow, VaultCycle } from '../../../shared/portfolio/schemas';
import { DateTime } from '../components/time';

/** Whether a request's expected date has passed by its vault's chain clock, and what it then waits for. */
export function overdueOf(row: Pick<RequestRow, 'expectedAt' | 'phase'>, cycle: VaultCycle | null | undefined, readAtMs: number): string | null {
  if (!isOverdue(row.expectedAt, chainTimeNow(cycle?.asOf, readAtMs, Date.now()))) return null;
  return overdueWaitsFor(row.phase);
}

/**
 * When a request should be processed or become claimable: "4 Apr 2027" (after `prefix`, "by "
 * inside a line of text), or, once that date has passed on the chain, "4 Apr 2027, overdue" ("overdue
 * since 4 Apr 2027" in a line of text) and what it waits for: never a past date shown as upcoming.
 */
export function ExpectedDate({ row, cycle, readAtMs, prefix = '' }: { row: RequestRow; cycle: VaultCycle | null | undefined; readAtMs: number; prefix?: string }) {
  if (row.expectedAt === null) return null;
  const waits = overdueOf(row, cycle, readAtMs);
  if (!waits) {
    return (
      <span data-expected={row.expectedAt}>
        {prefix}
        <DateTime seconds={row.expectedAt} withTime={false} />
      </span>
    );
  }
  const title = `Overdue since this date by the chain’s clock: ${waits}.`;
  // Inside a line of text (Positions): the words alone, what it waits for on hover.
  if (prefix) {
    return (
      <span className="warn-text" data-overdue={row.expectedAt} title={title}>
        overdue since <DateTime seconds={row.expectedAt} withTime={false} />
      </span>
    );
  }
  return (
    // The date first, then "overdue", on the first line (compact rows keep it, a narrow cell cuts the
    // words before the date); what it waits for under it.
    <span className="stack" data-overdue={row.expectedAt} title={title}>
      <span className="warn-text">
        <DateTime seconds={row.expectedAt} withTime={false} />, overdue
      </span>
      <span className="cell-sub">{waits}</span>
    </span>
  );
}
