/**
 * One test per status word of the Ethereum app: the device answers it while a transaction is being
 * signed, and the operator gets a clear message, an action and a matching device state.
 */
import { afterEach, describe, expect, it } from 'vitest';
import type { DeviceService } from '../../../electron/services/device';
import type { DeviceTransactionRequest } from '../../../shared/device';
import { hex4 } from '../../../shared/device/status-words';
import { CONTRACT, PATH, caught, setup, waitForStatus } from './harness';

const TRANSFER: DeviceTransactionRequest = {
  type: 'eip1559',
  chainId: 1,
  nonce: 0,
  to: CONTRACT,
  value: '1',
  gas: '21000',
  maxFeePerGas: '1000000000',
  maxPriorityFeePerGas: '1',
};

const running: DeviceService[] = [];
afterEach(async () => {
  for (const s of running.splice(0)) await s.stop();
});

describe('status words while signing', () => {
  it.each(
    (
      [
        [0x6985, 'DEVICE_REJECTED', 'rejected'],
        [0x5515, 'DEVICE_LOCKED', 'locked'],
        [0x6b0c, 'DEVICE_LOCKED', 'locked'],
        [0x6804, 'DEVICE_LOCKED', 'locked'],
        // A plain transfer needs no blind signing: the app found the data itself wrong.
        [0x6a80, 'DEVICE_INVALID_DATA', 'error'],
        // Inside the Ethereum app: an instruction this app version does not have.
        [0x6d00, 'DEVICE_APP_TOO_OLD', 'error'],
        [0x6d02, 'DEVICE_WRONG_APP', 'error'],
        [0x6e00, 'DEVICE_WRONG_APP', 'error'],
        [0x6e01, 'DEVICE_WRONG_APP', 'error'],
        [0x6511, 'DEVICE_WRONG_APP', 'error'],
        [0x650f, 'DEVICE_WRONG_APP', 'error'],
        [0x6501, 'DEVICE_TX_TYPE_UNSUPPORTED', 'error'],
        [0x6502, 'DEVICE_CHAIN_ID_UNSUPPORTED', 'error'],
        [0x6b00, 'DEVICE_BAD_PARAMETERS', 'error'],
        // Inside the app 0x68xx is an exception it caught (0x6807: EXCEPTION_OVERFLOW), not "not installed".
        [0x6807, 'DEVICE_APP_INTERNAL_ERROR', 'error'],
        [0x6801, 'DEVICE_APP_INTERNAL_ERROR', 'error'],
        [0x6980, 'DEVICE_BUSY', 'error'],
        [0x6a84, 'DEVICE_TECHNICAL_PROBLEM', 'error'],
        [0x6a87, 'DEVICE_WRONG_LENGTH', 'error'],
        [0x6983, 'DEVICE_WRONG_LENGTH', 'error'],
        [0x6a00, 'DEVICE_APP_REFUSED', 'error'],
        [0x6a88, 'DEVICE_DATA_NOT_FOUND', 'error'],
        [0x6a82, 'DEVICE_PLUGIN_MISSING', 'error'],
        [0x6984, 'DEVICE_PLUGIN_MISSING', 'error'],
        [0x911c, 'DEVICE_OS_TOO_OLD', 'error'],
        [0x6601, 'DEVICE_ON_OTHER_SCREEN', 'error'],
        [0x6901, 'DEVICE_ON_OTHER_SCREEN', 'error'],
        [0x5501, 'DEVICE_OPEN_APP_REFUSED', 'rejected'],
      ] as const
    ).map(([sw, code, status]) => [hex4(sw), code, status, sw] as const),
  )('%s → %s', async (_word, code, status, sw) => {
    const { ledger, service } = setup();
    // The emulated app answers the sign-transaction command (INS 0x04) with this word.
    ledger.failInstructionWith(0x04, sw);
    running.push(service);
    void service.start();
    const err = await caught(service.signTransaction(PATH, TRANSFER));
    expect(err).toMatchObject({ code });
    expect(err!.message).not.toMatch(/unknown|answered with status/i);
    expect(err!.action).toBeTruthy();
    expect(service.getState().status).toBe(status);
  });
});

describe('status words the emulated device produces itself', () => {
  it('0x6807: opening an app that is not installed', async () => {
    const { service } = setup({ app: 'BOLOS', installedApps: ['Bitcoin'] });
    running.push(service);
    await service.start();
    await waitForStatus(service, 'dashboard');
    expect(await caught(service.openEthereumApp())).toMatchObject({
      code: 'DEVICE_APP_NOT_INSTALLED',
      action: expect.stringMatching(/Install/),
    });
  });

  it('0x5515 on older firmware words (0x6B0C) reads as locked from the first probe', async () => {
    const { service } = setup({ locked: true, lockedStatusWord: 0x6b0c });
    running.push(service);
    await service.start();
    await waitForStatus(service, 'locked');
  });
});
