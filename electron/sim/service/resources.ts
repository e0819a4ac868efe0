/**
 * The list resources this service serves, as the spec (section 4) describes them: path, the error
 * code of an unknown id, whether `path/:id` answers one record, and the filters each list takes
 * with how each compares. The routes, the list query parser and the OpenAPI document read it.
 */

/**
 * How a filter field compares: `id` and `string` exactly (`string` also `:ct`), `address`
 * case-insensitively (a malformed one is a 400), `text` (names) exactly, by `:ct` and lexically,
 * `number`, `date` and `amount` (integer strings) exactly and by range, `boolean` as true/false.
 */
export type FilterKind = 'id' | 'string' | 'address' | 'text' | 'number' | 'date' | 'amount' | 'boolean';
export type Filters = Readonly<Record<string, FilterKind>>;

export interface ListResource {
  path: string;
  notFoundCode: string;
  byId: boolean;
  filters: Filters;
}

/** The list limits of spec section 8. */
export const LIST_LIMITS = { defaultLimit: 50, maxLimit: 200, maxIds: 200 } as const;
export const RANGE_OPERATORS = ['gte', 'lte', 'gt', 'lt', 'ne', 'ct'] as const;
export type RangeOperator = (typeof RANGE_OPERATORS)[number];

const audit: Filters = { createdAt: 'date', updatedAt: 'date' };
const onBlock: Filters = { 'block.number': 'number', 'block.timestamp': 'number' };
const named: Filters = { code: 'string', name: 'text', ...audit };
const blocks: Filters = { vaultId: 'id', chainId: 'id', vaultAddress: 'address', ...onBlock };

const resource = (path: string, notFoundCode: string, byId: boolean, filters: Filters): ListResource => ({ path, notFoundCode, byId, filters });

export const SIM_RESOURCES = {
  campaigns: resource('/v1/campaigns', 'CAMPAIGN_NOT_FOUND', true, { ...named, vaultIds: 'id', startDate: 'date', endDate: 'date' }),
  chains: resource('/v1/chains', 'CHAIN_NOT_FOUND', true, { name: 'text', chainID: 'number', hex: 'string', isDisabled: 'boolean', ...audit }),
  operators: resource('/v1/operators', 'OPERATOR_NOT_FOUND', true, { ...named, type: 'string' }),
  tokenBlocks: resource('/v1/token-blocks', 'TOKEN_BLOCK_NOT_FOUND', true, { tokenId: 'id', chainId: 'id', ...onBlock, ...audit }),
  tokens: resource('/v1/tokens', 'TOKEN_NOT_FOUND', true, {
    name: 'text', symbol: 'text', address: 'address', chainId: 'id', decimals: 'number', underlying: 'boolean',
    ...audit,
  }),
  transactions: resource('/v1/transactions', 'TRANSACTION_NOT_FOUND', false, {
    type: 'string', status: 'string', hash: 'string', chainId: 'id', walletAddress: 'address', vaultId: 'id',
    epochId: 'id', tokenId: 'id', amount: 'amount', ...onBlock, ...audit,
  }),
  vaults: resource('/v1/vaults', 'VAULT_NOT_FOUND', true, {
    address: 'address', 'cdoEpoch.address': 'address', chainId: 'id', tokenId: 'id', typeId: 'id', categoryId: 'id',
    operatorIds: 'id', name: 'text', symbol: 'text', protocol: 'text', contractType: 'string', visibility: 'string',
    status: 'string', feePercentage: 'number', ...audit,
  }),
  vaultBlocks: resource('/v1/vault-blocks', 'VAULT_BLOCK_NOT_FOUND', true, { ...blocks, ...audit }),
  /** The list form of the latest block: one block per vault, `vaultId=a,b,…`. */
  vaultLatestBlocks: resource('/v1/vault-latest-blocks', 'VAULT_BLOCK_NOT_FOUND', false, blocks),
  vaultCategories: resource('/v1/vault-categories', 'VAULT_CATEGORY_NOT_FOUND', true, named),
  vaultEpochs: resource('/v1/vault-epochs', 'VAULT_EPOCH_NOT_FOUND', false, {
    vaultId: 'id', count: 'number', status: 'string', withdrawType: 'string', startDate: 'date', endDate: 'date',
    apr: 'number', ...audit,
  }),
  vaultPerformances: resource('/v1/vault-performances', 'VAULT_PERFORMANCE_NOT_FOUND', true, {
    vaultId: 'id', vaultBlockId: 'id', realizedAPY: 'number', holders: 'number', ...onBlock, ...audit,
  }),
  /** `/v1/vaults/performances`: the latest performance of each vault. */
  vaultsPerformanceOverview: resource('/v1/vaults/performances', 'VAULT_NOT_FOUND', false, {
    vaultId: 'id', realizedAPY: 'number', holders: 'number',
  }),
  vaultTypes: resource('/v1/vault-types', 'VAULT_TYPE_NOT_FOUND', true, named),
  signatures: resource('/v1/signatures', 'SIGNATURE_NOT_FOUND', false, { code: 'string', entity: 'string', ...audit }),
  vaultRequests: resource('/v1/vault-requests', 'VAULT_REQUEST_NOT_FOUND', false, {
    vaultId: 'id', vaultAddress: 'address', walletAddress: 'address', status: 'string', type: 'string',
    epochNumber: 'number', isInstant: 'boolean', amount: 'amount', requestedOn: 'date', completedOn: 'date', ...onBlock,
  }),
} satisfies Record<string, ListResource>;

export type SimResourceName = keyof typeof SIM_RESOURCES;
export const SIM_RESOURCE_NAMES = Object.keys(SIM_RESOURCES) as SimResourceName[];

/** The filters of each list path, for a server that ignores the parameters it does not know. */
export const LIST_FILTERS: ReadonlyMap<string, Filters> = new Map(SIM_RESOURCE_NAMES.map((name) => [SIM_RESOURCES[name].path, SIM_RESOURCES[name].filters]));
