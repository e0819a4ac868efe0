import type { ChainClient, ProtocolDeployment } from '../chain';
import type { SimStore } from '../service/store';
import type { Hash } from 'viem';
import { erc20Abi } from 'viem';
import { readVaultActivity, type VaultAction } from './activity';
import { registerLocalCatalog, type IndexedVault } from './local-catalog';
import { buildEpochs, toEpochRecord } from './epochs';
import { isoOf, objectIdOf } from './ids';
import { buildPositions } from './positions';
import { registerLocalPrograms, updateLocalCampaignPoints } from './programs';
import { buildRequests, toRequestRecord, type RedeemKind } from './requests';
import { toPerformanceRecord, toTokenBlockRecord } from './performance';
import { buildTransactions } from './transactions';
import { readVaultSnapshot, toVaultBlockRecord, type VaultSnapshot } from './vaultBlock';
import { createServicePublisher, type IndexedPass, type ServiceLag, type ServicePublisher, type VaultRecords } from './publish';

interface IndexerChain {
  client: ChainClient;
  deployment: ProtocolDeployment;
}

export interface IndexStats {
  vaults: number;
  requests: number;
  vaultBlocks: number;
  epochs: number;
  positions: number;
  transactions: number;
  ms: number;
}

export interface ChainIndexer {
  readonly vaults: IndexedVault[];
  /** When what is read becomes the service's records. */
  readonly publisher: ServicePublisher;
  /** Re-reads every vault and hands its derived records to the publisher (which writes them by the lag). */
  refresh(): Promise<IndexStats>;
  /** Refreshes every `intervalMs` (and never two at once); returns the stop function. */
  watch(intervalMs: number, onError?: (error: unknown) => void): () => void;
  /** Drops the reads not written yet. */
  close(): void;
}

interface ChainIndexerOptions {
  /** When the service records what the chain did (default: snapshots, like the real service). */
  serviceLag?: ServiceLag;
}

/**
 * Feeds the simulated service from the local chains: the catalog records once, then on every
 * refresh the vault blocks (one per epoch start and stop, and the latest), epochs, requests with
 * their statuses, positions and transactions, all rebuilt from contract reads and `Transfer` events,
 * and handed to the publisher, which writes them when the service lag says (`publish.ts`).
 */
