import type { ResourceItem } from '../../../shared/service';
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

/**
 * The slowly changing records the campaigns, operators and performance screens join on: one
 * paged list request per resource, shared by all of them and kept for a few minutes. A refresh the
 * operator asks for reads them again.
 */
export class ReferenceDataCache {
  private cached: ReferenceData | null = null;
  private inFlight: Promise<ReferenceData> | null = null;

  constructor(private readonly ttlMs = 5 * 60_000) {}

  reset(): void {
    this.cached = null;
    this.inFlight = null;
  }

  async get(client: ServiceClient, options: { force?: boolean; now?: number } = {}): Promise<ReferenceData> {
    const now = options.now ?? Date.now();
    if (!options.force && this.cached && now - this.cached.fetchedAtMs < this.ttlMs) return this.cached;
    // Screens opened together share one read instead of each starting their own.
    if (this.inFlight) return this.inFlight;
    const reading = (async () => {
      const [vaults, tokens, chains, operators, categories, types, campaigns] = await Promise.all([
        client.listAll('vaults'),
        client.listAll('tokens'),
        client.listAll('chains'),
        client.listAll('operators'),
        client.listAll('vaultCategories'),
        client.listAll('vaultTypes'),
        client.listAll('campaigns'),
      ]);
      return { vaults, tokens, chains, operators, categories, types, campaigns, fetchedAtMs: Date.now() };
    })();
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
