/**
 * A signing run of an ERC-20 approval: the device service finds the token's descriptor in Ledger's
 * list for the transaction's chain, installed with the console, hw-app-eth sends it (PROVIDE ERC 20 TOKEN INFORMATION) before the
 * transaction, and the emulated app checks it and shows the approval in clear: the ticker, the
 * amount and the spender, with no blind signing and nothing fetched from the network.
 */
import { createRequire } from 'node:module';
import { parseTransaction, recoverTransactionAddress, type Hex } from 'viem';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { indexDescriptors } from '../../../electron/services/device/token-descriptors';
import { encodeDescriptorList } from '../../../electron/services/device/token-descriptors';
import { expectedScreens, toViemTransaction } from '../../../electron/services/device/transaction';
import { signOnDevice } from '../../../electron/services/signing/device-delivery';
import { signWithEmulatorKey } from '../../../electron/demo/ledger/token-info';
import type { DeviceTransactionRequest } from '../../../shared/device';
import type { BatchItem } from '../../../shared/signing/schemas';
import { ADDRESS, CONTRACT, PATH, caught, setup, stoppedAfterEach, waitForStatus } from './harness';

const USDC = '0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48';
const SPENDER = '0x1B2c4d2e6bd8B7E7c3F6af3C27fc2d2c5a8e1D11';
/** Tether USD on Arbitrum One, in Ledger's signed list for chain 42161. */
const USDT_ARBITRUM = '0xFd086bC7CD5C481DCC9C85ebE478A1C0b69FCbb9';
const approveData = (spender: string, amount: bigint) =>
  `0x095ea7b3${spender.slice(2).toLowerCase().padStart(64, '0')}${amount.toString(16).padStart(64, '0')}`;
const APPROVE: DeviceTransactionRequest = {
  type: 'eip1559',
  chainId: 1,
  nonce: 7,
  to: USDC,
  value: '0',
  data: approveData(SPENDER, 250_500_000n),
  gas: '60000',
  maxFeePerGas: '2000000000',
  maxPriorityFeePerGas: '1000000000',
};

const started = stoppedAfterEach();

// hw-app-eth's own HTTP client: any lookup it made would go through it.
const axios = createRequire(createRequire(import.meta.url).resolve('@ledgerhq/hw-app-eth'))('axios') as {
  get: (...args: unknown[]) => unknown;
  request: (...args: unknown[]) => unknown;
};
let lookups: unknown[] = [];
beforeEach(() => {
  lookups = [];
  vi.spyOn(axios, 'get').mockImplementation((...args) => {
    lookups.push(args[0]);
    throw new Error('no network in this test');
  });
  vi.spyOn(axios, 'request').mockImplementation((...args) => {
    lookups.push(args[0]);
    throw new Error('no network in this test');
  });
});
afterEach(() => {
  vi.restoreAllMocks();
});

