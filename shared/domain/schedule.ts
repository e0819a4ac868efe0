import { isRunning, type CycleState } from './cycle';

/**
 * When things should happen, from the cycle's own dates. These are expectations (the manager
 * stops and starts epochs by hand), so the console shows them as "expected", never as promises.
 */
export interface CycleTimes {
  state: CycleState;
  /** Unix seconds; for a running epoch its end, for a waiting vault the end of the last epoch. */
  epochEnd: number | null;
  epochDuration: number | null;
  bufferPeriod: number | null;
  instantDelay: number | null;
  /** When the instant withdrawals of the running epoch can be claimed (unix s), if known. */
  instantDeadline: number | null;
  allowInstantWithdraw: boolean;
  now: number;
}

interface ScheduledEvent {
  kind: 'epochEnd' | 'epochStart' | 'instantWithdrawals' | 'awaitingStop';
  at: number;
  label: string;
}

/** The next thing in the cycle an operator waits for. */
export function nextCycleEvent(t: CycleTimes): ScheduledEvent | null {
  if (t.state === 'DEFAULTED' || t.epochEnd === null) return null;
  if (t.state === 'RUNNING_PAST_END') return { kind: 'awaitingStop', at: t.epochEnd, label: 'Epoch over: waiting for the manager to stop it' };
  if (t.state === 'RUNNING') {
    if (!t.allowInstantWithdraw && t.instantDeadline !== null && t.instantDeadline > t.now && t.instantDeadline < t.epochEnd) {
      return { kind: 'instantWithdrawals', at: t.instantDeadline, label: 'Instant withdrawals become claimable' };
    }
    return { kind: 'epochEnd', at: t.epochEnd, label: 'Epoch ends' };
  }
  // WAITING: the next epoch starts after the buffer that followed the last stop.
  if (t.bufferPeriod === null) return null;
  const start = t.epochEnd + t.bufferPeriod;
  if (start <= t.now) return { kind: 'epochStart', at: start, label: 'Buffer over: waiting for the manager to start the next epoch' };
  return { kind: 'epochStart', at: start, label: 'Next epoch starts' };
}

/** When a request should be processed or become claimable, or null when nothing is expected. */
export function expectedRequestTime(
  request: { type: string; status: string; isInstant: boolean },
  t: CycleTimes,
): number | null {
  // A type the console does not know has no schedule it could tell.
  if (request.type !== 'DEPOSIT' && request.type !== 'WITHDRAW' && request.type !== 'REDEEM') return null;
  if (t.state === 'DEFAULTED' || t.epochEnd === null) return null;
  const buffer = t.bufferPeriod ?? 0;
  const duration = t.epochDuration ?? 0;
  const delay = t.instantDelay ?? 0;
  const running = isRunning(t.state);
  // The start of the next epoch: after this one ends and its buffer, or after the current buffer.
  const nextStart = running ? t.epochEnd + buffer : Math.max(t.epochEnd + buffer, t.now);
  const status = request.status;
  if (status === 'CLAIMABLE' || status === 'INSTANT_CLAIMABLE' || status === 'CLAIMED') return null;

  switch (request.type) {
    case 'DEPOSIT':
      // Processed in the buffer after the epoch it was queued in.
      return running ? t.epochEnd : null;
    case 'WITHDRAW':
      if (status === 'PENDING') return running ? t.epochEnd : null;
      // Processed: instant ones after the delay into the next epoch, standard ones at its end.
      if (request.isInstant) return t.instantDeadline ?? (running ? t.epochEnd - duration + delay : nextStart + delay);
      return running ? t.epochEnd : nextStart + duration;
    case 'REDEEM':
      if (request.isInstant) return t.instantDeadline ?? (running ? t.epochEnd - duration + delay : nextStart + delay);
      return running ? t.epochEnd : nextStart + duration;
  }
}

/**
 * The chain's time now, as far as the console knows it: the block time its cycle was read at
 * (`asOf`) plus the time since that read; this machine's clock when no cycle was read. The chain's
 * clock can run far from this machine's (a local chain moved on), and dates are chain dates.
 */
export function chainTimeNow(asOf: number | null | undefined, readAtMs: number, nowMs: number): number {
  if (asOf === null || asOf === undefined) return Math.floor(nowMs / 1000);
  return asOf + Math.max(0, Math.floor((nowMs - readAtMs) / 1000));
}

/**
 * An expected date that has passed by the chain's clock: what was expected then has not happened
 * (the manager processes and stops by hand), so it is said to be overdue, never shown as upcoming.
 */
export function isOverdue(expectedAt: number | null, chainNow: number): boolean {
  return expectedAt !== null && expectedAt < chainNow;
}

/** What an overdue request waits for, in words: the manager's step the contracts need next. */
export function overdueWaitsFor(phase: 'pending' | 'processed' | string): string {
  return phase === 'processed' ? 'waiting for the manager to make it claimable' : 'waiting for the manager to process it';
}
