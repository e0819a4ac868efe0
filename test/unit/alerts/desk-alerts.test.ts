import { describe, expect, it } from 'vitest';
import { detectAlerts } from '../../../shared/alerts/desk-alerts';
import { requestsByExpectedDay, upcomingEpochEvents } from '../../../shared/alerts/calendar';
import type { Portfolio, VaultCycle } from '../../../shared/portfolio/schemas';

const T = 1_900_000_000;
const DAY = 86_400;

function cycle(over: Partial<VaultCycle>): VaultCycle {
  return {
    state: 'RUNNING',
    paused: false,
    epochNumber: 2,
    requestEpoch: 3,
    epochStart: T - 10 * DAY,
    epochEnd: T + 20 * DAY,
    epochDuration: 30 * DAY,
    bufferPeriod: 5 * DAY,
    nextEvent: null,
    asOf: T,
    ...over,
  };
}

/** A portfolio with only what alerts read: vaults with a cycle, claims per pair, requests. */
function view(cycles: Record<string, VaultCycle>, claims: Record<string, number> = {}, requests: Array<Partial<Portfolio['requests'][number]>> = []): Portfolio {
  return {
    vaults: Object.entries(cycles).map(([id, c]) => ({ id, name: `Vault ${id}`, chain: { name: 'Local chain 31337' }, cycle: c })),
    positions: Object.entries(claims).map(([vaultId, n]) => ({ vaultId, wallet: '0x1', stale: false, claimable: Array.from({ length: n }, () => ({})) })),
    requests,
  } as unknown as Portfolio;
}

const kinds = (alerts: { kind: string }[]) => alerts.map((a) => a.kind).sort();

describe('desk alerts', () => {
  it('says nothing of transitions on the first refresh, only what is true now', () => {
    const first = view({ a: cycle({ state: 'WAITING', epochEnd: null }) });
    expect(detectAlerts(null, first)).toEqual([]);
  });

  it('announces an epoch ending within a day, once per epoch (a stable id)', () => {
    const soon = view({ a: cycle({ epochEnd: T + 5 * 3600 }) });
    const alerts = detectAlerts(null, soon);
    expect(kinds(alerts)).toEqual(['epoch-ending']);
    expect(alerts[0]!.title).toBe('Vault a: epoch 3 ends in 5 h');
    expect(detectAlerts(soon, view({ a: cycle({ epochEnd: T + 5 * 3600, asOf: T + 600 }) }))[0]!.id).toBe(alerts[0]!.id);
    expect(detectAlerts(null, view({ a: cycle({ epochEnd: T + 2 * DAY }) }))).toEqual([]);
  });

  it('tells an epoch starting and ending apart, with the epoch the requests go to', () => {
    const waiting = view({ a: cycle({ state: 'WAITING', epochNumber: 3, requestEpoch: 4, epochEnd: null }) });
    const running = view({ a: cycle({ state: 'RUNNING', epochNumber: 3, requestEpoch: 4, epochStart: T + 100 }) });
    const started = detectAlerts(waiting, running);
    expect(kinds(started)).toEqual(['epoch-started']);
    expect(started[0]!.title).toBe('Vault a: epoch 4 started');
    expect(started[0]!.detail).toContain('queued for epoch 4');
    const ended = detectAlerts(running, view({ a: cycle({ state: 'WAITING', epochNumber: 4, requestEpoch: 5 }) }));
    expect(kinds(ended)).toEqual(['epoch-ended']);
    expect(ended[0]!.title).toBe('Vault a: epoch 4 ended');
  });

  it('raises new claims, a default and a pause', () => {
    const before = view({ a: cycle({}) }, { a: 1 });
    const after = view({ a: cycle({ state: 'DEFAULTED' }) }, { a: 3 });
    const alerts = detectAlerts(before, after);
    expect(kinds(alerts)).toEqual(['claims-ready', 'vault-stopped']);
    expect(alerts.find((a) => a.kind === 'vault-stopped')!.title).toBe('Vault a defaulted');
    // Paused in the middle of an epoch: news.
    expect(detectAlerts(before, view({ a: cycle({ paused: true }) }, { a: 1 })).map((a) => a.title)).toEqual(['Vault a was paused']);
    expect(alerts.find((a) => a.kind === 'claims-ready')!.title).toBe('Vault a: 2 new claims for the batch');
    // A pause that comes with an epoch's start is the contract's own (deposits go through the queue).
    const waiting = view({ a: cycle({ state: 'WAITING', epochEnd: null }) });
    expect(kinds(detectAlerts(waiting, view({ a: cycle({ paused: true, epochStart: T + 1 }) })))).toEqual(['epoch-started']);
    // A wallet the refresh before did not hold (a first read, a batch grown) brings no news.
    expect(detectAlerts(view({ a: cycle({}) }), view({ a: cycle({}) }, { a: 4 }))).toEqual([]);
    // Fewer claims (some were made) is no news.
    expect(detectAlerts(after, view({ a: cycle({ state: 'DEFAULTED' }) }, { a: 1 }))).toEqual([]);
  });

  it('raises a pending request whose expected date passed by the chain clock, not one claimed or still ahead', () => {
    const requests = [
      { id: 'r1', vaultId: 'a', type: 'DEPOSIT', phase: 'pending' as const, expectedAt: T - 60 },
      { id: 'r2', vaultId: 'a', type: 'WITHDRAW', phase: 'claimed' as const, expectedAt: T - 60 },
      { id: 'r3', vaultId: 'a', type: 'DEPOSIT', phase: 'pending' as const, expectedAt: T + 60 },
    ];
    const alerts = detectAlerts(null, view({ a: cycle({}) }, {}, requests));
    expect(alerts.map((a) => a.id)).toEqual(['request-overdue:r1']);
  });
});

describe('the epoch calendar', () => {
  it('lists each running epoch’s end and the earliest next start, soonest first; skips defaulted vaults', () => {
    const events = upcomingEpochEvents(
      view({
        a: cycle({ epochEnd: T + 10 * DAY, bufferPeriod: 2 * DAY }),
        b: cycle({ epochEnd: T + 3 * DAY, bufferPeriod: DAY }),
        c: cycle({ state: 'DEFAULTED' }),
        d: cycle({ state: 'WAITING', nextEvent: { kind: 'epochStart', at: T + 5 * DAY, label: 'Next epoch expected' } }),
      }),
    );
    expect(events.map((e) => [e.vaultId, e.at - T, e.expected])).toEqual([
      ['b', 3 * DAY, false],
      ['b', 4 * DAY, true],
      ['d', 5 * DAY, true],
      ['a', 10 * DAY, false],
      ['a', 12 * DAY, true],
    ]);
  });

  it('groups pending requests by expected day, overdue first and undated last', () => {
    const days = requestsByExpectedDay(
      view({ a: cycle({}) }, {}, [
        { id: 'x', vaultId: 'a', phase: 'pending', expectedAt: T + 2 * DAY },
        { id: 'y', vaultId: 'a', phase: 'processed', expectedAt: T - DAY },
        { id: 'z', vaultId: 'a', phase: 'pending', expectedAt: null },
        { id: 'w', vaultId: 'a', phase: 'claimable', expectedAt: T + DAY },
        { id: 'v', vaultId: 'a', phase: 'pending', expectedAt: T + 2 * DAY + 60 },
      ]),
    );
    expect(days.map((d) => [d.key, d.requests.map((r) => r.id)])).toEqual([
      ['overdue', ['y']],
      [new Date((T + 2 * DAY) * 1000).toISOString().slice(0, 10), ['x', 'v']],
      ['unknown', ['z']],
    ]);
  });
});
