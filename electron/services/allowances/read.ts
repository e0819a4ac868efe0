import type { PublicClient } from 'viem';
import { erc20Abi } from '../../../shared/abi';
import { MAX_UINT256 } from '../../../shared/signing/rule-facts';
import type { AllowanceRow, AllowancesView } from '../../../shared/allowances/schemas';
import { withdrawQueueOf, type PinnedVault } from '../../../shared/registry/schemas';
import { toAppErrorData } from '../../../shared/errors';
import { runReads, type Read } from '../portfolio/multicall';

/**
 * The allowances the console's approvals can leave behind, read from the chain: per wallet, per
 * pinned vault, its underlying to the epoch vault and to the deposit queue, its tranche token to
 * the withdraw queue. One Multicall3 round per chain (chunked by runReads), never one call per cell.
 */

type Pair = Pick<AllowanceRow, 'token' | 'spender'>;

/** The token/spender pairs of a pinned vault, named after it. */
function vaultPairs(v: PinnedVault): Pair[] {
  const c = v.contracts;
  const withdrawQueue = withdrawQueueOf(c);
  const shared = c.queue !== null && withdrawQueue !== null && c.queue.toLowerCase() === withdrawQueue.toLowerCase();
  const underlying = { role: 'underlying' as const, address: c.underlying, symbol: v.tokens.underlying.symbol, decimals: v.tokens.underlying.decimals };
  const tranche = { role: 'tranche' as const, address: c.tranche, symbol: v.tokens.tranche.symbol, decimals: v.tokens.tranche.decimals };
  const pairs: Pair[] = [{ token: underlying, spender: { role: 'epochVault', address: c.epochVault, name: `${v.name} epoch vault` } }];
  if (c.queue) pairs.push({ token: underlying, spender: { role: 'queue', address: c.queue, name: `${v.name} ${shared ? 'queue' : 'deposit queue'}` } });
  if (withdrawQueue) pairs.push({ token: tranche, spender: { role: 'withdrawQueue', address: withdrawQueue, name: `${v.name} ${shared ? 'queue' : 'withdraw queue'}` } });
  return pairs;
}

export async function readAllowances(args: {
  vaults: readonly PinnedVault[];
  wallets: readonly { address: string; label: string }[];
  client: (chainId: number) => Promise<PublicClient>;
  now?: () => Date;
}): Promise<Omit<AllowancesView, 'notPinned'>> {
  const rows: AllowanceRow[] = [];
  const failures: AllowancesView['failures'] = [];
  const chainIds = [...new Set(args.vaults.map((v) => v.chainId))].sort((a, b) => a - b);
  await Promise.all(
    chainIds.map(async (chainId) => {
      const reads: Read[] = [];
      const found: AllowanceRow[] = [];
      for (const vault of args.vaults.filter((v) => v.chainId === chainId)) {
        for (const pair of vaultPairs(vault)) {
          for (const w of args.wallets) {
            reads.push({
              address: pair.token.address as `0x${string}`,
              abi: erc20Abi,
              functionName: 'allowance',
              args: [w.address, pair.spender.address],
              into: (value) => {
                const amount = value as bigint;
                found.push({ wallet: w.address, label: w.label, chainId, vaultId: vault.vaultId, vaultName: vault.name, ...pair, allowance: amount.toString(), unlimited: amount === MAX_UINT256 });
              },
            });
          }
        }
      }
      try {
        const { failed } = await runReads(await args.client(chainId), reads);
        if (failed > 0) failures.push({ chainId, message: `${failed} of ${reads.length} allowance reads failed on chain ${chainId}: those cells are not shown.` });
        rows.push(...found);
      } catch (err) {
        failures.push({ chainId, message: `Chain ${chainId} could not be read: ${toAppErrorData(err).message}` });
      }
    }),
  );
  const order = (r: AllowanceRow) => `${args.wallets.findIndex((w) => w.address.toLowerCase() === r.wallet.toLowerCase()).toString().padStart(6, '0')}|${r.vaultName}|${r.token.role}|${r.spender.role}`;
  rows.sort((a, b) => (order(a) < order(b) ? -1 : order(a) > order(b) ? 1 : 0));
  return { rows, failures, readAt: (args.now?.() ?? new Date()).toISOString() };
}
