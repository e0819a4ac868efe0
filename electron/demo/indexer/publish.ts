import type { TokenBlock, Transaction, VaultBlock, VaultEpoch, VaultPerformance } from '../service/records';
import type { PositionRecord, SimStore, VaultRequestRecord, WithId } from '../service/store';

/**
 * When what the indexer reads of the chains becomes the service's records (see "Service lag" in
 * electron/demo/service/README.md):
 * - `snapshots` (the default, like the real service): a vault's records are written at its first
 *   read, then again on activity (a lender's transaction to the vault or its queues: a request, a
 *   claim, a cancel, a deposit, a redeem; an epoch start, stop or default) and once its chain's
 *   clock has moved a day since the last snapshot; between them the service keeps the last one.
 *   Token blocks are written daily by the same clock. A transfer of tranche tokens between wallets,
 *   or time passing, is seen only at the next snapshot.
 * - `delay`: everything the indexer read becomes visible `seconds` later, in the order it was read
 *   (0: as soon as it is read, within the indexer's refresh of the chain event). The first read
 *   (the world as seeded, history the service has long recorded) is written at once.
 */
export type ServiceLag = { kind: 'snapshots' } | { kind: 'delay'; seconds: number };

const SNAPSHOTS: ServiceLag = { kind: 'snapshots' };

/** The real service's cadence, in the chain's clock (the demo's: its driver jumps it a cycle at a time). */
const SNAPSHOT_EVERY_S = 86_400n;

/**
 * The longest delay: every read waiting out the lag is kept in memory, one per change of the chains
 * (at most one per refresh, every 3 s), so an hour of wall time (about 20 days of demo time) is the cap.
 */
const MAX_DELAY_S = 3_600;

/** `--service-lag`: `snapshots`, or a whole number of seconds up to `MAX_DELAY_S`. */
export function parseServiceLag(raw: string | undefined): ServiceLag {
  if (raw === undefined || raw === 'snapshots') return SNAPSHOTS;
  const seconds = Number(raw);
  if (!/^\d+$/.test(raw) || !Number.isSafeInteger(seconds) || seconds > MAX_DELAY_S) {
    throw new Error(`--service-lag must be "snapshots" or a whole number of seconds from 0 to ${MAX_DELAY_S}, got '${raw}'`);
  }
  return { kind: 'delay', seconds };
}

/** What one refresh read of one vault: every record the service derives from it. */
export interface VaultRecords {
  vaultId: string;
  chainId: number;
  /** The chain's clock at the read (its head block's timestamp). */
  chainTime: bigint;
  /** Changes whenever the vault sees activity (its decoded transactions and cycle events). */
  activity: string;
  blocks: WithId<VaultBlock>[];
  epochs: WithId<VaultEpoch>[];
  requests: VaultRequestRecord[];
  positions: PositionRecord[];
  transactions: WithId<Transaction>[];
  performances: WithId<VaultPerformance>[];
}

/** What one refresh read of the chains. */
export interface IndexedPass {
  vaults: VaultRecords[];
  /** The latest token block of each underlying, with its chain and that chain's clock. */
  tokens: { tokenId: string; chainId: number; chainTime: bigint; record: WithId<TokenBlock> }[];
  /** The chains' heads (number and hash): the same heads read the same records. */
  heads: string;
}

export interface ServicePublisher {
  readonly lag: ServiceLag;
  /** Hands over what a refresh read: written now, later, or not at all, by the lag. */
  offer(pass: IndexedPass): void;
  /** Reads not written yet (delay only). */
  pending(): number;
  /** A chain went back (a reverted snapshot): forget what was read of the old one. */
  reset(): void;
  close(): void;
}

/** Replaces the records of one vault in a collection: upserts the new ones, drops the rest. */
function replaceForVault<T extends { _id: string; vaultId?: string }>(
  collection: { filter(p: (r: T) => boolean): T[]; remove(id: string): boolean; upsert(r: T): T },
  vaultId: string,
  records: T[],
): void {
  const keep = new Set(records.map((r) => r._id));
  for (const old of collection.filter((r) => r.vaultId === vaultId)) if (!keep.has(old._id)) collection.remove(old._id);
  for (const record of records) collection.upsert(record);
}

