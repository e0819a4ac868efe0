import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createServiceClient, type ServiceClient } from '../../../electron/services/service-client';
import { startSimService, type SimService } from '../../../electron/demo/service';
import { ServiceCatalog, VAULTS_TOKENS_CHAINS } from '../../../electron/services/catalog/catalog';
import { loadEpochHistory, loadVaultList } from '../../../electron/services/catalog/vault-views';
import { ReferenceDataCache } from '../../../electron/services/insights/reference-data';
import { indexReference } from '../../../electron/services/insights/views';
import { performanceOverview, vaultPerformance } from '../../../electron/services/insights/performance';
import { latestPrices, priceHistory } from '../../../electron/services/insights/prices';
import { TransactionHistory } from '../../../electron/services/transactions/history';
import { openRequestsQuery } from '../../../electron/services/portfolio/portfolio';
import { RESOURCES, toSearchParams, type FilterTable, type ListQuery, type ResourceName } from '../../../shared/service';
import { OFFICIAL_QUERIES, type OfficialParam } from './official-query-schemas';

/**
 * Every query the console's client can build is one the protocol's service takes: its query
 * schemas (`official-query-schemas.ts`, transcribed from the protocol's client) allow no other
 * parameter, so anything else is a 400 there or, on a lenient server, a whole history paged.
 */

/** The route pattern of a path (`/v1/vaults/abc/position` → `/v1/vaults/:id/position`), or null. */
function routeOf(path: string): string | null {
  if (path in OFFICIAL_QUERIES) return path;
  const generic = path.replace(/^(\/v1\/[a-z-]+)\/[^/]+(\/[a-z-]+)?$/, (_m, base: string, tail: string | undefined) => `${base}/:id${tail ?? ''}`);
  return generic in OFFICIAL_QUERIES ? generic : null;
}

function valueProblems(name: string, param: OfficialParam, raw: string): string[] {
  if (param.type === 'array') {
    const items = raw.split(',');
    const out: string[] = [];
    if (param.minItems !== undefined && items.length < param.minItems) out.push(`${name}: fewer than ${param.minItems} values`);
    if (param.maxItems !== undefined && items.length > param.maxItems) out.push(`${name}: more than ${param.maxItems} values`);
    for (const item of items) out.push(...valueProblems(name, param.items ?? {}, item));
    return out;
  }
  if ((param.type === 'number' || param.type === 'integer') && !/^-?\d+(\.\d+)?$/.test(raw)) return [`${name}: '${raw}' is not a number`];
  if (param.type === 'integer' && !/^-?\d+$/.test(raw)) return [`${name}: '${raw}' is not an integer`];
  if (param.minimum !== undefined && Number(raw) < param.minimum) return [`${name}: ${raw} below ${param.minimum}`];
  if (param.maximum !== undefined && Number(raw) > param.maximum) return [`${name}: ${raw} above ${param.maximum}`];
  if (param.enum && !param.enum.includes(raw)) return [`${name}: '${raw}' is not one of ${param.enum.join('|')}`];
  if (param.pattern && !new RegExp(param.pattern).test(raw)) return [`${name}: '${raw}' does not match ${param.pattern}`];
  return [];
}

/** What the protocol's query schema of this URL's route refuses (empty when it takes the query). */
function officialProblems(url: URL): string[] {
  const route = routeOf(url.pathname);
  const keys = [...new Set(url.searchParams.keys())];
  if (route === null) return keys.length === 0 ? [] : [`${url.pathname}: no official query schema takes ${keys.join(', ')}`];
  const schema = OFFICIAL_QUERIES[route]!;
  return keys.flatMap((key) => {
    const param = schema[key];
    if (!param) return [`${route}: '${key}' is not in the official schema`];
    if (url.searchParams.getAll(key).length > 1) return [`${route}: '${key}' given twice`];
    return valueProblems(`${route} ${key}`, param, url.searchParams.get(key)!);
  });
}

