/**
 * Status words the emulated Ethereum app answers from its own state, read as the app meant them:
 * what the console knew of the blind-signing setting, the app's version, a review left on screen,
 * and the OS's own screens.
 */
import { describe, expect, it } from 'vitest';
import { createOfflineEthApp } from '../../../electron/services/device/ledgerhq';
import { PATH, caught, setup, stoppedAfterEach, waitForStatus } from './harness';
import { contractCall } from './requests';

const started = stoppedAfterEach();

const APPROVE_WITH_ETH = contractCall({ chainId: 1, nonce: 4, value: '1', data: `0x095ea7b3${'00'.repeat(12)}${'ab'.repeat(20)}${1n.toString(16).padStart(64, '0')}` });
const HASHES = { domainHash: `0x${'11'.repeat(32)}`, messageHash: `0x${'22'.repeat(32)}` };

describe('0x6A80 read with the blind-signing setting the console knows', () => {
  it('blind signing on: an approval that also sends ETH is refused as malformed, not "turn on blind signing"', async () => {
    const { ledger, service } = started(setup({ blindSigning: true }));
    await waitForStatus(service, 'ready');
    const err = await caught(service.signTransaction(PATH, APPROVE_WITH_ETH));
    expect(err).toMatchObject({
      code: 'DEVICE_INVALID_DATA',
      message: expect.stringMatching(/blind signing is on, so the setting is not the cause/),
      action: expect.stringMatching(/must not send ETH/),
    });
    expect(err!.action).not.toMatch(/turn on/i);
    expect(ledger.pendingConfirmation).toBeNull();
  });

  it('blind signing off: a contract call is refused with the setting to turn on', async () => {
    const { service } = started(setup({ blindSigning: false }));
    await waitForStatus(service, 'ready');
    const call = { ...APPROVE_WITH_ETH, value: '0' };
    expect(await caught(service.signTransaction(PATH, call))).toMatchObject({
      code: 'DEVICE_BLIND_SIGNING_OFF',
      action: expect.stringMatching(/turn on "Blind signing"/),
    });
  });
});

describe('0x6D00 inside the Ethereum app', () => {
  it('an instruction the app version lacks (hashed EIP-712 before 1.4.0) asks to update the app, not to open it', async () => {
    const { service } = started(setup({ appVersion: '1.3.0', blindSigning: true }));
    await waitForStatus(service, 'ready');
    const err = await caught(service.signTypedDataHash(PATH, HASHES));
    expect(err).toMatchObject({
      code: 'DEVICE_APP_TOO_OLD',
      message: expect.stringMatching(/version 1\.3\.0\) does not know this command/),
      action: expect.stringMatching(/Update the Ethereum app/),
    });
    expect(err!.message).not.toMatch(/not open/);
  });
});

describe('a personal message while another request is on the screen', () => {
  it('1.22.0 answers 0x6980: busy, and the retry goes through', async () => {
    const { ledger, service } = started(setup({ appVersion: '1.22.0' }, { confirmTimeoutMs: 300 }));
    await waitForStatus(service, 'ready');
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

  it('1.19.3 answers 0x6985 after a review the console left: busy, not "rejected on the Ledger"', async () => {
    const { ledger, service } = started(setup({ appVersion: '1.19.3' }, { confirmTimeoutMs: 300 }));
    await waitForStatus(service, 'ready');
    expect(await caught(service.verifyAddress(PATH))).toMatchObject({ code: 'DEVICE_TIMEOUT' });
    const err = await caught(service.signPersonalMessage(PATH, 'hello'));
    expect(err).toMatchObject({ code: 'DEVICE_BUSY', message: expect.stringMatching(/you did not reject anything/) });
    expect(service.getState().status).not.toBe('rejected');
    const signing = service.signPersonalMessage(PATH, 'hello');
    await ledger.waitForConfirmation('sign-message');
    ledger.approve();
    await expect(signing).resolves.toMatchObject({ signature: expect.any(String) });
  });

  it('1.19.3: a real rejection is still "rejected"', async () => {
    const { ledger, service } = started(setup({ appVersion: '1.19.3' }));
    await waitForStatus(service, 'ready');
    const signing = caught(service.signPersonalMessage(PATH, 'hello'));
    await ledger.waitForConfirmation('sign-message');
    ledger.reject();
    expect(await signing).toMatchObject({ code: 'DEVICE_REJECTED' });
    expect(service.getState().status).toBe('rejected');
  });

  it("1.19.3: another application's review on screen reads as rejected, and says it may not have been you", async () => {
    const { ledger, service } = started(setup({ appVersion: '1.19.3' }));
    await waitForStatus(service, 'ready');
    // Another application asks the device to show an address on its own handle.
    const other = createOfflineEthApp(await ledger.open());
    void other.getAddress(PATH, true).catch(() => undefined);
    await ledger.waitForConfirmation('verify-address');
    const err = await caught(service.signPersonalMessage(PATH, 'hello'));
    expect(err).toMatchObject({
      code: 'DEVICE_REJECTED',
      action: expect.stringMatching(/If you did not reject it, another request was still on the device's screen/),
    });
  });
});

describe("the OS's own screens, met by the watch", () => {
  it.each([
    ['0x6601', 0x6601, /switching apps, its settings or Control Center/],
    ['0x6901', 0x6901, /Control Center or settings/],
  ] as const)('%s: the device on another screen is said so, and the next check finds it ready', async (_word, sw, message) => {
    const { ledger, service, states } = started(setup({}, { watchIntervalMs: 50 }));
    await waitForStatus(service, 'ready');
    ledger.failNextWith(sw);
    const shown = await waitForStatus(service, 'error');
    expect(shown.error).toMatchObject({ code: 'DEVICE_ON_OTHER_SCREEN', message: expect.stringMatching(message) });
    expect(shown.error.action).toMatch(/checks again by itself/);
    await waitForStatus(service, 'ready');
    expect(states.filter((s) => s.status === 'error')).toHaveLength(1);
  });
});
