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
  VaultBlockSchema,
  VaultPerformanceOverviewSchema,
  VaultsPerformanceAggregateSchema,
  type ByIdResourceName,
  type FilterField,
  type FilterValue,
  type CampaignPoints,
  type Integrations,
  type ListEnvelope,
  type ListQuery,
  type Position,
  type ResourceItem,
  type ResourceName,
  type SetAsideRecord,
  type SignatureCheck,
  type SignRequest,
  type VaultBlock,
  type VaultPerformanceOverview,
  type VaultsPerformanceAggregate,
} from '../../../shared/service';
import { normaliseBaseUrl } from './base-url';
import { recordFilter } from './filters';
import { DEFAULT_MAX_PAGES, walkPages } from './paging';
import { createRateLimiter, type RateLimitState } from './rate-limiter';
import { abortableSleep, createTransport, DEFAULT_RETRY, DEFAULT_TIMEOUT_MS, type RetryPolicy } from './transport';

export { normaliseBaseUrl } from './base-url';
export { SERVICE_CLIENT_ERROR_CODES, type ServiceClientErrorCode } from './errors';
export type { RateLimitState } from './rate-limiter';
export { parseRetryAfter, DEFAULT_RETRY, DEFAULT_TIMEOUT_MS, type RetryPolicy } from './transport';

/**
 * The typed client of the Credit Vault Data Service. Every answer is validated with the shared
 * schemas; a failure is an `AppError` (codes in `SERVICE_CLIENT_ERROR_CODES`) that concerns that
 * call only. The filters a list asks for are applied again to what comes back, and paging checks
 * itself (see `paging.ts`), so a service that ignores a parameter costs requests, not correctness.
 */

export interface ServiceClientOptions {
  baseUrl: string;
  /** Read on every request, so a key replaced in Settings takes effect at once. */
  getApiKey: () => Promise<string | null>;
  fetch?: typeof fetch;
  /** Per HTTP attempt (default 15 s). */
  timeoutMs?: number;
  retry?: Partial<RetryPolicy>;
  /** Pages one list may take before it fails (default 500). */
  maxPages?: number;
  /** For tests: the jitter source, the wait between retries and the clock of the rate limiter. */
  random?: () => number;
  sleep?: (ms: number, signal?: AbortSignal) => Promise<void>;
  now?: () => number;
  /**
   * Records of a list page that did not fit their schema, left out of it (the rest of the page is
   * kept): told here so the caller can count and log them.
   */
  onSetAside?: (records: SetAsideRecord[]) => void;
}

export interface CallOptions {
  signal?: AbortSignal;
  /** Overrides the client's timeout for this call. */
  timeoutMs?: number;
}

/**
 * A list query without projection (projected rows have their own method, `listFields`), whose
 * filters are the ones the resource takes: a misspelt filter does not compile.
 */
export type PlainListQuery<R extends ResourceName = ResourceName> = Omit<ListQuery, 'fields' | 'filter'> & {
  filter?: Partial<Record<FilterField<R>, FilterValue>>;
};

export type Projected<T> = Partial<T> & { _id: string };

export type VaultsPerformancesAnswer =
  { kind: 'perVault'; lines: VaultPerformanceOverview[] } | { kind: 'aggregate'; aggregate: VaultsPerformanceAggregate };

/** The page form or the aggregate form of `/v1/vaults/performances`; the page's lines are read one by one later. */
const VaultsPerformancesRawSchema = z.union([RawListEnvelopeSchema, VaultsPerformanceAggregateSchema]);

