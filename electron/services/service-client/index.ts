import { z } from 'zod';
import { isAppError } from '../../../shared/errors';
import {
  CampaignPointsSchema,
  IntegrationsSchema,
  MAX_ID_LIST,
  MAX_LIMIT,
  PositionSchema,
  RawListEnvelopeSchema,
  readBlockRequests,
  readRecords,
  RESOURCES,
  SignatureCheckSchema,
  toSearchParams,
  undeclaredParameters,
  VaultLatestBlockSchema,
  VaultPerformanceOverviewSchema,
  VaultsPerformanceAggregateSchema,
  type ByIdResourceName,
  type ListEnvelope,
  type ListQuery,
  type ResourceItem,
  type ResourceName,
  type SetAsideRecord,
  type VaultLatestBlock,
  type VaultsPerformanceAggregate,
} from '../../../shared/service';
import { normaliseBaseUrl } from './base-url';
import { loopbackOnlyFetch } from './loopback-http';
import { recordFilter } from './filters';
import { DEFAULT_MAX_PAGES, walkPages } from './paging';
import { createRateLimiter } from './rate-limiter';
import { abortableSleep, createTransport, DEFAULT_RETRY, DEFAULT_TIMEOUT_MS } from './transport';

export { normaliseBaseUrl } from './base-url';
export type {    ServiceClient, ServiceClientOptions,  } from './client-types';
import type { CallOptions, PlainListQuery, Projected, ServiceClient, ServiceClientOptions } from './client-types';
export { ADD_KEY_ACTION, keyNeeded,   } from './errors';
;
export { parseRetryAfter,    } from './transport';

/**
 * The typed client of the Credit Vault Data Service. Every answer is validated with the shared
 * schemas; a failure is an `AppError` (codes in `SERVICE_CLIENT_ERROR_CODES`) that concerns that
 * call only. The filters a list asks for are applied again to what comes back, and paging checks
 * itself (see `paging.ts`), so a service that ignores a parameter costs requests, not correctness.
 */


/** HTTP requests a client has made so far, every endpoint together: what a refresh cost is the difference. */
export function requestsMade(client: ServiceClient): number {
  return Object.values(client.requestCounts()).reduce((a, b) => a + b, 0);
}

/** The page form or the aggregate form of `/v1/vaults/performances`; the page's lines are read one by one later. */
const VaultsPerformancesRawSchema = z.union([RawListEnvelopeSchema, VaultsPerformanceAggregateSchema]);

const enc = encodeURIComponent;

/** A 404 that means "this wallet has not signed", whatever else its body holds. */
const notSignedYet = (err: unknown): boolean =>
  isAppError(err) &&
  err.code === 'SERVICE_NOT_FOUND' &&
  [err.details?.serviceCode, err.details?.serviceMessage].some((said) => typeof said === 'string' && said.includes('SIGNATURE_NOT_EXISTS'));

