/**
 * A vault call signed in clear through the Ethereum app's generic parser, end to end over the
 * emulated device: the console's ERC-7730 descriptor for the vault, certified by the emulator's
 * TEST key (never Ledger's), goes to the device as Ledger's own host code sends it (B0 06 certificate,
 * E0 04 store, E0 26 transaction info, E0 28 fields, E0 04 start); the device checks it and shows
 * the descriptor's intent, labels and the amount in the underlying token, with blind signing off.
 * Without a descriptor the same call is blind; a tampered descriptor is refused and nothing signed.
 */
import { encodeFunctionData, parseTransaction, recoverTransactionAddress, type Hex } from 'viem';
import { describe, expect, it } from 'vitest';
import { epochVaultAbi } from '../../../shared/abi';
import { certifiedSource, type CalldataDescriptorSource } from '../../../electron/services/device/clear-signing';
import { deploymentDescriptor } from '../../../electron/services/device/vault-descriptors';
import { signWithTestCalldataKey, testCalldataCertificate } from '../../../electron/demo/ledger/pki';
import { signWithEmulatorKey } from '../../../electron/demo/ledger/token-info';
import { encodeDescriptorList, indexDescriptors } from '../../../electron/services/device/token-descriptors';
import { ADDRESS, CONTRACT, PATH, caught, setup, stoppedAfterEach, waitForStatus } from './harness';
import { contractCall } from './requests';

const USDC = '0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48';
const DEPOSIT = contractCall({ chainId: 1, nonce: 3, data: encodeFunctionData({ abi: epochVaultAbi, functionName: 'depositAA', args: [250_500_000n] }) });
const TEST_CERTIFIER = { certificate: testCalldataCertificate(), sign: signWithTestCalldataKey };
const vaultDescriptor = deploymentDescriptor('CDO_EPOCH_MAIN_2026', { chainId: 1, address: CONTRACT, underlyingToken: USDC })!;
const certified = certifiedSource([vaultDescriptor], TEST_CERTIFIER);

/** The certified structures with one change made after they were signed. */
function tampered(change: (call: NonNullable<ReturnType<CalldataDescriptorSource['find']>>) => void): CalldataDescriptorSource {
  return {
    find(...args) {
      const call = certified.find(...args);
      if (call) change(call);
      return call;
    },
  };
}

const started = stoppedAfterEach();

