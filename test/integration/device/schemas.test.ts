/**
 * What the device service emits and returns fits the schemas the IPC contract validates with, in
 * every state an operator can reach.
 */
import { afterEach, describe, expect, it } from 'vitest';
import type { DeviceService } from '../../../electron/services/device';
import {
  DeviceAccountSchema,
  DeviceStateSchema,
  DeviceTransactionRequestSchema,
  SignedMessageSchema,
  SignedTransactionSchema,
  type DeviceState,
  type DeviceTransactionRequest,
} from '../../../shared/device';
import { CONTRACT, PATH, caught, setup, waitForStatus } from './harness';

const CALL: DeviceTransactionRequest = {
  type: 'eip1559',
  chainId: 31337,
  nonce: 1,
  to: CONTRACT,
  value: '0',
  data: '0x1234',
  gas: '50000',
  maxFeePerGas: '10',
  maxPriorityFeePerGas: '1',
};

const running: DeviceService[] = [];
afterEach(async () => {
  for (const s of running.splice(0)) await s.stop();
});

describe('device schemas', () => {
  it('accept every state, account and signature the service produces', async () => {
    const { ledger, service } = setup({ locked: true, app: 'Bitcoin' }, { confirmTimeoutMs: 300 });
    running.push(service);
    const states: DeviceState[] = [];
    service.subscribe((s) => states.push(s));
    await service.start();
    await waitForStatus(service, 'locked');
    ledger.unlock();
    await service.refresh();
    const opening = service.openEthereumApp();
    await ledger.waitForConfirmation();
    ledger.approve();
    await opening;

    expect(await caught(service.signTransaction(PATH, CALL))).toMatchObject({ code: 'DEVICE_BLIND_SIGNING_OFF' });
    ledger.setBlindSigning(true);
    expect(DeviceTransactionRequestSchema.parse(CALL)).toEqual(CALL);
    const signing = service.signTransaction(PATH, CALL);
    await ledger.waitForConfirmation();
    ledger.approve();
    SignedTransactionSchema.parse(await signing);

    const message = service.signPersonalMessage(PATH, 'hello');
    await ledger.waitForConfirmation();
    ledger.reject();
    await caught(message);
    expect(await caught(service.verifyAddress(PATH))).toMatchObject({ code: 'DEVICE_TIMEOUT' });
    // The review the console gave up on stays on the device until the user rejects it.
    ledger.reject();

    const accounts = await service.discoverAccounts({ scheme: 'ledger-live', count: 2 });
    for (const a of accounts) DeviceAccountSchema.parse(a);
    const signed = service.signPersonalMessage(PATH, 'again');
    await ledger.waitForConfirmation('sign-message');
    ledger.approve();
    SignedMessageSchema.parse(await signed);
    ledger.unplug();

    const seen = new Set(states.map((s) => s.status));
    expect([...seen].sort()).toEqual([
      'awaiting-confirmation',
      'dashboard',
      'disconnected',
      'error',
      'locked',
      'ready',
      'rejected',
      'wrong-app',
    ]);
    for (const state of states) expect(DeviceStateSchema.parse(state)).toEqual(state);
  });

  it('refuse amounts that are not decimal strings', () => {
    expect(DeviceTransactionRequestSchema.safeParse({ ...CALL, gas: 50000 }).success).toBe(false);
    expect(DeviceTransactionRequestSchema.safeParse({ ...CALL, value: '1.5' }).success).toBe(false);
  });
});
