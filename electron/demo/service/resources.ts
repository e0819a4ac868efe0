/**
 * The list resources this service serves, as the spec (section 4) describes them: path, the error
 * code of an unknown id, whether `path/:id` answers one record, and the filters each list takes
 * with how each compares. The routes, the list query parser and the OpenAPI document read it.
 */

/**
 * How a filter field compares: `id` and `string` exactly (`string` also `:ct`), `address`
 * case-insensitively (a malformed one is a 400), `text` (names) exactly and by `:ct`, `number`,
 * `date` and `amount` (integer strings) exactly and by range, `boolean` as true/false.
 */
export type FilterKind = 'id' | 'string' | 'address' | 'text' | 'number' | 'date' | 'amount' | 'boolean';
export const RANGE_OPERATORS = ['gte', 'lte', 'gt', 'lt', 'ne', 'ct'] as const;
export type RangeOperator = (typeof RANGE_OPERATORS)[number];

/**
 * One query parameter family of a list, as the protocol's query schema takes it: `eq` the plain
 * `field=value` form (`one` value, or a comma `list` matching any), `ops` the suffixed forms it
 * allows (`field:gte` …), `path` the record field compared when it is not the parameter's name
 * (`timestamp` is the record's `block.timestamp`). Any other parameter is a 400 in strict realism.
 */
export interface FilterParam {
  kind: FilterKind;
  eq?: 'one' | 'list';
  ops?: readonly RangeOperator[];
  path?: string;
}
export type Filters = Readonly<Record<string, FilterParam>>;

export interface ListResource {
  path: string;
  notFoundCode: string;
  byId: boolean;
  filters: Filters;
  /** The fields `sort` may name (one at a time, `order` gives the direction), with the record field each sorts by. */
  sorts: Readonly<Record<string, string>>;
}

/** The list limits of spec section 8. */
export const LIST_LIMITS = { defaultLimit: 50, maxLimit: 200, maxIds: 200 } as const;

const RANGES = ['gt', 'gte', 'lt', 'lte'] as const;
const one = (kind: FilterKind, path?: string): FilterParam => ({ kind, eq: 'one', ...(path ? { path } : {}) });
const list = (kind: FilterKind, path?: string): FilterParam => ({ kind, eq: 'list', ...(path ? { path } : {}) });
const ranged = (kind: FilterKind): FilterParam => ({ kind, eq: 'one', ops: RANGES });
const named: Filters = { name: { kind: 'text', eq: 'one', ops: ['ct'] } };
const coded: Filters = { code: { kind: 'string', eq: 'one', ops: ['ct'] } };
const timestamp = (ops: readonly RangeOperator[]): FilterParam => ({ kind: 'number', ops, path: 'block.timestamp' });
const blocks: Filters = {
  vaultId: list('id'),
  vaultAddress: list('address'),
  block: list('number', 'block.number'),
  timestamp: timestamp(RANGES),
  'cdoEpoch.status': list('string'),
};
const byBlock = { block: 'block.number', timestamp: 'block.timestamp' } as const;

const resource = (path: string, notFoundCode: string, byId: boolean, filters: Filters, sorts: Record<string, string>): ListResource => ({
  path,
  notFoundCode,
  byId,
  filters,
  sorts,
});

/**
 * Each list's filters and sort fields are those of the protocol client's query schema named beside
 * it (`s…SearchQuery`), like the real service's.
 */