describe('a vault deposit signed on the Ledger', () => {
  it('with a descriptor certified by the test key, is shown in clear with its labels, blind signing off, as the console predicted', async () => {
    const { ledger, service } = started(setup({ blindSigning: false, appVersion: '1.22.0' }, { calldataDescriptors: certified }));
    await waitForStatus(service, 'ready');
    const signing = service.signTransaction(PATH, DEPOSIT);
    const onDevice = await ledger.waitForConfirmation('sign-transaction');
    expect(onDevice.screens).toEqual([
      { title: 'Review transaction to Deposit' },
      { title: 'Interaction with', value: 'Pareto' },
      { title: 'Amount', value: '250.5 USDC' },
      { title: 'Max fees', value: '0.00012 ETH' },
      { title: 'Sign transaction to Deposit' },
      { title: 'Reject transaction' },
    ]);
    expect(service.getState()).toEqual({ status: 'awaiting-confirmation', kind: 'sign-transaction', screens: onDevice.screens });
    ledger.approve();
    const signed = await signing;
    expect(await recoverTransactionAddress({ serializedTransaction: signed.serialized as never })).toBe(ADDRESS);
    expect(parseTransaction(signed.serialized as Hex).data).toBe(DEPOSIT.data);
  });

  it('on a chain the app neither knows nor was given, no token information is sent (the app would refuse it) and the amount is shown as the app then shows it', async () => {
    const chainId = 31337;
    const onLocalChain = deploymentDescriptor('CDO_EPOCH_MAIN_2026', { chainId, address: CONTRACT, underlyingToken: USDC })!;
    // Token information for the chain, but no description of the chain itself.
    const source: CalldataDescriptorSource = {
      ...certifiedSource([onLocalChain], TEST_CERTIFIER),
      tokens: indexDescriptors(encodeDescriptorList([signWithEmulatorKey({ ticker: 'USDC', address: USDC, decimals: 6, chainId })])),
    };
    const { ledger, service } = started(setup({ blindSigning: false, appVersion: '1.22.0' }, { calldataDescriptors: source }));
    await waitForStatus(service, 'ready');
    const signing = service.signTransaction(PATH, { ...DEPOSIT, chainId });
    const { screens } = await ledger.waitForConfirmation('sign-transaction');
    expect(screens[0]).toEqual({ title: 'Review transaction to Deposit' });
    expect(screens.find((s) => s.title === 'Amount')?.value).not.toContain('USDC');
    expect(service.getState()).toEqual({ status: 'awaiting-confirmation', kind: 'sign-transaction', screens });
    ledger.approve();
    expect(await recoverTransactionAddress({ serializedTransaction: (await signing).serialized as never })).toBe(ADDRESS);
  });

  it('on an app before 1.19.3, the ticker comes first, as that app writes amounts and fees', async () => {
    const { ledger, service } = started(setup({ blindSigning: false, appVersion: '1.19.1' }, { calldataDescriptors: certified }));
    await waitForStatus(service, 'ready');
    const signing = service.signTransaction(PATH, DEPOSIT);
    const { screens } = await ledger.waitForConfirmation('sign-transaction');
    expect(screens).toContainEqual({ title: 'Amount', value: 'USDC 250.5' });
    expect(screens).toContainEqual({ title: 'Max fees', value: 'ETH 0.00012' });
    expect(service.getState()).toEqual({ status: 'awaiting-confirmation', kind: 'sign-transaction', screens });
    ledger.approve();
    await signing;
  });

  it('without a descriptor, is reviewed blind by its hash (and refused while blind signing is off)', async () => {
    const { ledger, service } = started(setup({ blindSigning: true, appVersion: '1.22.0' }));
    await waitForStatus(service, 'ready');
    const signing = service.signTransaction(PATH, DEPOSIT);
    const { screens } = await ledger.waitForConfirmation('sign-transaction');
    expect(screens[0]?.title).toMatch(/^Blind signing/);
    ledger.approve();
    const signed = await signing;
    expect(screens.map((s) => s.value)).toContain(signed.signingHash);

    ledger.setBlindSigning(false);
    expect(await caught(service.signTransaction(PATH, DEPOSIT))).toMatchObject({ code: 'DEVICE_BLIND_SIGNING_OFF' });
  });

  it.each([
    ['its description changed after it was certified', tampered((c) => void (c.info = c.info.map((b, i) => (i === 40 ? b ^ 1 : b))))],
    ['a field label changed after it was certified', tampered((c) => void (c.fields = [c.fields[0]!.map((b) => (b === 0x41 ? 0x42 : b))]))],
  ])('with a tampered descriptor (%s), is refused by the device and nothing is signed', async (_, source) => {
    const { ledger, service } = started(setup({ blindSigning: true, appVersion: '1.22.0' }, { calldataDescriptors: source }));
    await waitForStatus(service, 'ready');
    const error = await caught(service.signTransaction(PATH, DEPOSIT));
    expect(error).toMatchObject({ code: 'DEVICE_DESCRIPTOR_REFUSED' });
    expect(error?.message).toMatch(/refused the clear-signing descriptor for "Deposit".*Nothing was shown or signed/);
    expect(ledger.pendingConfirmation).toBeNull();
  });

  it('a device that does not trust the test key refuses its certificate', async () => {
    const { ledger, service } = started(
      setup({ blindSigning: true, appVersion: '1.22.0', trustTestCertificates: false }, { calldataDescriptors: certified }),
    );
    await waitForStatus(service, 'ready');
    const error = await caught(service.signTransaction(PATH, DEPOSIT));
    expect(error).toMatchObject({ code: 'DEVICE_DESCRIPTOR_REFUSED' });
    expect(error?.message).toMatch(/its certificate did not check out/);
    expect(ledger.pendingConfirmation).toBeNull();
  });
});
