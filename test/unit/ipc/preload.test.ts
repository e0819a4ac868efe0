import { beforeEach, describe, expect, it, vi } from 'vitest';
import { BRIDGE_GLOBAL } from '../../../shared/ipc/bridge';
import { channelOf, eventChannelOf, events, listMethodNames, methods } from '../../../shared/ipc/contract';

// The Electron binary cannot run here: the preload is loaded against a thin stand-in that records
// what it exposes and which channels it invokes.
const exposed: Record<string, unknown> = {};
const invoke = vi.fn(async (..._args: unknown[]) => ({ ok: true, value: null }));
const on = vi.fn();
const removeListener = vi.fn();
vi.mock('electron', () => ({
  contextBridge: { exposeInMainWorld: (key: string, api: unknown) => (exposed[key] = api) },
  ipcRenderer: { invoke, on, removeListener },
}));

describe('preload', () => {
  beforeEach(async () => {
    vi.resetModules();
    await import('../../../electron/preload/index');
  });

  it('exposes exactly one object, under the bridge name', () => {
    expect(Object.keys(exposed)).toEqual([BRIDGE_GLOBAL]);
  });

  it('exposes exactly the contract methods, grouped by namespace, and nothing else', () => {
    const api = exposed[BRIDGE_GLOBAL] as Record<string, Record<string, unknown>>;
    const exposedNames = Object.entries(api)
      .filter(([ns]) => ns !== 'events')
      .flatMap(([ns, group]) => Object.keys(group).map((m) => `${ns}.${m}`))
      .sort();
    expect(exposedNames).toEqual([...listMethodNames()].sort());
    expect(Object.keys(api.events!).sort()).toEqual(Object.keys(events).sort());
    // No generic escape hatch.
    for (const forbidden of ['invoke', 'send', 'ipcRenderer', 'on']) expect(api).not.toHaveProperty(forbidden);
  });

  it('routes each method to its own channel with the given input', async () => {
    const api = exposed[BRIDGE_GLOBAL] as Record<string, Record<string, (i: unknown) => Promise<unknown>>>;
    for (const [ns, group] of Object.entries(methods)) {
      for (const m of Object.keys(group)) {
        invoke.mockClear();
        await api[ns]![m]!({ probe: `${ns}.${m}` });
        expect(invoke).toHaveBeenCalledWith(channelOf(`${ns}.${m}`), { probe: `${ns}.${m}` });
      }
    }
  });

  it('subscribes each event on its own channel and unsubscribes', () => {
    const api = exposed[BRIDGE_GLOBAL] as { events: Record<string, (l: (p: unknown) => void) => () => void> };
    const listener = vi.fn();
    const off = api.events.modeChanged!(listener);
    expect(on).toHaveBeenCalledWith(eventChannelOf('modeChanged'), expect.any(Function));
    const handler = on.mock.calls.at(-1)![1] as (e: unknown, p: unknown) => void;
    handler({ sender: 'ignored' }, { mode: 'demo' });
    // The renderer gets the payload only, never the IPC event object.
    expect(listener).toHaveBeenCalledWith({ mode: 'demo' });
    off();
    expect(removeListener).toHaveBeenCalledWith(eventChannelOf('modeChanged'), handler);
  });
});
