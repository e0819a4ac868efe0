import type { z } from 'zod';
import type { RangeOperator } from './query';
import {
  CampaignSchema,
  ChainSchema,
  OperatorSchema,
  SignatureDefinitionSchema,
  TokenBlockSchema,
  TokenSchema,
  TransactionSchema,
  VaultBlockSchema,
  VaultLatestBlockSchema,
  VaultCategorySchema,
  VaultEpochSchema,
  VaultPerformanceOverviewSchema,
  VaultPerformanceSchema,
  VaultRequestSchema,
  VaultSchema,
  VaultTypeSchema,
} from './schemas';

/**
 * The list resources of the service, described once: path, item schema, which filters it takes and
 * how each filter compares. The client builds its methods from this table. The simulated service is
 * someone else's server and keeps its own table (electron/demo/service/resources.ts), which lint
 * keeps from importing this one.
 */

/**
 * How the protocol's query schema takes a filter field: `eq` is the plain `field=value` form, a
 * single value (`one`) or a list of any-of values (`list`, comma-joined on the wire); `ops` are the
 * suffixed forms it allows (`field:gte`, …). Nothing else is sent: the official schemas are
 * `additionalProperties: false`, so the real service answers 400 to anything outside them.
 */
export interface FilterSpec {
  readonly eq?: 'one' | 'list';
  readonly ops?: readonly RangeOperator[];
}

export type FilterTable = Readonly<Record<string, FilterSpec>>;

interface ResourceDef<S extends z.ZodType = z.ZodType, B extends boolean = boolean, F extends FilterTable = FilterTable> {
  /** Path of the list endpoint; `path/:id` fetches one record when `byId` is set. */
  path: string;
  schema: S;
  /** Error code of an unknown id. */
  notFoundCode: string;
  byId: B;
  filters: F;
  /** The fields `sort` may name (one at a time; `order` gives the direction). */
  sorts: readonly string[];
}

const one: FilterSpec = { eq: 'one' };
const list: FilterSpec = { eq: 'list' };
const RANGES = ['gt', 'gte', 'lt', 'lte'] as const;
const oneOrRange: FilterSpec = { eq: 'one', ops: RANGES };
const named = { name: { eq: 'one', ops: ['ct'] } } as const;
const coded = { code: { eq: 'one', ops: ['ct'] } } as const;
/** sVaultBlocksSearchQuery, which `/v1/vault-latest-blocks` takes as well (the client's `VaultLatestBlocksClientModel`). */
const blockFilters = {
  vaultId: list,
  vaultAddress: list,
  block: list,
  timestamp: { ops: RANGES },
  'cdoEpoch.status': list,
} as const;

function def<S extends z.ZodType, B extends boolean, const F extends FilterTable>(d: ResourceDef<S, B, F>): ResourceDef<S, B, F> {
  return d;
}

