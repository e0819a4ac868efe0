/**
 * The device service against the emulated Ledger: states, errors, hot-plug, the queue, time limits
 * and idle release, as an operator meets them.
 */
import { describe, expect, it } from 'vitest';
import { keccak256, parseTransaction, recoverMessageAddress, recoverTransactionAddress, type Hex } from 'viem';
import { mnemonicToAccount } from 'viem/accounts';
import { TEST_MNEMONIC } from '../../../electron/demo/ledger';
import type { DeviceTransactionRequest } from '../../../shared/device';
import { ADDRESS, CONTRACT, PATH, caught, setup, stoppedAfterEach, waitForStatus } from './harness';
import { contractCall } from './requests';

const TRANSFER: DeviceTransactionRequest = {
  type: 'eip1559',
  chainId: 1,
  nonce: 0,
  to: CONTRACT,
  value: '10000000000000000',
  gas: '21000',
  maxFeePerGas: '1000000000',
  maxPriorityFeePerGas: '1',
};
const CALL = contractCall({ chainId: 31337, nonce: 4, data: '0x095ea7b30000000000000000000000000000000000000000000000000000000000000001' });

const started = stoppedAfterEach();
describe('states', () => {
  it('ready: Ethereum open, with its version and blind signing setting', async () => {
    const { service } = started(setup({ appVersion: '1.12.0', blindSigning: true }));
    expect(await waitForStatus(service, 'ready')).toEqual({ status: 'ready', appVersion: '1.12.0', blindSigning: true, model: 'nanoX' });
  });

  it('locked: reported as such, signing explains to enter the PIN, unlocking makes it ready', async () => {
    const { ledger, service } = started(setup({ locked: true }));
    await waitForStatus(service, 'locked');
    const err = await caught(service.signTransaction(PATH, TRANSFER));
    expect(err).toMatchObject({ code: 'DEVICE_LOCKED', message: 'The Ledger is locked.', action: expect.stringMatching(/PIN/) });
    ledger.unlock();
    await service.refresh();
    expect(service.getState().status).toBe('ready');
  });

  it('dashboard: signing asks to open Ethereum; opening it needs the user on the device', async () => {
    const { ledger, service } = started(setup({ app: 'BOLOS' }));
    expect(await waitForStatus(service, 'dashboard')).toMatchObject({ osVersion: '2.4.1' });
    expect(await caught(service.signTransaction(PATH, TRANSFER))).toMatchObject({
      code: 'DEVICE_WRONG_APP',
      message: expect.stringMatching(/dashboard/),
    });
    expect(service.getState().status).toBe('dashboard');
    const opening = service.openEthereumApp();
    const shown = await waitForStatus(service, 'awaiting-confirmation');
    expect(shown).toMatchObject({ kind: 'open-app', screens: (await ledger.waitForConfirmation()).screens });
    ledger.approve();
    expect(await opening).toMatchObject({ status: 'ready' });
  });

  it('wrong app: names the open app; opening Ethereum quits it first', async () => {
    const { ledger, service } = started(setup({ app: 'Bitcoin' }));
    expect(await waitForStatus(service, 'wrong-app')).toEqual({ status: 'wrong-app', appName: 'Bitcoin' });
    expect(await caught(service.discoverAccounts({ scheme: 'bip44' }))).toMatchObject({
      code: 'DEVICE_WRONG_APP',
      message: expect.stringMatching(/Bitcoin/),
    });
    const opening = service.openEthereumApp();
    await ledger.waitForConfirmation();
    ledger.approve();
    await opening;
    expect(ledger.snapshot().app).toBe('Ethereum');
    expect(service.getState().status).toBe('ready');
  });

  it('auto-open: a job that finds the dashboard opens Ethereum and carries on', async () => {
    const { ledger, service } = started(setup({ app: 'BOLOS', autoApprove: true }, { autoOpenEthereum: true }));
    const accounts = await service.discoverAccounts({ scheme: 'bip44', count: 1 });
    expect(accounts[0]!.address).toBe('0x9858EfFD232B4033E47d90003D41EC34EcaEda94');
    expect(ledger.snapshot().app).toBe('Ethereum');
  });

  it('refusing to open the app: rejected state with a clear message', async () => {
    const { ledger, service } = started(setup({ app: 'BOLOS' }));
    const opening = caught(service.openEthereumApp());
    await ledger.waitForConfirmation();
    ledger.reject();
    expect(await opening).toMatchObject({ code: 'DEVICE_OPEN_APP_REFUSED' });
    expect(service.getState()).toMatchObject({ status: 'rejected', message: expect.stringMatching(/refused/) });
  });

  it('awaiting confirmation: the service shows exactly the screens the device shows', async () => {
    const { ledger, service } = started(setup({ blindSigning: true }));
    const signing = service.signTransaction(PATH, CALL);
    const device = await ledger.waitForConfirmation();
    expect(service.getState()).toEqual({ status: 'awaiting-confirmation', kind: 'sign-transaction', screens: device.screens });
    expect(device.screens).toContainEqual({ title: 'Tx hash', value: expect.stringMatching(/^0x[0-9a-f]{64}$/) });
    ledger.approve();
    const signed = await signing;
    expect(device.screens).toContainEqual({ title: 'Tx hash', value: signed.signingHash });
    expect(service.getState()).toEqual({ status: 'ready', appVersion: '1.22.0', blindSigning: true, address: ADDRESS, model: 'nanoX' });
  });

  it('rejected on the device: rejected state, nothing signed', async () => {
    const { ledger, service } = started(setup());
    const signing = caught(service.signTransaction(PATH, TRANSFER));
    await ledger.waitForConfirmation();
    ledger.reject();
    expect(await signing).toMatchObject({ code: 'DEVICE_REJECTED' });
    expect(service.getState()).toMatchObject({ status: 'rejected' });
  });

  it('blind signing off: refused before anything reaches the device review, with how to turn it on', async () => {
    const { ledger, service } = started(setup());
    let reviews = 0;
    ledger.subscribe((e) => e.type === 'awaiting-confirmation' && reviews++);
    const err = await caught(service.signTransaction(PATH, CALL));
    expect(err).toMatchObject({ code: 'DEVICE_BLIND_SIGNING_OFF', action: expect.stringMatching(/Blind signing/) });
    expect(reviews).toBe(0);
    expect(service.getState()).toMatchObject({ status: 'error', error: { code: 'DEVICE_BLIND_SIGNING_OFF' } });
    // Turned on on the device since the last probe: read again before the next contract call.
    ledger.setBlindSigning(true);
    const signing = service.signTransaction(PATH, CALL);
    await ledger.waitForConfirmation();
    ledger.approve();
    await expect(signing).resolves.toHaveProperty('serialized');
  });
});

