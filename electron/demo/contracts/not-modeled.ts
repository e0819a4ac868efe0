import type { SimGeneration } from './generations';

/**
 * The real signatures each demo contract deliberately lacks, grouped by why. The fidelity test
 * holds every demo contract to its generation's list: it must have each real signature except
 * these, and nothing the generation lacks (beyond `DEMO_PLUMBING`).
 */

interface Group {
  reason: string;
  signatures: readonly string[];
}

const group = (reason: string, signatures: readonly string[]): Group => ({ reason, signatures });

const OWNERSHIP = [
  'event Initialized(uint8)',
  'event OwnershipTransferred(address indexed,address indexed)',
  'function renounceOwnership()',
  'function transferOwnership(address)',
];
const setUp = (initialize: string, extra: readonly string[] = []): Group =>
  group('Proxy initialisation and ownership transfer: the demo deploys plain contracts with constructors, owned by the deployer for life.', [
    initialize,
    ...OWNERSHIP,
    ...extra,
  ]);

const VAULT_SET_UP = setUp('function initialize(uint256,address,address,address,address,address,uint256)');
const QUEUE_SET_UP = setUp('function initialize(address,address,bool)');
const STRATEGY_SET_UP = setUp('function initialize(address,address,address,address,string,uint256)');

const JUNIOR_2026 = [
  'function BBTranche() view returns (address)',
  'function allowBBWithdraw() view returns (bool)',
  'function allowBBWithdrawRequest() view returns (bool)',
  'function depositBB(uint256) returns (uint256)',
  'function lastNAVBB() view returns (uint256)',
  'function priceBB() view returns (uint256)',
];
const junior = (legacy: boolean): Group =>
  group(
    'Junior (BB) tranche: the demo vaults have the senior tranche only.',
    legacy
      ? [...JUNIOR_2026, 'function BBStaking() view returns (address)', 'function depositBBRef(uint256,address) returns (uint256)', 'function setAllowBBWithdraw(bool)']
      : JUNIOR_2026,
  );

const SPLIT_2026 = [
  'function getCurrentAARatio() view returns (uint256)',
  'function isAYSActive() view returns (bool)',
  'function lossToleranceBps() view returns (uint256)',
  'function minAprSplitAYS() view returns (uint256)',
  'function setIsAYSActive(bool)',
  'function setLossToleranceBps(uint256)',
  'function setMinAprSplitAYS(uint256)',
  'function trancheAPRSplitRatio() view returns (uint256)',
];
const split = (extra: readonly string[]): Group =>
  group('Yield split between tranches (adaptive split, split ratios, loss tolerance, over/under-performance): the single tranche takes all the yield.', [
    ...SPLIT_2026,
    ...extra,
  ]);
const SPLIT_LEGACY = ['function idealRange() view returns (uint256)', 'function setTrancheAPRSplitRatio(uint256)', 'function trancheIdealWeightRatio() view returns (uint256)'];

const feeAdmin = (signatures: readonly string[]): Group =>
  group('Fee administration, fee split and management fees: the performance fee and its receiver are fixed at deployment.', [
    'function feeSplit() view returns (uint256)',
    ...signatures,
  ]);