describe('an ERC-20 approval signed on the Ledger', () => {
  it('shows the token, the amount and the spender in clear, blind signing off, and the console predicted exactly those screens', async () => {
    const { ledger, service } = started(setup({ blindSigning: false }));
    await waitForStatus(service, 'ready');
    const item = { path: PATH, wallet: ADDRESS, tx: APPROVE } as unknown as BatchItem;
    const run = signOnDevice(service, item);
    const onDevice = await ledger.waitForConfirmation('sign-transaction');
    expect(onDevice.screens).toEqual([
      { title: 'Review transaction to approve ERC20 token' },
      { title: 'From', value: ADDRESS },
      { title: 'Approve', value: '250.5 USDC' },
      { title: 'Approve to', value: SPENDER },
      { title: 'Max fees', value: '0.00012 ETH' },
      { title: 'Sign transaction' },
      { title: 'Reject transaction' },
    ]);
    expect(service.getState()).toEqual({ status: 'awaiting-confirmation', kind: 'sign-transaction', screens: onDevice.screens });
    ledger.approve();
    const outcome = await run;
    expect(outcome.pause).toBeNull();
    expect(outcome.transition).toMatchObject({ state: 'signed' });
    const serialized = (outcome.transition as unknown as { patch: { signed: { serialized: Hex } } }).patch.signed.serialized;
    expect(await recoverTransactionAddress({ serializedTransaction: serialized as never })).toBe(ADDRESS);
    expect(parseTransaction(serialized).data).toBe(APPROVE.data);
    expect(lookups).toEqual([]);
  });

  it("an approval of a token Ledger lists on a chain other than mainnet (USDT on Arbitrum) is shown in clear, with blind signing off", async () => {
    const { ledger, service } = started(setup({ blindSigning: false }));
    await waitForStatus(service, 'ready');
    const arbitrum: DeviceTransactionRequest = { ...APPROVE, chainId: 42161, to: USDT_ARBITRUM };
    const item = { path: PATH, wallet: ADDRESS, tx: arbitrum } as unknown as BatchItem;
    const run = signOnDevice(service, item);
    // A run that ends before the device shows a review (blind signing off) fails here, saying why.
    const { screens } = await Promise.race([
      ledger.waitForConfirmation('sign-transaction'),
      run.then((outcome) => {
        throw new Error(`The device showed no review: ${JSON.stringify(outcome.pause ?? outcome.transition)}`);
      }),
    ]);
    // Ledger's descriptor for chain 42161 went to the device first (E0 0A), checked with Ledger's key.
    // The approval's own opening (a Nano X at app 1.22 says it on one line), not the blind-signing warning.
    expect(`${screens[0]!.title} ${screens[0]!.value ?? ''}`.trim()).toBe('Review transaction to approve ERC20 token');
    expect(screens.map((s) => s.title)).not.toContain('Transaction hash');
    expect(screens.find((s) => s.title === 'Approve')?.value).toMatch(/USDT/);
    expect(screens.find((s) => s.title === 'Approve')?.value).toMatch(/250\.5/);
    expect(screens).toContainEqual({ title: 'Approve to', value: SPENDER });
    expect(screens).toContainEqual({ title: 'Network', value: 'Arbitrum' });
    // What the console predicted is what the device shows.
    expect(screens).toEqual(expectedScreens(toViemTransaction(arbitrum), { from: ADDRESS, appVersion: ledger.snapshot().appVersion }));
    ledger.approve();
    const outcome = await run;
    expect(outcome.pause).toBeNull();
    const serialized = (outcome.transition as unknown as { patch: { signed: { serialized: Hex } } }).patch.signed.serialized;
    expect(parseTransaction(serialized)).toMatchObject({ chainId: 42161, to: USDT_ARBITRUM.toLowerCase() });
    expect(await recoverTransactionAddress({ serializedTransaction: serialized as never })).toBe(ADDRESS);
    expect(lookups).toEqual([]);
  });

  it('a token without a descriptor is reviewed blind, by the hash the console shows', async () => {
    const { ledger, service } = started(setup({ blindSigning: true }));
    await waitForStatus(service, 'ready');
    const local: DeviceTransactionRequest = { ...APPROVE, chainId: 31337, to: CONTRACT };
    const signing = service.signTransaction(PATH, local);
    const { screens } = await ledger.waitForConfirmation('sign-transaction');
    expect(screens[0]).toEqual({ title: 'Blind signing ahead' });
    expect(service.getState()).toEqual({ status: 'awaiting-confirmation', kind: 'sign-transaction', screens });
    ledger.approve();
    const signed = await signing;
    expect(screens).toContainEqual({ title: 'Tx hash', value: signed.signingHash });
    expect(lookups).toEqual([]);
  });

  it('a device that trusts a test key shows a test token in clear; a Ledger that does not refuses it and the console says so', async () => {
    const token = { ticker: 'tUSDC', address: CONTRACT, decimals: 6, chainId: 11155111 } as const;
    const descriptors = indexDescriptors(encodeDescriptorList([signWithEmulatorKey(token)]));
    const sepolia: DeviceTransactionRequest = { ...APPROVE, chainId: 11155111, to: CONTRACT };
    const { ledger, service } = started(setup({ blindSigning: false }, { tokenDescriptors: descriptors }));
    await waitForStatus(service, 'ready');
    const signing = service.signTransaction(PATH, sepolia);
    const { screens } = await ledger.waitForConfirmation('sign-transaction');
    expect(screens).toContainEqual({ title: 'Approve', value: '250.5 tUSDC' });
    expect(screens).toContainEqual({ title: 'Network', value: 'Sepolia' });
    ledger.approve();
    await signing;
    // Without the test descriptors the same approval is blind, and blind signing is off.
    const plain = started(setup({ blindSigning: false }));
    await waitForStatus(plain.service, 'ready');
    expect(await caught(plain.service.signTransaction(PATH, sepolia))).toMatchObject({ code: 'DEVICE_BLIND_SIGNING_OFF' });
  });
});
