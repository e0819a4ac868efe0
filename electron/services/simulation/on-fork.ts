import { BaseError, TransactionReceiptNotFoundError, createPublicClient, http, numberToHex, type Hex, type PublicClient } from 'viem';
import { erc20Abi } from '../../../shared/abi';
import type { BatchItem, PlanVault } from '../../../shared/signing/schemas';
import { allowanceKey, tokensMoved, type AllowanceChange, type ItemSimulation } from '../../../shared/simulation';
import { describeCallError, minedRevert } from '../signing/broadcast';
import { epochKeys, tokenBook } from './chain-reads';
import { notRun, reverted, succeeded } from './item-result';

/**
 * The plan's transactions of one chain, run on its fork: from their real senders (impersonated; no
 * key is involved), in device order, each after the step it depends on, one block each so that a
 * revert can be replayed against the state it met. Gas is topped up only for a wallet whose balance
 * on the fork is short of what its transactions may cost, and that is reported.
 */

interface ForkRun {
  items: ItemSimulation[];
  fundedGas: { wallet: string; addedWei: string }[];
}

/** The client of a fork (local, so never batched or retried: every call answers at once). */
function forkClient(rpcUrl: string): PublicClient {
  return createPublicClient({ transport: http(rpcUrl, { retryCount: 0, timeout: 60_000 }) });
}

type Request = (args: { method: string; params: unknown[] }) => Promise<unknown>;

/** Whether a refusal is about fees under the fork's base fee (the draft would wait on the real chain too). */
const isFeeRefusal = (err: unknown) =>
  /max fee per gas less than block base fee|fee cap.*less than.*base fee|maxFeePerGas.*base/i.test(errorText(err));
const errorText = (err: unknown) => (err instanceof BaseError ? `${err.shortMessage} ${err.details ?? ''}` : String(err));

export async function runOnFork(rpcUrl: string, items: readonly BatchItem[], vaults: ReadonlyMap<string, PlanVault>): Promise<ForkRun> {
  const client = forkClient(rpcUrl);
  const request = client.request as unknown as Request;
  const planVaults = [...vaults.values()];
  const tokens = tokenBook(client, planVaults);
  const keys = await epochKeys(client, planVaults);
  const fundedGas = await fundSenders(client, request, items);

  const results = new Map<string, ItemSimulation>();
  const allowances = new Map<string, bigint>();
  // Per approval item: the allowance it set, so that the step after it reads what it spent.
  const approved = new Map<string, { token: string; owner: string; spender: string }>();
  for (const item of items) {
    const vault = vaults.get(item.vaultId)!;
    const tx = item.tx!;
    const dependency = item.dependsOn ? results.get(item.dependsOn) : undefined;
    if (dependency && !dependency.ok) {
      results.set(item.id, notRun(item, vault, item.dependsOn!));
      continue;
    }
    const call = {
      from: item.wallet,
      to: tx.to,
      data: tx.data ?? '0x',
      value: numberToHex(BigInt(tx.value ?? '0')),
      gas: numberToHex(BigInt(tx.gas)),
    };
    const fees = tx.maxFeePerGas
      ? { maxFeePerGas: numberToHex(BigInt(tx.maxFeePerGas)), maxPriorityFeePerGas: numberToHex(BigInt(tx.maxPriorityFeePerGas ?? '0')) }
      : {};
    let note: string | null = null;
    let hash: Hex;
    try {
      hash = (await request({ method: 'eth_sendTransaction', params: [{ ...call, ...fees }] })) as Hex;
    } catch (err) {
      if (!isFeeRefusal(err)) {
        results.set(item.id, reverted(item, vault, describeCallError(err), null));
        continue;
      }
      // The fees drafted are under the fork's base fee: on the chain the transaction would wait
      // for fees to come down. What it will do once mined is still worth showing.
      note =
        'Its max fee is under the base fee at the fork\u2019s block: it was run at the fork\u2019s fee; on the chain it waits until fees come down.';
      try {
        hash = (await request({ method: 'eth_sendTransaction', params: [call] })) as Hex;
      } catch (again) {
        results.set(item.id, reverted(item, vault, describeCallError(again), null, note));
        continue;
      }
    }
    const receipt = await minedOnFork(client, hash);
    if (receipt.status === 'reverted') {
      const error = await minedRevert(client, receipt, { from: item.wallet as Hex, to: tx.to as Hex, data: (tx.data ?? '0x') as Hex });
      results.set(item.id, reverted(item, vault, error, receipt.gasUsed, note));
      continue;
    }
    await tokens.learn(tokensMoved(receipt.logs));
    const spent: AllowanceChange[] = [];
    const pair = item.dependsOn ? approved.get(item.dependsOn) : undefined;
    if (pair) {
      // A transferFrom spends the allowance without an event: read it after the step.
      const key = allowanceKey(pair.token, pair.owner, pair.spender);
      const after = await client
        .readContract({
          address: pair.token as Hex,
          abi: erc20Abi,
          functionName: 'allowance',
          args: [pair.owner as Hex, pair.spender as Hex],
        })
        .catch(() => null);
      const before = allowances.get(key);
      if (after !== null && after !== before) {
        spent.push({
          token: pair.token,
          symbol: tokens.lookup(pair.token)?.symbol ?? pair.token.slice(0, 8),
          owner: pair.owner,
          spender: pair.spender,
          before: before === undefined ? null : before.toString(),
          after: after.toString(),
        });
        allowances.set(key, after);
      }
    }
    const result = succeeded({
      item,
      vault,
      logs: receipt.logs,
      gasUsed: receipt.gasUsed,
      effectiveGasPrice: receipt.effectiveGasPrice,
      lookup: tokens.lookup,
      allowances,
      spent,
      epochKey: keys.get(vault.id) ?? null,
      note,
    });
    for (const a of result.allowances) if (a.owner.toLowerCase() === item.wallet.toLowerCase()) approved.set(item.id, a);
    results.set(item.id, result);
  }
  return { items: items.map((i) => results.get(i.id)!), fundedGas };
}