const GENERIC_2026 = [
  'function allowAAWithdraw() view returns (bool)',
  'function directDeposit() view returns (bool)',
  'function maxDecreaseDefault() view returns (uint256)',
  'function releaseBlocksPeriod() view returns (uint256)',
  'function rebalancer() view returns (address)',
  'function unlentPerc() view returns (uint256)',
  'function updateAccounting()',
];
const generic = (legacy: boolean): Group =>
  group(
    'Generic tranche-vault machinery credit vaults leave unused (harvest, staking rewards, liquidation, withdrawAA/BB, unlent share, strategy-price default checks, manual accounting update).',
    legacy
      ? [
          ...GENERIC_2026,
          'function AAStaking() view returns (address)',
          'function harvest(bool[],bool[],uint256[],uint256[],bytes[]) returns (uint256[][])',
          'function incentiveTokens(uint256) view returns (address)',
          'function lastStrategyPrice() view returns (uint256)',
          'function liquidate(uint256,bool) returns (uint256)',
          'function liquidationTolerance() view returns (uint256)',
          'function revertIfTooLow() view returns (bool)',
          'function setAllowAAWithdraw(bool)',
          'function setLiquidationTolerance(uint256)',
          'function setMaxDecreaseDefault(uint256)',
          'function setRebalancer(address)',
          'function setReleaseBlocksPeriod(uint256)',
          'function setRevertIfTooLow(bool)',
          'function setSkipDefaultCheck(bool)',
          'function setUnlentPerc(uint256)',
          'function skipDefaultCheck() view returns (bool)',
          'function stkIDLEPerUnderlying() view returns (uint256)',
          'function weth() view returns (address)',
          'function withdrawAA(uint256) returns (uint256)',
          'function withdrawBB(uint256) returns (uint256)',
        ]
      : GENERIC_2026,
  );
const STKIDLE = ['function setStkIDLEPerUnderlying(uint256)', 'function toggleStkIDLEForTranche(address)'];

const REFERRAL = group('Referral deposits: the demo has no referral programme on chain.', [
  'event Referral(uint256,address)',
  'function referral() view returns (address)',
]);
const REFERRAL_DEPOSIT = 'function depositAARef(uint256,address) returns (uint256)';

const CAP = group('Deposit cap (guarded launch): the demo vaults are uncapped.', ['function _setLimit(uint256)', 'function limit() view returns (uint256)']);

const EMERGENCY = group('Guardian and emergency controls (pause by hand, shutdown, restore, token rescue): the demo vault pauses itself for the epoch only.', [
  'function emergencyShutdown()',
  'function governanceRecoveryFund() view returns (address)',
  'function guardian() view returns (address)',
  'function pause()',
  'function restoreOperations()',
  'function setGuardian(address)',
  'function transferToken(address,uint256)',
  'function unpause()',
]);

const PROGRAMMABLE = group('Programmable borrowers and minted interest (2026): the demo borrowers are wallets and interest is paid in cash.', [
  'function isInterestMinted() view returns (bool)',
  'function isProgrammableBorrower() view returns (bool)',
  'function setIsInterestMinted(bool)',
  'function setIsProgrammableBorrower(bool)',
]);

const errors = (signatures: readonly string[]): Group =>
  group('Errors raised only on paths not modelled (initialisation, deposit cap, setters, guardian checks, strategy-price default checks).', signatures);
const ERRORS_2026 = ['error AlreadyInitialized()', 'error AmountTooHigh()', 'error ContractLimitReached()', 'error Default()', 'error Is0()', 'error NotAuthorized()'];

const STRATEGY_LEFTOVERS = group('Strategy-interface leftovers the real credit strategy leaves empty, and the owner\'s token rescue.', [
  'function getRewardTokens() view returns (address[])',
  'function pullStkAAVE() pure returns (uint256)',
  'function redeem(uint256) returns (uint256)',
  'function redeemRewards(bytes) returns (uint256[])',
  'function redeemUnderlying(uint256) returns (uint256)',
  'function transferToken(address,uint256,address)',
]);

const WRITEOFF_ADMIN = group('The owner\'s token rescue, and the protocol\'s own multisig constant (the demo sends exit fees to its fee receiver).', [
  'function TL_MULTISIG() view returns (address)',
  'function emergencyWithdraw(address,address,uint256)',
]);

function table(...groups: Group[]): Readonly<Record<string, string>> {
  const out: Record<string, string> = {};
  for (const g of groups) for (const signature of g.signatures) out[signature] = g.reason;
  return out;
}

