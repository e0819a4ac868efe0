import type { ResourceItem } from '../../../shared/service';
import { WHOLE_CATALOG, type ServiceCatalog } from '../catalog/catalog';
import type { ServiceClient } from '../service-client';

export interface ReferenceData {
  /** Every vault the service lists, PUBLIC or not: screens show the public ones and count the rest. */
  vaults: ResourceItem<'vaults'>[];
  tokens: ResourceItem<'tokens'>[];
  chains: ResourceItem<'chains'>[];
  operators: ResourceItem<'operators'>[];
  categories: ResourceItem<'vaultCategories'>[];
  types: ResourceItem<'vaultTypes'>[];
  campaigns: ResourceItem<'campaigns'>[];
  fetchedAtMs: number;
}

interface InsightLists {
  operators: ResourceItem<'operators'>[];
  campaigns: ResourceItem<'campaigns'>[];
  fetchedAtMs: number;
}

/**
 * The records the campaigns, operators and performance screens join on: the console's catalog
 * (vaults, tokens, chains, categories, types) and, kept here for as long, the operators and the
 * campaigns, one paged list request each, shared by all those screens. A refresh the operator asks
 * for reads them all again.
 */
export class ReferenceDataCache {
  private cached: InsightLists | null = null;
  private inFlight: Promise<InsightLists> | null = null;

  /** `catalog`: the service graph's (`createServiceGraph`), which every reader shares. */
  constructor(
    private readonly catalog: ServiceCatalog,
    private readonly ttlMs = 5 * 60_000,
  ) {}

  /** Forgets the operators and campaigns (the catalog has its own reset). */
  reset(): void {
    this.cached = null;
    this.inFlight = null;
  }

  async get(client: ServiceClient, options: { force?: boolean; now?: number } = {}): Promise<ReferenceData> {
    const [catalog, lists] = await Promise.all([this.catalog.read(client, WHOLE_CATALOG, options), this.insightLists(client, options)]);
    return {
      vaults: catalog.vaults,
      tokens: catalog.tokens,
      chains: catalog.chains,
      categories: catalog.vaultCategories,
      types: catalog.vaultTypes,
      operators: lists.operators,
      campaigns: lists.campaigns,
      fetchedAtMs: Math.min(catalog.fetchedAtMs, lists.fetchedAtMs),
    };
  }

  private async insightLists(client: ServiceClient, options: { force?: boolean; now?: number }): Promise<InsightLists> {
    const now = options.now ?? Date.now();
    if (!options.force && this.cached && now - this.cached.fetchedAtMs < this.ttlMs) return this.cached;
    // Screens opened together share one read instead of each starting their own.
    if (this.inFlight) return this.inFlight;
    // Campaigns need a key (the Campaigns screen says so); without one the other screens go without them.
    const reading = Promise.all([client.listAll('operators'), client.keyless ? [] : client.listAll('campaigns')]).then(([operators, campaigns]) => ({ operators, campaigns, fetchedAtMs: now }));
    this.inFlight = reading;
    try {
      const data = await reading;
      if (this.inFlight === reading) this.cached = data;
      return data;
    } finally {
      if (this.inFlight === reading) this.inFlight = null;
    }
  }
}
