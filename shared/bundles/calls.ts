import { decodeFunctionData, formatEther, formatUnits, type Abi, type Hex } from 'viem';
import { epochQueueAbi, epochVaultAbi, erc20Abi } from '../abi';
import { formatAmount } from '../domain/units';
import { MAX_UINT256 } from '../signing/rules';
import type { ContractRole, PlanVault, SigningAction, StepKind } from '../signing/schemas';
import { differs, itemName, bundleError } from './errors';
import type { BundleTransactionItem, StatedAction } from './schemas';
import { bundleDeviceScreens, bundleSigningHash, type ScreensOf } from './transaction';

/**
 * The offline install's own reading of every transaction: the calldata is decoded again with the
 * project's ABIs and must be exactly the call the item states (function, arguments, contract and
 * its role in the vault, amount, spender), a call its action can make at all, and what its review
 * shows the operator (texts, fees, the hash and the screens of the device).
 */

type StatedKind = Exclude<StepKind, 'none' | 'agreement'>;

interface CallRule {
  roles: readonly ContractRole[];
  functionName: string;
  /** The argument that carries the token amount, and which token it is. */
  amountArg: number | null;
  amountToken: 'underlying' | 'tranche' | 'contract' | null;
}

/** Each step of the protocol: which contract it calls, with which function. */
const CALLS: Record<StatedKind, CallRule> = {
  approve: { roles: ['underlying', 'tranche'], functionName: 'approve', amountArg: 1, amountToken: 'contract' },
  depositAA: { roles: ['epochVault'], functionName: 'depositAA', amountArg: 0, amountToken: 'underlying' },
  depositDuringEpoch: { roles: ['epochVault'], functionName: 'depositDuringEpoch', amountArg: 0, amountToken: 'underlying' },
  requestDeposit: { roles: ['queue'], functionName: 'requestDeposit', amountArg: 0, amountToken: 'underlying' },
  // A plan made before the withdraw queue had a role of its own names the queue.
  requestWithdraw: { roles: ['withdrawQueue', 'queue'], functionName: 'requestWithdraw', amountArg: 0, amountToken: 'tranche' },
  redeem: { roles: ['epochVault'], functionName: 'requestWithdraw', amountArg: 0, amountToken: 'tranche' },
  claimDepositRequest: { roles: ['queue'], functionName: 'claimDepositRequest', amountArg: null, amountToken: null },
  claimWithdrawRequest: { roles: ['withdrawQueue', 'queue'], functionName: 'claimWithdrawRequest', amountArg: null, amountToken: null },
  claimRedeem: { roles: ['epochVault'], functionName: 'claimWithdrawRequest', amountArg: null, amountToken: null },
  claimInstantRedeem: { roles: ['epochVault'], functionName: 'claimInstantWithdrawRequest', amountArg: null, amountToken: null },
  deleteRequest: { roles: ['queue'], functionName: 'deleteRequest', amountArg: null, amountToken: null },
  deleteWithdrawRequest: { roles: ['withdrawQueue', 'queue'], functionName: 'deleteWithdrawRequest', amountArg: null, amountToken: null },
};

/** The token each step's amount is in (an approval's is the token it approves). */
export const STEP_AMOUNT_TOKEN: Record<StatedKind, 'underlying' | 'tranche' | 'contract'> = {
  approve: 'contract',
  depositAA: 'underlying',
  depositDuringEpoch: 'underlying',
  requestDeposit: 'underlying',
  requestWithdraw: 'tranche',
  redeem: 'tranche',
  claimDepositRequest: 'underlying',
  claimWithdrawRequest: 'tranche',
  claimRedeem: 'underlying',
  claimInstantRedeem: 'underlying',
  deleteRequest: 'underlying',
  deleteWithdrawRequest: 'tranche',
};

/** The steps each action of a plan may contain. */
const ACTION_STEPS: Record<SigningAction, readonly StepKind[]> = {
  deposit: ['approve', 'depositAA', 'depositDuringEpoch', 'requestDeposit'],
  withdraw: ['approve', 'requestWithdraw', 'redeem'],
  redeem: ['redeem'],
  claim: ['claimDepositRequest', 'claimWithdrawRequest', 'claimRedeem', 'claimInstantRedeem'],
  cancel: ['deleteRequest', 'deleteWithdrawRequest'],
  agreements: ['agreement'],
  revoke: ['approve'],
};

/** Who an approval of each token may name as spender. */
const SPENDERS: Partial<Record<ContractRole, readonly ContractRole[]>> = {
  underlying: ['epochVault', 'queue'],
  tranche: ['withdrawQueue', 'queue'],
};

