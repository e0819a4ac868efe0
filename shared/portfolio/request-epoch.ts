/**
 * A request's epoch as the contracts count it, the same number as the vault's epoch table.
 *
 * The strategy's `epochNumber()` counts completed epochs and goes up at each stop; a queue request
 * is keyed `epochNumber() + 1` when made, which is the count (1-based) of the epoch running then,
 * the service's epoch record with that `count`. So a request keyed N was made during epoch N and
 * is processed in the buffer at its end (`processDeposits` / `processWithdrawRequests` read the
 * key `epochNumber()` after the stop). A processed standard withdrawal is paid once the next epoch
 * ends (`processWithdrawalClaims(N)` after epoch N + 1), an instant one after the instant delay into
 * it. A redeem is made between epochs and keyed the epoch that follows, at whose end it is due.
 */
interface RequestEpochFacts {
  type: string;
  phase: string;
  isInstant: boolean;
  epochNumber: number | null;
}

interface RequestEpochWords {
  /** Short, for a narrow column: "epoch 3", "epoch 3 → 4". */
  short: string;
  /** The whole sentence, for a tooltip or a wider cell. */
  long: string;
  /** The epoch (its `count` in the epoch table) whose end or course the expected date belongs to. */
  dueIn: number;
}

export function requestEpochWords(r: RequestEpochFacts): RequestEpochWords | null {
  const n = r.epochNumber;
  if (n === null) return null;
  const queue = r.type === 'DEPOSIT' || r.type === 'WITHDRAW';
  if (r.phase === 'pending' && queue) return { short: `epoch ${n}`, long: `made during epoch ${n}: processed at its end`, dueIn: n };
  if (r.phase === 'processed' && r.type === 'WITHDRAW') {
    return r.isInstant
      ? { short: `epoch ${n} → ${n + 1}`, long: `processed at the end of epoch ${n}: claimable after the instant delay into epoch ${n + 1}`, dueIn: n + 1 }
      : { short: `epoch ${n} → ${n + 1}`, long: `processed at the end of epoch ${n}: claimable at the end of epoch ${n + 1}`, dueIn: n + 1 };
  }
  if (r.phase === 'pending' && r.type === 'REDEEM') {
    return r.isInstant
      ? { short: `epoch ${n}`, long: `claimable after the instant delay into epoch ${n}`, dueIn: n }
      : { short: `epoch ${n}`, long: `claimable at the end of epoch ${n}`, dueIn: n };
  }
  return { short: `epoch ${n}`, long: queue ? `made during epoch ${n}` : `epoch ${n}`, dueIn: n };
}
