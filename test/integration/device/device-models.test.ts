/**
 * Each Ledger model and Ethereum app version the emulator can be, through the real device service:
 * the model the transport reports is kept in the device state, and the review the device shows is
 * the one the console predicts for that model and version (shared/device/screens.ts, written from
 * app-ethereum's source at each tag).
 */
import { describe, expect, it } from 'vitest';
import type { DeviceTransactionRequest } from '../../../shared/device';
import { LEDGER_MODELS, type LedgerModel } from '../../../shared/device/models';
import { compareVersions } from '../../../shared/device/versions';
import { ADDRESS, PATH, setup, stoppedAfterEach, waitForStatus } from './harness';
import { contractCall } from './requests';

const started = stoppedAfterEach();

const CALL = contractCall({ chainId: 56, nonce: 9, data: '0xa9059cbb', maxPriorityFeePerGas: '1' });

/** What the transport says (`@ledgerhq/devices` ids: Flex is "europa"). */
const TRANSPORT_ID: Record<LedgerModel, string> = { nanoS: 'nanoS', nanoSP: 'nanoSP', nanoX: 'nanoX', stax: 'stax', flex: 'europa', apex: 'apex' };

const MODELS: LedgerModel[] = ['nanoSP', 'nanoX', 'stax', 'flex', 'apex'];
const VERSIONS = ['1.14.0', '1.16.0', '1.19.3', '1.20.0', '1.22.0'];

describe('the emulated Ledger as each model', () => {
  it('enumerates with its USB product id; the transport reports the model and the device state keeps it', async () => {
    for (const model of MODELS) {
      const { ledger, service } = started(setup({ model }));
      expect((await ledger.open()).deviceModel?.id).toBe(TRANSPORT_ID[model]);
      const ready = await waitForStatus(service, 'ready');
      expect(ready).toMatchObject({ status: 'ready', appVersion: '1.22.0', model });
      expect(ledger.snapshot()).toMatchObject({ model, ethereumAppVersion: '1.22.0' });
      expect(LEDGER_MODELS[model].usbProductId >> 8).toBe((await ledger.open()).deviceModel?.productIdMM);
    }
  });

  it('shows, on every model and app version, the blind review the console predicted for it', async () => {
    for (const model of MODELS) {
      // The Apex arrived with 1.19.3 (app-ethereum tags apex_p_*_1.19.3 and later).
      for (const appVersion of VERSIONS.filter((v) => model !== 'apex' || compareVersions(v, '1.19.3') >= 0)) {
        const { ledger, service } = started(setup({ model, appVersion, blindSigning: true }));
        await waitForStatus(service, 'ready');
        const signing = service.signTransaction(PATH, CALL);
        const onDevice = await ledger.waitForConfirmation('sign-transaction');
        expect(service.getState()).toEqual({ status: 'awaiting-confirmation', kind: 'sign-transaction', screens: onDevice.screens });
        const titles = onDevice.screens.map((s) => s.title);
        const wallet = LEDGER_MODELS[model].layout === 'wallet';
        const hashFirst = compareVersions(appVersion, '1.18.0') < 0;
        // 1.14-1.17: the hash right after the title; from 1.18 last, "Tx hash" on a Nano.
        expect(titles.indexOf(wallet || hashFirst ? 'Transaction hash' : 'Tx hash')).toBe(hashFirst ? 2 : titles.length - 3);
        expect(titles.at(-2)).toBe(wallet ? 'Accept risk and sign transaction?' : hashFirst ? 'Accept risk and send' : 'Accept risk and sign transaction');
        expect(onDevice.screens).toContainEqual({ title: 'Network', value: 'BSC' });
        const fees = onDevice.screens.find((s) => s.title.toLowerCase() === 'max fees')!.value;
        expect(fees).toBe(compareVersions(appVersion, '1.19.3') >= 0 ? '0.00012 BNB' : 'BNB 0.00012');
        ledger.approve();
        expect((await signing).from).toBe(ADDRESS);
        await service.stop();
      }
    }
  });

  it('adds the Nonce and, from 1.18, the hash of a clear transfer when the app settings say so', async () => {
    const { ledger, service } = started(setup({ model: 'stax', displayNonce: true, displayHash: true }));
    await waitForStatus(service, 'ready');
    const transfer: DeviceTransactionRequest = { ...CALL, chainId: 1, data: undefined, value: '10000000000000000', gas: '21000' };
    const signing = service.signTransaction(PATH, transfer);
    const { screens } = await ledger.waitForConfirmation('sign-transaction');
    expect(screens.map((s) => s.title)).toEqual([
      'Review transaction',
      'From',
      'Amount',
      'To',
      'Nonce',
      'Max fees',
      'Transaction hash',
      'Sign transaction?',
      'Reject transaction',
    ]);
    expect(screens).toContainEqual({ title: 'Nonce', value: '9' });
    expect(screens).toContainEqual({ title: 'Amount', value: '0.01 ETH' });
    ledger.approve();
    await signing;
  });
});
