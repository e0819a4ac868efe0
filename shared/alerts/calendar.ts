import { isOverdue } from '../domain/schedule';
import type { Portfolio, RequestRow } from '../portfolio/schemas';

/** One upcoming moment of a vault's cycle, by its chain's clock. */
interface EpochEvent {
  vaultId: string;
  vaultName: string;
  chainName: string;
  /** Unix seconds (chain time). */
  at: number;
  what: string;
  /** A date the contracts do not fix (the manager starts an epoch by hand): "expected", not promised. */
  expected: boolean;
}

/**
 * The coming epoch events of the batch's vaults, soonest first: a running epoch's end and the
 * earliest start of the next (after the buffer); a waiting vault's next step as its cycle reads it.
 */
export function upcomingEpochEvents(view: Portfolio): EpochEvent[] {
  const events: EpochEvent[] = [];
  for (const v of view.vaults) {
    const c = v.cycle;
    if (!c || c.state === 'DEFAULTED') continue;
    const base = { vaultId: v.id, vaultName: v.name, chainName: v.chain.name };
    if (c.state === 'RUNNING' && c.epochEnd !== null) {
      const epoch = c.epochNumber + 1;
      if (c.epochEnd >= c.asOf) events.push({ ...base, at: c.epochEnd, what: `Epoch ${epoch} ends: pending requests are processed`, expected: false });
      if (c.bufferPeriod !== null) events.push({ ...base, at: c.epochEnd + c.bufferPeriod, what: `Epoch ${epoch + 1} can start (buffer over)`, expected: true });
    } else if (c.nextEvent && c.nextEvent.at >= c.asOf) {
      events.push({ ...base, at: c.nextEvent.at, what: c.nextEvent.label, expected: c.nextEvent.kind !== 'epochEnd' });
    }
  }
  return events.sort((a, b) => a.at - b.at || a.vaultName.localeCompare(b.vaultName));
}

/** Pending requests grouped by the day they are expected (UTC day, chain time); overdue ones first. */
interface RequestDay {
  /** `overdue`, `unknown` or the day's ISO date (2027-03-01). */
  key: string;
  requests: RequestRow[];
}

export function requestsByExpectedDay(view: Portfolio): RequestDay[] {
  const asOf = new Map(view.vaults.map((v) => [v.id, v.cycle?.asOf ?? null]));
  const days = new Map<string, RequestRow[]>();
  for (const r of view.requests) {
    if (r.phase !== 'pending' && r.phase !== 'processed') continue;
    const now = asOf.get(r.vaultId);
    const key = r.expectedAt === null ? 'unknown' : now != null && isOverdue(r.expectedAt, now) ? 'overdue' : new Date(r.expectedAt * 1000).toISOString().slice(0, 10);
    days.set(key, [...(days.get(key) ?? []), r]);
  }
  const rank = (k: string) => (k === 'overdue' ? '0' : k === 'unknown' ? '9' : `1${k}`);
  return [...days.entries()].sort((a, b) => rank(a[0]).localeCompare(rank(b[0]))).map(([key, requests]) => ({ key, requests }));
}