function abiFor(role: ContractRole): Abi {
  if (role === 'underlying' || role === 'tranche') return erc20Abi as unknown as Abi;
  if (role === 'queue' || role === 'withdrawQueue') return epochQueueAbi as unknown as Abi;
  return epochVaultAbi as unknown as Abi;
}

/**
 * The address the vault gives a role, or null when it has none (a vault without a queue). A plan
 * made before the withdraw queue had a role of its own has its queue serve both.
 */
export function roleAddress(vault: PlanVault, role: ContractRole): string | null {
  switch (role) {
    case 'epochVault':
      return vault.epochVault;
    case 'queue':
      return vault.queue;
    case 'withdrawQueue':
      return vault.withdrawQueue === undefined ? vault.queue : vault.withdrawQueue;
    case 'strategy':
      return vault.strategy;
    case 'underlying':
      return vault.underlying.address;
    case 'tranche':
      return vault.tranche.address;
  }
}

function tokenOf(vault: PlanVault, token: 'underlying' | 'tranche') {
  return token === 'underlying' ? vault.underlying : vault.tranche;
}

/** Token units as the bundle states them: exact, or "unlimited" for the maximum approval. */
function unitsText(baseUnits: bigint, decimals: number): string {
  return baseUnits === MAX_UINT256 ? 'unlimited' : formatUnits(baseUnits, decimals);
}

/** The amount as the review shows it ("1,250.5 USDC", "unlimited USDC"). */
function amountDisplay(baseUnits: bigint, token: { symbol: string; decimals: number }): string {
  if (baseUnits === MAX_UINT256) return `unlimited ${token.symbol}`;
  return `${formatAmount(baseUnits, token.decimals, { locale: 'en-US', maxFraction: token.decimals })} ${token.symbol}`;
}

const same = (a: string | null | undefined, b: string | null | undefined) => (a ?? '').toLowerCase() === (b ?? '').toLowerCase();

function decodedValue(value: unknown): string {
  return typeof value === 'bigint' ? value.toString() : String(value);
}

/** The call a transaction makes, decoded with the ABI of the role it states. */
interface DecodedCall {
  functionName: string;
  args: { name: string; type: string; value: string }[];
}

export function decodeCall(role: ContractRole, data: string): DecodedCall | null {
  const abi = abiFor(role);
  try {
    const decoded = decodeFunctionData({ abi, data: data as Hex });
    const fn = abi.find((i) => i.type === 'function' && i.name === decoded.functionName && (i.inputs?.length ?? 0) === (decoded.args?.length ?? 0));
    const inputs = fn && fn.type === 'function' ? fn.inputs : [];
    return {
      functionName: decoded.functionName,
      args: (decoded.args ?? []).map((v, i) => ({ name: inputs[i]?.name || `arg${i}`, type: inputs[i]?.type ?? '', value: decodedValue(v) })),
    };
  } catch {
    return null;
  }
}

/**
 * Checks one transaction of an unsigned bundle against its stated action and its review. Throws
 * the refusal that names the first difference.
 */