describe('signing', () => {
  it.each([
    ['legacy', { type: 'legacy', chainId: 1, nonce: 1, to: CONTRACT, value: '1', gas: '21000', gasPrice: '1000000000' }],
    [
      'legacy on a large chain id',
      { type: 'legacy', chainId: 31337, nonce: 1, to: CONTRACT, value: '1', gas: '21000', gasPrice: '1000000000' },
    ],
    [
      'eip2930',
      {
        type: 'eip2930',
        chainId: 1,
        nonce: 2,
        to: CONTRACT,
        value: '1',
        gas: '30000',
        gasPrice: '1000000000',
        accessList: [{ address: CONTRACT, storageKeys: [] }],
      },
    ],
    ['eip1559', TRANSFER],
  ] as const)('%s: a broadcastable transaction from the device account', async (_name, request) => {
    const { service } = started(setup({ autoApprove: true }));
    const signed = await service.signTransaction(PATH, request as DeviceTransactionRequest);
    expect(signed.from).toBe(ADDRESS);
    expect(await recoverTransactionAddress({ serializedTransaction: signed.serialized as never })).toBe(ADDRESS);
    expect(signed.hash).toBe(keccak256(signed.serialized as Hex));
    expect(parseTransaction(signed.serialized as Hex)).toMatchObject({ chainId: request.chainId, nonce: request.nonce });
  });

  it('personal message: signature recovers to the account', async () => {
    const { service } = started(setup({ autoApprove: true }));
    const signed = await service.signPersonalMessage(PATH, 'Vaultdesk: prove control of this wallet');
    expect(signed.address).toBe(ADDRESS);
    expect(await recoverMessageAddress({ message: 'Vaultdesk: prove control of this wallet', signature: signed.signature as Hex })).toBe(
      ADDRESS,
    );
  });

  it('refuses to sign for a wallet that is not on this device', async () => {
    const { service } = started(setup({ autoApprove: true }));
    const err = await caught(service.signTransaction(PATH, TRANSFER, { expectedAddress: CONTRACT }));
    expect(err).toMatchObject({ code: 'DEVICE_ADDRESS_MISMATCH', message: expect.stringContaining(ADDRESS) });
  });

  it('discards a signature that does not recover to the account', async () => {
    const { service } = started(
      setup({ autoApprove: true }, {}, (factory) => ({
        ...factory,
        async open(descriptor, timeoutMs) {
          const transport = await factory.open(descriptor, timeoutMs);
          const exchange = transport.exchange.bind(transport);
          transport.exchange = async (apdu: Buffer) => {
            const answer = await exchange(apdu);
            // Flip a bit of r in the signature answer, as a faulty cable or a tampered host would.
            if (apdu[1] === 0x04 && answer.length === 67) answer[5] = answer[5]! ^ 0x01;
            return answer;
          };
          return transport;
        },
      })),
    );
    const err = await caught(service.signTransaction(PATH, TRANSFER));
    expect(err).toMatchObject({ code: 'DEVICE_SIGNATURE_MISMATCH', message: expect.stringMatching(/discarded/) });
  });

  it('rejects a malformed request before touching the device, leaving the device state alone', async () => {
    const { ledger, service } = started(setup({ autoApprove: true }));
    await waitForStatus(service, 'ready');
    let reviews = 0;
    ledger.subscribe((e) => e.type === 'awaiting-confirmation' && reviews++);
    expect(await caught(service.signTransaction(PATH, { ...TRANSFER, gas: '21000.5' }))).toMatchObject({
      code: 'DEVICE_INVALID_REQUEST',
      message: expect.stringMatching(/gas limit/),
    });
    expect(await caught(service.signTransaction("44'/60'/x", TRANSFER))).toMatchObject({
      code: 'DEVICE_INVALID_REQUEST',
      message: expect.stringMatching(/derivation path/),
    });
    expect(await caught(service.discoverAccounts({ scheme: 'bip44', start: -1 }))).toMatchObject({ code: 'DEVICE_INVALID_REQUEST' });
    expect(reviews).toBe(0);
    expect(service.getState().status).toBe('ready');
  });
});

