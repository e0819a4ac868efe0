import type { RequestRow } from './schemas';

/**
 * The Requests screen's first order: soonest expected first, undated last. The portfolio sends its
 * requests in this order, so a table that receives them does not sort tens of thousands of rows
 * on arrival.
 */
export function byExpected(a: Pick<RequestRow, 'expectedAt'>, b: Pick<RequestRow, 'expectedAt'>): number {
  return (a.expectedAt ?? Number.MAX_SAFE_INTEGER) - (b.expectedAt ?? Number.MAX_SAFE_INTEGER);
}
