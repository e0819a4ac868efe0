import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { startEmbeddedSimulation } from '../../../electron/runtime/embedded-simulation';
import type { PositionsAnswer, PositionsPush } from '../../../shared/positions/schemas';
import { startTestConsole, type TestConsole } from '../../support/console';

// Positions in one round trip: a window asks for the portfolio only, and the batch's position
// records and lender agreements follow as `positions` events (vault by vault, then the answer).
// What the service is asked is counted at its door: records (`/position`) and agreement checks
// (`/signatures/…/check`).
const ctx = { transport: 'browser' as const };
let c: TestConsole;
const asked = { records: 0, checks: 0 };
const failChecks = { on: false };
const serviceFetch: typeof fetch = async (input, init) => {
  const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
  if (/\/v1\/vaults\/[^/]+\/position/.test(url)) asked.records++;
  if (url.includes('/v1/signatures/')) {
    asked.checks++;
    if (failChecks.on) return new Response(JSON.stringify({ message: 'signatures are down' }), { status: 400 });
  }
  return fetch(input, init);
};
const pushed: PositionsPush[] = [];
/** Every handler the runtime served, by `namespace.method`. */
const served: string[] = [];

beforeAll(async () => {
  c = await startTestConsole({ fetch: serviceFetch, startSimulation: () => startEmbeddedSimulation({ drive: false }) });
  for (const [ns, group] of Object.entries(c.runtime.handlers as unknown as Record<string, Record<string, (...a: unknown[]) => unknown>>)) {
    for (const [m, handler] of Object.entries(group)) group[m] = (...args) => (served.push(`${ns}.${m}`), handler(...args));
  }
  c.runtime.onEvent((name, payload) => {
    if (name === 'positions') pushed.push(payload as PositionsPush);
  });
  await vi.waitFor(
    async () => {
      if ((await c.runtime.handlers.wallets.list({}, ctx)).wallets.length === 0) throw new Error('the demo book is still empty');
    },
    { timeout: 120_000, interval: 500 },
  );
}, 180_000);

afterAll(async () => {
  await c?.close();
});

/** The answer pushed after the load of the view generated at `portfolioAtMs`. */
async function answerFor(portfolioAtMs: number): Promise<PositionsAnswer> {
  await expect.poll(() => pushed.some((e) => e.kind === 'answer' && e.portfolioAtMs === portfolioAtMs), { timeout: 60_000 }).toBe(true);
  return pushed.find((e): e is PositionsAnswer => e.kind === 'answer' && e.portfolioAtMs === portfolioAtMs)!;
}

describe('position records and agreements pushed after each portfolio load', () => {
  it('follow one portfolio.load as events, with no other request', async () => {
    pushed.length = 0;
    served.length = 0;
    const view = await c.runtime.handlers.portfolio.load({ groupId: null }, ctx);
    const answer = await answerFor(view.generatedAtMs);
    expect(served).toEqual(['portfolio.load']);

    const ofThisLoad = pushed.filter((e) => e.portfolioAtMs === view.generatedAtMs);
    expect(ofThisLoad[0]).toEqual({ kind: 'started', groupId: null, portfolioAtMs: view.generatedAtMs });
    expect(ofThisLoad.at(-1)).toBe(answer);
    const progress = ofThisLoad.filter((e) => e.kind === 'progress');
    expect(progress.length).toBeGreaterThan(1);
    // Records vault by vault, then the whole answer (leaving out the rows the events carried).
    const rows = [...progress.flatMap((e) => e.rows ?? []), ...answer.records!.rows];
    expect(rows.length).toBeGreaterThan(0);
    expect(rows.some((r) => r.record !== null)).toBe(true);
    expect(answer.records!.rowsSentAhead).toEqual(progress.filter((e) => e.rows).map((e) => e.vaultId));
    expect(answer).toMatchObject({ recordsError: null, agreementsError: null });
    expect(answer.agreements!.rows.length).toBeGreaterThan(0);
    // The agreements also went out on their own as soon as they were checked.
    expect(ofThisLoad.find((e) => e.kind === 'agreements')).toMatchObject({ agreements: answer.agreements, agreementsError: null });
    expect(asked.records).toBeGreaterThan(0);
    expect(asked.checks).toBeGreaterThan(0);
  }, 120_000);

  it('hands the last answer, whole, to a window that subscribes after it went out', async () => {
    const last = pushed.findLast((e): e is PositionsAnswer => e.kind === 'answer')!;
    const late: PositionsPush[] = [];
    const stop = c.runtime.onEvent((name, payload) => {
      if (name === 'positions') late.push(payload as PositionsPush);
    });
    stop();
    expect(late).toHaveLength(1);
    const kept = late[0] as PositionsAnswer;
    expect(kept).toMatchObject({ kind: 'answer', groupId: null, portfolioAtMs: last.portfolioAtMs, agreements: last.agreements });
    // Whole: the rows the progress events carried are in it, since that window never saw them.
    expect(kept.records!.rowsSentAhead).toBeUndefined();
    const progressRows = pushed.filter((e) => e.kind === 'progress' && e.portfolioAtMs === last.portfolioAtMs).flatMap((e) => (e.kind === 'progress' ? (e.rows ?? []) : []));
    expect(kept.records!.rows).toHaveLength(progressRows.length + last.records!.rows.length);
  });

  it("answers a refresh from the cache, and asks the service again when the operator's Refresh forces it", async () => {
    const before = { ...asked };
    const warm = await c.runtime.handlers.portfolio.load({ groupId: null }, ctx);
    const cached = await answerFor(warm.generatedAtMs);
    expect(cached.records!.rows.length).toBeGreaterThan(0);
    expect(asked).toEqual(before);

    const forced = await c.runtime.handlers.portfolio.load({ groupId: null, force: true }, ctx);
    const fresh = await answerFor(forced.generatedAtMs);
    expect(asked.records).toBeGreaterThan(before.records);
    expect(fresh.records!.cost.http).toBeGreaterThan(0);
    expect(fresh.recordsError).toBeNull();
  }, 120_000);

  it('says what went wrong, and what to do, when the agreement checks fail, and still brings the records', async () => {
    failChecks.on = true;
    try {
      const view = await c.runtime.handlers.portfolio.load({ groupId: null, force: true }, ctx);
      const answer = await answerFor(view.generatedAtMs);
      expect(answer.agreements).toBeNull();
      expect(answer.agreementsError!.message).toMatch(/^The lender agreement checks could not be loaded: /);
      expect(answer.agreementsError!.action).toBeTruthy();
      expect(answer.records!.rows.length + (answer.records!.rowsSentAhead?.length ?? 0)).toBeGreaterThan(0);
    } finally {
      failChecks.on = false;
    }
  }, 120_000);
});