/** Throws `SERVICE_BAD_URL` for an address that is not a URL, or is `http://` off this machine. */
export function createServiceClient(options: ServiceClientOptions): ServiceClient {
  const counts = new Map<string, number>();
  const sleep = options.sleep ?? abortableSleep;
  const rateLimiter = createRateLimiter(sleep, options.now);
  const maxPages = options.maxPages ?? DEFAULT_MAX_PAGES;
  const baseUrl = normaliseBaseUrl(options.baseUrl);
  const { protocol, hostname } = new URL(baseUrl);
  const transport = createTransport({
    baseUrl,
    getApiKey: options.getApiKey,
    ...(options.keyless ? { keyless: true } : {}),
    // Plain http only to addresses that are this machine's, checked on every request.
    fetch: protocol === 'http:' ? loopbackOnlyFetch(hostname, options.fetch, options.lookup) : (options.fetch ?? globalThis.fetch),
    timeoutMs: options.timeoutMs ?? DEFAULT_TIMEOUT_MS,
    retry: { ...DEFAULT_RETRY, ...options.retry },
    random: options.random ?? Math.random,
    sleep,
    rateLimiter,
    onAttempt: (endpoint) => counts.set(endpoint, (counts.get(endpoint) ?? 0) + 1),
  });

  const callOptions = (o?: CallOptions) => ({
    ...(o?.signal ? { signal: o.signal } : {}),
    ...(o?.timeoutMs !== undefined ? { timeoutMs: o.timeoutMs } : {}),
  });

  // Record schemas are built once per resource (a projection makes every field but `_id` optional).
  const recordSchemas = new Map<string, z.ZodType>();
  const recordSchemaOf = (resource: ResourceName, projected: boolean): z.ZodType => {
    const key = `${resource}:${projected}`;
    let schema = recordSchemas.get(key);
    if (!schema) {
      const item = RESOURCES[resource].schema as unknown as z.ZodObject;
      schema = projected ? item.partial().required({ _id: true } as never) : item;
      recordSchemas.set(key, schema);
    }
    return schema;
  };

  /** One page as the service sent it, its records not read yet. */
  function listRaw(resource: ResourceName, query: ListQuery = {}, o?: CallOptions) {
    const path = RESOURCES[resource].path;
    // The real service answers 400 to a parameter outside its schema: such a query is a bug here, never sent.
    const outside = undeclaredParameters(resource, query);
    if (outside.length > 0) throw new Error(`GET ${path} does not take ${outside.join(', ')} (see RESOURCES in shared/service/resources.ts)`);
    return transport.exchange({
      method: 'GET',
      endpoint: `GET ${path}`,
      path,
      query: toSearchParams(query),
      schema: RawListEnvelopeSchema,
      retry: true,
      ...callOptions(o),
    });
  }

  /** Each record of a page read on its own: an odd one is set aside (and told), never the cause of a failed page. */
  function readPage<R extends ResourceName>(resource: R, query: ListQuery, records: readonly unknown[]): ResourceItem<R>[] {
    const schema = recordSchemaOf(resource, query.fields !== undefined) as z.ZodType<ResourceItem<R>>;
    const endpoint = `GET ${RESOURCES[resource].path}`;
    const { kept, setAside } = readRecords(endpoint, records, schema);
    const read =
      resource === 'vaultLatestBlocks' || resource === 'vaultBlocks'
        ? kept.map((block) => blockRequests(endpoint, block as VaultLatestBlock, setAside))
        : kept;
    if (setAside.length > 0) options.onSetAside?.(setAside);
    return read as ResourceItem<R>[];
  }

  /** A block's requests read one by one; the odd ones join `setAside`. */
  function blockRequests<B extends VaultLatestBlock>(endpoint: string, block: B, setAside: SetAsideRecord[]): B {
    const read = readBlockRequests(endpoint, block);
    setAside.push(...read.setAside);
    return read.block;
  }
  const withBlockRequests = (endpoint: string) => <B extends VaultLatestBlock>(block: B): B => {
    const setAside: SetAsideRecord[] = [];
    const read = blockRequests(endpoint, block, setAside);
    if (setAside.length > 0) options.onSetAside?.(setAside);
    return read;
  };

  /** One page without the records the query did not ask for (`totalCount` stays the service's). */
  async function list<R extends ResourceName>(resource: R, query: ListQuery = {}, o?: CallOptions): Promise<ListEnvelope<ResourceItem<R>>> {
    const page = await listRaw(resource, query, o);
    const data = readPage(resource, query, page.data).filter(recordFilter(query));
    return page.totalCount !== undefined ? { data, totalCount: page.totalCount } : { data };
  }

  function get<R extends ByIdResourceName>(resource: R, id: string, o?: CallOptions) {
    const path = RESOURCES[resource].path;
    return transport.exchange({
      method: 'GET',
      endpoint: `GET ${path}/:id`,
      path: `${path}/${enc(id)}`,
      schema: RESOURCES[resource].schema,
      retry: true,
      ...callOptions(o),
    }) as Promise<ResourceItem<R>>;
  }

  // Paging counts what the service sent (records set aside included); each page is read and
  // filtered once it is walked.
  async function* pages<R extends ResourceName>(resource: R, query: PlainListQuery<R> = {}, o?: CallOptions) {
    const wanted = recordFilter(query);
    const walk = {
      endpoint: `GET ${RESOURCES[resource].path}`,
      limit: Math.min(query.limit ?? MAX_LIMIT, MAX_LIMIT),
      offset: query.offset ?? 0,
      maxPages,
    };
    for await (const page of walkPages((offset, limit) => listRaw(resource, { ...query, limit, offset }, o), walk)) {
      const kept = readPage(resource, query, page).filter(wanted);
      if (kept.length > 0) yield kept;
    }
  }

  async function listAll<R extends ResourceName>(resource: R, query: PlainListQuery<R> = {}, o?: CallOptions) {
    const all: ResourceItem<R>[] = [];
    for await (const page of pages(resource, query, o)) all.push(...page);
    return all;
  }

  const single = <S extends z.ZodType>(
    endpoint: string,
    path: string,
    schema: S,
    query?: URLSearchParams,
    o?: CallOptions,
    nullsAsAbsent = true,
  ) =>
    transport.exchange({
      method: 'GET',
      endpoint,
      path,
      schema,
      retry: true,
      nullsAsAbsent,
      ...(query ? { query } : {}),
      ...callOptions(o),
    });

  const listVaultLatestBlocks = (vaultIds: readonly string[], query: PlainListQuery<'vaultLatestBlocks'> = {}, o?: CallOptions) =>
    list('vaultLatestBlocks', { ...query, filter: { ...query.filter, vaultId: vaultIds } }, o);

  return {
    baseUrl: normaliseBaseUrl(options.baseUrl),
    keyless: options.keyless === true,
    list: (resource, query, o) => list(resource, query, o),
    listFields: (resource, fields, query, o) =>
      list(resource, { ...query, fields }, o) as unknown as Promise<ListEnvelope<Projected<ResourceItem<typeof resource>>>>,
    get,
    pages,
    listAll,

    listCampaigns: (q, o) => list('campaigns', q, o),
    getCampaign: (id, o) => get('campaigns', id, o),
    getCampaignPoints: (campaignId, walletAddress, o) =>
      single(
        'GET /v1/campaigns/:id/points',
        `/v1/campaigns/${enc(campaignId)}/points`,
        CampaignPointsSchema,
        walletAddress !== undefined ? new URLSearchParams({ walletAddress }) : undefined,
        o,
      ),
    listChains: (q, o) => list('chains', q, o),
    getChain: (id, o) => get('chains', id, o),
    listOperators: (q, o) => list('operators', q, o),
    getOperator: (id, o) => get('operators', id, o),
    listTokenBlocks: (q, o) => list('tokenBlocks', q, o),
    getTokenBlock: (id, o) => get('tokenBlocks', id, o),
    listTokens: (q, o) => list('tokens', q, o),
    getToken: (id, o) => get('tokens', id, o),
    listTransactions: (q, o) => list('transactions', q, o),
    listVaults: (q, o) => list('vaults', q, o),
    getVault: (id, o) => get('vaults', id, o),
    findVaultByAddress: async (address, o) => (await listAll('vaults', { filter: { address } }, o))[0] ?? null,
    listVaultsPerformances: (q, o) => list('vaultsPerformanceOverview', q, o),
    getVaultsPerformances: async (o) => {
      const endpoint = 'GET /v1/vaults/performances';
      const answer = await single(endpoint, '/v1/vaults/performances', VaultsPerformancesRawSchema, undefined, o);
      if ('data' in answer && Array.isArray(answer.data)) {
        const { kept, setAside } = readRecords(endpoint, answer.data, VaultPerformanceOverviewSchema);
        if (setAside.length > 0) options.onSetAside?.(setAside);
        return { kind: 'perVault', lines: kept };
      }
      return { kind: 'aggregate', aggregate: answer as VaultsPerformanceAggregate };
    },
    getVaultIntegrations: (vaultId, o) =>
      single('GET /v1/vaults/:id/integrations', `/v1/vaults/${enc(vaultId)}/integrations`, IntegrationsSchema, undefined, o, false),
    getVaultPosition: (vaultId, walletAddress, o) =>
      single(
        'GET /v1/vaults/:id/position',
        `/v1/vaults/${enc(vaultId)}/position`,
        PositionSchema,
        new URLSearchParams({ walletAddress }),
        o,
      ),
    listVaultBlocks: (q, o) => list('vaultBlocks', q, o),
    getVaultBlock: (id, o) => get('vaultBlocks', id, o).then(withBlockRequests('GET /v1/vault-blocks/:id')),
    getVaultLatestBlock: (vaultId, o) =>
      single('GET /v1/vault-latest-block', '/v1/vault-latest-block', VaultLatestBlockSchema, new URLSearchParams({ vaultId }), o).then(
        withBlockRequests('GET /v1/vault-latest-block'),
      ),
    listVaultLatestBlocks,
    listAllVaultLatestBlocks: async (vaultIds, o) => {
      const blocks: VaultLatestBlock[] = [];
      for (let i = 0; i < vaultIds.length; i += MAX_ID_LIST) {
        const chunk = vaultIds.slice(i, i + MAX_ID_LIST);
        for await (const page of pages('vaultLatestBlocks', { filter: { vaultId: chunk } }, o)) blocks.push(...page);
      }
      return blocks;
    },
    listVaultCategories: (q, o) => list('vaultCategories', q, o),
    getVaultCategory: (id, o) => get('vaultCategories', id, o),
    listVaultEpochs: (q, o) => list('vaultEpochs', q, o),
    listVaultPerformances: (q, o) => list('vaultPerformances', q, o),
    getVaultPerformance: (id, o) => get('vaultPerformances', id, o),
    listVaultTypes: (q, o) => list('vaultTypes', q, o),
    getVaultType: (id, o) => get('vaultTypes', id, o),
    listSignatures: (ids, q = {}, o) => list('signatures', ids ? { ...q, _id: ids } : q, o),
    checkSignature: async (signatureId, walletAddress, o) => {
      try {
        return await single(
          'GET /v1/signatures/:id/check',
          `/v1/signatures/${enc(signatureId)}/check`,
          SignatureCheckSchema,
          new URLSearchParams({ walletAddress }),
          o,
        );
      } catch (err) {
        if (notSignedYet(err)) return null;
        throw err;
      }
    },
    signSignature: (signatureId, body, o) =>
      transport.exchange({
        method: 'POST',
        endpoint: 'POST /v1/signatures/:id/sign',
        path: `/v1/signatures/${enc(signatureId)}/sign`,
        body,
        schema: SignatureCheckSchema,
        retry: false,
        ...callOptions(o),
      }),
    listVaultRequests: (q, o) => list('vaultRequests', q, o),

    rateLimit: { waitingUntil: rateLimiter.waitingUntil, subscribe: rateLimiter.subscribe },
    requestCounts: () => Object.fromEntries(counts),
    resetRequestCounts: () => counts.clear(),
  };
}
