import { describe, expect, it } from 'vitest';
import { chainsFromRpcs } from '../../../electron/services/catalog/chains-from-rpcs';
import type { ResourceItem } from '../../../shared/service';

// Without a key the service gives no chain records: a vault's chain is the one of the operator's
// chains that holds its contract, and only when exactly one does.
const vault = (id: string, chainId: string, epochVault: string): ResourceItem<'vaults'> =>
  ({ _id: id, chainId, address: `0x${'ab'.repeat(20)}`, cdoEpoch: { address: epochVault } }) as unknown as ResourceItem<'vaults'>;
const A = `0x${'11'.repeat(20)}` as const;
const B = `0x${'22'.repeat(20)}` as const;
const C = `0x${'33'.repeat(20)}` as const;

describe('the chains of a console without a key', () => {
  const deployed: Record<number, string[]> = { 1: [A], 137: [B, C], 42161: [C] };
  const resolve = chainsFromRpcs({
    rpcChains: async () => [1, 137, 42161],
    hasCode: async (chainId, address) => deployed[chainId]!.includes(address),
  });

  it('places each chain the vaults name on the one operator chain that holds its vault’s epoch contract', async () => {
    const records = await resolve([vault('v1', 'chainA', A), vault('v2', 'chainA', A), vault('v3', 'chainB', B)]);
    expect(records).toEqual([
      { _id: 'chainA', chainID: 1, name: 'Chain 1' },
      { _id: 'chainB', chainID: 137, name: 'Chain 137' },
    ]);
  });

  it('leaves a chain unknown when none or several of the operator’s chains hold the contract, or an RPC fails', async () => {
    const missing = `0x${'44'.repeat(20)}`;
    expect(await resolve([vault('v4', 'chainC', C), vault('v5', 'chainD', missing)])).toEqual([]);
    const failing = chainsFromRpcs({
      rpcChains: async () => [1],
      hasCode: async () => {
        throw new Error('connection refused');
      },
    });
    expect(await failing([vault('v1', 'chainA', A)])).toEqual([]);
  });
});
