/**
 * The device process's restart budget: a process that keeps crashing is given up on with a clear
 * state, but a crash after a quiet period is restarted again. The channel stands in for Electron's
 * utility process (which cannot run here); it answers `getState` like the real host.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { RemoteDevice, type DeviceChannel } from '../../../electron/services/device';

function processes() {
  const exits: Array<(reason: string) => void> = [];
  const spawn = (): DeviceChannel => {
    let onExit: (reason: string) => void = () => undefined;
    let onMessage: (m: never) => void = () => undefined;
    exits.push((reason) => onExit(reason));
    return {
      post: (m) => queueMicrotask(() => onMessage({ id: m.id, ok: true, value: { status: 'disconnected' } } as never)),
      onMessage: (l) => void (onMessage = l),
      onExit: (l) => void (onExit = l),
      kill: () => undefined,
    };
  };
  return { spawn, crash: () => exits[exits.length - 1]!('SIGSEGV'), spawned: () => exits.length };
}

afterEach(() => vi.useRealTimers());

describe('the device process restart budget', () => {
  it('gives up after 5 crashes in a row, with a message saying what to do', async () => {
    const { spawn, crash, spawned } = processes();
    const device = new RemoteDevice(spawn, 5, 60_000);
    await device.start();
    for (let i = 0; i < 6; i++) crash();
    expect(spawned()).toBe(6);
    expect(device.getState()).toMatchObject({
      status: 'error',
      error: { code: 'DEVICE_HOST_FAILED', action: expect.stringMatching(/Restart Vaultdesk/) },
    });
  });

  it('recovers after a quiet period: a crash an hour later is restarted again', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    const { spawn, crash, spawned } = processes();
    const device = new RemoteDevice(spawn, 5, 60_000);
    await device.start();
    for (let i = 0; i < 5; i++) crash();
    expect(spawned()).toBe(6);
    vi.setSystemTime(Date.now() + 3_600_000);
    crash();
    expect(spawned()).toBe(7);
    expect(device.getState().status).not.toBe('error');
  });
});
