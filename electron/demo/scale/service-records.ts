import { erc20Abi } from 'viem';
import type { ChainClient } from '../chain';
import type { IndexedVault } from '../indexer/local-catalog';
import { usdOf } from '../indexer/ids';
import { positionKey, type PositionRecord, type SimStore } from '../service/store';
import type { PooledDeposits } from './seed';

const ONE = 10n ** 18n;

/**
 * Gives the simulated service the position records of the deposits the pool made (see
 * `seedScenarioAtScale`), in place of the pool's own: the indexer builds positions from
 * transactions, and these deposits were one transaction for many wallets. Each record is what the
 * indexer writes for a wallet whose only action in the vault is a direct deposit.
 */
export async function recordPooledPositions(
  store: SimStore,
  vaults: readonly IndexedVault[],
  pooled: readonly PooledDeposits[],
  clients: ReadonlyMap<number, ChainClient>,
): Promise<number> {
  let written = 0;
  for (const p of pooled) {
    const indexed = vaults.find((v) => v.chainId === p.chainId && v.deployment.epochVault === p.epochVault);
    if (!indexed) continue;
    const poolRecord = store.positions.get(positionKey(indexed.vaultId, p.pool));
    if (!poolRecord) continue;
    const client = clients.get(p.chainId)!;
    const totalSupply = await client.publicClient.readContract({ address: p.tranche, abi: erc20Abi, functionName: 'totalSupply' });
    const decimals = indexed.deployment.token.decimals;
    const pair = (x: bigint) => ({ token: x.toString(), USD: usdOf(x, decimals) });
    const price = BigInt(poolRecord.vaultPrice ?? 0);
    store.positions.remove(poolRecord._id);
    for (const d of p.deposits) {
      const redeemable = (d.minted * price) / ONE;
      const earnings = redeemable - d.amount;
      const record: PositionRecord = {
        ...poolRecord,
        _id: positionKey(indexed.vaultId, d.wallet),
        walletAddress: d.wallet,
        deposits: pair(d.amount),
        redeemable: pair(redeemable),
        pendingDeposits: pair(0n),
        pendingWithdraws: pair(0n),
        earnings: { ...pair(earnings), percentage: d.amount > 0n ? Number((earnings * 1_000_000n) / d.amount) / 10_000 : 0 },
        poolSharePercentage: totalSupply > 0n ? Number((d.minted * 100_000_000n) / totalSupply) / 1_000_000 : 0,
        balance: d.minted.toString(),
      };
      store.positions.upsert(record);
      const id = d.wallet.toLowerCase();
      if (!store.wallets.has(id)) store.wallets.insert({ _id: id, address: d.wallet });
      written++;
    }
  }
  return written;
}
