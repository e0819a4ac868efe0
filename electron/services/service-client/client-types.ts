import type {
  CampaignPoints,
  FilterField,
  FilterValue,
  Integrations,
  ListEnvelope,
  ListQuery,
  Position,
  ResourceItem,
  ResourceName,
  SetAsideRecord,
  SignatureCheck,
  SignRequest,
  VaultLatestBlock,
  VaultPerformanceOverview,
  VaultsPerformanceAggregate,
  ByIdResourceName,
} from '../../../shared/service';
import type { HostLookup } from './loopback-http';
import type { RateLimitState } from './rate-limiter';
import type { RetryPolicy } from './transport';

/** What the service client is built with and what it offers: the types of `createServiceClient`. */

export interface ServiceClientOptions {
  baseUrl: string;
  /** Read on every request, so a key replaced in Settings takes effect at once. */
  getApiKey: () => Promise<string | null>;
  /**
   * No key: the client reads only the service's key-less `/v1/public/…` routes and refuses every
   * other call up front (`SERVICE_KEY_NEEDED`), so the service never sees a key-less keyed request.
   */
  keyless?: boolean;
  fetch?: typeof fetch;
  /** How an http:// service's host is resolved before each request (tests; default the system's). */
  lookup?: HostLookup;
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


export interface ServiceClient {
  /** The service's address, normalised: where the records this client reads come from. */
  readonly baseUrl: string;
  /** True for a client without a key: public routes only (absent in test doubles: a keyed client). */
  readonly keyless?: boolean;
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
  getVaultLatestBlock(vaultId: string, options?: CallOptions): Promise<VaultLatestBlock>;
  /** The list form: latest blocks of these vaults (at most 200 ids per request). */
  listVaultLatestBlocks(
    vaultIds: readonly string[],
    query?: PlainListQuery<'vaultLatestBlocks'>,
    options?: CallOptions,
  ): Promise<ListEnvelope<VaultLatestBlock>>;
  /** Latest blocks of any number of vaults: chunks of 200 ids, every page. */
  listAllVaultLatestBlocks(vaultIds: readonly string[], options?: CallOptions): Promise<VaultLatestBlock[]>;
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
