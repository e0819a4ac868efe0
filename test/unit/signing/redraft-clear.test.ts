/**
 * A call drafted in clear (a certified descriptor covers it) keeps the generic parser's review when
 * the nonce check before the device gives it a new nonce and fees: its screens are predicted again
 * with the descriptors it was drafted with, as the device will show it, not as a blind review.
 */
import { expect, it } from 'vitest';
import { redraft } from '../../../electron/services/signing/redraft';
import { certifiedSource } from '../../../electron/services/device/clear-signing';
import { deploymentDescriptor } from '../../../electron/services/device/vault-descriptors';
import { signWithTestCalldataKey, testCalldataCertificate } from '../../../electron/demo/ledger/pki';
import { newBatchItem } from '../../../shared/signing/item';
import { draftDepositClaim, VAULT } from './batch-fixture';

const descriptor = deploymentDescriptor('CDO_EPOCH_DEPOSIT_QUEUE_V1', {
  chainId: VAULT.chainId,
  address: VAULT.queue!,
  underlyingToken: VAULT.underlying.address,
  trancheToken: VAULT.tranche.address,
})!;
const calldataDescriptors = certifiedSource([descriptor], { certificate: testCalldataCertificate(), sign: signWithTestCalldataKey });

it('a clear-signed claim redrafted with a new nonce and fees is still predicted in clear, with the new fees', () => {
  const claim = draftDepositClaim(calldataDescriptors);
  expect(claim.review).toMatchObject({ blindSigning: false });
  expect(claim.review.deviceScreens[0]?.title).toMatch(/^Review transaction to /);
  const item = newBatchItem(
    { id: 'i1', wallet: '0xdD2FD4581271e230360230F9337D5c0430Bf44C0', label: 'W0', path: "44'/60'/0'/0/10", chainId: VAULT.chainId, vaultId: VAULT.id, vaultName: VAULT.name, action: 'claim' },
    { tx: structuredClone(claim.tx), review: structuredClone(claim.review) },
  );
  redraft(item, { nonce: 5, fees: { maxFeePerGas: 4_000_000_000n, maxPriorityFeePerGas: 1_000_000_000n }, gas: { gas: 90_000n, estimated: true } }, calldataDescriptors);
  const review = item.review!;
  if (review.kind !== 'transaction') throw new Error('not a transaction');
  expect(review.deviceScreens[0]?.title).toBe(claim.review.deviceScreens[0]?.title);
  expect(review.deviceScreens.some((s) => s.title.startsWith('Blind signing'))).toBe(false);
  // 90,000 gas at 4 gwei.
  expect(review.deviceScreens.find((s) => s.title === 'Max fees')?.value).toMatch(/^0\.00036 /);
});
