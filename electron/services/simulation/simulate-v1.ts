import { numberToHex, type Hex, type PublicClient } from 'viem';
import type { BatchItem, PlanVault } from '../../../shared/signing/schemas';
import { tokensMoved, type ItemSimulation, type LogLike } from '../../../shared/simulation';
import { describeRevert } from '../../../shared/signing/reverts';
import { revertReason } from '../signing/broadcast';
import { epochKeys, tokenBook } from './chain-reads';
import { notRun, reverted, succeeded } from './item-result';

/**
 * The fallback when no fork can start: the RPC's own `eth_simulateV1`, every transaction in device
 * order in one simulated block on top of the latest one, from its real sender (validation off, so
 * neither nonce nor balance is checked, as on a fork with gas topped up). Gas is priced at the
 * simulated block's base fee plus the draft's priority fee.
 */

interface SimulatedCall {
  status: Hex;
  gasUsed: Hex;
  returnData?: Hex;
  logs?: { address: string; topics: Hex[]; data: Hex }[];
  error?: { code?: number; message?: string; data?: Hex };
}

interface SimulatedBlock {
  number: Hex;
  baseFeePerGas?: Hex;
  calls: SimulatedCall[];
}

/** Whether an RPC error says the method does not exist there (as opposed to a failed simulation). */
export function isMethodMissing(err: unknown): boolean {
  return /method.*(not found|not supported|does not exist|not available|unsupported)|-32601|unknown method/i.test(
    String((err as { details?: string })?.details ?? '') + String((err as Error)?.message ?? err),
  );
}

export async function runWithSimulateV1(
  client: PublicClient,
  items: readonly BatchItem[],
  vaults: ReadonlyMap<string, PlanVault>,
): Promise<{ block: bigint; items: ItemSimulation[] }> {
  const request = client.request as unknown as (args: { method: string; params: unknown[] }) => Promise<unknown>;
  const calls = items.map((item) => {
    const tx = item.tx!;
    return {
      from: item.wallet,
      to: tx.to,
      data: tx.data ?? '0x',
      value: numberToHex(BigInt(tx.value ?? '0')),
      gas: numberToHex(BigInt(tx.gas)),
    };
  });
  const blocks = (await request({
    method: 'eth_simulateV1',
    params: [{ blockStateCalls: [{ calls }], validation: false }, 'latest'],
  })) as SimulatedBlock[];
  const block = blocks[0];
  if (!block || block.calls.length !== items.length)
    throw new Error('eth_simulateV1 answered with a different number of calls than were sent');
  const planVaults = [...vaults.values()];
  const tokens = tokenBook(client, planVaults);
  const keys = await epochKeys(client, planVaults);
  await tokens.learn(tokensMoved(block.calls.flatMap((c) => (c.logs ?? []) as LogLike[])));
  const baseFee = BigInt(block.baseFeePerGas ?? '0x0');
  const results = new Map<string, ItemSimulation>();
  const allowances = new Map<string, bigint>();
  items.forEach((item, i) => {
    const vault = vaults.get(item.vaultId)!;
    const c = block.calls[i]!;
    const dependency = item.dependsOn ? results.get(item.dependsOn) : undefined;
    // One block holds every call, so a step after a failed approval did run; it would never be sent.
    if (dependency && !dependency.ok) return results.set(item.id, notRun(item, vault, item.dependsOn!));
    if (BigInt(c.status) !== 1n) {
      const reason = revertReason(c.error?.data ?? c.returnData);
      return results.set(item.id, reverted(item, vault, describeRevert(reason), BigInt(c.gasUsed)));
    }
    const tx = item.tx!;
    const priority = BigInt(tx.maxPriorityFeePerGas ?? '0');
    const cap = BigInt(tx.maxFeePerGas ?? tx.gasPrice ?? '0');
    const price = cap > 0n && baseFee + priority > cap ? cap : baseFee + priority;
    return results.set(
      item.id,
      succeeded({
        item,
        vault,
        logs: (c.logs ?? []) as LogLike[],
        gasUsed: BigInt(c.gasUsed),
        effectiveGasPrice: price,
        lookup: tokens.lookup,
        allowances,
        spent: [],
        epochKey: keys.get(vault.id) ?? null,
        note: null,
      }),
    );
  });
  return { block: BigInt(block.number) - 1n, items: items.map((i) => results.get(i.id)!) };
}
