/**
 * A credit vault's cycle, from what the chain says. WAITING is the buffer between epochs (the spec
 * also calls it NETTING); RUNNING_PAST_END is an epoch whose end date has passed but that the
 * manager has not stopped yet: requests still go to the queue, but claims wait for the stop.
 */
export type CycleState = 'WAITING' | 'RUNNING' | 'RUNNING_PAST_END' | 'DEFAULTED';

interface CycleFacts {
  defaulted: boolean;
  isEpochRunning: boolean;
  /** Unix seconds. */
  epochEndDate: number;
  /** Unix seconds. */
  now: number;
}

export function cycleState(f: CycleFacts): CycleState {
  if (f.defaulted) return 'DEFAULTED';
  if (!f.isEpochRunning) return 'WAITING';
  return f.now >= f.epochEndDate ? 'RUNNING_PAST_END' : 'RUNNING';
}

export function isRunning(state: CycleState): boolean {
  return state === 'RUNNING' || state === 'RUNNING_PAST_END';
}

/**
 * Reads the service's word (NETTING is the documentation's name for WAITING). CURE is the
 * borrower's grace period after an epoch's end date passed unpaid: the epoch is over but not
 * stopped, as RUNNING_PAST_END. Any other word is not a cycle the console knows (null).
 */
export function cycleStateFromService(status: string, endDateSeconds: number | null, now: number): CycleState | null {
  switch (status) {
    case 'DEFAULTED':
      return 'DEFAULTED';
    case 'WAITING':
    case 'NETTING':
      return 'WAITING';
    case 'RUNNING':
      return endDateSeconds !== null && now >= endDateSeconds ? 'RUNNING_PAST_END' : 'RUNNING';
    case 'CURE':
      return 'RUNNING_PAST_END';
    default:
      return null;
  }
}