describe('accounts', () => {
  it.each(['ledger-live', 'legacy', 'bip44'] as const)('discovers %s accounts N at a time', async (scheme) => {
    const { service } = started(setup());
    const first = await service.discoverAccounts({ scheme, start: 0, count: 3 });
    const next = await service.discoverAccounts({ scheme, start: 3, count: 2 });
    const all = [...first, ...next];
    expect(all.map((a) => a.index)).toEqual([0, 1, 2, 3, 4]);
    for (const account of all) {
      const path = `m/${account.path}` as `m/44'/60'/${string}`;
      expect(account.address).toBe(mnemonicToAccount(TEST_MNEMONIC, { path }).address);
    }
    expect(new Set(all.map((a) => a.address)).size).toBe(5);
  });

  it('verifies an address on the device screen', async () => {
    const { ledger, service } = started(setup());
    const verifying = service.verifyAddress(PATH, ADDRESS);
    const shown = await ledger.waitForConfirmation();
    expect(shown.screens).toContainEqual({ title: 'Address', value: ADDRESS });
    expect(service.getState()).toMatchObject({ status: 'awaiting-confirmation', kind: 'verify-address', screens: shown.screens });
    ledger.approve();
    expect(await verifying).toBe(ADDRESS);
    expect(service.getState()).toMatchObject({ status: 'ready', address: ADDRESS });
  });
});

