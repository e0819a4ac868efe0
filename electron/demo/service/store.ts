import type {
  Campaign,
  Chain,
  Operator,
  Position,
  SignatureDefinition,
  Token,
  TokenBlock,
  Transaction,
  Vault,
  VaultBlock,
  VaultCategory,
  VaultEpoch,
  VaultPerformance,
  VaultRequest,
  VaultType,
} from './records';
import type { SimResourceName } from './resources';

/**
 * The simulated service's data: plain in-memory collections of records keyed by `_id`, in
 * insertion order. The dataset generator fills them; the chain indexer updates them as the local
 * chain moves (new vault blocks, epochs, requests, positions, transactions); the HTTP routes only
 * read them (except the sign operation, which writes `signedMessages`).
 *
 * Rules for writers:
 * - every record has a string `_id`; `insert` refuses a duplicate, `upsert` replaces;
 * - records are served as stored, so they must be what the spec describes (`records/`;
 *   `validateStore` checks the whole store);
 * - a vault's latest block is the block with the highest `block.number` among its vault blocks, and
 *   it is served with the vault's open requests (status other than CLAIMED) attached;
 * - wallet addresses are stored checksummed; lookups compare them case-insensitively;
 * - positions are keyed `positionKey(vaultId, walletAddress)`.
 */

export type WithId<T> = T & { _id: string };

interface CampaignPointsRecord {
  _id: string;
  campaignId: string;
  walletAddress: string;
  points: number;
  perDay: number;
  multiplier: number;
}

interface SignedMessageRecord {
  _id: string;
  signatureId: string;
  walletAddress: string;
  /** The signature hex. */
  hash: string;
  signedOn: string;
}

export type PositionRecord = Position & { _id: string; vaultId: string; walletAddress: string };
export type VaultRequestRecord = WithId<VaultRequest>;
type IntegrationsRecord = { _id: string } & Record<string, unknown>;
interface WalletRecord {
  _id: string;
  address: string;
}

export class Collection<T extends { _id: string }> {
  private readonly byId = new Map<string, T>();

  /** All records, in insertion order. The array is a snapshot: mutate through the methods. */
  all(): T[] {
    return [...this.byId.values()];
  }

  /** Iterates without copying. */
  values(): IterableIterator<T> {
    return this.byId.values();
  }

  get size(): number {
    return this.byId.size;
  }

  get(id: string): T | undefined {
    return this.byId.get(id);
  }

  has(id: string): boolean {
    return this.byId.has(id);
  }

  insert(record: T): T {
    if (this.byId.has(record._id)) throw new Error(`duplicate _id ${record._id}`);
    this.byId.set(record._id, record);
    return record;
  }

  insertMany(records: Iterable<T>): void {
    for (const record of records) this.insert(record);
  }

  /** Inserts or replaces (a replaced record keeps its place in the order). */
  upsert(record: T): T {
    this.byId.set(record._id, record);
    return record;
  }

  /** Shallow-merges `patch` into the record; throws when the id is unknown. */
  update(id: string, patch: Partial<T>): T {
    const current = this.byId.get(id);
    if (!current) throw new Error(`unknown _id ${id}`);
    const next = { ...current, ...patch, _id: id } as T;
    this.byId.set(id, next);
    return next;
  }

  remove(id: string): boolean {
    return this.byId.delete(id);
  }

  find(predicate: (record: T) => boolean): T | undefined {
    for (const record of this.byId.values()) if (predicate(record)) return record;
    return undefined;
  }

  filter(predicate: (record: T) => boolean): T[] {
    const out: T[] = [];
    for (const record of this.byId.values()) if (predicate(record)) out.push(record);
    return out;
  }

  clear(): void {
    this.byId.clear();
  }
}

export function positionKey(vaultId: string, walletAddress: string): string {
  return `${vaultId}:${walletAddress.toLowerCase()}`;
}

export class SimStore {
  readonly chains = new Collection<WithId<Chain>>();
  readonly tokens = new Collection<WithId<Token>>();
  readonly operators = new Collection<WithId<Operator>>();
  readonly vaultCategories = new Collection<WithId<VaultCategory>>();
  readonly vaultTypes = new Collection<WithId<VaultType>>();
  readonly vaults = new Collection<WithId<Vault>>();
  readonly campaigns = new Collection<WithId<Campaign>>();
  readonly campaignPoints = new Collection<CampaignPointsRecord>();
  readonly tokenBlocks = new Collection<WithId<TokenBlock>>();
  readonly transactions = new Collection<WithId<Transaction>>();
  readonly vaultBlocks = new Collection<WithId<VaultBlock>>();
  readonly vaultEpochs = new Collection<WithId<VaultEpoch>>();
  readonly vaultPerformances = new Collection<WithId<VaultPerformance>>();
  readonly signatures = new Collection<WithId<SignatureDefinition>>();
  readonly signedMessages = new Collection<SignedMessageRecord>();
  readonly vaultRequests = new Collection<VaultRequestRecord>();
  readonly positions = new Collection<PositionRecord>();
  readonly integrations = new Collection<IntegrationsRecord>();
  /** The wallets the dataset knows (requests, positions, points and transactions refer to them). */
  readonly wallets = new Collection<WalletRecord>();

  /**
   * The collection a list resource is served from as stored, or undefined for the resources the
   * service computes (latest blocks, the performance overview).
   */
  servedCollection(name: SimResourceName): Collection<{ _id: string }> | undefined {
    const table: Partial<Record<SimResourceName, Collection<{ _id: string }>>> = {
      campaigns: this.campaigns,
      chains: this.chains,
      operators: this.operators,
      tokenBlocks: this.tokenBlocks,
      tokens: this.tokens,
      transactions: this.transactions,
      vaults: this.vaults,
      vaultBlocks: this.vaultBlocks,
      vaultCategories: this.vaultCategories,
      vaultEpochs: this.vaultEpochs,
      vaultPerformances: this.vaultPerformances,
      vaultTypes: this.vaultTypes,
      signatures: this.signatures,
      vaultRequests: this.vaultRequests,
    };
    return table[name];
  }

  /** The vault block with the highest block number, without requests attached. */
  latestVaultBlock(vaultId: string): WithId<VaultBlock> | undefined {
    let latest: WithId<VaultBlock> | undefined;
    for (const block of this.vaultBlocks.values()) {
      if (block.vaultId !== vaultId) continue;
      if (!latest || block.block.number > latest.block.number) latest = block;
    }
    return latest;
  }

  /** Requests of a vault that still need something from the lender (anything but CLAIMED). */
  openRequests(vaultId: string): VaultRequestRecord[] {
    return this.vaultRequests.filter((r) => r.vaultId === vaultId && r.status !== 'CLAIMED');
  }

  position(vaultId: string, walletAddress: string): PositionRecord | undefined {
    return this.positions.get(positionKey(vaultId, walletAddress));
  }

  /** The latest performance entry of a vault. */
  latestPerformance(vaultId: string): WithId<VaultPerformance> | undefined {
    let latest: WithId<VaultPerformance> | undefined;
    for (const perf of this.vaultPerformances.values()) {
      if (perf.vaultId !== vaultId) continue;
      if (!latest || (perf.block?.number ?? 0) >= (latest.block?.number ?? 0)) latest = perf;
    }
    return latest;
  }
}
