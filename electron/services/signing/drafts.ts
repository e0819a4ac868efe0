import { encodeFunctionData, formatEther, getAbiItem, getAddress, type Abi, type AbiFunction, type PublicClient } from 'viem';
import { epochQueueAbi, epochVaultAbi, erc20Abi } from '../../../shared/abi';
import type { DeviceTransactionRequest } from '../../../shared/device/state';
import { formatAmount } from '../../../shared/domain/units';
import { roleAddress as planRoleAddress } from '../../../shared/bundles/calls';
import { MAX_UINT256, type TxStep } from '../../../shared/signing/rules';
import type { ContractRole, DecodedArg, PlanVault, TransactionReview } from '../../../shared/signing/schemas';
import { expectedScreens, toViemTransaction } from '../device';
import { clearSignedApproval, signingHash } from '../device/transaction';
import { certifiedCallOf, type CalldataDescriptorSource } from '../device/clear-signing';

/**
 * Transaction drafts: calldata from the shared ABIs, EIP-1559 fees from the chain under a cap, a
 * nonce, a gas limit, and the review the operator compares with the device.
 */

type Addr = `0x${string}`;

const DEFAULT_MAX_FEE_GWEI = '300';
/** Estimated gas × 1.25: room for state that changes between review and inclusion. */
const GAS_MARGIN_PERCENT = 125n;
/**
 * Gas limits for a step that cannot be estimated yet because the approval before it has not landed
 * (an estimate would revert on the missing allowance). Generous: unused gas is not charged.
 */
const FIXED_GAS: Partial<Record<TxStep['step'], bigint>> = {
  depositAA: 400_000n,
  depositDuringEpoch: 400_000n,
  requestDeposit: 300_000n,
  requestWithdraw: 300_000n,
};
const DEFAULT_FIXED_GAS = 400_000n;

export interface Fees {
  maxFeePerGas: bigint;
  maxPriorityFeePerGas: bigint;
  /** The chain asked for more than the cap: the transactions may wait until fees come down. */
  capped?: { estimate: bigint; cap: bigint };
}

function gweiToWei(gwei: string): bigint {
  const [whole, fraction = ''] = gwei.split('.');
  return BigInt(whole!) * 10n ** 9n + BigInt((fraction + '000000000').slice(0, 9));
}

/** The chain's EIP-1559 fees, with maxFeePerGas held under the operator's cap. */
export async function chainFees(client: PublicClient, capGwei: string = DEFAULT_MAX_FEE_GWEI): Promise<Fees> {
  const cap = gweiToWei(capGwei);
  const est = await client.estimateFeesPerGas();
  const maxFeePerGas = est.maxFeePerGas < cap ? est.maxFeePerGas : cap;
  const maxPriorityFeePerGas = est.maxPriorityFeePerGas < maxFeePerGas ? est.maxPriorityFeePerGas : maxFeePerGas;
  return est.maxFeePerGas > cap
    ? { maxFeePerGas, maxPriorityFeePerGas, capped: { estimate: est.maxFeePerGas, cap } }
    : { maxFeePerGas, maxPriorityFeePerGas };
}

/** The address of a role the plan calls: a role the vault lacks (no queue) is a planning error. */
export function roleAddress(vault: PlanVault, role: ContractRole): Addr {
  const address = planRoleAddress(vault, role);
  if (!address) throw new Error(`The vault has no ${role === 'withdrawQueue' ? 'withdraw queue' : role} contract.`);
  return address as Addr;
}

function roleName(vault: PlanVault, role: ContractRole): string {
  switch (role) {
    case 'epochVault':
      return `${vault.name} epoch vault`;
    case 'queue':
      return sameQueue(vault) ? `${vault.name} queue` : `${vault.name} deposit queue`;
    case 'withdrawQueue':
      return sameQueue(vault) ? `${vault.name} queue` : `${vault.name} withdraw queue`;
    case 'strategy':
      return `${vault.name} strategy`;
    case 'underlying':
      return `${vault.underlying.symbol} token`;
    case 'tranche':
      return `${vault.tranche.symbol} tranche token`;
  }
}

