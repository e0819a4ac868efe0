import { AsyncLocalStorage } from 'node:async_hooks';
import type { SetAside, SetAsideRecord } from '../../shared/portfolio/schemas';

/** Records listed per answer at most (the count stays exact): enough to see the pattern. */
const SET_ASIDE_LISTED = 100;
const REASON_MAX = 300;

/**
 * The records the service's latest reads set aside, per read. A read is one call of the client
 * (a list, a walk of every page) with its arguments; reading it again replaces what it set aside
 * before, so the count says what the figures on screen leave out now and never grows with every
 * refresh. A read that fails keeps the records of its last good read: its last figures are what is
 * still shown.
 *
 * Records are told by the client as its pages are read, from inside the call that asked for them;
 * the async context of that call says which read they belong to, as concurrent reads of the same
 * endpoint (the requests of several vaults, the history of several wallet chunks) interleave.
 */
export class SetAsideBook {
  private readonly reads = new Map<string, SetAsideRecord[]>();
  private readonly scope = new AsyncLocalStorage<SetAsideRecord[]>();
  private readonly listeners = new Set<() => void>();

  /** Runs one read, collecting what it sets aside; on success that replaces the read's last records. */
  async track<T>(read: string, run: () => Promise<T>): Promise<T> {
    const collected: SetAsideRecord[] = [];
    const value = await this.scope.run(collected, run);
    this.settle(read, collected);
    return value;
  }

  /** The same for a walk of pages, as the caller reads it: settled once the last page is read. */
  async *trackWalk<T>(read: string, start: () => AsyncGenerator<T>): AsyncGenerator<T> {
    const collected: SetAsideRecord[] = [];
    const pages = this.scope.run(collected, start);
    let done = false;
    try {
      for (;;) {
        const step = await this.scope.run(collected, () => pages.next());
        if (step.done) break;
        yield step.value;
      }
      done = true;
    } finally {
      // A caller that stops early read part of the list: what it set aside says nothing of the rest.
      if (done) this.settle(read, collected);
      else await pages.return(undefined);
    }
  }

  /** Records the client set aside: they belong to the read in progress (or stand alone). */
  tell(records: readonly SetAsideRecord[]): void {
    const collected = this.scope.getStore();
    const tidy = records.map((r) => ({ ...r, reason: r.reason.length > REASON_MAX ? `${r.reason.slice(0, REASON_MAX - 1)}…` : r.reason }));
    if (collected) collected.push(...tidy);
    else this.settle(`untracked ${tidy[0]?.endpoint ?? ''}`, tidy);
  }

  summary(): SetAside {
    const all = [...this.reads.values()].flat();
    return { count: all.length, records: all.slice(0, SET_ASIDE_LISTED) };
  }

  /** Called when the count or the list changes. */
  subscribe(listener: () => void): () => void {
    this.listeners.add(listener);
    return () => void this.listeners.delete(listener);
  }

  clear(): void {
    if (this.reads.size === 0) return;
    this.reads.clear();
    this.notify();
  }

  private settle(read: string, records: SetAsideRecord[]): void {
    const before = this.reads.get(read);
    if (records.length === 0) {
      if (!before) return;
      this.reads.delete(read);
    } else {
      if (before && sameRecords(before, records)) return;
      this.reads.set(read, records);
    }
    this.notify();
  }

  private notify(): void {
    for (const listener of this.listeners) listener();
  }
}

const sameRecords = (a: readonly SetAsideRecord[], b: readonly SetAsideRecord[]) =>
  a.length === b.length &&
  a.every(
    (r, i) =>
      r.endpoint === b[i]!.endpoint && r.index === b[i]!.index && r.id === b[i]!.id && r.path === b[i]!.path && r.reason === b[i]!.reason,
  );

/** What names a read: the client's method and its arguments (an abort signal or a callback is no part of it). */
export function readKey(method: string, args: readonly unknown[]): string {
  return `${method} ${JSON.stringify(args, (_key, value: unknown) => (typeof value === 'function' || isAbortSignal(value) ? undefined : value))}`;
}

const isAbortSignal = (value: unknown): boolean => typeof AbortSignal !== 'undefined' && value instanceof AbortSignal;
