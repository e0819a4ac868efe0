/**
 * The query schemas of the protocol's own data-access client (`s*SearchQuery` and the other
 * `s*Query` / `s*SearchSchema` definitions of its `*.model.js` files), transcribed as facts: per
 * route, the parameters its fluent-json-schema object allows (every one `additionalProperties:
 * false`). An array is written on the wire as a comma list (the client's `uriFy`). The schema that
 * each route comes from is named above it. Nothing here is the console's: a query the console
 * builds is checked against these.
 */

export interface OfficialParam {
  type?: 'string' | 'number' | 'integer' | 'boolean' | 'array';
  pattern?: string;
  enum?: readonly string[];
  minItems?: number;
  maxItems?: number;
  minimum?: number;
  maximum?: number;
  items?: OfficialParam;
}

/** A date the client writes with `toISOString()`. */
const ISO_DATE: OfficialParam = { type: 'string', pattern: '^\\d{4}-\\d{2}-\\d{2}T\\d{2}:\\d{2}:\\d{2}\\.\\d{3}Z$' };

/** What every paged search query allows (the client's `sPageSearchQuery`): ids, page and order; fields and sort are per route. */
const PAGED: Readonly<Record<string, OfficialParam>> = {
  _id: { type: 'array', minItems: 1, maxItems: 200, items: { type: 'string', pattern: '^[a-f0-9]{24}$' } },
  limit: { type: 'integer', minimum: 1, maximum: 200 },
  offset: { type: 'integer', minimum: 0 },
  order: { type: 'string', enum: ['asc', 'desc'] },
};

/** sVaultBlocksSearchQuery */
const VAULT_BLOCKS_SEARCH: Readonly<Record<string, OfficialParam>> = {
  ...PAGED,
  fields: {
    type: 'array',
    items: {
      type: 'string',
      enum: [
        '_id',
        'vaultId',
        'vaultAddress',
        'block',
        'APRs',
        'APYs',
        'totalSupply',
        'price',
        'TVL',
        'pools',
        'allocations',
        'cdo',
        'cdoEpoch',
        'strategy',
        'requests',
        'totalRequests',
        'createdAt',
        'createdBy',
        'updatedAt',
        'updatedBy',
      ],
    },
  },
  sort: { type: 'string', enum: ['block', 'timestamp'] },
  vaultId: { type: 'array', minItems: 1, maxItems: 200, items: { type: 'string', pattern: '^[a-f0-9]{24}$' } },
  vaultAddress: { type: 'array', minItems: 1, maxItems: 200, items: { type: 'string', pattern: '^0x[a-fA-F0-9]{40}$' } },
  block: { type: 'array', minItems: 1, maxItems: 200, items: { type: 'number' } },
  'timestamp:gt': { type: 'number' },
  'timestamp:gte': { type: 'number' },
  'timestamp:lt': { type: 'number' },
  'timestamp:lte': { type: 'number' },
  'cdoEpoch.status': {
    type: 'array',
    minItems: 1,
    maxItems: 200,
    items: { type: 'string', enum: ['WAITING', 'RUNNING', 'DEFAULTED', 'CURE'] },
  },
};

