import type { VaultEpoch } from '../service/records';
import type { ChainClient } from '../chain';
import type { WithId } from '../service/store';
import type { CycleLog } from './activity';
import type { IndexedVault } from './local-catalog';
import { isoOf, objectIdOf } from './ids';
import { epochStateOf, readVaultSnapshot, type VaultSnapshot } from './vaultBlock';

export const epochIdOf = (indexed: IndexedVault, count: bigint | number): string =>
  objectIdOf('epoch', indexed.chainId, indexed.deployment.epochVault, count);

/** Snapshot taken in the block that started the epoch (parameters, APRs, queue totals). */
interface EpochFacts {
  count: number;
  start: CycleLog;
  end?: CycleLog;
  snapshot: VaultSnapshot;
}

/**
 * One record per started epoch (1-based `count`): RUNNING while it runs, CLOSED once stopped,
 * DEFAULTED when the borrower failed during it. Dates are the real start and stop times.
 */
export async function buildEpochs(
  client: ChainClient,
  indexed: IndexedVault,
  cycle: CycleLog[],
  snapshotAt: (blockNumber: bigint) => Promise<VaultSnapshot> = (blockNumber) => readVaultSnapshot(client, indexed, blockNumber),
): Promise<EpochFacts[]> {
  const facts: EpochFacts[] = [];
  let count = 0;
  for (const [i, log] of cycle.entries()) {
    if (log.kind !== 'start') continue;
    count += 1;
    const end = cycle.slice(i + 1).find((c) => c.kind !== 'start');
    const snapshot = await snapshotAt(log.blockNumber);
    facts.push({ count, start: log, ...(end ? { end } : {}), snapshot });
  }
  return facts;
}

export function toEpochRecord(indexed: IndexedVault, f: EpochFacts): WithId<VaultEpoch> {
  const state = epochStateOf(f.snapshot);
  const status = f.end?.kind === 'default' ? 'DEFAULTED' : f.end?.kind === 'stop' ? 'CLOSED' : 'RUNNING';
  return {
    ...state,
    _id: epochIdOf(indexed, f.count),
    vaultId: indexed.vaultId,
    count: f.count,
    status,
    startDate: isoOf(f.start.timestamp),
    endDate: isoOf(f.end?.kind === 'stop' ? f.end.timestamp : f.snapshot.epochEndDate),
    createdAt: isoOf(f.start.timestamp),
    updatedAt: isoOf(f.end?.timestamp ?? f.start.timestamp),
    createdBy: 'local-chain',
    updatedBy: 'local-chain',
  };
}
