import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PositionRecordsProgressEvent } from '../../../shared/positions/schemas';
import type { TestConsole } from '../../support/console';
import { requestUrl, startDemoConsole } from './demo-console';

// The position records of the demo's batch as the runtime pushes them to the renderer, vault by
// vault, with one vault's requests held at the service: the vaults done arrive one by one, each
// with its own rows, and the portfolio answers while the held vault's records are still out.
const ctx = { transport: 'browser' as const };
let c: TestConsole;
const held = { vaultId: null as string | null, waiting: 0, release: null as (() => void) | null };
const gate = new Promise<void>((resolve) => (held.release = resolve));
const serviceFetch: typeof fetch = async (input, init) => {
  if (held.vaultId && requestUrl(input).includes(`/v1/vaults/${held.vaultId}/position`)) {
    held.waiting++;
    await gate;
  }
  return fetch(input, init);
};
const events: PositionRecordsProgressEvent[] = [];

beforeAll(async () => {
  c = await startDemoConsole(serviceFetch, (started) =>
    started.runtime.onEvent((name, payload) => {
      if (name === 'positionRecordsProgress') events.push(payload as PositionRecordsProgressEvent);
    }),
  );
}, 180_000);

afterAll(async () => {
  held.release?.();
  await c?.close();
});

describe('position records progress', () => {
  it('arrives per vault with its rows, and the portfolio answers before the last vault is in', async () => {
    const first = await c.runtime.handlers.positions.records({ groupId: null }, ctx);
    // The rows the events carried are left out of the answer (they would cross twice): the two
    // together hold every row once.
    const pushed = events.filter((e) => e.rows !== null).map((e) => e.vaultId);
    expect(pushed.length).toBeGreaterThan(0);
    expect(first.rowsSentAhead).toEqual(pushed);
    expect(first.rows.filter((r) => pushed.includes(r.vaultId))).toEqual([]);
    const firstRows = [...events.flatMap((e) => e.rows ?? []), ...first.rows];
    const vaultOrder = [...new Set(firstRows.map((r) => r.vaultId))];
    expect(vaultOrder.length).toBeGreaterThan(1);
    expect(events.at(-1)).toMatchObject({ groupId: null, vaultsDone: vaultOrder.length, vaultsTotal: vaultOrder.length });

    events.length = 0;
    held.vaultId = vaultOrder.at(-1)!;
    const loading = c.runtime.handlers.positions.records({ groupId: null, force: true }, ctx);
    // Every vault but the held one comes in, one at a time.
    await expect.poll(() => events.length, { timeout: 60_000 }).toBe(vaultOrder.length - 1);
    expect(held.waiting).toBeGreaterThan(0);
    expect(events.map((e) => e.vaultsDone)).toEqual(vaultOrder.slice(0, -1).map((_, i) => i + 1));
    for (const e of events) {
      expect(e.vaultsTotal).toBe(vaultOrder.length);
      expect(e.vaultId).not.toBe(held.vaultId);
      expect(e.rows!.length).toBe(firstRows.filter((r) => r.vaultId === e.vaultId).length);
      expect(e.rows!.every((r) => r.vaultId === e.vaultId && r.record !== null)).toBe(true);
    }

    // The portfolio does not wait for the records.
    const portfolio = await c.runtime.handlers.portfolio.load({ groupId: null }, ctx);
    expect(portfolio.positions.length).toBeGreaterThan(0);
    expect(events).toHaveLength(vaultOrder.length - 1);

    held.release!();
    const done = await loading;
    expect(done.rowsSentAhead).toEqual(vaultOrder);
    expect(done.rows).toEqual([]);
    expect(events.flatMap((e) => e.rows ?? [])).toHaveLength(firstRows.length);
    expect(events.at(-1)).toMatchObject({ vaultId: held.vaultId, vaultsDone: vaultOrder.length, vaultsTotal: vaultOrder.length });

    // Answered from the cache, a vault's rows are not pushed again (the screens hold them already):
    // a warm refresh of a large batch does not send every record twice.
    events.length = 0;
    held.vaultId = null;
    const cached = await c.runtime.handlers.positions.records({ groupId: null }, ctx);
    expect(events.map((e) => e.vaultsDone)).toEqual(vaultOrder.map((_, i) => i + 1));
    expect(events.every((e) => e.rows === null)).toBe(true);
    // Then the answer holds them all.
    expect(cached.rowsSentAhead).toBeUndefined();
    expect(cached.rows).toHaveLength(firstRows.length);
  }, 120_000);
});