describe('USB and the queue', () => {
  it('hot-plug: disconnected when unplugged, back (locked, as a real device boots) when plugged in', async () => {
    const { ledger, service } = started(setup({ plugged: false }));
    expect(service.getState().status).toBe('disconnected');
    expect(await caught(service.discoverAccounts({ scheme: 'bip44' }))).toMatchObject({ code: 'DEVICE_NOT_FOUND' });
    ledger.replug({ locked: false, app: 'Ethereum' });
    await waitForStatus(service, 'ready');
    ledger.unplug();
    await waitForStatus(service, 'disconnected');
    ledger.replug();
    await waitForStatus(service, 'locked');
  });

  it('unplugged mid-signing: the job fails clearly, and the device is reopened after replug', async () => {
    const { ledger, service } = started(setup());
    await waitForStatus(service, 'ready');
    const signing = caught(service.signTransaction(PATH, TRANSFER));
    await ledger.waitForConfirmation();
    ledger.unplug();
    expect(await signing).toMatchObject({
      code: 'DEVICE_DISCONNECTED',
      message: 'The Ledger was disconnected during the operation; nothing was signed.',
    });
    expect(service.getState().status).toBe('disconnected');
    ledger.replug({ locked: false, app: 'Ethereum' });
    await waitForStatus(service, 'ready');
    const again = service.signTransaction(PATH, TRANSFER);
    await ledger.waitForConfirmation();
    ledger.approve();
    await expect(again).resolves.toMatchObject({ from: ADDRESS });
  });

  it('the user switching apps mid-signing fails the job, then the new app is detected', async () => {
    const { ledger, service } = started(setup());
    await waitForStatus(service, 'ready');
    const signing = caught(service.signTransaction(PATH, TRANSFER));
    await ledger.waitForConfirmation();
    ledger.openApp('Bitcoin');
    expect(await signing).toMatchObject({ code: 'DEVICE_DISCONNECTED' });
    expect(await waitForStatus(service, 'wrong-app')).toEqual({ status: 'wrong-app', appName: 'Bitcoin' });
  });

  it('timeout: an unanswered review fails after the limit, and the next job runs on a fresh handle', async () => {
    const { ledger, service } = started(setup({}, { confirmTimeoutMs: 300 }));
    const err = await caught(service.signTransaction(PATH, TRANSFER));
    expect(err).toMatchObject({ code: 'DEVICE_TIMEOUT', message: expect.stringMatching(/did not answer within/) });
    expect(service.getState()).toMatchObject({ status: 'error', error: { code: 'DEVICE_TIMEOUT' } });
    // As on a real device, the review stays on screen after the console gave up on it; the next
    // request replaces it.
    expect(ledger.pendingConfirmation?.kind).toBe('sign-transaction');
    const verifying = service.verifyAddress(PATH);
    await ledger.waitForConfirmation('verify-address');
    ledger.approve();
    await expect(verifying).resolves.toBe(ADDRESS);
  });

  it('runs jobs one at a time in the order they were asked, without transport races', async () => {
    const { ledger, service } = started(setup());
    const order: string[] = [];
    ledger.subscribe((e) => {
      if (e.type !== 'awaiting-confirmation') return;
      order.push(e.kind);
      setTimeout(() => ledger.approve(), 5);
    });
    const results = await Promise.all([
      service.signTransaction(PATH, TRANSFER).then(() => 'tx'),
      service.signPersonalMessage(PATH, 'one').then(() => 'message'),
      service.verifyAddress(PATH).then(() => 'address'),
      service.signTransaction(PATH, { ...TRANSFER, nonce: 1 }).then(() => 'tx2'),
    ]);
    expect(results).toEqual(['tx', 'message', 'address', 'tx2']);
    expect(order).toEqual(['sign-transaction', 'sign-message', 'verify-address', 'sign-transaction']);
  });

  it('releases the device when idle and reopens it for the next job', async () => {
    const { service } = started(setup({ autoApprove: true }, { idleReleaseMs: 50 }));
    await service.discoverAccounts({ scheme: 'bip44', count: 1 });
    expect(service.holdsDevice).toBe(true);
    await new Promise((r) => setTimeout(r, 120));
    expect(service.holdsDevice).toBe(false);
    await expect(service.signPersonalMessage(PATH, 'again')).resolves.toMatchObject({ address: ADDRESS });
  });

  it('stop: jobs that have not started fail with a clear message', async () => {
    const { ledger, service } = started(setup());
    const first = caught(service.verifyAddress(PATH));
    const second = caught(service.discoverAccounts({ scheme: 'bip44' }));
    await ledger.waitForConfirmation();
    await service.stop();
    expect(await second).toMatchObject({ code: 'DEVICE_SERVICE_STOPPED', message: expect.stringMatching(/nothing was signed/) });
    expect(await first).toBeTruthy();
  });
});

describe('watching the device while it waits for the user', () => {
  it('notices an unlock and the app being opened on the device without being asked', async () => {
    const { ledger, service } = started(setup({ locked: true, app: 'BOLOS' }, { watchIntervalMs: 40 }));
    await waitForStatus(service, 'locked');
    ledger.unlock();
    await waitForStatus(service, 'dashboard');
    ledger.openApp('Ethereum');
    await waitForStatus(service, 'ready');
  });

  it('keeps a ready device true (blind signing toggled, app quit on the device) and releases it between checks', async () => {
    const { ledger, service } = started(setup({ blindSigning: false }, { watchIntervalMs: 40 }));
    await waitForStatus(service, 'ready');
    ledger.setBlindSigning(true);
    await expect.poll(() => service.getState(), { timeout: 5_000 }).toMatchObject({ status: 'ready', blindSigning: true });
    // Other applications get the device between two checks.
    await expect.poll(() => service.holdsDevice, { timeout: 5_000 }).toBe(false);
    ledger.openApp('BOLOS');
    await waitForStatus(service, 'dashboard', 5_000);
  });

  it('does not ask the device while it shows a review', async () => {
    let apdus = 0;
    const { ledger, service } = started(
      setup({}, { watchIntervalMs: 20 }, (factory) => ({
        ...factory,
        async open(descriptor, timeoutMs) {
          const transport = await factory.open(descriptor, timeoutMs);
          const exchange = transport.exchange.bind(transport);
          transport.exchange = (apdu: Buffer) => {
            apdus++;
            return exchange(apdu);
          };
          return transport;
        },
      })),
    );
    await waitForStatus(service, 'ready');
    const verifying = service.verifyAddress(PATH);
    await ledger.waitForConfirmation();
    const during = apdus;
    await new Promise((r) => setTimeout(r, 150));
    expect(apdus).toBe(during);
    ledger.approve();
    await verifying;
  });
});
