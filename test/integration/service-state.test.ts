import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ConsoleRuntime } from '../../electron/runtime';
import { startTestRuntime } from '../support/test-runtime';
import { startSimService, type SimService } from '../../electron/demo/service';
import type { ServiceState } from '../../shared/ipc/schemas';

// What the service's reads set aside and its rate-limit pause, as the runtime tells the renderer:
// the console's runtime on a service that answers as someone else's server (wild realism, fixed seed).
const ctx = { transport: 'browser' as const };
let runtime: ConsoleRuntime;
let service: SimService;
const pushed: ServiceState[] = [];

beforeAll(async () => {
  service = await startSimService({ port: 0, seed: 7, realism: 'wild', wildFaultRate: 0 });
  // A record a real service may send once in a while: a hidden vault whose address is not one. Wild
  // answers are otherwise readable, so this is the record the catalog's reads must set aside.
  const hidden = service.store.vaults.all().find((v) => v.visibility === 'HIDDEN') ?? service.store.vaults.all()[0]!;
  service.store.vaults.update(hidden._id, { address: 'not an address' } as never);
  ({ runtime } = await startTestRuntime('service-state', {
    startSimulation: async () => ({ url: service.url, apiKey: service.apiKey, wallets: [], localChains: [], close: async () => undefined }),
  }));
  runtime.onEvent((name, payload) => {
    if (name === 'serviceState') pushed.push(payload as ServiceState);
  });
});

afterAll(async () => {
  await runtime?.close();
  await service?.close();
});

describe('the service state the renderer is told', () => {
  it('counts the records the catalog’s reads set aside, the same after each read again', async () => {
    expect((await runtime.handlers.app.serviceState({}, ctx)).setAside.count).toBe(0);
    await runtime.handlers.vaults.list({}, ctx);
    const state = await runtime.handlers.app.serviceState({}, ctx);
    expect(state.setAside.count).toBeGreaterThan(0);
    expect(state.setAside.records[0]).toMatchObject({
      endpoint: expect.stringMatching(/^GET \/v1\//),
      path: expect.any(String),
      reason: expect.any(String),
    });
    expect(pushed.at(-1)?.setAside.count).toBe(state.setAside.count);
    // The Vaults screen reads the catalog again on each visit: the count stays what one read leaves out.
    await runtime.handlers.vaults.list({}, ctx);
    await runtime.handlers.vaults.list({}, ctx);
    expect((await runtime.handlers.app.serviceState({}, ctx)).setAside.count).toBe(state.setAside.count);
  });

  it('pushes the rate-limit pause when the service answers 429, and its end when calls flow again', async () => {
    service.faults.enqueue({ kind: 'rateLimit', retryAfterSeconds: 2 });
    const before = pushed.length;
    const started = Date.now();
    await runtime.handlers.vaults.list({}, ctx);
    const states = pushed.slice(before).map((s) => s.rateLimit.waitingUntilMs);
    const waiting = states.find((until) => until !== null);
    expect(waiting).toBeGreaterThanOrEqual(started + 1_500);
    expect(states.at(-1)).toBeNull();
    expect((await runtime.handlers.app.serviceState({}, ctx)).rateLimit.waitingUntilMs).toBeNull();
  });
});