export const SIM_RESOURCES = {
  // sCampaignsSearchQuery
  campaigns: resource('/v1/campaigns', 'CAMPAIGN_NOT_FOUND', true, {
    code: list('string'), tokenId: list('id'), startDate: ranged('date'), endDate: ranged('date'),
  }, { _id: '_id' }),
  // sChainsSearchQuery
  chains: resource('/v1/chains', 'CHAIN_NOT_FOUND', true, { ...named, hex: one('string'), chainID: one('number') }, { _id: '_id', name: 'name' }),
  // sOperatorsSearchQuery
  operators: resource('/v1/operators', 'OPERATOR_NOT_FOUND', true, { ...named, code: one('string') }, { _id: '_id', name: 'name' }),
  // sTokenBlocksSearchQuery
  tokenBlocks: resource('/v1/token-blocks', 'TOKEN_BLOCK_NOT_FOUND', true, {
    tokenId: one('id'), tokenAddress: one('address'), block: list('number', 'block.number'), timestamp: timestamp(['gte', 'lte']),
  }, byBlock),
  // sTokensSearchQuery
  tokens: resource('/v1/tokens', 'TOKEN_NOT_FOUND', true, {
    ...named, address: list('address'), symbol: one('text'), chainId: one('id'),
  }, { _id: '_id', name: 'name' }),
  // sTransactionsSearchQuery (`tokentId` is the schema's own spelling)
  transactions: resource('/v1/transactions', 'TRANSACTION_NOT_FOUND', false, {
    vaultId: list('id'), vaultAddress: list('address'), walletId: list('id'), walletAddress: list('address'),
    tokentId: one('id', 'tokenId'), type: list('string'), block: one('number', 'block.number'), timestamp: timestamp(['gte', 'lte']),
  }, { _id: '_id', ...byBlock }),
  // sVaultsSearchQuery
  vaults: resource('/v1/vaults', 'VAULT_NOT_FOUND', true, {
    ...named, address: one('address'), status: one('string'), visibility: { kind: 'string', eq: 'list', ops: ['ne'] },
    'cdoEpoch.borrower.address': list('address'), 'cdoEpoch.borrower.operatorId': list('id'),
    'cdoEpoch.manager.address': list('address'), 'cdoEpoch.manager.operatorId': list('id'),
    cdo: one('address', 'cdo.address'), symbol: list('text'), chainId: list('id'), contractType: list('string'),
  }, { name: 'name' }),
  // sVaultBlocksSearchQuery
  vaultBlocks: resource('/v1/vault-blocks', 'VAULT_BLOCK_NOT_FOUND', true, blocks, byBlock),
  /** The list form of the latest block: one block per vault, `vaultId=a,b,…` (sVaultBlocksSearchQuery too). */
  vaultLatestBlocks: resource('/v1/vault-latest-blocks', 'VAULT_BLOCK_NOT_FOUND', false, blocks, byBlock),
  // sVaultCategoriesSearchSchema
  vaultCategories: resource('/v1/vault-categories', 'VAULT_CATEGORY_NOT_FOUND', true, coded, { _id: '_id', code: 'code' }),
  // sVaultEpochsSearchQuery
  vaultEpochs: resource('/v1/vault-epochs', 'VAULT_EPOCH_NOT_FOUND', false, {
    vaultId: list('id'), vaultAddress: list('address'), count: ranged('number'), timestamp: timestamp(['gte', 'lte']),
    startDate: ranged('date'), endDate: ranged('date'), status: one('string'),
  }, { _id: '_id', count: 'count', timestamp: 'block.timestamp' }),
  // sVaultPerformancesSearchQuery
  vaultPerformances: resource('/v1/vault-performances', 'VAULT_PERFORMANCE_NOT_FOUND', true, {
    vaultId: list('id'), vaultBlockId: list('id'),
  }, { _id: '_id' }),
  /** `/v1/vaults/performances` (sVaultsPerformancesQuery): an aggregate over the vaults. */
  vaultsPerformanceOverview: resource('/v1/vaults/performances', 'VAULT_NOT_FOUND', false, {
    status: one('string'), visibility: one('string'), symbol: one('text'), chainId: list('id'), contractType: one('string'),
  }, { _id: '_id' }),
  // sVaultTypesSearchSchema
  vaultTypes: resource('/v1/vault-types', 'VAULT_TYPE_NOT_FOUND', true, coded, { code: 'code' }),
  // sSignaturesSearchQuery
  signatures: resource('/v1/signatures', 'SIGNATURE_NOT_FOUND', false, { name: one('string') }, { _id: '_id' }),
  // sVaultRequestsSearchQuery: lists only
  vaultRequests: resource('/v1/vault-requests', 'VAULT_REQUEST_NOT_FOUND', false, {
    vaultId: list('id'), vaultAddress: list('address'), walletAddress: list('address'), walletId: list('id'),
    status: list('string'), type: list('string'),
  }, { requestedOn: 'requestedOn', 'block.number': 'block.number' }),
} satisfies Record<string, ListResource>;

export type SimResourceName = keyof typeof SIM_RESOURCES;
export const SIM_RESOURCE_NAMES = Object.keys(SIM_RESOURCES) as SimResourceName[];

/** Whether a list takes a query parameter (`field` or `field:op`) at all. */
export function takesParameter(filters: Filters, key: string): boolean {
  const [field = '', op, ...rest] = key.split(':');
  const param = filters[field];
  if (!param || rest.length > 0) return false;
  return op === undefined ? param.eq !== undefined : (param.ops ?? []).includes(op as RangeOperator);
}

/** The filters and sorts of each list path, for a server that ignores the parameters it does not know. */
export const LIST_FILTERS: ReadonlyMap<string, Pick<ListResource, 'filters' | 'sorts'>> = new Map(
  SIM_RESOURCE_NAMES.map((name) => [SIM_RESOURCES[name].path, SIM_RESOURCES[name]]),
);
