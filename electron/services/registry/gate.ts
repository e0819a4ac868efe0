import { decodeFunctionData, formatUnits, type Abi, type Hex } from 'viem';
import { epochQueueAbi, epochVaultAbi, erc20Abi } from '../../../shared/abi';
import { AppError } from '../../../shared/errors';
import { ROLE_NAMES, roleAddress, type PinnedVault, type RegistryRole } from '../../../shared/registry/schemas';
import { MAX_UINT256 } from '../../../shared/signing/rules';
import type { DeviceTransactionRequest } from '../../../shared/device/state';
import type { SigningAction, StepKind } from '../../../shared/signing/schemas';
import { frozenError } from './registry';

/**
 * The one gate every plan passes before it may become a batch, whatever made it (this install's
 * planner, an unsigned bundle, a signed bundle to send): each transaction's target and each
 * approval's spender must be a contract pinned for that vault, in the role the step requires. It
 * reads the transaction's own bytes (`to` and calldata), never the review written beside them.
 */

type Addr = `0x${string}`;

/** The contract each step calls, and the function its calldata must decode to there. */
export const STEP_TARGETS: Record<Exclude<StepKind, 'agreement' | 'none' | 'approve'>, { role: RegistryRole; functionName: string }> = {
  depositAA: { role: 'epochVault', functionName: 'depositAA' },
  depositDuringEpoch: { role: 'epochVault', functionName: 'depositDuringEpoch' },
  requestDeposit: { role: 'queue', functionName: 'requestDeposit' },
  requestWithdraw: { role: 'withdrawQueue', functionName: 'requestWithdraw' },
  redeem: { role: 'epochVault', functionName: 'requestWithdraw' },
  claimDepositRequest: { role: 'queue', functionName: 'claimDepositRequest' },
  claimWithdrawRequest: { role: 'withdrawQueue', functionName: 'claimWithdrawRequest' },
  deleteRequest: { role: 'queue', functionName: 'deleteRequest' },
  deleteWithdrawRequest: { role: 'withdrawQueue', functionName: 'deleteWithdrawRequest' },
  claimRedeem: { role: 'epochVault', functionName: 'claimWithdrawRequest' },
  claimInstantRedeem: { role: 'epochVault', functionName: 'claimInstantWithdrawRequest' },
};

/** The approvals an action may make: which token, to which spender (protocol notes, section 5). */
export const ACTION_APPROVALS: Record<SigningAction, readonly { token: RegistryRole; spender: RegistryRole }[]> = {
  deposit: [
    { token: 'underlying', spender: 'epochVault' },
    { token: 'underlying', spender: 'queue' },
  ],
  withdraw: [{ token: 'tranche', spender: 'withdrawQueue' }],
  redeem: [],
  claim: [],
  cancel: [],
  agreements: [],
  // A revoke sets to 0 an allowance the console gives: to the pinned epoch vault and queues only.
  revoke: [
    { token: 'underlying', spender: 'epochVault' },
    { token: 'underlying', spender: 'queue' },
    { token: 'tranche', spender: 'withdrawQueue' },
  ],
};

const ABI_OF: Partial<Record<RegistryRole, Abi>> = {
  epochVault: epochVaultAbi as unknown as Abi,
  queue: epochQueueAbi as unknown as Abi,
  withdrawQueue: epochQueueAbi as unknown as Abi,
  underlying: erc20Abi as unknown as Abi,
  tranche: erc20Abi as unknown as Abi,
};

export interface GatedItem {
  /** Ties an approval to the step it serves (that step's `dependsOn`). */
  id?: string;
  dependsOn?: string | null;
  label: string;
  wallet: string;
  step: StepKind;
  tx: DeviceTransactionRequest | null;
}

/**
 * The steps an approval is made for: the token each spends. The approval is on that token, to the
 * contract the step calls, of the amount the step spends (or unlimited, when chosen).
 */
const SERVED_STEPS: Partial<Record<StepKind, 'underlying' | 'tranche'>> = {
  depositAA: 'underlying',
  depositDuringEpoch: 'underlying',
  requestDeposit: 'underlying',
  requestWithdraw: 'tranche',
};