function writeVault(store: SimStore, v: VaultRecords): void {
  replaceForVault(store.vaultBlocks, v.vaultId, v.blocks);
  replaceForVault(store.vaultEpochs, v.vaultId, v.epochs);
  replaceForVault(store.vaultRequests, v.vaultId, v.requests);
  replaceForVault(store.positions, v.vaultId, v.positions);
  replaceForVault(store.transactions, v.vaultId, v.transactions);
  replaceForVault(store.vaultPerformances, v.vaultId, v.performances);
  for (const p of v.positions) {
    const id = p.walletAddress.toLowerCase();
    if (!store.wallets.has(id)) store.wallets.insert({ _id: id, address: p.walletAddress });
  }
}

/** The latest block per token is kept alone: the previous one is replaced. */
function writeToken(store: SimStore, token: IndexedPass['tokens'][number]): void {
  for (const old of store.tokenBlocks.filter((b) => b.tokenId === token.tokenId)) store.tokenBlocks.remove(old._id);
  store.tokenBlocks.upsert(token.record);
}

export function createServicePublisher(store: SimStore, lag: ServiceLag = SNAPSHOTS): ServicePublisher {
  return lag.kind === 'snapshots' ? snapshotPublisher(store) : delayPublisher(store, lag);
}

function snapshotPublisher(store: SimStore): ServicePublisher {
  const lastVault = new Map<string, { activity: string; chainTime: bigint }>();
  const lastToken = new Map<string, bigint>();
  return {
    lag: SNAPSHOTS,
    offer(pass) {
      for (const v of pass.vaults) {
        const last = lastVault.get(v.vaultId);
        if (last && last.activity === v.activity && v.chainTime - last.chainTime < SNAPSHOT_EVERY_S) continue;
        writeVault(store, v);
        lastVault.set(v.vaultId, { activity: v.activity, chainTime: v.chainTime });
      }
      for (const t of pass.tokens) {
        const last = lastToken.get(t.tokenId);
        if (last !== undefined && t.chainTime - last < SNAPSHOT_EVERY_S) continue;
        writeToken(store, t);
        lastToken.set(t.tokenId, t.chainTime);
      }
    },
    pending: () => 0,
    reset() {
      lastVault.clear();
      lastToken.clear();
    },
    close() {},
  };
}

function delayPublisher(store: SimStore, lag: Extract<ServiceLag, { kind: 'delay' }>): ServicePublisher {
  const write = (pass: IndexedPass) => {
    for (const v of pass.vaults) writeVault(store, v);
    for (const t of pass.tokens) writeToken(store, t);
  };
  const queue: { due: number; pass: IndexedPass }[] = [];
  let lastHeads: string | undefined;
  let timer: NodeJS.Timeout | undefined;
  const release = () => {
    timer = undefined;
    while (queue.length > 0 && queue[0]!.due <= Date.now()) write(queue.shift()!.pass);
    schedule();
  };
  const schedule = () => {
    if (timer || queue.length === 0) return;
    timer = setTimeout(release, Math.max(0, queue[0]!.due - Date.now()));
    timer.unref();
  };
  return {
    lag,
    offer(pass) {
      // The world as seeded is history the service has long recorded: the first read is written at once.
      if (lag.seconds === 0 || lastHeads === undefined) {
        lastHeads = pass.heads;
        return write(pass);
      }
      // Reads of unchanged chains read the same records: only a change is queued.
      if (pass.heads === lastHeads) return;
      lastHeads = pass.heads;
      queue.push({ due: Date.now() + lag.seconds * 1000, pass });
      schedule();
    },
    pending: () => queue.length,
    reset() {
      // The reverted chain's reads are dropped; the next read is queued like any other.
      queue.length = 0;
      lastHeads = '';
    },
    close() {
      if (timer) clearTimeout(timer);
      timer = undefined;
      queue.length = 0;
    },
  };
}
