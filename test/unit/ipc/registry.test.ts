import { describe, expect, it, vi } from 'vitest';
import { channelOf, listMethodNames } from '../../../shared/ipc/contract';
import type { Result } from '../../../shared/ipc/result';
import { bindIpc } from '../../../electron/main/ipc';
import type { Handlers } from '../../../electron/runtime/handlers';

vi.mock('electron', () => ({}));

type Listener = (event: unknown, payload: unknown) => Promise<Result<unknown>>;

function fakeIpcMain() {
  const handlers = new Map<string, Listener>();
  return {
    handlers,
    handle: (channel: string, fn: Listener) => handlers.set(channel, fn),
    removeHandler: (channel: string) => handlers.delete(channel),
  };
}

/** A handler table whose every method records that it ran. */
function recordingHandlers(calls: string[]): Handlers {
  return new Proxy({} as Handlers, {
    get: (_t, ns: string) =>
      new Proxy({}, { get: (_u, m: string) => async () => { calls.push(`${ns}.${m}`); return {}; } }),
  });
}

const ownTopFrame = { senderFrame: { url: 'app://vaultdesk/index.html', parent: null } };
const log = { error: vi.fn(), warn: vi.fn() };

describe('IPC registry', () => {
  it('binds one channel per contract method and unbinds them all', () => {
    const ipc = fakeIpcMain();
    const unbind = bindIpc(ipc as never, recordingHandlers([]), log);
    expect([...ipc.handlers.keys()].sort()).toEqual(listMethodNames().map(channelOf).sort());
    unbind();
    expect(ipc.handlers.size).toBe(0);
  });

  describe.each(listMethodNames())('%s', (method) => {
    it('refuses a foreign origin, a sub-frame and a missing frame without running the handler', async () => {
      const calls: string[] = [];
      const ipc = fakeIpcMain();
      bindIpc(ipc as never, recordingHandlers(calls), log);
      const listener = ipc.handlers.get(channelOf(method))!;
      for (const senderFrame of [
        { url: 'https://evil.example/index.html', parent: null },
        { url: 'app://other-host/index.html', parent: null },
        { url: 'app://vaultdesk/index.html', parent: {} },
        null,
      ]) {
        const result = await listener({ senderFrame }, {});
        expect(result).toMatchObject({ ok: false, error: { code: 'IPC_FORBIDDEN' } });
      }
      expect(calls).toEqual([]);
    });

    it('refuses a payload its schema does not accept, with a message', async () => {
      const calls: string[] = [];
      const ipc = fakeIpcMain();
      bindIpc(ipc as never, recordingHandlers(calls), log);
      const listener = ipc.handlers.get(channelOf(method))!;
      for (const payload of ['a string', 42, [1, 2], { unexpected: true }]) {
        const result = await listener(ownTopFrame, payload);
        expect(result.ok).toBe(false);
        if (!result.ok) {
          expect(result.error.code).toBe('IPC_BAD_INPUT');
          expect(result.error.message.length).toBeGreaterThan(5);
          // Every refusal says what to do, not only what was wrong.
          expect(result.error.action).toMatch(/^Correct .+ and try again; nothing was changed\.$/);
        }
      }
      expect(calls).toEqual([]);
    });
  });

  it('runs the handler for our own top frame', async () => {
    const calls: string[] = [];
    const ipc = fakeIpcMain();
    bindIpc(ipc as never, recordingHandlers(calls), log);
    await ipc.handlers.get(channelOf('settings.removeApiKey'))!(ownTopFrame, {});
    expect(calls).toEqual(['settings.removeApiKey']);
  });
});