interface GateContext {
  vault: PinnedVault;
  action: SigningAction;
  /** The operator chose unlimited approvals explicitly; otherwise an unlimited one is refused. */
  approval: 'exact' | 'unlimited';
}

const same = (a: string | null | undefined, b: string | null | undefined) => !!a && !!b && a.toLowerCase() === b.toLowerCase();

function refused(
  vault: PinnedVault,
  item: GatedItem,
  what: string,
  role: RegistryRole | string,
  pinned: string | null,
  proposed: string | null,
): AppError {
  const roleText = role in ROLE_NAMES ? ROLE_NAMES[role as RegistryRole] : role;
  return new AppError({
    code: 'REGISTRY_GATE_REFUSED',
    message: `Refused: ${item.label} ${item.step} — ${what}. ${vault.name}'s pinned ${roleText} is ${pinned ?? 'not pinned (none)'}; the plan names ${proposed ?? 'nothing'}.`,
    action:
      "Nothing was signed. If the vault's contracts really changed, confirm it with its operator, check the new set on chain and pin it again before planning.",
    details: { vaultId: vault.vaultId, vault: vault.name, role, pinned, proposed, wallet: item.wallet, step: item.step },
  });
}

/** Throws the refusal of the first transaction that does not go where the registry says it may. */
export function gateItems(ctx: GateContext, items: readonly GatedItem[]): void {
  const { vault } = ctx;
  if (vault.frozen) throw frozenError(vault);
  for (const item of items) {
    const tx = item.tx;
    if (!tx) continue;
    if (tx.chainId !== vault.chainId)
      throw refused(
        vault,
        item,
        `the transaction is for chain ${tx.chainId}, the vault is pinned on chain ${vault.chainId}`,
        'chain',
        String(vault.chainId),
        String(tx.chainId),
      );
    if (tx.value && tx.value !== '0') throw refused(vault, item, 'it sends ether, which no vault call does', 'value', '0', tx.value);
    if (item.step === 'approve') gateApproval(ctx, item, tx, items);
    else gateCall(vault, item, tx);
  }
}

function decode(role: RegistryRole, data: Hex | undefined): { functionName: string; args: readonly unknown[] } | null {
  const abi = ABI_OF[role];
  if (!abi || !data) return null;
  try {
    const decoded = decodeFunctionData({ abi, data });
    return { functionName: decoded.functionName, args: decoded.args ?? [] };
  } catch {
    return null;
  }
}

function gateCall(vault: PinnedVault, item: GatedItem, tx: DeviceTransactionRequest): void {
  const target = STEP_TARGETS[item.step as keyof typeof STEP_TARGETS];
  if (!target) throw refused(vault, item, `a ${item.step} step sends no transaction`, 'contract', null, tx.to ?? null);
  const pinned = roleAddress(vault.contracts, target.role);
  if (!same(pinned, tx.to))
    throw refused(vault, item, `the call must go to the ${ROLE_NAMES[target.role]}`, target.role, pinned, tx.to ?? null);
  const decoded = decode(target.role, tx.data as Hex | undefined);
  if (!decoded || decoded.functionName !== target.functionName) {
    throw refused(
      vault,
      item,
      `its calldata is not ${target.functionName} of the ${ROLE_NAMES[target.role]}`,
      target.role,
      pinned,
      tx.to ?? null,
    );
  }
  // A redeem names the tranche it burns: it must be the pinned one.
  if (item.step === 'redeem' && !same(vault.contracts.tranche, decoded.args[1] as string)) {
    throw refused(vault, item, 'the redeem names another tranche', 'tranche', vault.contracts.tranche, String(decoded.args[1]));
  }
}

