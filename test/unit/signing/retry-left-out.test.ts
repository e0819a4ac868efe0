import { describe, expect, it } from 'vitest';
import { planRunner } from '../../../electron/services/signing/runners/plan-runner';
import { canRetry } from '../../../renderer/src/signing/retry';
import { newBatchItem } from '../../../shared/signing/item';

const where = {
  wallet: '0x1111111111111111111111111111111111111111',
  label: 'Desk 1',
  path: "44'/60'/0'/0/1",
  chainId: 31337,
  vaultId: 'v',
  vaultName: 'Alpha',
  action: 'claim' as const,
};
const leftOut = newBatchItem({ id: '001', ...where }, { state: 'skipped', reason: 'Needs KYC. Complete KYC at https://kyc.example.' });
const tx = {
  to: '0x2222222222222222222222222222222222222222',
  data: '0x',
  value: '0',
  nonce: 1,
  gas: '21000',
  chainId: 31337,
  maxFeePerGas: '1',
  maxPriorityFeePerGas: '1',
  type: 2,
};
const failed = newBatchItem({ id: '002', ...where }, { state: 'failed', step: 'claimDepositRequest', tx: tx as never });

describe('Retry on a wallet left out when the batch was planned', () => {
  it('is not offered: nothing was planned for it to sign', () => {
    expect(canRetry(leftOut, null)).toBe(false);
    expect(canRetry(failed, null)).toBe(true);
  });

  it('is refused with the reason it was left out and what to do', () => {
    expect(() => planRunner.retry(leftOut)).toThrow(/left out when the batch was planned: Needs KYC/);
  });
});