/** A value the official schema takes for a parameter (an id, an address, a date, an enum value…), or a plain word. */
function sample(param: OfficialParam | undefined): string {
  const p = param?.type === 'array' ? (param.items ?? {}) : (param ?? {});
  if (p.enum) return p.enum[0]!;
  if (p.pattern?.includes('a-f0-9]{24}')) return '0123456789abcdef01234567';
  if (p.pattern?.includes('0x')) return `0x${'ab'.repeat(20)}`;
  if (p.pattern?.includes('T')) return '2026-01-01T00:00:00.000Z';
  if (p.type === 'number' || p.type === 'integer') return '1';
  return 'x';
}

/** One query per form of each filter a resource declares (plain, list, each operator), and one per sort field. */
function declaredQueries(resource: ResourceName): ListQuery[] {
  const def = RESOURCES[resource];
  const official = OFFICIAL_QUERIES[def.path] ?? {};
  const queries: ListQuery[] = [];
  for (const [field, spec] of Object.entries(def.filters as FilterTable)) {
    const value = sample(official[field]);
    if (spec.eq === 'one') queries.push({ filter: { [field]: value } });
    if (spec.eq === 'list') queries.push({ filter: { [field]: [value, value] } });
    for (const op of spec.ops ?? []) queries.push({ filter: { [field]: { [op]: sample(official[`${field}:${op}`]) } } });
  }
  for (const sort of def.sorts) queries.push({ sort, order: 'desc', limit: 200, offset: 0 });
  return queries;
}

describe('the queries the console builds, against the protocol’s query schemas', () => {
  it('declares per resource exactly the filters and sorts of its official schema', () => {
    const problems: string[] = [];
    for (const resource of Object.keys(RESOURCES) as ResourceName[]) {
      const path = RESOURCES[resource].path;
      if (!(path in OFFICIAL_QUERIES)) problems.push(`${resource}: no official schema for ${path}`);
      for (const query of declaredQueries(resource)) {
        problems.push(...officialProblems(new URL(`https://svc.test${path}?${toSearchParams(query).toString()}`)));
      }
    }
    expect(problems).toEqual([]);
  });

  describe('every read service, driven over the demo service', () => {
    let sim: SimService;
    const asked: URL[] = [];
    let client: ServiceClient;

    beforeAll(async () => {
      sim = await startSimService({ seed: 5, wallets: 30, now: Date.UTC(2026, 10, 20) });
      const recording = ((input: string | URL | Request, init?: RequestInit) => {
        asked.push(new URL(input instanceof Request ? input.url : String(input)));
        return fetch(input, init);
      }) as typeof fetch;
      client = createServiceClient({ baseUrl: sim.url, getApiKey: async () => sim.apiKey, fetch: recording });
    });
    afterAll(() => sim.close());

    it('sends only parameters those schemas take (the demo service, as strict, answers each)', async () => {
      const catalog = new ServiceCatalog();
      const reference = await new ReferenceDataCache(catalog).get(client);
      const index = indexReference(reference);
      const vault = index.publicVaults.find((v) => v.cdoEpoch) ?? index.publicVaults[0]!;
      const wallets = [...sim.store.vaultRequests.values()].slice(0, 3).map((r) => r.walletAddress);

      // catalog and vault pages
      await catalog.read(client, VAULTS_TOKENS_CHAINS, { force: true });
      await loadVaultList(catalog, client, { force: true });
      await loadEpochHistory(client, vault._id);
      // insights: performance and prices
      await performanceOverview(client, index);
      await vaultPerformance(client, index, vault);
      await latestPrices(client, [vault.tokenId, ...index.publicVaults.map((v) => v.tokenId)]);
      await priceHistory(client, vault.tokenId);
      // portfolio: latest blocks, and the open requests of a vault whose block has none
      await client.listAllVaultLatestBlocks(index.publicVaults.map((v) => v._id));
      await client.listAll('vaultRequests', openRequestsQuery(vault._id));
      // transactions
      const history = await new TransactionHistory({ catalog }).load(
        client,
        null,
        wallets.map((address) => ({ address, label: address.slice(0, 8) })),
        { force: true },
      );
      expect(history.error).toBeNull();
      // position records
      await client.getVaultPosition(vault._id, wallets[0]!);

      expect(asked.length).toBeGreaterThan(10);
      const problems = asked.flatMap(officialProblems);
      expect(problems).toEqual([]);
    });
  });
});