export async function createChainIndexer(store: SimStore, chains: IndexerChain[], options: ChainIndexerOptions = {}): Promise<ChainIndexer> {
  const publisher = createServicePublisher(store, options.serviceLag);
  const genesis = await chains[0]!.client.publicClient.getBlock({ blockNumber: 0n });
  const vaults = registerLocalCatalog(
    store,
    chains.map((c) => ({ chainId: c.client.chainId, rpcUrl: c.client.rpcUrl, deployment: c.deployment })),
    isoOf(genesis.timestamp),
  );
  registerLocalPrograms(store, vaults, isoOf(genesis.timestamp), Date.now());
  const clientOf = new Map(chains.map((c) => [c.client.chainId, c.client]));
  const timestamps = new Map<string, bigint>();
  const snapshots = new Map<string, VaultSnapshot>();
  // The caches hold facts about mined blocks; a chain reverted to a snapshot (evm_revert) has
  // other blocks under the same numbers, so the caches are dropped when the last seen block changed.
  const lastSeen = new Map<number, { number: bigint; hash: string }>();
  async function forgetIfRewound(chainId: number, client: ChainClient): Promise<void> {
    const seen = lastSeen.get(chainId);
    const latest = await client.publicClient.getBlock({ blockTag: 'latest' });
    if (seen) {
      const again = seen.number <= latest.number ? await client.publicClient.getBlock({ blockNumber: seen.number }) : undefined;
      if (again?.hash !== seen.hash) {
        timestamps.clear();
        snapshots.clear();
        decoded.clear();
        kindByTx.clear();
        publisher.reset();
      }
    }
    lastSeen.set(chainId, { number: latest.number, hash: latest.hash });
  }
  // Facts about mined transactions never change: decoded once, kept across refreshes.
  const decoded = new Map<string, Map<Hash, VaultAction | null>>();
  const kindByTx = new Map<string, Map<Hash, RedeemKind>>();
  const perVault = <T>(maps: Map<string, Map<Hash, T>>, vaultId: string): Map<Hash, T> => {
    let map = maps.get(vaultId);
    if (!map) maps.set(vaultId, (map = new Map()));
    return map;
  };

  async function indexVault(indexed: IndexedVault): Promise<VaultRecords> {
    const client = clientOf.get(indexed.chainId)!;
    const blockTimestamp = async (blockNumber: bigint): Promise<bigint> => {
      const key = `${indexed.chainId}:${blockNumber}`;
      let t = timestamps.get(key);
      if (t === undefined) {
        t = (await client.publicClient.getBlock({ blockNumber })).timestamp;
        timestamps.set(key, t);
      }
      return t;
    };
    const head = await client.publicClient.getBlockNumber();
    await forgetIfRewound(indexed.chainId, client);
    const activity = await readVaultActivity(client, indexed.deployment, blockTimestamp, head, perVault(decoded, indexed.vaultId));
    const requests = await buildRequests(client, indexed, activity, perVault(kindByTx, indexed.vaultId));
    const latest = await readVaultSnapshot(client, indexed, head);
    // Past blocks never change: their snapshots are read once.
    const snapshotAt = async (blockNumber: bigint) => {
      const key = `${indexed.vaultId}:${blockNumber}`;
      let snapshot = snapshots.get(key);
      if (!snapshot) {
        snapshot = await readVaultSnapshot(client, indexed, blockNumber);
        snapshots.set(key, snapshot);
      }
      return snapshot;
    };
    const epochs = await buildEpochs(client, indexed, activity.cycle, snapshotAt);

    const blockRecords = [];
    for (const log of activity.cycle) {
      if (log.blockNumber === head) continue;
      blockRecords.push(toVaultBlockRecord(indexed, await snapshotAt(log.blockNumber)));
    }
    const latestRecord = toVaultBlockRecord(indexed, latest, requests);
    blockRecords.push(latestRecord);
    const positions = await buildPositions(client, indexed, activity, requests, latest, latestRecord.APYs?.NET ?? 0);
    const transactions = buildTransactions(indexed, activity);
    const performance = toPerformanceRecord(indexed, latestRecord, activity.cycle, positions);

    return {
      vaultId: indexed.vaultId,
      chainId: indexed.chainId,
      chainTime: latest.timestamp,
      // Every decoded transaction and cycle event is activity; the last one's block tells a changed history.
      activity: `${activity.actions.length}:${activity.cycle.length}:${activity.actions.at(-1)?.hash ?? ''}:${activity.cycle.at(-1)?.blockNumber ?? ''}`,
      blocks: blockRecords,
      epochs: epochs.map((f) => toEpochRecord(indexed, f)),
      requests: requests.map((r) => toRequestRecord(indexed, r)),
      positions,
      transactions,
      performances: [performance],
    };
  }

  /**
   * The chains' heads, read before a pass reads the vaults: a block mined while the pass runs
   * makes the next pass's heads differ, so what it brings is never taken for a read already had.
   */
  async function readHeads(): Promise<string> {
    const heads = await Promise.all(chains.map(async ({ client }) => {
      const block = await client.publicClient.getBlock({ blockTag: 'latest' });
      return `${client.chainId}:${block.number}:${block.hash}`;
    }));
    return heads.join(',');
  }

  /** Latest price record per underlying token. */
  async function readTokenPrices(): Promise<IndexedPass['tokens']> {
    const tokens: IndexedPass['tokens'] = [];
    for (const { client, deployment } of chains) {
      const block = await client.publicClient.getBlock({ blockTag: 'latest' });
      const ref = { number: Number(block.number), timestamp: Number(block.timestamp) };
      const chainRecordId = objectIdOf('chain', client.chainId);
      for (const token of Object.values(deployment.tokens)) {
        const tokenId = objectIdOf('token', client.chainId, token.address);
        const totalSupply = await client.publicClient.readContract({ address: token.address, abi: erc20Abi, functionName: 'totalSupply' });
        tokens.push({ tokenId, chainId: client.chainId, chainTime: block.timestamp, record: toTokenBlockRecord(tokenId, chainRecordId, ref, totalSupply) });
      }
    }
    return tokens;
  }

  let running: Promise<IndexStats> | undefined;
  const indexer: ChainIndexer = {
    vaults,
    publisher,
    refresh() {
      // A refresh asked for while one runs waits for it and then runs again (the chain moved).
      const previous = running ?? Promise.resolve(undefined);
      const next = previous.then(async () => {
        const started = performance.now();
        const heads = await readHeads();
        // A chain reverted to a snapshot while it was read (tests do that between cases) loses the
        // blocks this pass had seen: read it once more from its new head.
        const parts = await Promise.all(vaults.map((v) => indexVault(v))).catch((error: unknown) => {
          if ((error as { name?: string } | null)?.name !== 'BlockNotFoundError') throw error;
          return Promise.all(vaults.map((v) => indexVault(v)));
        });
        publisher.offer({ vaults: parts, tokens: await readTokenPrices(), heads });
        updateLocalCampaignPoints(store, vaults, Date.now());
        const sum = (k: 'requests' | 'blocks' | 'epochs' | 'positions' | 'transactions') => parts.reduce((s, p) => s + p[k].length, 0);
        return {
          vaults: vaults.length,
          requests: sum('requests'),
          vaultBlocks: sum('blocks'),
          epochs: sum('epochs'),
          positions: sum('positions'),
          transactions: sum('transactions'),
          ms: performance.now() - started,
        };
      });
      running = next.catch(() => undefined as never);
      return next;
    },
    watch(intervalMs, onError) {
      let busy = false;
      const timer = setInterval(() => {
        if (busy) return;
        busy = true;
        indexer
          .refresh()
          .catch((error: unknown) => onError?.(error))
          .finally(() => {
            busy = false;
          });
      }, intervalMs);
      timer.unref();
      return () => clearInterval(timer);
    },
    close() {
      publisher.close();
    },
  };
  return indexer;
}
