/**
 * Whether signing a plan asks the operator to acknowledge blind signing: only when at least one of
 * its transactions will be shown blind on the Ledger (its hash to compare). Calls the device shows in
 * clear (a token Ledger lists, a certified descriptor) need no such promise; messages never do.
 */
export function needsBlindSigningAck(items: readonly { tx: object | null; review: { kind: string; blindSigning?: boolean } | null }[]): boolean {
  // A transaction whose review does not say it is shown in clear is taken as blind.
  return items.some((i) => i.tx !== null && !(i.review?.kind === 'transaction' && i.review.blindSigning === false));
}