/**
 * Impersonates every sender, and tops up the ETH of a wallet whose balance on the fork is under the
 * most its transactions may cost (gas limit × max fee, plus value): only then, and only to that.
 */
/**
 * The receipt of a transaction sent to the fork. Automine mines it at once, but a fork of a remote
 * chain first reads the state it touches through the RPC, and may show the new block before the
 * receipt: waiting for a block after the receipt was missed would wait forever (no other block
 * comes), so the receipt itself is asked until it is there.
 */
async function minedOnFork(client: PublicClient, hash: Hex, timeoutMs = 60_000) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const receipt = await client.getTransactionReceipt({ hash }).catch((err: unknown) => {
      if (err instanceof TransactionReceiptNotFoundError) return null;
      throw err;
    });
    if (receipt) return receipt;
    if (Date.now() > deadline) throw new Error(`The fork did not mine transaction ${hash} within ${Math.round(timeoutMs / 1000)} s.`);
    await new Promise((r) => setTimeout(r, 5));
  }
}

async function fundSenders(
  client: PublicClient,
  request: Request,
  items: readonly BatchItem[],
): Promise<{ wallet: string; addedWei: string }[]> {
  const needs = new Map<string, bigint>();
  for (const item of items) {
    const tx = item.tx!;
    const cost = BigInt(tx.gas) * BigInt(tx.maxFeePerGas ?? tx.gasPrice ?? '0') + BigInt(tx.value ?? '0');
    needs.set(item.wallet, (needs.get(item.wallet) ?? 0n) + cost);
  }
  const funded: { wallet: string; addedWei: string }[] = [];
  for (const [wallet, need] of needs) {
    await request({ method: 'anvil_impersonateAccount', params: [wallet] });
    const balance = await client.getBalance({ address: wallet as Hex });
    if (balance >= need) continue;
    await request({ method: 'anvil_setBalance', params: [wallet, numberToHex(need)] });
    funded.push({ wallet, addedWei: (need - balance).toString() });
  }
  return funded;
}
