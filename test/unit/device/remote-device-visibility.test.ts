/**
 * The window's visibility crosses to the device process, and a restarted process (which starts
 * with the watch on) is told again that the window is hidden.
 */
import { describe, expect, it } from 'vitest';
import { RemoteDevice, type DeviceChannel } from '../../../electron/services/device';
import type { DeviceRequest } from '../../../electron/services/device/protocol';

function processes() {
  const exits: Array<(reason: string) => void> = [];
  const requests: Array<{ process: number; method: string; params?: unknown }> = [];
  const spawn = (): DeviceChannel => {
    const process = exits.length;
    let onExit: (reason: string) => void = () => undefined;
    let onMessage: (m: never) => void = () => undefined;
    exits.push((reason) => onExit(reason));
    return {
      post: (m: DeviceRequest) => {
        requests.push({ process, method: m.method, ...('params' in m ? { params: m.params } : {}) });
        queueMicrotask(() => onMessage({ id: m.id, ok: true, value: { status: 'disconnected' } } as never));
      },
      onMessage: (l) => void (onMessage = l),
      onExit: (l) => void (onExit = l),
      kill: () => undefined,
    };
  };
  return { spawn, crash: () => exits[exits.length - 1]!('SIGSEGV'), requests };
}

describe('the window visibility and the device process', () => {
  it('is passed on, and told again to a restarted process while the window is hidden', async () => {
    const { spawn, crash, requests } = processes();
    const device = new RemoteDevice(spawn);
    await device.start();
    await device.setVisible(false);
    expect(requests).toContainEqual({ process: 0, method: 'setVisible', params: { visible: false } });
    crash();
    await Promise.resolve();
    expect(requests).toContainEqual({ process: 1, method: 'setVisible', params: { visible: false } });
    await device.setVisible(true);
    crash();
    await Promise.resolve();
    expect(requests.filter((r) => r.process === 2).map((r) => r.method)).toEqual(['getState']);
  });
});