/** One contract serves both queues (most vaults): the review calls it "the queue". */
const sameQueue = (vault: PlanVault) => (planRoleAddress(vault, 'withdrawQueue') ?? '').toLowerCase() === (vault.queue ?? '').toLowerCase();

const ROLES = new Set<string>(['epochVault', 'queue', 'withdrawQueue', 'strategy', 'underlying', 'tranche']);

function abiFor(role: ContractRole): Abi {
  if (role === 'underlying' || role === 'tranche') return erc20Abi as unknown as Abi;
  if (role === 'queue' || role === 'withdrawQueue') return epochQueueAbi as unknown as Abi;
  return epochVaultAbi as unknown as Abi;
}

/** Resolves role names among the step's arguments (spenders, the tranche) to addresses. */
function callArgs(vault: PlanVault, step: TxStep): (bigint | Addr)[] {
  return step.args.map((a) => (typeof a === 'string' && ROLES.has(a) ? roleAddress(vault, a as ContractRole) : (a as bigint | Addr)));
}

export function calldata(vault: PlanVault, step: TxStep): Addr {
  return encodeFunctionData({ abi: abiFor(step.contract), functionName: step.functionName, args: callArgs(vault, step) } as never);
}

/** Gas limit: the chain's estimate plus a margin, or a fixed allowance when an earlier step must land first. */
export async function gasLimit(
  client: PublicClient,
  from: Addr,
  to: Addr,
  data: Addr,
  step: TxStep,
  dependsOnEarlierStep: boolean,
): Promise<{ gas: bigint; estimated: boolean }> {
  if (dependsOnEarlierStep) return { gas: FIXED_GAS[step.step] ?? DEFAULT_FIXED_GAS, estimated: false };
  const estimate = await client.estimateGas({ account: from, to, data });
  return { gas: (estimate * GAS_MARGIN_PERCENT) / 100n, estimated: true };
}

function tokenOf(vault: PlanVault, token: 'underlying' | 'tranche') {
  return token === 'underlying' ? vault.underlying : vault.tranche;
}

function amountText(vault: PlanVault, token: 'underlying' | 'tranche', value: bigint): string {
  const t = tokenOf(vault, token);
  if (value === MAX_UINT256) return `unlimited ${t.symbol}`;
  return `${formatAmount(value, t.decimals, { locale: 'en-US', maxFraction: t.decimals })} ${t.symbol}`;
}

function title(vault: PlanVault, step: TxStep): string {
  const amount = step.amount ? amountText(vault, step.amount.token, step.amount.value) : '';
  const epoch = step.args[0];
  switch (step.step) {
    case 'approve':
      if (step.amount?.value === 0n) return `Set the ${tokenOf(vault, step.amount.token).symbol} allowance of the ${roleName(vault, step.spender!)} to 0`;
      return `Approve ${amount} to the ${roleName(vault, step.spender!)}`;
    case 'depositAA':
      return `Deposit ${amount} into ${vault.name}`;
    case 'depositDuringEpoch':
      return `Deposit ${amount} into ${vault.name} during the running epoch`;
    case 'requestDeposit':
      return `Request a deposit of ${amount} in the ${roleName(vault, 'queue')}`;
    case 'requestWithdraw':
      return `Request a withdrawal of ${amount} from the ${roleName(vault, 'withdrawQueue')}`;
    case 'redeem':
      return `Redeem ${amount} from ${vault.name}`;
    case 'claimDepositRequest':
      return `Claim the deposit of epoch ${String(epoch)} (${amount})`;
    case 'claimWithdrawRequest':
      return `Claim the withdrawal of epoch ${String(epoch)} (${amount})`;
    case 'claimRedeem':
      return `Claim the standard redeem (${amount})`;
    case 'claimInstantRedeem':
      return `Claim the instant redeem (${amount})`;
    case 'deleteRequest':
      return `Cancel the deposit of epoch ${String(epoch)} (${amount})`;
    case 'deleteWithdrawRequest':
      return `Cancel the withdrawal of epoch ${String(epoch)} (${amount})`;
    default:
      return step.functionName;
  }
}

