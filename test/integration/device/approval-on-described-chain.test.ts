/**
 * An ERC-20 approval on a chain the Ethereum app's table lacks (the demo's local chain 31337),
 * signed through hw-app-eth over the emulated device: with the chain described and signed
 * (B0 06 network certificate, E0 30) and the token's information signed by the same authority
 * (E0 0A), the device shows the approval in clear (the amount with its ticker, the spender, the
 * network by the name its description gave), with blind signing off and no hash, exactly as the
 * console predicts it. Without a description of the chain the app refuses the token information,
 * so the approval is reviewed blind, by its hash, and the console predicts that too.
 */
import { encodeFunctionData, recoverTransactionAddress } from 'viem';
import { describe, expect, it } from 'vitest';
import { erc20Abi } from '../../../shared/abi';
import type { DeviceTransactionRequest } from '../../../shared/device';
import type { CalldataDescriptorSource } from '../../../electron/services/device/clear-signing';
import { describeNetwork } from '../../../electron/services/device/network-description';
import { encodeDescriptorList, indexDescriptors } from '../../../electron/services/device/token-descriptors';
import { expectedScreens, toViemTransaction } from '../../../electron/services/device/transaction';
import { signWithTestNetworkKey, testNetworkCertificate } from '../../../electron/demo/ledger/pki';
import { signWithEmulatorKey } from '../../../electron/demo/ledger/token-info';
import { ADDRESS, CONTRACT, PATH, caught, setup, stoppedAfterEach, waitForStatus } from './harness';

const CHAIN = 31337;
const SPENDER = '0xe7f1725E7734CE288F8367e1Bb143E90bb3F0512';
const APPROVE: DeviceTransactionRequest = {
  type: 'eip1559',
  chainId: CHAIN,
  nonce: 0,
  to: CONTRACT,
  value: '0',
  data: encodeFunctionData({ abi: erc20Abi, functionName: 'approve', args: [SPENDER, 250_500_000n] }),
  gas: '60000',
  maxFeePerGas: '2000000000',
  maxPriorityFeePerGas: '1000000000',
};
const tokens = indexDescriptors(encodeDescriptorList([signWithEmulatorKey({ ticker: 'USDC', address: CONTRACT, decimals: 6, chainId: CHAIN })]));
const network = describeNetwork({ chainId: CHAIN, name: 'Demo chain 31337', ticker: 'ETH' }, { certificate: testNetworkCertificate(), sign: signWithTestNetworkKey });
/** The demo's kind of source: its tokens and its chain, signed by the emulator's test keys (no vault descriptor needed here). */
const described: CalldataDescriptorSource = { find: () => null, tokens, network: (id) => (id === CHAIN ? network : null) };
const undescribed: CalldataDescriptorSource = { find: () => null, tokens };

const started = stoppedAfterEach();

describe('an approval on a chain the app does not list', () => {
  it('described by the source, is shown in clear with blind signing off, as the planner predicted', async () => {
    const predicted = expectedScreens(toViemTransaction(APPROVE), { from: ADDRESS, calldataDescriptors: described });
    expect(predicted).toEqual([
      { title: 'Review transaction to approve ERC20 token' },
      { title: 'From', value: ADDRESS },
      { title: 'Approve', value: '250.5 USDC' },
      { title: 'Approve to', value: SPENDER },
      // The name and ticker the description gave (a Nano X: the touchscreens' ending repeats the operation).
      { title: 'Network', value: 'Demo chain 31337' },
      { title: 'Max fees', value: '0.00012 ETH' },
      { title: 'Sign transaction' },
      { title: 'Reject transaction' },
    ]);
    const { ledger, service } = started(setup({ blindSigning: false, appVersion: '1.22.0' }, { calldataDescriptors: described }));
    await waitForStatus(service, 'ready');
    const signing = service.signTransaction(PATH, APPROVE);
    const onDevice = await ledger.waitForConfirmation('sign-transaction');
    expect(onDevice.screens).toEqual(predicted);
    expect(service.getState()).toEqual({ status: 'awaiting-confirmation', kind: 'sign-transaction', screens: predicted });
    ledger.approve();
    const signed = await signing;
    expect(JSON.stringify(onDevice.screens)).not.toContain(signed.signingHash.slice(2));
    expect(await recoverTransactionAddress({ serializedTransaction: signed.serialized as never })).toBe(ADDRESS);
  });

  it('not described by the source, is reviewed blind by its hash, as predicted (refused while blind signing is off)', async () => {
    const predicted = expectedScreens(toViemTransaction(APPROVE), { from: ADDRESS, calldataDescriptors: undescribed });
    expect(predicted[0]?.title).toMatch(/^Blind signing/);
    const { ledger, service } = started(setup({ blindSigning: false, appVersion: '1.22.0' }, { calldataDescriptors: undescribed }));
    await waitForStatus(service, 'ready');
    expect(await caught(service.signTransaction(PATH, APPROVE))).toMatchObject({ code: 'DEVICE_BLIND_SIGNING_OFF' });

    ledger.setBlindSigning(true);
    const signing = service.signTransaction(PATH, APPROVE);
    const { screens } = await ledger.waitForConfirmation('sign-transaction');
    expect(screens).toEqual(predicted);
    ledger.approve();
    expect(screens.map((s) => s.value)).toContain((await signing).signingHash);
  });

  it('on an app before 1.14, which takes no network description, is reviewed blind', async () => {
    const predicted = expectedScreens(toViemTransaction(APPROVE), { from: ADDRESS, appVersion: '1.13.0', calldataDescriptors: described });
    expect(predicted[0]?.title).toMatch(/^Blind signing/);
  });
});
