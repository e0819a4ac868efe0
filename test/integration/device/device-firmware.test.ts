/**
 * What the device is: its model, the Ethereum app's version and its OS version. The OS version is
 * what the dashboard's get-version (E0 01) answers, as Ledger Live reads it; no app can tell it, so
 * the service keeps the one the dashboard gave while the device stays plugged in.
 */
import { describe, expect, it } from 'vitest';
import { LEDGER_MODELS, type LedgerModel } from '../../../shared/device/models';
import { createEmulatedLedger } from '../../../electron/demo/ledger';
import { getFirmwareVersion } from '../../../electron/services/device/app-info';
import type { TransportFactory } from '../../../electron/services/device/transport-port';
import { caught, setup, stoppedAfterEach, waitForStatus } from './harness';

const started = stoppedAfterEach();

describe('the dashboard tells the OS version (E0 01)', () => {
  it.each(Object.keys(LEDGER_MODELS) as LedgerModel[])('%s: its target id and the OS version it was set up with', async (model) => {
    const ledger = createEmulatedLedger({ model, app: 'BOLOS', osVersion: '9.8.7', mcuVersion: '4.1' });
    const answer = await ledger.transport.send(0xe0, 0x01, 0x00, 0x00);
    expect(answer.readUInt32BE(0)).toBe(LEDGER_MODELS[model].targetId);
    expect(await getFirmwareVersion(ledger.transport as never)).toEqual({ osVersion: '9.8.7', mcuVersion: '4.1', model });
  });

  it('each model runs its own OS unless told otherwise; the Ethereum app does not know E0 01 (0x6D00)', async () => {
    const stax = createEmulatedLedger({ model: 'stax', app: 'BOLOS' });
    const nano = createEmulatedLedger({ model: 'nanoSP', app: 'BOLOS' });
    expect((await getFirmwareVersion(stax.transport as never)).osVersion).not.toBe((await getFirmwareVersion(nano.transport as never)).osVersion);
    const inApp = createEmulatedLedger({ model: 'stax' });
    expect(await caught(inApp.transport.send(0xe0, 0x01, 0x00, 0x00))).toMatchObject({ statusCode: 0x6d00 });
  });
});

describe('the device service says what the device is', () => {
  it('on the dashboard: model and OS version; once Ethereum is open, its version beside the OS version read before', async () => {
    const { ledger, service } = started(setup({ model: 'flex', app: 'BOLOS', osVersion: '1.3.0' }));
    expect(await waitForStatus(service, 'dashboard')).toEqual({ status: 'dashboard', osVersion: '1.3.0', model: 'flex' });
    ledger.openApp('Ethereum');
    await ledger.settled();
    await service.refresh();
    expect(service.getState()).toEqual({ status: 'ready', appVersion: '1.22.0', blindSigning: false, model: 'flex', osVersion: '1.3.0' });
  });

  it('a transport that reports no model: the dashboard\'s target id names it', async () => {
    const hideModel = (factory: TransportFactory): TransportFactory => ({
      ...factory,
      open: async (descriptor, timeoutMs) => {
        const transport = await factory.open(descriptor, timeoutMs);
        transport.deviceModel = null;
        return transport;
      },
    });
    const { service } = started(setup({ model: 'stax', app: 'BOLOS', osVersion: '1.8.0' }, {}, hideModel));
    expect(await waitForStatus(service, 'dashboard')).toEqual({ status: 'dashboard', osVersion: '1.8.0', model: 'stax' });
  });
});