function decodedArgs(vault: PlanVault, step: TxStep): DecodedArg[] {
  const item = getAbiItem({ abi: abiFor(step.contract), name: step.functionName }) as AbiFunction | undefined;
  const inputs = item?.inputs ?? [];
  return step.args.map((raw, i) => {
    const input = inputs[i];
    const name = input?.name || `arg${i}`;
    const type = input?.type ?? (typeof raw === 'bigint' ? 'uint256' : 'address');
    if (typeof raw === 'string') {
      const address = ROLES.has(raw) ? roleAddress(vault, raw as ContractRole) : getAddress(raw);
      return { name, type, value: address, display: ROLES.has(raw) ? `${roleName(vault, raw as ContractRole)} (${address})` : address };
    }
    const isAmount = step.amount !== null && raw === step.amount.value;
    return { name, type, value: raw.toString(), display: isAmount ? amountText(vault, step.amount!.token, raw) : raw.toString() };
  });
}

export interface Draft {
  tx: DeviceTransactionRequest;
  review: TransactionReview;
}

export function buildDraft(args: {
  vault: PlanVault;
  step: TxStep;
  nonce: number;
  fees: Fees;
  gas: { gas: bigint; estimated: boolean };
  /** The registry's entry the addresses come from, shown beside each of them. */
  pinned?: TransactionReview['pinned'];
  /** Certified descriptors the device service uses: a call one covers is reviewed in clear. */
  calldataDescriptors?: CalldataDescriptorSource;
}): Draft {
  const { vault, step, nonce, fees, gas } = args;
  const to = roleAddress(vault, step.contract);
  const data = calldata(vault, step);
  const tx: DeviceTransactionRequest = {
    type: 'eip1559',
    chainId: vault.chainId,
    nonce,
    to,
    value: '0',
    data,
    gas: gas.gas.toString(),
    maxFeePerGas: fees.maxFeePerGas.toString(),
    maxPriorityFeePerGas: fees.maxPriorityFeePerGas.toString(),
  };
  const viemTx = toViemTransaction(tx);
  // Shown in clear from a certified descriptor, or an approval from its token information (after
  // the network's description on the demo's chains): no hash to compare. Else blind.
  const source = args.calldataDescriptors;
  const inClear = source ? certifiedCallOf(viemTx, source) !== null || clearSignedApproval(viemTx, undefined, { source }) !== null : false;
  const maxFeeWei = gas.gas * fees.maxFeePerGas;
  const token = step.amount ? tokenOf(vault, step.amount.token) : null;
  const review: TransactionReview = {
    kind: 'transaction',
    title: title(vault, step),
    contract: { role: step.contract, name: roleName(vault, step.contract), address: to },
    functionName: step.functionName,
    args: decodedArgs(vault, step),
    spender: step.spender ? { role: step.spender, address: roleAddress(vault, step.spender) } : null,
    ...(args.pinned ? { pinned: args.pinned } : {}),
    ...(step.step === 'approve' ? { unlimitedApproval: step.amount?.value === MAX_UINT256 } : {}),
    amount:
      step.amount && token
        ? {
            symbol: token.symbol,
            decimals: token.decimals,
            baseUnits: step.amount.value.toString(),
            display: amountText(vault, step.amount.token, step.amount.value),
          }
        : null,
    chainId: vault.chainId,
    nonce,
    fees: {
      gas: gas.gas.toString(),
      maxFeePerGas: fees.maxFeePerGas.toString(),
      maxPriorityFeePerGas: fees.maxPriorityFeePerGas.toString(),
      maxFeeWei: maxFeeWei.toString(),
      maxFeeDisplay: `${formatEther(maxFeeWei)} ETH`,
      gasEstimated: gas.estimated,
    },
    blindSigning: !inClear,
    signingHash: signingHash(viemTx),
    deviceScreens: expectedScreens(viemTx, source ? { calldataDescriptors: source } : {}),
  };
  return { tx, review };
}
