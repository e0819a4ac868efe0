import type { z } from 'zod';
import {
  CampaignSchema,
  ChainSchema,
  OperatorSchema,
  SignatureDefinitionSchema,
  TokenBlockSchema,
  TokenSchema,
  TransactionSchema,
  VaultBlockSchema,
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
 * someone else's server and keeps its own table (electron/sim/service/resources.ts), which lint
 * keeps from importing this one.
 */

/**
 * How a filter field compares:
 * - `id`, `string`: exact (a comma list matches any), `:ne`; `string` also `:ct`;
 * - `address`: like `id` but case-insensitive, and a malformed address is a 400;
 * - `text`: names; exact, `:ne`, `:ct` (contains, case-insensitive) and the ranges (lexical);
 * - `number`, `date`, `amount` (integer strings): exact, `:ne` and the ranges;
 * - `boolean`: `true` / `false`.
 */
export type FilterKind = 'id' | 'string' | 'address' | 'text' | 'number' | 'date' | 'amount' | 'boolean';

export type FilterTable = Readonly<Record<string, FilterKind>>;

export interface ResourceDef<S extends z.ZodType = z.ZodType, B extends boolean = boolean, F extends FilterTable = FilterTable> {
  /** Path of the list endpoint; `path/:id` fetches one record when `byId` is set. */
  path: string;
  schema: S;
  /** Error code of an unknown id. */
  notFoundCode: string;
  byId: B;
  filters: F;
}

const audit = { createdAt: 'date', updatedAt: 'date' } as const;
const blockFilters = { 'block.number': 'number', 'block.timestamp': 'number' } as const;

function def<S extends z.ZodType, B extends boolean, const F extends FilterTable>(d: ResourceDef<S, B, F>): ResourceDef<S, B, F> {
  return d;
}

export const RESOURCES = {
  campaigns: def({
    path: '/v1/campaigns',
    schema: CampaignSchema,
    notFoundCode: 'CAMPAIGN_NOT_FOUND',
    byId: true,
    filters: { code: 'string', name: 'text', vaultIds: 'id', startDate: 'date', endDate: 'date', ...audit },
  }),
  chains: def({
    path: '/v1/chains',
    schema: ChainSchema,
    notFoundCode: 'CHAIN_NOT_FOUND',
    byId: true,
    filters: { name: 'text', chainID: 'number', hex: 'string', isDisabled: 'boolean', ...audit },
  }),
  operators: def({
    path: '/v1/operators',
    schema: OperatorSchema,
    notFoundCode: 'OPERATOR_NOT_FOUND',
    byId: true,
    filters: { name: 'text', code: 'string', type: 'string', ...audit },
  }),
  tokenBlocks: def({
    path: '/v1/token-blocks',
    schema: TokenBlockSchema,
    notFoundCode: 'TOKEN_BLOCK_NOT_FOUND',
    byId: true,
    filters: { tokenId: 'id', chainId: 'id', ...blockFilters, ...audit },
  }),
  tokens: def({
    path: '/v1/tokens',
    schema: TokenSchema,
    notFoundCode: 'TOKEN_NOT_FOUND',
    byId: true,
    filters: {
      name: 'text',
      symbol: 'text',
      address: 'address',
      chainId: 'id',
      decimals: 'number',
      underlying: 'boolean',
      ...audit,
    },
  }),
  transactions: def({
    path: '/v1/transactions',
    schema: TransactionSchema,
    notFoundCode: 'TRANSACTION_NOT_FOUND',
    byId: false,
    filters: {
      type: 'string',
      status: 'string',
      hash: 'string',
      chainId: 'id',
      walletAddress: 'address',
      vaultId: 'id',
      epochId: 'id',
      tokenId: 'id',
      amount: 'amount',
      ...blockFilters,
      ...audit,
    },
  }),
  vaults: def({
    path: '/v1/vaults',
    schema: VaultSchema,
    notFoundCode: 'VAULT_NOT_FOUND',
    byId: true,
    filters: {
      address: 'address',
      'cdoEpoch.address': 'address',
      chainId: 'id',
      tokenId: 'id',
      typeId: 'id',
      categoryId: 'id',
      operatorIds: 'id',
      name: 'text',
      symbol: 'text',
      protocol: 'text',
      contractType: 'string',
      visibility: 'string',
      status: 'string',
      feePercentage: 'number',
      ...audit,
    },
  }),
  vaultBlocks: def({
    path: '/v1/vault-blocks',
    schema: VaultBlockSchema,
    notFoundCode: 'VAULT_BLOCK_NOT_FOUND',
    byId: true,
    filters: { vaultId: 'id', chainId: 'id', vaultAddress: 'address', ...blockFilters, ...audit },
  }),
  /** The real service's list form of the latest block: one block per vault, `vaultId=a,b,…`. */
  vaultLatestBlocks: def({
    path: '/v1/vault-latest-blocks',
    schema: VaultBlockSchema,
    notFoundCode: 'VAULT_BLOCK_NOT_FOUND',
    byId: false,
    filters: { vaultId: 'id', chainId: 'id', vaultAddress: 'address', ...blockFilters },
  }),
  vaultCategories: def({
    path: '/v1/vault-categories',
    schema: VaultCategorySchema,
    notFoundCode: 'VAULT_CATEGORY_NOT_FOUND',
    byId: true,
    filters: { code: 'string', name: 'text', ...audit },
  }),
  vaultEpochs: def({
    path: '/v1/vault-epochs',
    schema: VaultEpochSchema,
    notFoundCode: 'VAULT_EPOCH_NOT_FOUND',
    byId: false,
    filters: {
      vaultId: 'id',
      count: 'number',
      status: 'string',
      withdrawType: 'string',
      startDate: 'date',
      endDate: 'date',
      apr: 'number',
      ...audit,
    },
  }),
  vaultPerformances: def({
    path: '/v1/vault-performances',
    schema: VaultPerformanceSchema,
    notFoundCode: 'VAULT_PERFORMANCE_NOT_FOUND',
    byId: true,
    filters: { vaultId: 'id', vaultBlockId: 'id', realizedAPY: 'number', holders: 'number', ...blockFilters, ...audit },
  }),
  /** `/v1/vaults/performances`: the latest performance of each vault. */
  vaultsPerformanceOverview: def({
    path: '/v1/vaults/performances',
    schema: VaultPerformanceOverviewSchema,
    notFoundCode: 'VAULT_NOT_FOUND',
    byId: false,
    filters: { vaultId: 'id', realizedAPY: 'number', holders: 'number' },
  }),
  vaultTypes: def({
    path: '/v1/vault-types',
    schema: VaultTypeSchema,
    notFoundCode: 'VAULT_TYPE_NOT_FOUND',
    byId: true,
    filters: { code: 'string', name: 'text', ...audit },
  }),
  signatures: def({
    path: '/v1/signatures',
    schema: SignatureDefinitionSchema,
    notFoundCode: 'SIGNATURE_NOT_FOUND',
    byId: false,
    filters: { code: 'string', entity: 'string', ...audit },
  }),
  vaultRequests: def({
    path: '/v1/vault-requests',
    schema: VaultRequestSchema,
    notFoundCode: 'VAULT_REQUEST_NOT_FOUND',
    byId: false,
    filters: {
      vaultId: 'id',
      vaultAddress: 'address',
      walletAddress: 'address',
      status: 'string',
      type: 'string',
      epochNumber: 'number',
      isInstant: 'boolean',
      amount: 'amount',
      requestedOn: 'date',
      completedOn: 'date',
      ...blockFilters,
    },
  }),
} as const;

export type ResourceName = keyof typeof RESOURCES;
export type ResourceItem<R extends ResourceName> = z.infer<(typeof RESOURCES)[R]['schema']>;
/** The filter fields a resource takes (without the range suffixes). */
export type FilterField<R extends ResourceName> = keyof (typeof RESOURCES)[R]['filters'] & string;
export type ByIdResourceName = {
  [R in ResourceName]: (typeof RESOURCES)[R]['byId'] extends true ? R : never;
}[ResourceName];
