/**
 * The device watch follows the console's window: hidden, it stops asking the Ledger and lets go of
 * it, so Ledger Live or a browser wallet can use it; shown again, the console asks at once and
 * shows what changed meanwhile.
 */
import { afterEach, describe, expect, it } from 'vitest';
import type { DeviceService } from '../../../electron/services/device';
import type { TransportFactory } from '../../../electron/services/device/transport-port';
import { setup, waitForStatus } from './harness';

const running: DeviceService[] = [];
afterEach(async () => {
  for (const s of running.splice(0)) await s.stop();
});

/** Counts the APDUs the console sends, on every handle it opens. */
function counting(counter: { apdus: number }) {
  return (factory: TransportFactory): TransportFactory => ({
    ...factory,
    async open(descriptor, timeoutMs) {
      const transport = await factory.open(descriptor, timeoutMs);
      const exchange = transport.exchange.bind(transport);
      transport.exchange = (apdu: Buffer) => {
        counter.apdus++;
        return exchange(apdu);
      };
      return transport;
    },
  });
}

const quietFor = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe('the device watch and the window', () => {
  it('hidden: no more checks and the Ledger released; shown: asked at once, the change made meanwhile shown', async () => {
    const counter = { apdus: 0 };
    const { ledger, service } = setup({ blindSigning: false }, { watchIntervalMs: 20, idleReleaseMs: 60_000 }, counting(counter));
    running.push(service);
    await service.start();
    await waitForStatus(service, 'ready');
    await expect.poll(() => counter.apdus, { timeout: 5_000 }).toBeGreaterThan(6);

    await service.setVisible(false);
    expect(service.paused).toBe(true);
    await expect.poll(() => service.holdsDevice, { timeout: 5_000 }).toBe(false);
    const whileHidden = counter.apdus;
    ledger.setBlindSigning(true);
    await quietFor(200);
    expect(counter.apdus).toBe(whileHidden);
    // Not seen while hidden: the console did not ask.
    expect(service.getState()).toMatchObject({ status: 'ready', blindSigning: false });

    expect(await service.setVisible(true)).toMatchObject({ status: 'ready', blindSigning: true });
    expect(service.paused).toBe(false);
    const shown = counter.apdus;
    await expect.poll(() => counter.apdus, { timeout: 5_000 }).toBeGreaterThan(shown + 3);
  });

  it('a Ledger plugged in while hidden is not opened until the window shows', async () => {
    const counter = { apdus: 0 };
    const { ledger, service } = setup({}, { watchIntervalMs: 20 }, counting(counter));
    running.push(service);
    await service.start();
    await waitForStatus(service, 'ready');
    await service.setVisible(false);
    ledger.unplug();
    await waitForStatus(service, 'disconnected');
    const before = counter.apdus;
    ledger.replug({ locked: true });
    await quietFor(200);
    expect(counter.apdus).toBe(before);
    expect(service.holdsDevice).toBe(false);
    await service.setVisible(true);
    await waitForStatus(service, 'locked');
  });

  it('a signature the user started still completes while the window is hidden, and the Ledger is released right after', async () => {
    const { ledger, service } = setup({ autoApprove: true }, { watchIntervalMs: 20, idleReleaseMs: 60_000 });
    running.push(service);
    await service.start();
    await waitForStatus(service, 'ready');
    await service.setVisible(false);
    const shown = await service.verifyAddress("44'/60'/0'/0'/0");
    expect(shown).toBe('0xCbA98362e199c41E1864D0923AF9646d3A648451');
    await expect.poll(() => service.holdsDevice, { timeout: 5_000 }).toBe(false);
    expect(ledger.pendingConfirmation).toBeNull();
  });
});