function gateApproval(ctx: GateContext, item: GatedItem, tx: DeviceTransactionRequest, items: readonly GatedItem[]): void {
  const { vault } = ctx;
  const allowed = ACTION_APPROVALS[ctx.action];
  if (allowed.length === 0) throw refused(vault, item, `a ${ctx.action} needs no approval`, 'spender', null, tx.to ?? null);
  const at = (role: RegistryRole) => roleAddress(vault.contracts, role);
  const token = allowed.find((a) => same(at(a.token), tx.to));
  if (!token) {
    const role = allowed[0]!.token;
    throw refused(vault, item, `the approval must be made on the ${ROLE_NAMES[role]}`, role, at(role), tx.to ?? null);
  }
  const decoded = decode(token.token, tx.data as Hex | undefined);
  if (!decoded || decoded.functionName !== 'approve')
    throw refused(vault, item, 'its calldata is not an ERC-20 approve', token.token, at(token.token), tx.to ?? null);
  const [spender, amount] = decoded.args as [Addr, bigint];
  const spenders = allowed.filter((a) => same(at(a.token), tx.to)).map((a) => a.spender);
  if (!spenders.some((s) => same(at(s), spender))) {
    const role = spenders.length === 1 ? spenders[0]! : spenders.join(' or ');
    const pinned = spenders.map((s) => at(s) ?? 'none').join(' or ');
    throw refused(
      vault,
      item,
      `the spender of the approval must be the ${spenders.map((s) => ROLE_NAMES[s]).join(' or ')}`,
      role,
      pinned,
      spender,
    );
  }
  if (amount === MAX_UINT256 && ctx.approval !== 'unlimited') {
    throw new AppError({
      code: 'REGISTRY_UNLIMITED_APPROVAL',
      message: `Refused: ${item.label} approves an unlimited amount to ${spender}, and unlimited approvals were not chosen.`,
      action: 'Plan again with exact approvals, or choose unlimited approvals explicitly.',
    });
  }
  // An approval of 0 leaves no allowance behind: a revoke, or the reset a token that changes an
  // allowance only from 0 needs before the approval of its step.
  if (amount === 0n) return;
  gateServedStep(ctx, item, tx, spender, amount, items);
}

/**
 * An approval is for the one step that waits for it, in this same plan: on the token that step
 * spends, to the contract it calls, of exactly what it spends (unless unlimited was chosen, and
 * then of that or unlimited). Anything else would leave an allowance no step of the plan uses.
 */
function gateServedStep(ctx: GateContext, item: GatedItem, tx: DeviceTransactionRequest, spender: Addr, amount: bigint, items: readonly GatedItem[]): void {
  const { vault } = ctx;
  const served = item.id === undefined ? [] : items.filter((i) => i.dependsOn === item.id);
  const step = served.length === 1 ? served[0]! : null;
  const token = step ? SERVED_STEPS[step.step] : undefined;
  if (!step || !step.tx || !token) {
    const what = served.length > 1 ? `${served.length} steps wait for it` : step ? `the step that waits for it is a ${step.step}, which spends no approval` : 'no step of the plan waits for it';
    throw refused(vault, item, `an approval is made for the one step it serves, and ${what}`, 'spender', null, spender);
  }
  if (!same(roleAddress(vault.contracts, token), tx.to) || !same(step.tx.to, spender)) {
    throw refused(vault, item, `the approval must be on the ${ROLE_NAMES[token]}, to the contract its ${step.step} calls`, 'spender', step.tx.to ?? null, spender);
  }
  const target = STEP_TARGETS[step.step as keyof typeof STEP_TARGETS];
  const spends = decode(target.role, step.tx.data as Hex | undefined)?.args[0];
  if (typeof spends !== 'bigint') throw refused(vault, item, `the ${step.step} it serves does not decode`, target.role, null, step.tx.to ?? null);
  if (amount === spends || (amount === MAX_UINT256 && ctx.approval === 'unlimited')) return;
  const { symbol, decimals } = vault.tokens[token];
  const units = (n: bigint) => `${formatUnits(n, decimals)} ${symbol}`;
  throw new AppError({
    code: 'REGISTRY_APPROVAL_AMOUNT',
    message: `Refused: ${item.label} approves ${units(amount)} to ${spender}, but the ${step.step} it serves spends ${units(spends)}: ${
      ctx.approval === 'unlimited' ? 'an approval is the amount of its step, or unlimited' : 'with exact approvals, an approval is exactly the amount of its step'
    }.`,
    action: 'Nothing was signed. Plan the operation again (choose unlimited approvals explicitly if that is what you want).',
    details: { vaultId: vault.vaultId, wallet: item.wallet, step: step.step, approved: amount.toString(), spends: spends.toString() },
  });
}