const LEGACY_VAULT = [VAULT_SET_UP, junior(true), REFERRAL, CAP, EMERGENCY] as const;
const legacyFees = feeAdmin(['function setFee(uint256)', 'function setFeeReceiver(address)']);
const VAULT_2026 = [
  setUp('function initialize(uint256,address,address,address,address,address,uint256)'),
  junior(false),
  split([]),
  feeAdmin(['function latestHarvestBlock() view returns (uint256)', 'function managementFee() view returns (uint256)', 'function setFeeParams(address,uint256,uint256,uint256)']),
  generic(false),
  REFERRAL,
  CAP,
  EMERGENCY,
  PROGRAMMABLE,
  errors(ERRORS_2026),
] as const;

export const NOT_MODELED: Record<SimGeneration, Readonly<Record<string, string>>> = {
  CDO_EPOCH_MAIN_V1: table(...LEGACY_VAULT, split(SPLIT_LEGACY), legacyFees, generic(true), group(REFERRAL.reason, [REFERRAL_DEPOSIT]), group(generic(true).reason, STKIDLE)),
  CDO_EPOCH_MAIN_V4: table(...LEGACY_VAULT, split(SPLIT_LEGACY), legacyFees, generic(true), group(REFERRAL.reason, [REFERRAL_DEPOSIT]), group(generic(true).reason, STKIDLE)),
  CDO_EPOCH_MAIN_V3: table(
    ...LEGACY_VAULT,
    split(SPLIT_LEGACY),
    legacyFees,
    generic(true),
    group(REFERRAL.reason, [REFERRAL_DEPOSIT]),
    errors(['error AlreadyInitialized()', 'error AmountTooHigh()', 'error AmountTooLow()', 'error ContractLimitReached()', 'error Default()', 'error Is0()', 'error NotAuthorized()', 'error SameBlock()', 'error WithdrawNotAllowed()']),
  ),
  CDO_EPOCH_MAIN_2026: table(...VAULT_2026),
  CDO_EPOCH_PREFUNDED_2026: table(...VAULT_2026),
  CDO_EPOCH_DEPOSIT_QUEUE_V1: table(QUEUE_SET_UP),
  CDO_EPOCH_DEPOSIT_QUEUE_V2: table(QUEUE_SET_UP),
  CDO_EPOCH_QUEUE_2026: table(QUEUE_SET_UP),
  CDO_EPOCH_STRATEGY_MAIN_V1: table(STRATEGY_SET_UP, STRATEGY_LEFTOVERS),
  CDO_EPOCH_STRATEGY_MAIN_V2: table(STRATEGY_SET_UP, STRATEGY_LEFTOVERS),
  CDO_EPOCH_STRATEGY_2026: table(STRATEGY_SET_UP, STRATEGY_LEFTOVERS),
  CDO_EPOCH_WRITEOFF_V1: table(QUEUE_SET_UP, WRITEOFF_ADMIN),
  CDO_EPOCH_MAIN_V2: table(),
};

/**
 * Functions of the demo's own plumbing a generation's contract may have beyond the real list.
 * None today: the faucet mint and the keyring admin live on the demo's own token and keyring
 * contracts, which play no protocol generation.
 */
export const DEMO_PLUMBING: Record<SimGeneration, readonly string[]> = {
  CDO_EPOCH_MAIN_V1: [],
  CDO_EPOCH_MAIN_V3: [],
  CDO_EPOCH_MAIN_V4: [],
  CDO_EPOCH_MAIN_2026: [],
  CDO_EPOCH_PREFUNDED_2026: [],
  CDO_EPOCH_DEPOSIT_QUEUE_V1: [],
  CDO_EPOCH_DEPOSIT_QUEUE_V2: [],
  CDO_EPOCH_QUEUE_2026: [],
  CDO_EPOCH_STRATEGY_MAIN_V1: [],
  CDO_EPOCH_STRATEGY_MAIN_V2: [],
  CDO_EPOCH_STRATEGY_2026: [],
  CDO_EPOCH_WRITEOFF_V1: [],
  CDO_EPOCH_MAIN_V2: [],
};
