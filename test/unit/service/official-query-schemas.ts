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

/** A document id (a Mongo ObjectId in hex) and an EVM address, as the client's patterns write them. */
const ID: OfficialParam = { type: 'string', pattern: '^[a-f0-9]{24}$' };
const ADDRESS: OfficialParam = { type: 'string', pattern: '^0x[a-fA-F0-9]{40}$' };
const TEXT: OfficialParam = { type: 'string' };
const NUMBER: OfficialParam = { type: 'number' };
/** A date the client writes with `toISOString()`. */
const ISO_DATE: OfficialParam = { type: 'string', pattern: '^\\d{4}-\\d{2}-\\d{2}T\\d{2}:\\d{2}:\\d{2}\\.\\d{3}Z$' };

/** One of these words. */
const oneOf = (...values: string[]): OfficialParam => ({ type: 'string', enum: values });

/** A list parameter: most of the client's take 1 to 200 values; the others give their own bounds (`{}`: none). */
const listOf = (
  items: OfficialParam,
  bounds: { minItems?: number; maxItems?: number } = { minItems: 1, maxItems: 200 },
): OfficialParam => ({
  type: 'array',
  ...bounds,
  items,
});

/** `name` compared with each operator (`name:lt`, `name:gte`…), each taking what `param` takes. */
const compared = (name: string, param: OfficialParam, ops: readonly string[]): Record<string, OfficialParam> =>
  Object.fromEntries(ops.map((op) => [`${name}:${op}`, param]));

/** A date filter: the date itself and before or after it. */
const dateFilter = (name: string): Record<string, OfficialParam> => ({
  [name]: ISO_DATE,
  ...compared(name, ISO_DATE, ['lt', 'lte', 'gt', 'gte']),
});

/** The bookkeeping fields every stored record carries, last in most `fields` lists. */
const RECORD_FIELDS = ['createdAt', 'createdBy', 'updatedAt', 'updatedBy'];

/** What every paged search query allows (the client's `sPageSearchQuery`): ids, page and order; fields and sort are per route. */
const PAGED: Readonly<Record<string, OfficialParam>> = {
  _id: listOf(ID),
  limit: { type: 'integer', minimum: 1, maximum: 200 },
  offset: { type: 'integer', minimum: 0 },
  order: oneOf('asc', 'desc'),
};

/** A paged search: the fields a route can return, what it sorts by, and its own filters. */
const pagedSearch = (fields: string[], sort: string[], filters: Record<string, OfficialParam>): Record<string, OfficialParam> => ({
  ...PAGED,
  fields: { type: 'array', items: oneOf(...fields) },
  sort: oneOf(...sort),
  ...filters,
});

/** sVaultBlocksSearchQuery */
const VAULT_BLOCKS_SEARCH = pagedSearch(
  [
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
    ...RECORD_FIELDS,
  ],
  ['block', 'timestamp'],
  {
    vaultId: listOf(ID),
    vaultAddress: listOf(ADDRESS),
    block: listOf(NUMBER),
    ...compared('timestamp', NUMBER, ['gt', 'gte', 'lt', 'lte']),
    'cdoEpoch.status': listOf(oneOf('WAITING', 'RUNNING', 'DEFAULTED', 'CURE')),
  },
);

const VAULT_STATUS = oneOf('PAUSED', 'DISABLED', 'READY', 'EXPERIMENTAL', 'BOOSTED');
const VISIBILITY = oneOf('HIDDEN', 'RESTRICTED', 'PUBLIC');
const CONTRACT_TYPE = oneOf('BestYield', 'CDO', 'CDO_EPOCH', 'PARETO_DOLLAR', 'PARETO_TOKEN');

