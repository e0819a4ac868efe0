import { isKnownValue, type ResourceItem } from '../../../shared/service';
import type { ServiceClient } from '../service-client';

/** The slowly changing lists the console joins everything else on. */
export type CatalogResource = 'vaults' | 'tokens' | 'chains' | 'vaultCategories' | 'vaultTypes';

/** What most readers need: vaults with their tokens and chains. */
export const VAULTS_TOKENS_CHAINS = ['vaults', 'tokens', 'chains'] as const satisfies readonly CatalogResource[];
/** Every list of the catalog (the vault list's filters need the categories and types too). */
export const WHOLE_CATALOG = [...VAULTS_TOKENS_CHAINS, 'vaultCategories', 'vaultTypes'] as const satisfies readonly CatalogResource[];

/** Every record of the lists asked for, vaults of every visibility; readers keep the PUBLIC ones where the spec says so. */
export type CatalogLists<R extends CatalogResource> = { [K in R]: ResourceItem<K>[] } & {
  /** When the oldest of these lists was read. */
  fetchedAtMs: number;
};

interface CatalogReadOptions {
  /** Read again now, whatever the cache holds (an explicit refresh). */
  force?: boolean;
  now?: number;
}

export const CATALOG_TTL_MS = 5 * 60_000;

interface Entry {
  client: ServiceClient;
  atMs: number;
  records: Promise<unknown[]>;
}

/**
 * The one reader of the service's catalog: vaults, tokens, chains, vault categories and types.
 * Each list is read with every page, once, and kept for CATALOG_TTL_MS; the portfolio, the
 * transaction history, the insight screens, the vault list and the chain pool all ask here, so
 * screens opened together share one read. A list is read only when someone asks for it (the
 * portfolio never needs the categories). `invalidate` forgets everything: the console calls it when
 * it changes mode or service, and a list read from another client is never served.
 */
export class ServiceCatalog {
  private readonly entries = new Map<CatalogResource, Entry>();

  /**
   * `keylessChains`: where the chain records come from for a client without a key, which the
   * service does not give them to (they are not among its public routes): built from the vaults.
   */
  constructor(
    private readonly ttlMs = CATALOG_TTL_MS,
    private readonly keylessChains: KeylessChains | null = null,
  ) {}

  invalidate(): void {
    this.entries.clear();
  }

  /** Forgets one list: a key-less console's chains after the operator's RPCs changed. */
  forget(resource: CatalogResource): void {
    this.entries.delete(resource);
  }

  async read<const R extends CatalogResource>(
    client: ServiceClient,
    resources: readonly R[],
    options: CatalogReadOptions = {},
  ): Promise<CatalogLists<R>> {
    const now = options.now ?? Date.now();
    const picked = resources.map((resource) => [resource, this.entry(client, resource, now, options.force === true)] as const);
    const out: Record<string, unknown> = {};
    let fetchedAtMs = now;
    for (const [resource, entry] of picked) {
      out[resource] = await entry.records;
      fetchedAtMs = Math.min(fetchedAtMs, entry.atMs);
    }
    return { ...out, fetchedAtMs } as CatalogLists<R>;
  }

  /** The service's chain records as the chain pool asks for them, from whichever service is current. */
  chainRecords(service: () => Promise<ServiceClient>): () => Promise<ResourceItem<'chains'>[]> {
    return async () => (await this.read(await service(), ['chains'])).chains;
  }

  /**
   * A list as the service gives it. Without a key it gives no chains, categories or types (they are
   * not among its public routes): the chains are found through the operator's RPCs when the catalog
   * was given `keylessChains`, and the vault list goes without categories and types.
   */
  private records(client: ServiceClient, resource: CatalogResource, now: number): Promise<unknown[]> {
    if (!client.keyless || resource === 'vaults' || resource === 'tokens') return client.listAll(resource);
    const chains = this.keylessChains;
    if (resource === 'chains' && chains) return this.read(client, ['vaults'], { now }).then(({ vaults }) => chains(vaults));
    return Promise.resolve([]);
  }

  private entry(client: ServiceClient, resource: CatalogResource, now: number, force: boolean): Entry {
    const held = this.entries.get(resource);
    if (!force && held && held.client === client && now - held.atMs < this.ttlMs) return held;
    const entry: Entry = { client, atMs: now, records: this.records(client, resource, now) };
    this.entries.set(resource, entry);
    // A failed read is not kept: the next reader asks the service again.
    entry.records.catch(() => {
      if (this.entries.get(resource) === entry) this.entries.delete(resource);
    });
    return entry;
  }
}

/** The chain records of a key-less console, found from the public vaults (see `chains-from-rpcs.ts`). */
export type KeylessChains = (vaults: readonly ResourceItem<'vaults'>[]) => Promise<ResourceItem<'chains'>[]>;

/** Lookups by id over catalog lists: the one join every reader makes. */
export interface CatalogIndex {
  vault(id: string | null | undefined): ResourceItem<'vaults'> | undefined;
  token(id: string | null | undefined): ResourceItem<'tokens'> | undefined;
  chain(id: string | null | undefined): ResourceItem<'chains'> | undefined;
  category(id: string | null | undefined): ResourceItem<'vaultCategories'> | undefined;
  type(id: string | null | undefined): ResourceItem<'vaultTypes'> | undefined;
}

export function indexCatalog(lists: Partial<CatalogLists<CatalogResource>>): CatalogIndex {
  const lookup = <T extends { _id: string }>(items: T[] | undefined) => {
    const byId = new Map((items ?? []).map((i) => [i._id, i]));
    return (id: string | null | undefined) => (id ? byId.get(id) : undefined);
  };
  return {
    vault: lookup(lists.vaults),
    token: lookup(lists.tokens),
    chain: lookup(lists.chains),
    category: lookup(lists.vaultCategories),
    type: lookup(lists.vaultTypes),
  };
}

/**
 * The spec's rule for end users: the console shows PUBLIC vaults, and leaves out those the service
 * says are RESTRICTED or HIDDEN. A visibility added after the spec (say "PRIVATE") is kept: the
 * value is open, and an unknown word must not make lenders' positions in that vault vanish.
 */
export const publicVaults = (vaults: readonly ResourceItem<'vaults'>[]): ResourceItem<'vaults'>[] =>
  vaults.filter((v) => v.visibility === 'PUBLIC' || !isKnownValue('vaultVisibility', v.visibility));