export const OFFICIAL_QUERIES: Readonly<Record<string, Readonly<Record<string, OfficialParam>>>> = {
  // sCampaignsSearchQuery
  '/v1/campaigns': {
    ...PAGED,
    fields: {
      type: 'array',
      items: {
        type: 'string',
        enum: ['_id', 'tokenId', 'code', 'rules', 'boosts', 'startDate', 'endDate', 'createdAt', 'createdBy', 'updatedAt', 'updatedBy'],
      },
    },
    sort: { type: 'string', enum: ['_id'] },
    code: { type: 'array', maxItems: 200, items: { type: 'string' } },
    tokenId: { type: 'array', maxItems: 200, items: { type: 'string', pattern: '^[a-f0-9]{24}$' } },
    startDate: ISO_DATE,
    'startDate:lt': ISO_DATE,
    'startDate:lte': ISO_DATE,
    'startDate:gt': ISO_DATE,
    'startDate:gte': ISO_DATE,
    endDate: ISO_DATE,
    'endDate:lt': ISO_DATE,
    'endDate:lte': ISO_DATE,
    'endDate:gt': ISO_DATE,
    'endDate:gte': ISO_DATE,
  },
  // sChainsSearchQuery
  '/v1/chains': {
    ...PAGED,
    fields: {
      type: 'array',
      items: { type: 'string', enum: ['_id', 'name', 'hex', 'RPCs', 'chainID', 'createdAt', 'createdBy', 'updatedAt', 'updatedBy'] },
    },
    sort: { type: 'string', enum: ['_id', 'name'] },
    name: { type: 'string' },
    'name:ct': { type: 'string' },
    hex: { type: 'string' },
    chainID: { type: 'number' },
  },
  // sOperatorsSearchQuery
  '/v1/operators': {
    ...PAGED,
    fields: {
      type: 'array',
      items: {
        type: 'string',
        enum: [
          '_id',
          'name',
          'code',
          'type',
          'description',
          'label',
          'rating',
          'location',
          'links',
          'createdAt',
          'createdBy',
          'updatedAt',
          'updatedBy',
        ],
      },
    },
    sort: { type: 'string', enum: ['_id', 'name'] },
    name: { type: 'string' },
    'name:ct': { type: 'string' },
    code: { type: 'string' },
  },
  // sSignaturesSearchQuery
  '/v1/signatures': {
    ...PAGED,
    fields: {
      type: 'array',
      items: { type: 'string', enum: ['_id', 'name', 'message', 'checks', 'createdAt', 'createdBy', 'updatedAt', 'updatedBy'] },
    },
    sort: { type: 'string', enum: ['_id'] },
    name: {},
  },
  // sTokenBlocksSearchQuery
  '/v1/token-blocks': {
    ...PAGED,
    fields: {
      type: 'array',
      items: {
        type: 'string',
        enum: ['_id', 'block', 'tokenId', 'tokenAddress', 'price', 'createdAt', 'createdBy', 'updatedAt', 'updatedBy'],
      },
    },
    sort: { type: 'string', enum: ['block', 'timestamp'] },
    tokenId: { type: 'string', pattern: '^[a-f0-9]{24}$' },
    tokenAddress: { type: 'string', pattern: '^0x[a-fA-F0-9]{40}$' },
    block: { type: 'array', minItems: 1, maxItems: 200, items: { type: 'number' } },
    'timestamp:gte': { type: 'number' },
    'timestamp:lte': { type: 'number' },
  },
  // sTokensSearchQuery
  '/v1/tokens': {
    ...PAGED,
    fields: {
      type: 'array',
      items: {
        type: 'string',
        enum: ['_id', 'name', 'chainId', 'address', 'symbol', 'decimals', 'oracle', 'createdAt', 'createdBy', 'updatedAt', 'updatedBy'],
      },
    },
    sort: { type: 'string', enum: ['_id', 'name'] },
    name: { type: 'string' },
    'name:ct': { type: 'string' },
    address: { type: 'array', minItems: 1, maxItems: 200, items: { type: 'string', pattern: '^0x[a-fA-F0-9]{40}$' } },
    symbol: { type: 'string' },
    chainId: { type: 'string' },
  },
  // sTransactionsSearchQuery
  '/v1/transactions': {
    ...PAGED,
    fields: {
      type: 'array',
      items: {
        type: 'string',
        enum: [
          '_id',
          'vaultId',
          'vaultAddress',
          'walletId',
          'walletAddress',
          'tokenId',
          'type',
          'hash',
          'block',
          'amount',
          'tokenAmount',
          'price',
          'input',
          'createdAt',
          'createdBy',
          'updatedAt',
          'updatedBy',
        ],
      },
    },
    sort: { type: 'string', enum: ['_id', 'block', 'timestamp'] },
    vaultId: { type: 'array', minItems: 1, maxItems: 200, items: { type: 'string', pattern: '^[a-f0-9]{24}$' } },
    vaultAddress: { type: 'array', minItems: 1, maxItems: 200, items: { type: 'string', pattern: '^0x[a-fA-F0-9]{40}$' } },
    walletId: { type: 'array', minItems: 1, maxItems: 200, items: { type: 'string', pattern: '^[a-f0-9]{24}$' } },
    walletAddress: { type: 'array', minItems: 1, maxItems: 200, items: { type: 'string', pattern: '^0x[a-fA-F0-9]{40}$' } },
    tokentId: { type: 'string', pattern: '^[a-f0-9]{24}$' },
    type: { type: 'array', minItems: 1, maxItems: 200, items: { type: 'string' } },
    block: { type: 'string' },
    'timestamp:gte': { type: 'number' },
    'timestamp:lte': { type: 'number' },
  },
  // sVaultBlocksSearchQuery: the client's one schema for both lists of vault blocks
  '/v1/vault-blocks': VAULT_BLOCKS_SEARCH,
  '/v1/vault-latest-blocks': VAULT_BLOCKS_SEARCH,
  // sVaultCategoriesSearchSchema
  '/v1/vault-categories': {
    ...PAGED,
    fields: {
      type: 'array',
      items: { type: 'string', enum: ['_id', 'code', 'name', 'description', 'createdAt', 'createdBy', 'updatedAt', 'updatedBy'] },
    },
    sort: { type: 'string', enum: ['_id', 'code'] },
    code: { type: 'string' },
    'code:ct': { type: 'string' },
  },
  // sVaultTypesSearchSchema
  '/v1/vault-types': {
    ...PAGED,
    fields: {
      type: 'array',
      items: { type: 'string', enum: ['_id', 'code', 'name', 'description', 'createdAt', 'createdBy', 'updatedAt', 'updatedBy'] },
    },
    sort: { type: 'string', enum: ['code'] },
    code: { type: 'string' },
    'code:ct': { type: 'string' },
  },
  // sVaultEpochsSearchQuery
  '/v1/vault-epochs': {
    ...PAGED,
    fields: {
      type: 'array',
      items: {
        type: 'string',
        enum: [
          '_id',
          'block',
          'APRs',
          'TVL',
          'totalSupply',
          'price',
          'deposits',
          'duration',
          'bufferDuration',
          'unclaimedFees',
          'expectedInterest',
          'startDate',
          'endDate',
          'count',
          'status',
          'withdrawType',
          'depositQueue',
          'withdrawQueue',
          'withdraws',
          'instantWithdraws',
          'createdAt',
          'createdBy',
          'updatedAt',
          'updatedBy',
        ],
      },
    },
    sort: { type: 'string', enum: ['_id', 'count', 'timestamp'] },
    vaultId: { type: 'array', minItems: 1, maxItems: 200, items: { type: 'string', pattern: '^[a-f0-9]{24}$' } },
    vaultAddress: { type: 'array', minItems: 1, maxItems: 200, items: { type: 'string', pattern: '^0x[a-fA-F0-9]{40}$' } },
    count: { type: 'number' },
    'count:lt': { type: 'number' },
    'count:lte': { type: 'number' },
    'count:gt': { type: 'number' },
    'count:gte': { type: 'number' },
    'timestamp:gte': { type: 'number' },
    'timestamp:lte': { type: 'number' },
    startDate: ISO_DATE,
    'startDate:lt': ISO_DATE,
    'startDate:lte': ISO_DATE,
    'startDate:gt': ISO_DATE,
    'startDate:gte': ISO_DATE,
    endDate: ISO_DATE,
    'endDate:lt': ISO_DATE,
    'endDate:lte': ISO_DATE,
    'endDate:gt': ISO_DATE,
    'endDate:gte': ISO_DATE,
    status: { type: 'string', enum: ['WAITING', 'RUNNING', 'DEFAULTED', 'FINISHED', 'CURE'] },
  },
  // sVaultPerformancesSearchQuery
  '/v1/vault-performances': {
    ...PAGED,
    fields: {
      type: 'array',
      items: {
        type: 'string',
        enum: [
          '_id',
          'vaultId',
          'vaultBlockId',
          'block',
          'age',
          'holders',
          'realizedAPY',
          'accruedRewards',
          'earnings',
          'createdAt',
          'createdBy',
          'updatedAt',
          'updatedBy',
        ],
      },
    },
    sort: { type: 'string', enum: ['_id'] },
    vaultId: { type: 'array', minItems: 1, maxItems: 200, items: { type: 'string', pattern: '^[a-f0-9]{24}$' } },
    vaultBlockId: { type: 'array', minItems: 1, maxItems: 200, items: { type: 'string', pattern: '^[a-f0-9]{24}$' } },
  },
  // sVaultRequestsSearchQuery
  '/v1/vault-requests': {
    ...PAGED,
    fields: {
      type: 'array',
      items: {
        type: 'string',
        enum: [
          '_id',
          'vaultId',
          'vaultAddress',
          'walletId',
          'walletAddress',
          'requestedOn',
          'status',
          'type',
          'amount',
          'lpAmount',
          'block',
          'epochNumber',
          'isInstant',
        ],
      },
    },
    sort: { type: 'string', enum: ['requestedOn', 'block.number'] },
    vaultId: { type: 'array', minItems: 1, maxItems: 200, items: { type: 'string', pattern: '^[a-f0-9]{24}$' } },
    vaultAddress: { type: 'array', minItems: 1, maxItems: 200, items: { type: 'string', pattern: '^0x[a-fA-F0-9]{40}$' } },
    walletAddress: { type: 'array', minItems: 1, maxItems: 200, items: { type: 'string', pattern: '^0x[a-fA-F0-9]{40}$' } },
    walletId: { type: 'array', minItems: 1, maxItems: 200, items: { type: 'string', pattern: '^[a-f0-9]{24}$' } },
    status: {
      type: 'array',
      items: { type: 'string', enum: ['PENDING', 'PROCESSED', 'CLAIMABLE', 'INSTANT_CLAIMABLE', 'CLAIMED', 'FULFILLED', 'COMPLETED'] },
    },
    type: { type: 'array', items: { type: 'string', enum: ['DEPOSIT', 'WITHDRAW', 'REDEEM', 'WRITEOFF'] } },
  },
  // sVaultsSearchQuery
  '/v1/vaults': {
    ...PAGED,
    fields: {
      type: 'array',
      items: {
        type: 'string',
        enum: [
          '_id',
          'tokenId',
          'chainId',
          'typeId',
          'categoryId',
          'operatorIds',
          'name',
          'caption',
          'kyc',
          'address',
          'symbol',
          'protocol',
          'contractType',
          'abi',
          'description',
          'visibility',
          'status',
          'feePercentage',
          'harvestTokenIds',
          'rewardPrograms',
          'rewardEmissions',
          'cdo',
          'campaigns',
          'documents',
          'cdoEpoch',
          'rwa',
          'strategy',
          'pools',
          'siblings',
          'createdAt',
          'createdBy',
          'updatedAt',
          'updatedBy',
        ],
      },
    },
    sort: { type: 'string', enum: ['name'] },
    name: { type: 'string' },
    'name:ct': { type: 'string' },
    address: { type: 'string', pattern: '^0x[a-fA-F0-9]{40}$' },
    status: { type: 'string', enum: ['PAUSED', 'DISABLED', 'READY', 'EXPERIMENTAL', 'BOOSTED'] },
    visibility: { type: 'array', minItems: 1, maxItems: 3, items: { type: 'string', enum: ['HIDDEN', 'RESTRICTED', 'PUBLIC'] } },
    'visibility:ne': { type: 'array', minItems: 1, maxItems: 3, items: { type: 'string', enum: ['HIDDEN', 'RESTRICTED', 'PUBLIC'] } },
    'cdoEpoch.borrower.address': { type: 'array', minItems: 1, maxItems: 200, items: { type: 'string', pattern: '^0x[a-fA-F0-9]{40}$' } },
    'cdoEpoch.borrower.operatorId': { type: 'array', minItems: 1, maxItems: 200, items: { type: 'string' } },
    'cdoEpoch.manager.address': { type: 'array', minItems: 1, maxItems: 200, items: { type: 'string', pattern: '^0x[a-fA-F0-9]{40}$' } },
    'cdoEpoch.manager.operatorId': { type: 'array', minItems: 1, maxItems: 200, items: { type: 'string' } },
    cdo: { type: 'string' },
    symbol: { type: 'array', minItems: 1, maxItems: 200, items: { type: 'string' } },
    chainId: { type: 'array', minItems: 1, maxItems: 200, items: { type: 'string', pattern: '^[a-f0-9]{24}$' } },
    contractType: {
      type: 'array',
      minItems: 1,
      maxItems: 200,
      items: { type: 'string', enum: ['BestYield', 'CDO', 'CDO_EPOCH', 'PARETO_DOLLAR', 'PARETO_TOKEN'] },
    },
  },
  // sVaultsPerformancesQuery
  '/v1/vaults/performances': {
    ...PAGED,
    fields: { type: 'array', items: { type: 'string', enum: ['_id'] } },
    sort: { type: 'string', enum: ['_id'] },
    status: { type: 'string', enum: ['PAUSED', 'DISABLED', 'READY', 'EXPERIMENTAL', 'BOOSTED'] },
    visibility: { type: 'string', enum: ['HIDDEN', 'RESTRICTED', 'PUBLIC'] },
    symbol: { type: 'string' },
    chainId: { type: 'array', minItems: 1, maxItems: 200, items: { type: 'string', pattern: '^[a-f0-9]{24}$' } },
    contractType: { type: 'string', enum: ['BestYield', 'CDO', 'CDO_EPOCH', 'PARETO_DOLLAR', 'PARETO_TOKEN'] },
  },
  // sVaultPositionQuery
  '/v1/vaults/:id/position': {
    walletId: { type: 'string', pattern: '^[a-f0-9]{24}$' },
    walletAddress: { type: 'string', pattern: '^0x[a-fA-F0-9]{40}$' },
    'block:gte': { type: 'number' },
    'block:lte': { type: 'number' },
    'timestamp:gte': { type: 'number' },
    'timestamp:lte': { type: 'number' },
  },
  // sCampaignPointsQuery
  '/v1/campaigns/:id/points': {
    walletId: { type: 'string', pattern: '^[a-f0-9]{24}$' },
    walletAddress: { type: 'string', pattern: '^0x[a-fA-F0-9]{40}$' },
  },
  // sVaultIntegrationsQuery
  '/v1/vaults/:id/integrations': {
    provider: {
      type: 'array',
      minItems: 1,
      maxItems: 200,
      items: { type: 'string', enum: ['Usual', 'Lido', 'Instadapp', 'Ethena', 'Euler', 'TermFinance'] },
    },
    type: {
      type: 'array',
      minItems: 1,
      maxItems: 200,
      items: { type: 'string', enum: ['APR', 'strategyAPR', 'accountVaults', 'repoTokenHolders'] },
    },
    tag: { type: 'array', minItems: 1, maxItems: 200, items: { type: 'string', enum: ['VAULT', 'WALLET'] } },
    blockNumber: { type: 'number' },
  },
  // sSignatureCheckBody: the check names the wallet, and nothing else.
  '/v1/signatures/:id/check': {
    walletAddress: { type: 'string', pattern: '^0x[a-fA-F0-9]{40}$' },
  },
};
