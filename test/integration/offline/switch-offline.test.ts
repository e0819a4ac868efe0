import http from 'node:http';
import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { ConsoleRuntime } from '../../../electron/runtime';
import type { EmbeddedSimulation } from '../../../electron/runtime/service-connection';
import { serviceOnlySimulation } from '../../support/console';
import { startTestRuntime } from '../../support/test-runtime';
import { dispatch } from '../../../electron/runtime/dispatch';
import { bundleText } from '../../../shared/bundles';
import { makeUnsigned, registryText } from '../../support/bundle-fixture';

// An install switched to offline review while the demo runs: the demo's own servers (here its
// simulated service on loopback) stop, and nothing the operator does afterwards uses a socket.
// Switched back, the demo starts again.
const ctx = { transport: 'browser' as const };
let runtime: ConsoleRuntime;
const started: EmbeddedSimulation[] = [];
let closed = 0;

beforeAll(async () => {
  ({ runtime } = await startTestRuntime('switch-offline', {
    startSimulation: async () => {
      const sim = await serviceOnlySimulation();
      started.push(sim);
      return {
        ...sim,
        close: async () => {
          closed++;
          await sim.close();
        },
      };
    },
  }));
});

afterAll(async () => {
  vi.restoreAllMocks();
  await runtime?.close();
});

/** Whether something still answers on the simulated service's port. */
function answers(url: string): Promise<boolean> {
  return new Promise((resolve) => {
    const req = http.get(`${url}/v1/chains`, (res) => {
      res.resume();
      resolve(true);
    });
    req.on('error', () => resolve(false));
  });
}

describe('switching to offline review while the demo runs', () => {
  it('reads the demo before the switch', async () => {
    expect((await runtime.handlers.vaults.list({}, ctx)).vaults.length).toBeGreaterThan(0);
    expect(started).toHaveLength(1);
    expect(await answers(started[0]!.url)).toBe(true);
  });

  it('online, imports signed bundles only: an unsigned bundle or a registry file is refused, saying where it belongs', async () => {
    const unsigned = await dispatch(runtime.handlers, 'bundles.importUnsigned', { content: bundleText(makeUnsigned('deposit')) }, ctx);
    expect(unsigned).toMatchObject({ ok: false, error: { code: 'BUNDLE_OFFLINE_ONLY', action: expect.stringContaining('offline install') } });
    const registry = await dispatch(runtime.handlers, 'registry.import', { content: registryText() }, ctx);
    expect(registry).toMatchObject({ ok: false, error: { code: 'REGISTRY_IMPORT_OFFLINE_ONLY' } });
  });

  it('stops the simulation when switched offline, and then opens no socket', async () => {
    const info = await runtime.handlers.settings.setOffline({ offline: true }, ctx);
    expect(info.mode).toBe('offline');
    expect(closed).toBe(1);
    expect(await answers(started[0]!.url)).toBe(false);

    const attempts: string[] = [];
    vi.spyOn(net.Socket.prototype, 'connect').mockImplementation(() => {
      attempts.push('net.Socket.connect');
      throw new Error('network use in offline mode');
    });
    await expect(runtime.handlers.vaults.list({}, ctx)).rejects.toMatchObject({ code: 'OFFLINE' });
    await expect(runtime.handlers.portfolio.load({ groupId: null }, ctx)).rejects.toMatchObject({ code: 'OFFLINE' });
    expect((await runtime.handlers.app.info({}, ctx)).mode).toBe('offline');
    expect(attempts).toEqual([]);
    vi.restoreAllMocks();
  });

  it('starts the demo again when switched back', async () => {
    const info = await runtime.handlers.settings.setOffline({ offline: false }, ctx);
    expect(info.mode).toBe('demo');
    expect((await runtime.handlers.vaults.list({}, ctx)).vaults.length).toBeGreaterThan(0);
    expect(started).toHaveLength(2);
  });
});
