import type { TokenBlock, VaultBlock, VaultPerformance } from '../service/records';
import type { PositionRecord, WithId } from '../service/store';
import type { CycleLog } from './activity';
import type { IndexedVault } from './local-catalog';
import { isoOf, objectIdOf } from './ids';

/**
 * The vault's performance at its latest block: age since the first epoch started, holders (wallets
 * holding tranche tokens), the net APY, and the holders' unrealized earnings.
 */
export function toPerformanceRecord(
  indexed: IndexedVault,
  latest: WithId<VaultBlock>,
  cycle: CycleLog[],
  positions: PositionRecord[],
): WithId<VaultPerformance> {
  const now = latest.block.timestamp;
  const firstStart = cycle.find((c) => c.kind === 'start')?.timestamp;
  const age = firstStart === undefined ? 0 : Math.max(0, Math.floor((now - Number(firstStart)) / 86_400));
  const holders = positions.filter((p) => BigInt(p.balance ?? '0') > 0n).length;
  const earned = positions.reduce((s, p) => s + BigInt(p.earnings?.token ?? '0'), 0n);
  const earnedUsd = positions.reduce((s, p) => s + BigInt(p.earnings?.USD ?? '0'), 0n);
  const tvl = BigInt(latest.TVL?.token ?? '0');
  const when = isoOf(now);
  return {
    _id: objectIdOf('performance', indexed.chainId, indexed.deployment.epochVault, latest.block.number),
    vaultId: indexed.vaultId,
    vaultBlockId: latest._id,
    block: latest.block,
    age,
    holders,
    realizedAPY: latest.APYs?.NET ?? 0,
    earnings: {
      token: earned.toString(),
      USD: earnedUsd.toString(),
      percentage: tvl > 0n ? Number((earned * 1_000_000n) / tvl) / 10_000 : 0,
    },
    createdAt: when,
    updatedAt: when,
    createdBy: 'local-chain',
    updatedBy: 'local-chain',
  };
}

/** Price records of the simulation's stablecoins: one dollar each, at the chain's latest block. */
export function toTokenBlockRecord(
  tokenId: string,
  chainRecordId: string,
  block: { number: number; timestamp: number },
  totalSupply: bigint,
): WithId<TokenBlock> {
  const when = isoOf(block.timestamp);
  return {
    _id: objectIdOf('token-block', tokenId, block.number),
    tokenId,
    chainId: chainRecordId,
    block,
    price: '1000000',
    totalSupply: totalSupply.toString(),
    createdAt: when,
    updatedAt: when,
    createdBy: 'local-chain',
    updatedBy: 'local-chain',
  };
}
