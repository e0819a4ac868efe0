import { parseAbi, type Abi } from 'viem';
import { epochQueueAbi, epochVaultAbi, strategyAbi } from '../../../shared/abi';
import { abiItems } from '../../../shared/abi/pick';

// The simulation's view of the demo contracts, by the protocol's real names: what the console's
// ABIs in shared/abi declare is picked from there (one declaration per call); what only the demo
// calls (the manager's and owner's setters, the escrow, the demo's plumbing) is declared here.
// Split by the generations that have each part, so a call the deployed generation lacks shows in
// the code that makes it; the fidelity test checks every item against the compiled contracts.

/** The simulation's tokens let anyone mint: the seeder funds wallets and the driver pays the
 * borrower's dues this way. */
export const mintableAbi = parseAbi(['function mint(address to, uint256 amount)']);

export const keyringAdminAbi = parseAbi([
  'function setCredential(uint256 policyId, address wallet, bool allowed)',
  'function setCredentials(uint256 policyId, address[] wallets, bool allowed)',
]);

/** The items of a protocol ABI but the named ones, typed without them. */
function allBut<const TAbi extends Abi, const TName extends string>(abi: TAbi, names: readonly TName[]): Exclude<TAbi[number], { name: TName }>[] {
  const left = abi.filter((item) => !('name' in item && (names as readonly string[]).includes(item.name)));
  return left as Exclude<TAbi[number], { name: TName }>[];
}

/** Every epoch-vault generation: the console's vault ABI but what only the 2026 vaults have. */
export const simVaultAbi = [
  ...allBut(epochVaultAbi, ['depositDuringEpoch', 'isDepositDuringEpochDisabled', 'epochQueue']),
  ...parseAbi(['function tranchePrice(address tranche) view returns (uint256)']),
];

/** Epoch vaults of 2024–2025 (V1, V3, V4). */
export const legacyVaultAbi = parseAbi([
  'function maxWithdrawableInstant(address user, address tranche) view returns (uint256)',
  'function stopEpochWithDuration(uint256 newApr, uint256 interest, uint256 duration)',
  'error EpochRunning()',
]);

/** Epoch vaults of the current source (2026, prefunded 2026). */
export const vault2026Abi = [
  ...abiItems(epochVaultAbi, ['isDepositDuringEpochDisabled', 'depositDuringEpoch', 'NotAllowed']),
  ...parseAbi([
    'function setIsDepositDuringEpochDisabled(bool isDisabled)',
    'function stopEpochWithDuration(uint256 newApr, uint256 interest, uint256 duration, uint256 lossAmount)',
    'function writeOffDeposit(uint256 amount, address tranche)',
  ]),
];

export const prefundedVaultAbi = [...abiItems(epochVaultAbi, ['epochQueue']), ...parseAbi(['function setEpochQueue(address epochQueue)'])];

/** Every queue generation (the deposit half). */
export const simQueueAbi = abiItems(epochQueueAbi, [
  'idleCDOEpoch',
  'strategy',
  'underlying',
  'tranche',
  'userDepositsEpochs',
  'epochPrice',
  'epochPendingDeposits',
  'requestDeposit',
  'deleteRequest',
  'claimDepositRequest',
  'processDeposits',
  'EpochNotRunning',
  'NotAllowed',
]);

/** Queues with withdrawals (V1, 2026). */
export const queueWithdrawAbi = [
  ...abiItems(epochQueueAbi, [
    'userWithdrawalsEpochs',
    'epochPendingWithdrawals',
    'epochPendingClaims',
    'epochWithdrawPrice',
    'isEpochInstant',
    'requestWithdraw',
    'deleteWithdrawRequest',
    'claimWithdrawRequest',
    'processWithdrawRequests',
    'processWithdrawalClaims',
    'Is0',
  ]),
  ...parseAbi(['function pendingClaims() view returns (bool)']),
];

/** The 2026 queue's prefunding. */
export const queue2026Abi = [
  ...abiItems(epochQueueAbi, ['prefundedDepositWindow', 'epochPrefundedDeposits']),
  ...parseAbi([
    'function setPrefundedDepositWindow(uint256 window)',
    'function prefundedDepositsToProcess() view returns (uint256)',
    'function processDepositsToBorrower()',
  ]),
];

/** Every strategy generation (also the receipt token). */
export const simStrategyAbi = [
  ...abiItems(strategyAbi, [
    'epochNumber',
    'getApr',
    'borrower',
    'manager',
    'pendingWithdraws',
    'pendingInstantWithdraws',
    'totEpochDeposits',
    'withdrawsRequests',
    'instantWithdrawsRequests',
    'lastWithdrawRequest',
    'balanceOf',
    'totalSupply',
    'Transfer',
    'NotAllowed',
  ]),
  ...parseAbi(['function setWhitelistedCDO(address cdo)']),
];

/** Strategies V2 and 2026. */
export const strategyUnscaledAbi = abiItems(strategyAbi, ['unscaledApr']);

/** The 2026 strategy's apr0 redeems. */
export const strategy2026Abi = [
  ...abiItems(strategyAbi, ['apr0Users', 'apr0RateByEpoch']),
  ...parseAbi(['function apr0TotalPrincipal() view returns (uint256)']),
];

export const writeOffAbi = parseAbi([
  'function idleCDOEpoch() view returns (address)',
  'function userRequests(address user) view returns (uint256 tranches, uint256 underlyings)',
  'function exitFee() view returns (uint256)',
  'function createWriteOffRequest(uint256 amount, uint256 underlyingsRequested)',
  'function deleteWriteOffRequest()',
  'function fullfillWriteOffRequest(address user, uint256 tranches, uint256 underlyings)',
  'error WrongRequest()',
  'error Is0()',
  'error EpochNotRunning()',
  'error NotAllowed()',
]);