export const OFFICIAL_QUERIES: Readonly<Record<string, Readonly<Record<string, OfficialParam>>>> = {
  // sCampaignsSearchQuery
  '/v1/campaigns': pagedSearch(['_id', 'tokenId', 'code', 'rules', 'boosts', 'startDate', 'endDate', ...RECORD_FIELDS], ['_id'], {
    code: listOf(TEXT, { maxItems: 200 }),
    tokenId: listOf(ID, { maxItems: 200 }),
    ...dateFilter('startDate'),
    ...dateFilter('endDate'),
  }),
  // sChainsSearchQuery
  '/v1/chains': pagedSearch(['_id', 'name', 'hex', 'RPCs', 'chainID', ...RECORD_FIELDS], ['_id', 'name'], {
    name: TEXT,
    'name:ct': TEXT,
    hex: TEXT,
    chainID: NUMBER,
  }),
  // sOperatorsSearchQuery
  '/v1/operators': pagedSearch(
    ['_id', 'name', 'code', 'type', 'description', 'label', 'rating', 'location', 'links', ...RECORD_FIELDS],
    ['_id', 'name'],
    { name: TEXT, 'name:ct': TEXT, code: TEXT },
  ),
  // sSignaturesSearchQuery
  '/v1/signatures': pagedSearch(['_id', 'name', 'message', 'checks', ...RECORD_FIELDS], ['_id'], { name: {} }),
  // sTokenBlocksSearchQuery
  '/v1/token-blocks': pagedSearch(['_id', 'block', 'tokenId', 'tokenAddress', 'price', ...RECORD_FIELDS], ['block', 'timestamp'], {
    tokenId: ID,
    tokenAddress: ADDRESS,
    block: listOf(NUMBER),
    ...compared('timestamp', NUMBER, ['gte', 'lte']),
  }),
  // sTokensSearchQuery
  '/v1/tokens': pagedSearch(['_id', 'name', 'chainId', 'address', 'symbol', 'decimals', 'oracle', ...RECORD_FIELDS], ['_id', 'name'], {
    name: TEXT,
    'name:ct': TEXT,
    address: listOf(ADDRESS),
    symbol: TEXT,
    chainId: TEXT,
  }),
  // sTransactionsSearchQuery
  '/v1/transactions': pagedSearch(
    [
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
      ...RECORD_FIELDS,
    ],
    ['_id', 'block', 'timestamp'],
    {
      vaultId: listOf(ID),
      vaultAddress: listOf(ADDRESS),
      walletId: listOf(ID),
      walletAddress: listOf(ADDRESS),
      // `tokentId`, as the client's schema spells it.
      tokentId: ID,
      type: listOf(TEXT),
      block: TEXT,
      ...compared('timestamp', NUMBER, ['gte', 'lte']),
    },
  ),
  // sVaultBlocksSearchQuery: the client's one schema for both lists of vault blocks
  '/v1/vault-blocks': VAULT_BLOCKS_SEARCH,
  '/v1/vault-latest-blocks': VAULT_BLOCKS_SEARCH,
  // sVaultCategoriesSearchSchema
  '/v1/vault-categories': pagedSearch(['_id', 'code', 'name', 'description', ...RECORD_FIELDS], ['_id', 'code'], {
    code: TEXT,
    'code:ct': TEXT,
  }),
  // sVaultTypesSearchSchema
  '/v1/vault-types': pagedSearch(['_id', 'code', 'name', 'description', ...RECORD_FIELDS], ['code'], { code: TEXT, 'code:ct': TEXT }),
  // sVaultEpochsSearchQuery
  '/v1/vault-epochs': pagedSearch(
    [
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
      ...RECORD_FIELDS,
    ],
    ['_id', 'count', 'timestamp'],
    {
      vaultId: listOf(ID),
      vaultAddress: listOf(ADDRESS),
      count: NUMBER,
      ...compared('count', NUMBER, ['lt', 'lte', 'gt', 'gte']),
      ...compared('timestamp', NUMBER, ['gte', 'lte']),
      ...dateFilter('startDate'),
      ...dateFilter('endDate'),
      status: oneOf('WAITING', 'RUNNING', 'DEFAULTED', 'FINISHED', 'CURE'),
    },
  ),
  // sVaultPerformancesSearchQuery
  '/v1/vault-performances': pagedSearch(
    ['_id', 'vaultId', 'vaultBlockId', 'block', 'age', 'holders', 'realizedAPY', 'accruedRewards', 'earnings', ...RECORD_FIELDS],
    ['_id'],
    { vaultId: listOf(ID), vaultBlockId: listOf(ID) },
  ),
  // sVaultRequestsSearchQuery (its fields list no bookkeeping fields)
  '/v1/vault-requests': pagedSearch(
    [
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
    ['requestedOn', 'block.number'],
    {
      vaultId: listOf(ID),
      vaultAddress: listOf(ADDRESS),
      walletAddress: listOf(ADDRESS),
      walletId: listOf(ID),
      status: listOf(oneOf('PENDING', 'PROCESSED', 'CLAIMABLE', 'INSTANT_CLAIMABLE', 'CLAIMED', 'FULFILLED', 'COMPLETED'), {}),
      type: listOf(oneOf('DEPOSIT', 'WITHDRAW', 'REDEEM', 'WRITEOFF'), {}),
    },
  ),
  // sVaultsSearchQuery
  '/v1/vaults': pagedSearch(
    [
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
      ...RECORD_FIELDS,
    ],
    ['name'],
    {
      name: TEXT,
      'name:ct': TEXT,
      address: ADDRESS,
      status: VAULT_STATUS,
      visibility: listOf(VISIBILITY, { minItems: 1, maxItems: 3 }),
      'visibility:ne': listOf(VISIBILITY, { minItems: 1, maxItems: 3 }),
      'cdoEpoch.borrower.address': listOf(ADDRESS),
      'cdoEpoch.borrower.operatorId': listOf(TEXT),
      'cdoEpoch.manager.address': listOf(ADDRESS),
      'cdoEpoch.manager.operatorId': listOf(TEXT),
      cdo: TEXT,
      symbol: listOf(TEXT),
      chainId: listOf(ID),
      contractType: listOf(CONTRACT_TYPE),
    },
  ),
  // sVaultsPerformancesQuery
  '/v1/vaults/performances': pagedSearch(['_id'], ['_id'], {
    status: VAULT_STATUS,
    visibility: VISIBILITY,
    symbol: TEXT,
    chainId: listOf(ID),
    contractType: CONTRACT_TYPE,
  }),
  // sVaultPositionQuery
  '/v1/vaults/:id/position': {
    walletId: ID,
    walletAddress: ADDRESS,
    ...compared('block', NUMBER, ['gte', 'lte']),
    ...compared('timestamp', NUMBER, ['gte', 'lte']),
  },
  // sCampaignPointsQuery
  '/v1/campaigns/:id/points': { walletId: ID, walletAddress: ADDRESS },
  // sVaultIntegrationsQuery
  '/v1/vaults/:id/integrations': {
    provider: listOf(oneOf('Usual', 'Lido', 'Instadapp', 'Ethena', 'Euler', 'TermFinance')),
    type: listOf(oneOf('APR', 'strategyAPR', 'accountVaults', 'repoTokenHolders')),
    tag: listOf(oneOf('VAULT', 'WALLET')),
    blockNumber: NUMBER,
  },
  // sSignatureCheckBody: the check names the wallet, and nothing else.
  '/v1/signatures/:id/check': { walletAddress: ADDRESS },
};
