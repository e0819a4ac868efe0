/**
 * One test per status word of the Ethereum app: the device answers it while a transaction is being
 * signed, and the operator gets a clear message, an action and a matching device state.
 */
import { afterEach, describe, expect, it } from 'vitest';
import type { DeviceService } from '../../../electron/services/device';
import type { TransportFactory } from '../../../electron/services/device/transport-port';
import type { DeviceTransactionRequest } from '../../../shared/device';
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

/** Answers the sign-transaction command (INS 0x04) with `sw`, as a device would. */
function answerSignWith(sw: number) {
  return (factory: TransportFactory): TransportFactory => ({
    ...factory,
    async open(descriptor, timeoutMs) {
      const transport = await factory.open(descriptor, timeoutMs);
      const exchange = transport.exchange.bind(transport);
      transport.exchange = async (apdu: Buffer) =>
        apdu[0] === 0xe0 && apdu[1] === 0x04 ? Buffer.from([sw >> 8, sw & 0xff]) : exchange(apdu);
      return transport;
    },
  });
}

const running: DeviceService[] = [];
afterEach(async () => {
  for (const s of running.splice(0)) await s.stop();
});

describe('status words while signing', () => {
  it.each([
    [0x6985, 'DEVICE_REJECTED', 'rejected'],
    [0x5515, 'DEVICE_LOCKED', 'locked'],
    [0x6b0c, 'DEVICE_LOCKED', 'locked'],
    [0x6804, 'DEVICE_LOCKED', 'locked'],
    [0x6a80, 'DEVICE_BLIND_SIGNING_OFF', 'error'],
    [0x6d00, 'DEVICE_WRONG_APP', 'error'],
    [0x6d02, 'DEVICE_WRONG_APP', 'error'],
    [0x6e00, 'DEVICE_WRONG_APP', 'error'],
    [0x6e01, 'DEVICE_WRONG_APP', 'error'],
    [0x6511, 'DEVICE_WRONG_APP', 'error'],
    [0x650f, 'DEVICE_WRONG_APP', 'error'],
    [0x6501, 'DEVICE_TX_TYPE_UNSUPPORTED', 'error'],
    [0x6b00, 'DEVICE_BAD_PARAMETERS', 'error'],
    // Inside the open app, 0x6807 is a plugin (a separate app) it called that is not installed.
    [0x6807, 'DEVICE_PLUGIN_MISSING', 'error'],
    // SWO_COMMAND_NOT_ALLOWED, SWO_INSUFFICIENT_MEMORY, SWO_WRONG_DATA_LENGTH of the app's status words.
    [0x6980, 'DEVICE_BUSY', 'error'],
    [0x6a84, 'DEVICE_TECHNICAL_PROBLEM', 'error'],
    [0x6a87, 'DEVICE_WRONG_LENGTH', 'error'],
    [0x5501, 'DEVICE_OPEN_APP_REFUSED', 'rejected'],
  ] as const)('0x%s → %s', async (sw, code, status) => {
    const { service } = setup({}, {}, answerSignWith(sw));
    running.push(service);
    void service.start();
    const err = await caught(service.signTransaction(PATH, TRANSFER));
    expect(err).toMatchObject({ code });
    expect(err!.message).not.toMatch(/unknown/i);
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

  it('0x6980: a message while a review the console gave up on is still on the screen is refused, then goes through', async () => {
    const { ledger, service } = setup({ blindSigning: true }, { confirmTimeoutMs: 300 });
    running.push(service);
    await service.start();
    expect(await caught(service.verifyAddress(PATH))).toMatchObject({ code: 'DEVICE_TIMEOUT' });
    expect(ledger.pendingConfirmation?.kind).toBe('verify-address');
    const err = await caught(service.signPersonalMessage(PATH, 'hello'));
    expect(err).toMatchObject({ code: 'DEVICE_BUSY', action: expect.stringMatching(/Reject any request still shown on the Ledger/) });
    // As the app does, that refusal also took the old review off the screen: trying again works.
    expect(ledger.pendingConfirmation).toBeNull();
    const signing = service.signPersonalMessage(PATH, 'hello');
    await ledger.waitForConfirmation('sign-message');
    ledger.approve();
    await expect(signing).resolves.toMatchObject({ signature: expect.any(String) });
  });

  it('0x5515 on older firmware words (0x6B0C) reads as locked from the first probe', async () => {
    const { service } = setup({ locked: true, lockedStatusWord: 0x6b0c });
    running.push(service);
    await service.start();
    await waitForStatus(service, 'locked');
  });
});
