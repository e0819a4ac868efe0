import type { PublicClient } from 'viem';
import { describe, expect, it } from 'vitest';
import { ChainFactsReader } from '../../../electron/services/chain-facts/moment';

/** A chain whose head moves on at every ask, and that may fail or answer for another chain. */
function chain(chainId: number, options: { failFirst?: boolean; answers?: number } = {}) {
  let head = 100n;
  const asked = { heads: 0 };
  let fail = options.failFirst ?? false;
  const client = {
    getChainId: async () => options.answers ?? chainId,
    getBlock: async () => {
      asked.heads++;
      if (fail) {
        fail = false;
        throw new Error('the node did not answer');
      }
      head += 1n;
      return { number: head, hash: `0x${head.toString(16).padStart(64, '0')}`, timestamp: 1_000n + head };
    },
  } as unknown as PublicClient;
  return { client, asked };
}

describe('the chain-facts reader', () => {
  it('pins each chain once: every vault of a plan is read at the same block of its chain', async () => {
    const a = chain(1);
    const b = chain(2);
    const reader = new ChainFactsReader((id) => (id === 1 ? a.client : b.client));
    const first = await reader.at(1, 'Ethereum');
    const again = await reader.at(1, 'Ethereum');
    const other = await reader.at(2, 'Optimism');
    expect(again.block).toEqual(first.block);
    expect(first.block.number).toBe(101);
    expect(a.asked.heads).toBe(1);
    expect(other.block.number).toBe(101);
    // A new reader (the check before the device) pins the head as it is now.
    expect((await new ChainFactsReader(() => a.client).at(1, 'Ethereum')).block.number).toBe(102);
  });

  it('asks again after a pin that failed, and refuses an RPC that answers for another chain', async () => {
    const flaky = chain(1, { failFirst: true });
    const reader = new ChainFactsReader(() => flaky.client);
    await expect(reader.at(1, 'Ethereum')).rejects.toThrow('the node did not answer');
    expect((await reader.at(1, 'Ethereum')).block.number).toBe(101);
    const liar = chain(1, { answers: 5 });
    await expect(new ChainFactsReader(() => liar.client).at(1, 'Ethereum')).rejects.toMatchObject({ code: 'CHAIN_WRONG_ID' });
  });
});
