import { encodeFunctionData, type Hex } from 'viem';
import { describe, expect, it } from 'vitest';
import { epochQueueAbi, erc20Abi } from '../../../shared/abi';
import { gateItems, type GatedItem } from '../../../electron/services/registry/gate';
import type { DeviceTransactionRequest } from '../../../shared/device/state';
import type { PinnedVault } from '../../../shared/registry/schemas';

// The registry's gate on approvals of 0: a revoke, and the reset before an approval on a token that
// changes an allowance only from 0, pass to the pinned spenders only; nothing else is loosened.
const a = (n: number) => `0x${n.toString(16).padStart(40, '0')}` as `0x${string}`;
const VAULT: PinnedVault = {
  vaultId: 'v1',
  name: 'Gamma Credit USDT',
  chainId: 31337,
  contracts: { epochVault: a(1), queue: a(2), withdrawQueue: a(2), tranche: a(3), underlying: a(4), strategy: a(5), keyring: null },
  tokens: { underlying: { symbol: 'USDT', decimals: 6 }, tranche: { symbol: 'AA_gamma', decimals: 18 }, strategy: { symbol: 'r', decimals: 6 } },
  pinnedAt: '2026-11-01T00:00:00.000Z',
  pinnedBy: 'test',
  pinnedAtBlock: '10',
  frozen: null,
};
const ATTACKER = a(0xdead);
const tx = (to: string, data: Hex): DeviceTransactionRequest => ({ type: 'eip1559', chainId: 31337, nonce: 0, to, value: '0', data, gas: '100000', maxFeePerGas: '1', maxPriorityFeePerGas: '1' });
const approve = (token: string, spender: string, amount: bigint, link: Pick<GatedItem, 'id' | 'dependsOn'>): GatedItem => ({
  label: 'W0',
  wallet: a(0x77),
  step: 'approve',
  tx: tx(token, encodeFunctionData({ abi: erc20Abi, functionName: 'approve', args: [spender as `0x${string}`, amount] })),
  ...link,
});
const deposit = (amount: bigint, dependsOn: string): GatedItem => ({
  label: 'W0',
  wallet: a(0x77),
  step: 'requestDeposit',
  tx: tx(VAULT.contracts.queue!, encodeFunctionData({ abi: epochQueueAbi, functionName: 'requestDeposit', args: [amount] })),
  id: 's1',
  dependsOn,
});
const gate = (action: 'deposit' | 'revoke', items: GatedItem[]) => () => gateItems({ vault: VAULT, action, approval: 'exact' }, items);

describe('approvals of 0 at the gate', () => {
  it('a revoke to each pinned spender passes; to any other address it is refused', () => {
    expect(gate('revoke', [approve(VAULT.contracts.underlying, VAULT.contracts.epochVault, 0n, { id: 'a1' })])).not.toThrow();
    expect(gate('revoke', [approve(VAULT.contracts.underlying, VAULT.contracts.queue!, 0n, { id: 'a1' })])).not.toThrow();
    expect(gate('revoke', [approve(VAULT.contracts.tranche, VAULT.contracts.withdrawQueue!, 0n, { id: 'a1' })])).not.toThrow();
    expect(gate('revoke', [approve(VAULT.contracts.underlying, ATTACKER, 0n, { id: 'a1' })])).toThrow(/spender/);
    expect(gate('revoke', [approve(ATTACKER, VAULT.contracts.queue!, 0n, { id: 'a1' })])).toThrow(/approval must be made on the/);
  });

  it('a revoke never carries a non-zero approval', () => {
    expect(gate('revoke', [approve(VAULT.contracts.underlying, VAULT.contracts.queue!, 1n, { id: 'a1' })])).toThrow(/no step of the plan waits for it/);
  });

  it('a deposit may reset the allowance to 0 before its approval of the amount, and the amount is still checked', () => {
    const zero = approve(VAULT.contracts.underlying, VAULT.contracts.queue!, 0n, { id: 'a0' });
    expect(gate('deposit', [zero, approve(VAULT.contracts.underlying, VAULT.contracts.queue!, 500n, { id: 'a1', dependsOn: 'a0' }), deposit(500n, 'a1')])).not.toThrow();
    expect(gate('deposit', [zero, approve(VAULT.contracts.underlying, VAULT.contracts.queue!, 900n, { id: 'a1', dependsOn: 'a0' }), deposit(500n, 'a1')])).toThrow(/spends/);
  });
});