export interface ServiceClient {
  /** The service's address, normalised: where the records this client reads come from. */
  readonly baseUrl: string;
  // Generic access by resource name (see RESOURCES in shared/service).
  list<R extends ResourceName>(resource: R, query?: PlainListQuery<R>, options?: CallOptions): Promise<ListEnvelope<ResourceItem<R>>>;
  /** One page restricted to `fields` (`_id` is always there). */
  listFields<R extends ResourceName>(
    resource: R,
    fields: readonly string[],
    query?: PlainListQuery<R>,
    options?: CallOptions,
  ): Promise<ListEnvelope<Projected<ResourceItem<R>>>>;
  get<R extends ByIdResourceName>(resource: R, id: string, options?: CallOptions): Promise<ResourceItem<R>>;
  /** Walks the pages (at most 200 per request), starting at `query.offset`; each record once. */
  pages<R extends ResourceName>(resource: R, query?: PlainListQuery<R>, options?: CallOptions): AsyncGenerator<ResourceItem<R>[]>;
  /** Every matching record, fetched 200 at a time. */
  listAll<R extends ResourceName>(resource: R, query?: PlainListQuery<R>, options?: CallOptions): Promise<ResourceItem<R>[]>;

  // Named operations of the spec.
  listCampaigns(query?: PlainListQuery<'campaigns'>, options?: CallOptions): Promise<ListEnvelope<ResourceItem<'campaigns'>>>;
  getCampaign(id: string, options?: CallOptions): Promise<ResourceItem<'campaigns'>>;
  getCampaignPoints(campaignId: string, walletAddress?: string, options?: CallOptions): Promise<CampaignPoints>;
  listChains(query?: PlainListQuery<'chains'>, options?: CallOptions): Promise<ListEnvelope<ResourceItem<'chains'>>>;
  getChain(id: string, options?: CallOptions): Promise<ResourceItem<'chains'>>;
  listOperators(query?: PlainListQuery<'operators'>, options?: CallOptions): Promise<ListEnvelope<ResourceItem<'operators'>>>;
  getOperator(id: string, options?: CallOptions): Promise<ResourceItem<'operators'>>;
  listTokenBlocks(query?: PlainListQuery<'tokenBlocks'>, options?: CallOptions): Promise<ListEnvelope<ResourceItem<'tokenBlocks'>>>;
  getTokenBlock(id: string, options?: CallOptions): Promise<ResourceItem<'tokenBlocks'>>;
  listTokens(query?: PlainListQuery<'tokens'>, options?: CallOptions): Promise<ListEnvelope<ResourceItem<'tokens'>>>;
  getToken(id: string, options?: CallOptions): Promise<ResourceItem<'tokens'>>;
  listTransactions(query?: PlainListQuery<'transactions'>, options?: CallOptions): Promise<ListEnvelope<ResourceItem<'transactions'>>>;
  listVaults(query?: PlainListQuery<'vaults'>, options?: CallOptions): Promise<ListEnvelope<ResourceItem<'vaults'>>>;
  getVault(id: string, options?: CallOptions): Promise<ResourceItem<'vaults'>>;
  /** The vault with this (tranche token) address, or null. */
  findVaultByAddress(address: string, options?: CallOptions): Promise<ResourceItem<'vaults'> | null>;
  listVaultsPerformances(
    query?: PlainListQuery<'vaultsPerformanceOverview'>,
    options?: CallOptions,
  ): Promise<ListEnvelope<ResourceItem<'vaultsPerformanceOverview'>>>;
  /**
   * `/v1/vaults/performances` in whichever form the service answers: the seed's page of one line
   * per vault, or the protocol's one aggregate object over all vaults.
   */
  getVaultsPerformances(options?: CallOptions): Promise<VaultsPerformancesAnswer>;
  getVaultIntegrations(vaultId: string, options?: CallOptions): Promise<Integrations>;
  getVaultPosition(vaultId: string, walletAddress: string, options?: CallOptions): Promise<Position>;
  listVaultBlocks(query?: PlainListQuery<'vaultBlocks'>, options?: CallOptions): Promise<ListEnvelope<ResourceItem<'vaultBlocks'>>>;
  getVaultBlock(id: string, options?: CallOptions): Promise<ResourceItem<'vaultBlocks'>>;
  /** The spec's single form: the latest block of one vault (the protocol's service has only the list form: prefer it). */
  getVaultLatestBlock(vaultId: string, options?: CallOptions): Promise<VaultBlock>;
  /** The list form: latest blocks of these vaults (at most 200 ids per request). */
  listVaultLatestBlocks(
    vaultIds: readonly string[],
    query?: PlainListQuery<'vaultLatestBlocks'>,
    options?: CallOptions,
  ): Promise<ListEnvelope<VaultBlock>>;
  /** Latest blocks of any number of vaults: chunks of 200 ids, every page. */
  listAllVaultLatestBlocks(vaultIds: readonly string[], options?: CallOptions): Promise<VaultBlock[]>;
  listVaultCategories(
    query?: PlainListQuery<'vaultCategories'>,
    options?: CallOptions,
  ): Promise<ListEnvelope<ResourceItem<'vaultCategories'>>>;
  getVaultCategory(id: string, options?: CallOptions): Promise<ResourceItem<'vaultCategories'>>;
  listVaultEpochs(query?: PlainListQuery<'vaultEpochs'>, options?: CallOptions): Promise<ListEnvelope<ResourceItem<'vaultEpochs'>>>;
  listVaultPerformances(
    query?: PlainListQuery<'vaultPerformances'>,
    options?: CallOptions,
  ): Promise<ListEnvelope<ResourceItem<'vaultPerformances'>>>;
  getVaultPerformance(id: string, options?: CallOptions): Promise<ResourceItem<'vaultPerformances'>>;
  listVaultTypes(query?: PlainListQuery<'vaultTypes'>, options?: CallOptions): Promise<ListEnvelope<ResourceItem<'vaultTypes'>>>;
  getVaultType(id: string, options?: CallOptions): Promise<ResourceItem<'vaultTypes'>>;
  /** Signature definitions, optionally only these ids. */
  listSignatures(
    ids?: readonly string[],
    query?: PlainListQuery<'signatures'>,
    options?: CallOptions,
  ): Promise<ListEnvelope<ResourceItem<'signatures'>>>;
  /** The wallet's signature, or null when it has not signed (the service's 404 SIGNATURE_NOT_EXISTS). */
  checkSignature(signatureId: string, walletAddress: string, options?: CallOptions): Promise<SignatureCheck | null>;
  /** Submits a wallet signature. Never retried: a failure is reported and the caller decides. */
  signSignature(signatureId: string, body: SignRequest, options?: CallOptions): Promise<SignatureCheck>;
  listVaultRequests(query?: PlainListQuery<'vaultRequests'>, options?: CallOptions): Promise<ListEnvelope<ResourceItem<'vaultRequests'>>>;