/** Each resource's filters and sort fields are those of the protocol client's query schema named above it. */
export const RESOURCES = {
  // sCampaignsSearchQuery
  campaigns: def({
    path: '/v1/campaigns',
    schema: CampaignSchema,
    notFoundCode: 'CAMPAIGN_NOT_FOUND',
    byId: true,
    filters: { code: list, tokenId: list, startDate: oneOrRange, endDate: oneOrRange },
    sorts: ['_id'],
  }),
  // sChainsSearchQuery
  chains: def({
    path: '/v1/chains',
    schema: ChainSchema,
    notFoundCode: 'CHAIN_NOT_FOUND',
    byId: true,
    filters: { ...named, hex: one, chainID: one },
    sorts: ['_id', 'name'],
  }),
  // sOperatorsSearchQuery
  operators: def({
    path: '/v1/operators',
    schema: OperatorSchema,
    notFoundCode: 'OPERATOR_NOT_FOUND',
    byId: true,
    filters: { ...named, code: one },
    sorts: ['_id', 'name'],
  }),
  // sTokenBlocksSearchQuery: one token per request, the window by `timestamp`, not `block.timestamp`.
  tokenBlocks: def({
    path: '/v1/token-blocks',
    schema: TokenBlockSchema,
    notFoundCode: 'TOKEN_BLOCK_NOT_FOUND',
    byId: true,
    filters: { tokenId: one, tokenAddress: one, block: list, timestamp: { ops: ['gte', 'lte'] } },
    sorts: ['block', 'timestamp'],
  }),
  // sTokensSearchQuery
  tokens: def({
    path: '/v1/tokens',
    schema: TokenSchema,
    notFoundCode: 'TOKEN_NOT_FOUND',
    byId: true,
    filters: { ...named, address: list, symbol: one, chainId: one },
    sorts: ['_id', 'name'],
  }),
  // sTransactionsSearchQuery (`tokentId` is the schema's own spelling)
  transactions: def({
    path: '/v1/transactions',
    schema: TransactionSchema,
    notFoundCode: 'TRANSACTION_NOT_FOUND',
    byId: false,
    filters: {
      vaultId: list,
      vaultAddress: list,
      walletId: list,
      walletAddress: list,
      tokentId: one,
      type: list,
      block: one,
      timestamp: { ops: ['gte', 'lte'] },
    },
    sorts: ['_id', 'block', 'timestamp'],
  }),
  // sVaultsSearchQuery
  vaults: def({
    path: '/v1/vaults',
    schema: VaultSchema,
    notFoundCode: 'VAULT_NOT_FOUND',
    byId: true,
    filters: {
      ...named,
      address: one,
      status: one,
      visibility: { eq: 'list', ops: ['ne'] },
      'cdoEpoch.borrower.address': list,
      'cdoEpoch.borrower.operatorId': list,
      'cdoEpoch.manager.address': list,
      'cdoEpoch.manager.operatorId': list,
      cdo: one,
      symbol: list,
      chainId: list,
      contractType: list,
    },
    sorts: ['name'],
  }),
  // sVaultBlocksSearchQuery
  vaultBlocks: def({
    path: '/v1/vault-blocks',
    schema: VaultBlockSchema,
    notFoundCode: 'VAULT_BLOCK_NOT_FOUND',
    byId: true,
    filters: blockFilters,
    sorts: ['block', 'timestamp'],
  }),
  /** The real service's list form of the latest block: one block per vault, `vaultId=a,b,…`. */
  vaultLatestBlocks: def({
    path: '/v1/vault-latest-blocks',
    schema: VaultLatestBlockSchema,
    notFoundCode: 'VAULT_BLOCK_NOT_FOUND',
    byId: false,
    filters: blockFilters,
    sorts: ['block', 'timestamp'],
  }),
  // sVaultCategoriesSearchSchema
  vaultCategories: def({
    path: '/v1/vault-categories',
    schema: VaultCategorySchema,
    notFoundCode: 'VAULT_CATEGORY_NOT_FOUND',
    byId: true,
    filters: coded,
    sorts: ['_id', 'code'],
  }),
  // sVaultEpochsSearchQuery
  vaultEpochs: def({
    path: '/v1/vault-epochs',
    schema: VaultEpochSchema,
    notFoundCode: 'VAULT_EPOCH_NOT_FOUND',
    byId: false,
    filters: {
      vaultId: list,
      vaultAddress: list,
      count: oneOrRange,
      timestamp: { ops: ['gte', 'lte'] },
      startDate: oneOrRange,
      endDate: oneOrRange,
      status: one,
    },
    sorts: ['_id', 'count', 'timestamp'],
  }),
  // sVaultPerformancesSearchQuery: no time window at all.
  vaultPerformances: def({
    path: '/v1/vault-performances',
    schema: VaultPerformanceSchema,
    notFoundCode: 'VAULT_PERFORMANCE_NOT_FOUND',
    byId: true,
    filters: { vaultId: list, vaultBlockId: list },
    sorts: ['_id'],
  }),
  /** `/v1/vaults/performances` (sVaultsPerformancesQuery): the latest performance of each vault. */
  vaultsPerformanceOverview: def({
    path: '/v1/vaults/performances',
    schema: VaultPerformanceOverviewSchema,
    notFoundCode: 'VAULT_NOT_FOUND',
    byId: false,
    filters: { status: one, visibility: one, symbol: one, chainId: list, contractType: one },
    sorts: ['_id'],
  }),
  // sVaultTypesSearchSchema
  vaultTypes: def({
    path: '/v1/vault-types',
    schema: VaultTypeSchema,
    notFoundCode: 'VAULT_TYPE_NOT_FOUND',
    byId: true,
    filters: coded,
    sorts: ['code'],
  }),
  // sSignaturesSearchQuery
  signatures: def({
    path: '/v1/signatures',
    schema: SignatureDefinitionSchema,
    notFoundCode: 'SIGNATURE_NOT_FOUND',
    byId: false,
    filters: { name: one },
    sorts: ['_id'],
  }),
  // sVaultRequestsSearchQuery: lists only, no `:ne` (open requests are asked as a list of statuses).
  vaultRequests: def({
    path: '/v1/vault-requests',
    schema: VaultRequestSchema,
    notFoundCode: 'VAULT_REQUEST_NOT_FOUND',
    byId: false,
    filters: { vaultId: list, vaultAddress: list, walletAddress: list, walletId: list, status: list, type: list },
    sorts: ['requestedOn', 'block.number'],
  }),
} as const;

export type ResourceName = keyof typeof RESOURCES;
export type ResourceItem<R extends ResourceName> = z.infer<(typeof RESOURCES)[R]['schema']>;
/** The filter fields a resource takes (without the range suffixes). */
export type FilterField<R extends ResourceName> = keyof (typeof RESOURCES)[R]['filters'] & string;
export type ByIdResourceName = {
  [R in ResourceName]: (typeof RESOURCES)[R]['byId'] extends true ? R : never;
}[ResourceName];

/**
 * The filters of a query its resource's official schema does not take (`field` or `field:op`), and
 * a sort it does not allow: empty when the query may be sent.
 */
export function undeclaredParameters(resource: ResourceName, query: { filter?: Record<string, unknown>; sort?: string | readonly string[] }): string[] {
  const def = RESOURCES[resource];
  const filters = def.filters as FilterTable;
  const out: string[] = [];
  for (const [field, value] of Object.entries(query.filter ?? {})) {
    if (value === undefined) continue;
    const spec = filters[field];
    if (Array.isArray(value)) {
      if (spec?.eq !== 'list') out.push(field);
    } else if (value !== null && typeof value === 'object') {
      for (const op of Object.keys(value)) if (!spec?.ops?.includes(op as RangeOperator)) out.push(`${field}:${op}`);
    } else if (spec?.eq === undefined) out.push(field);
  }
  const sorts = query.sort === undefined ? [] : typeof query.sort === 'string' ? [query.sort] : query.sort;
  if (sorts.length > 1 || sorts.some((s) => !def.sorts.includes(s))) out.push(`sort=${sorts.join(',')}`);
  return out;
}