export function checkTransactionItem(
  item: BundleTransactionItem,
  vault: PlanVault,
  action: SigningAction,
  screensOf: ScreensOf = bundleDeviceScreens,
): void {
  const tx = item.transaction;
  const stated: StatedAction = item.action;
  const calldata = (field: string, s: string, found: string) => differs('BUNDLE_CALLDATA_MISMATCH', item, tx.nonce, field, s, found, 'the calldata');
  const onChain = (field: string, s: string, found: string) =>
    differs('BUNDLE_CALLDATA_MISMATCH', item, tx.nonce, field, s, found, 'the vault in this bundle');
  const review = (field: string, shown: string, found: string) =>
    differs('BUNDLE_REVIEW_MISMATCH', item, tx.nonce, `the review's ${field}`, shown, found, 'the transaction');

  if (tx.chainId !== vault.chainId) {
    throw bundleError(
      'BUNDLE_WRONG_CHAIN',
      `${itemName(item, tx.nonce)} is for chain ${tx.chainId}, but ${vault.name} is on chain ${vault.chainId}: signed, it would be valid on the other chain.`,
      { index: item.index, field: 'chainId', stated: String(vault.chainId), found: String(tx.chainId) },
    );
  }
  if (stated.vaultId !== vault.id) throw onChain('vault', stated.vaultId, vault.id);
  if (!ACTION_STEPS[action].includes(stated.kind)) {
    throw bundleError(
      'BUNDLE_CALLDATA_MISMATCH',
      `${itemName(item, tx.nonce)} states a ${stated.kind} step, which a ${action} plan never contains.`,
      { index: item.index, field: 'kind', stated: stated.kind, found: action },
    );
  }
  const rule = CALLS[stated.kind];
  if (!rule.roles.includes(stated.contract.role)) throw onChain('the contract role', stated.contract.role, rule.roles.join(' or '));
  const expectedTo = roleAddress(vault, stated.contract.role);
  if (!same(stated.contract.address, expectedTo)) throw onChain(`the ${stated.contract.role} address`, stated.contract.address, expectedTo ?? 'none');
  if (!same(tx.to, stated.contract.address)) throw calldata('the contract called (to)', stated.contract.address, tx.to);
  // None of the protocol's calls carries ether: value is part of what the device signs.
  if (tx.value !== '0') throw calldata('the ether sent (value)', '0 ETH', `${formatEther(BigInt(tx.value))} ETH`);

  const decoded = decodeCall(stated.contract.role, tx.data);
  if (!decoded) throw calldata('the call', `${stated.functionName} on the ${stated.contract.role}`, 'no function of that contract');
  if (decoded.functionName !== rule.functionName) throw calldata('the function', rule.functionName, decoded.functionName);
  if (stated.functionName !== decoded.functionName) throw calldata('the function', stated.functionName, decoded.functionName);
  if (stated.args.length !== decoded.args.length) throw calldata('the number of arguments', String(stated.args.length), String(decoded.args.length));
  decoded.args.forEach((arg, i) => {
    const s = stated.args[i]!;
    if (s.name !== arg.name) throw calldata(`argument ${i + 1}'s name`, s.name, arg.name);
    if (!same(s.value, arg.value)) throw calldata(`argument ${arg.name}`, s.value, arg.value);
  });

  // The amount: carried by the calldata for approvals, deposits and withdrawals.
  if (rule.amountArg !== null) {
    const carried = BigInt(decoded.args[rule.amountArg]!.value);
    const token = rule.amountToken === 'contract' ? (stated.contract.role as 'underlying' | 'tranche') : rule.amountToken!;
    if (!stated.amount) throw calldata('the amount', 'nothing', `${unitsText(carried, tokenOf(vault, token).decimals)} ${tokenOf(vault, token).symbol}`);
    if (stated.amount.token !== token) throw calldata('the token', stated.amount.token, token);
    if (stated.amount.baseUnits !== carried.toString()) {
      throw calldata(
        'the amount',
        `${stated.amount.units} ${stated.amount.symbol}`,
        `${unitsText(carried, tokenOf(vault, token).decimals)} ${tokenOf(vault, token).symbol}`,
      );
    }
  }
  if (stated.amount) {
    const expectedToken = STEP_AMOUNT_TOKEN[stated.kind] === 'contract' ? stated.contract.role : STEP_AMOUNT_TOKEN[stated.kind];
    if (stated.amount.token !== expectedToken) throw calldata('the token of the amount', stated.amount.token, expectedToken);
    const token = tokenOf(vault, stated.amount.token);
    if (stated.amount.symbol !== token.symbol) throw onChain('the token symbol', stated.amount.symbol, token.symbol);
    if (stated.amount.decimals !== token.decimals) throw onChain(`the decimals of ${token.symbol}`, String(stated.amount.decimals), String(token.decimals));
    const units = unitsText(BigInt(stated.amount.baseUnits), token.decimals);
    if (stated.amount.units !== units) throw calldata('the amount in token units', stated.amount.units, units);
  }

  // The spender of an approval, and the tranche a redeem burns.
  if (stated.kind === 'approve') {
    const spender = stated.spender;
    const allowed = SPENDERS[stated.contract.role] ?? [];
    if (!spender || !allowed.includes(spender.role)) throw onChain('the spender', spender?.role ?? 'nobody', allowed.join(' or '));
    const spenderAddress = roleAddress(vault, spender.role);
    if (!same(spender.address, spenderAddress)) throw onChain(`the ${spender.role} address`, spender.address, spenderAddress ?? 'none');
    if (!same(decoded.args[0]!.value, spenderAddress)) throw calldata('the spender', `the ${spender.role} (${spenderAddress})`, decoded.args[0]!.value);
  } else if (stated.spender) {
    throw calldata('the spender', stated.spender.role, `none (a ${stated.kind} has no spender)`);
  }
  if (stated.kind === 'redeem' && !same(decoded.args[1]!.value, vault.tranche.address)) {
    throw calldata('the tranche redeemed', vault.tranche.address, decoded.args[1]!.value);
  }

  // The review: what the operator reads and compares with the device.
  const r = item.review;
  if (r.chainId !== tx.chainId) throw review('chain', String(r.chainId), String(tx.chainId));
  if (r.nonce !== tx.nonce) throw review('nonce', String(r.nonce), String(tx.nonce));
  if (r.contract.role !== stated.contract.role || !same(r.contract.address, tx.to)) {
    throw review('contract', `${r.contract.role} ${r.contract.address}`, `${stated.contract.role} ${tx.to}`);
  }
  if (r.functionName !== decoded.functionName) throw review('function', r.functionName, decoded.functionName);
  if (r.args.length !== decoded.args.length) throw review('number of arguments', String(r.args.length), String(decoded.args.length));
  decoded.args.forEach((arg, i) => {
    const shown = r.args[i]!;
    if (shown.name !== arg.name || !same(shown.value, arg.value)) throw review(`argument ${i + 1}`, `${shown.name} = ${shown.value}`, `${arg.name} = ${arg.value}`);
    if (arg.type === 'address' && !shown.display.toLowerCase().includes(arg.value.toLowerCase())) {
      throw review(`text of argument ${arg.name}`, shown.display, arg.value);
    }
    if (rule.amountArg === i && stated.amount) {
      const text = amountDisplay(BigInt(arg.value), tokenOf(vault, stated.amount.token));
      if (shown.display !== text) throw review(`text of argument ${arg.name}`, shown.display, text);
    } else if (arg.type.startsWith('uint') && shown.display !== arg.value) {
      throw review(`text of argument ${arg.name}`, shown.display, arg.value);
    }
  });
  if ((r.spender === null) !== (stated.spender === null) || (r.spender && (r.spender.role !== stated.spender!.role || !same(r.spender.address, stated.spender!.address)))) {
    throw review('spender', r.spender ? `${r.spender.role} ${r.spender.address}` : 'none', stated.spender ? `${stated.spender.role} ${stated.spender.address}` : 'none');
  }
  if ((r.amount === null) !== (stated.amount === null)) throw review('amount', r.amount?.display ?? 'none', stated.amount ? `${stated.amount.units} ${stated.amount.symbol}` : 'none');
  if (r.amount && stated.amount) {
    const text = amountDisplay(BigInt(stated.amount.baseUnits), tokenOf(vault, stated.amount.token));
    if (r.amount.baseUnits !== stated.amount.baseUnits || r.amount.symbol !== stated.amount.symbol || r.amount.decimals !== stated.amount.decimals) {
      throw review('amount', `${r.amount.baseUnits} ${r.amount.symbol}`, `${stated.amount.baseUnits} ${stated.amount.symbol}`);
    }
    if (r.amount.display !== text) throw review('amount text', r.amount.display, text);
    if (!r.title.includes(text)) throw review('title', `"${r.title}"`, `an amount of ${text}`);
  }
  // Claims and cancels name their request's epoch.
  if (rule.amountArg === null && decoded.args.length === 1 && !r.title.includes(`epoch ${decoded.args[0]!.value}`)) {
    throw review('title', `"${r.title}"`, `epoch ${decoded.args[0]!.value}`);
  }
  const gas = BigInt(tx.gas);
  const maxFeeWei = gas * BigInt(tx.maxFeePerGas);
  if (r.fees.gas !== tx.gas) throw review('gas limit', r.fees.gas, tx.gas);
  if (r.fees.maxFeePerGas !== tx.maxFeePerGas) throw review('max fee per gas', r.fees.maxFeePerGas, tx.maxFeePerGas);
  if (r.fees.maxPriorityFeePerGas !== tx.maxPriorityFeePerGas) throw review('priority fee per gas', r.fees.maxPriorityFeePerGas, tx.maxPriorityFeePerGas);
  if (r.fees.maxFeeWei !== maxFeeWei.toString()) throw review('max fee', r.fees.maxFeeWei, maxFeeWei.toString());
  if (r.fees.maxFeeDisplay !== `${formatEther(maxFeeWei)} ETH`) throw review('max fee text', r.fees.maxFeeDisplay, `${formatEther(maxFeeWei)} ETH`);
  const hash = bundleSigningHash(tx);
  if (r.signingHash.toLowerCase() !== hash) throw review('hash to compare on the device', r.signingHash, hash);
  // A call whose carried clear-signing structures this install accepts is reviewed in clear, as
  // its own descriptor predicts. One it does not accept is signed blind: the planner's clear
  // review of it is not this install's, which writes the blind one in its place (rebuild-review.ts).
  const clear = item.clearSigning ? (screensOf.clearReview?.(item, vault) ?? null) : null;
  if (item.clearSigning && !clear) return;
  if (!clear && !r.blindSigning) throw review('blind-signing notice', 'off', 'on (a contract call is blind-signed)');
  if (clear && r.blindSigning) throw review('blind-signing notice', 'on', 'off (the call is shown in clear from its certified description)');
  const screens = clear ?? screensOf(tx);
  if (JSON.stringify(r.deviceScreens) !== JSON.stringify(screens)) {
    throw review('device screens', r.deviceScreens.map((s) => `${s.title}${s.value ? `: ${s.value}` : ''}`).join(' | '), screens.map((s) => `${s.title}${s.value ? `: ${s.value}` : ''}`).join(' | '));
  }
}