  /** The pause every call of this client observes after a 429 (for a "waiting for the service" state). */
  rateLimit: RateLimitState;
  /** HTTP requests made so far, by endpoint label (`GET /v1/vaults`), retries included. */
  requestCounts(): Record<string, number>;
  resetRequestCounts(): void;
}

/** HTTP requests a client has made so far, every endpoint together: what a refresh cost is the difference. */
export function requestsMade(client: ServiceClient): number {
  return Object.values(client.requestCounts()).reduce((a, b) => a + b, 0);
}

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
  const transport = createTransport({
    baseUrl: normaliseBaseUrl(options.baseUrl),
    getApiKey: options.getApiKey,
    fetch: options.fetch ?? globalThis.fetch,
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
        ? kept.map((block) => blockRequests(endpoint, block as VaultBlock, setAside))
        : kept;
    if (setAside.length > 0) options.onSetAside?.(setAside);
    return read as ResourceItem<R>[];
  }

  /** A block's requests read one by one; the odd ones join `setAside`. */
  function blockRequests(endpoint: string, block: VaultBlock, setAside: SetAsideRecord[]): VaultBlock {
    const read = readBlockRequests(endpoint, block);
    setAside.push(...read.setAside);
    return read.block;
  }
  const withBlockRequests = (endpoint: string) => (block: VaultBlock) => {
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
      single('GET /v1/vault-latest-block', '/v1/vault-latest-block', VaultBlockSchema, new URLSearchParams({ vaultId }), o).then(
        withBlockRequests('GET /v1/vault-latest-block'),
      ),
    listVaultLatestBlocks,
    listAllVaultLatestBlocks: async (vaultIds, o) => {
      const blocks: VaultBlock[] = [];
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
