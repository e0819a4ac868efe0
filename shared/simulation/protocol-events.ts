import { decodeEventLog, decodeFunctionData, getAddress, type Abi, type Hex } from 'viem';
import { formatAmount } from '../domain/units';
import { epochQueueAbi, epochVaultAbi, erc20Abi } from '../abi';
import type { LogLike, TokenInfo, TokenLookup } from './deltas';
import type { AllowanceChange, BalanceDelta, ProtocolEvent } from './schemas';

/**
 * The protocol's events of one transaction. The epoch vault and the queue emit no request, claim
 * or cancel events (protocol notes §2, §4): a request is read from the decoded call (its amount,
 * and its epoch key, `strategy.epochNumber() + 1` on the fork before it ran) and what it received
 * from the token movements. The vault's own events (Paused, AccrueInterest, BorrowerDefault) and
 * every `Approval` are decoded from the logs. Pure.
 */

/** The contracts of the vault a call goes to, from the plan (the pinned registry's addresses). */
export interface VaultContracts {
  epochVault: string;
  queue: string | null;
  /** The withdraw queue when it is another contract than `queue` (described as a queue all the same). */
  withdrawQueue?: string | null;
  strategy: string;
  underlying: TokenInfo;
  tranche: TokenInfo;
}

const same = (a: string | null | undefined, b: string | null | undefined) => !!a && !!b && a.toLowerCase() === b.toLowerCase();
// Grouped, at most 6 decimals ("…" where more are cut), as every amount the screens write: never 18 digits in a sentence.
const human = (amount: bigint, t: Pick<TokenInfo, 'symbol' | 'decimals'>) => `${formatAmount(amount, t.decimals, { locale: 'en-US' })} ${t.symbol}`;

/** The contract's role and the decoded call, or null when the target is none of the vault's contracts. */
function decodeVaultCall(
  vault: VaultContracts,
  to: string,
  data: Hex,
): { role: string; functionName: string; args: readonly unknown[] } | null {
  const abiOf: [string, string | null, Abi][] = [
    ['epochVault', vault.epochVault, epochVaultAbi],
    ['queue', vault.queue, epochQueueAbi],
    ['queue', vault.withdrawQueue ?? null, epochQueueAbi],
    ['underlying', vault.underlying.address, erc20Abi],
    ['tranche', vault.tranche.address, erc20Abi],
  ];
  const match = abiOf.find(([, address]) => same(address, to));
  if (!match) return null;
  try {
    const decoded = decodeFunctionData({ abi: match[2], data });
    return { role: match[0], functionName: decoded.functionName, args: (decoded.args ?? []) as readonly unknown[] };
  } catch {
    return null;
  }
}

/** "role.function" for a call, e.g. "queue.claimDepositRequest"; the selector when it cannot be decoded. */
export function callName(vault: VaultContracts, to: string, data: Hex): string {
  const call = decodeVaultCall(vault, to, data);
  return call ? `${call.role}.${call.functionName}` : `${to.slice(0, 10)}….${data.slice(0, 10)}`;
}

/** What the wallet received (positive token changes other than ETH), as words. */
function received(wallet: string, deltas: readonly BalanceDelta[]): string {
  const got = deltas.filter((d) => same(d.wallet, wallet) && d.token !== 'native' && BigInt(d.amount) > 0n);
  return got.length ? `: receives ${got.map((d) => human(BigInt(d.amount), d)).join(' and ')}` : ': receives nothing';
}

/**
 * The protocol events of one transaction, from its decoded call, the balance changes it made and its
 * logs. `epochKey` is the key a queue request made now gets (null when unknown).
 */
export function protocolEvents(args: {
  vault: VaultContracts;
  wallet: string;
  to: string;
  data: Hex;
  deltas: readonly BalanceDelta[];
  logs: readonly LogLike[];
  epochKey: bigint | null;
}): ProtocolEvent[] {
  const { vault, wallet, deltas, epochKey } = args;
  const out: ProtocolEvent[] = [];
  const call = decodeVaultCall(vault, args.to, args.data);
  const arg = (i: number) => (call?.args[i] as bigint | undefined) ?? 0n;
  const key = epochKey === null ? null : epochKey.toString();
  switch (call ? `${call.role}.${call.functionName}` : '') {
    case 'underlying.approve':
    case 'tranche.approve': {
      const token = call!.role === 'underlying' ? vault.underlying : vault.tranche;
      const spender = String(call!.args[0]);
      const role = same(spender, vault.queue) || same(spender, vault.withdrawQueue) ? 'the queue' : same(spender, vault.epochVault) ? 'the epoch vault' : spender;
      out.push({ kind: 'approve', epoch: null, text: `Approves ${human(arg(1), token)} to ${role}` });
      break;
    }
    case 'epochVault.depositAA':
      out.push({
        kind: 'deposit',
        epoch: null,
        text: `Deposit of ${human(arg(0), vault.underlying)} into the vault${received(wallet, deltas)}`,
      });
      break;
    case 'queue.requestDeposit':
      out.push({
        kind: 'deposit-request',
        epoch: key,
        text: `Deposit request of ${human(arg(0), vault.underlying)}${key ? ` for epoch ${key}` : ''}`,
      });
      break;
    case 'queue.requestWithdraw':
      out.push({
        kind: 'withdraw-request',
        epoch: key,
        text: `Withdraw request of ${human(arg(0), vault.tranche)}${key ? ` for epoch ${key}` : ''}`,
      });
      break;
    case 'epochVault.requestWithdraw': {
      const burnt = deltas.find((d) => same(d.wallet, wallet) && same(d.token, vault.tranche.address) && BigInt(d.amount) < 0n);
      const amount = burnt ? -BigInt(burnt.amount) : arg(0);
      out.push({
        kind: 'redeem-request',
        epoch: null,
        text: `Redeem request of ${human(amount, vault.tranche)}${received(wallet, deltas)}`,
      });
      break;
    }
    case 'queue.claimDepositRequest':
    case 'queue.claimWithdrawRequest': {
      const what = call!.functionName === 'claimDepositRequest' ? 'deposit' : 'withdraw';
      out.push({
        kind: 'claim',
        epoch: arg(0).toString(),
        text: `Claim of the ${what} request of epoch ${arg(0)}${received(wallet, deltas)}`,
      });
      break;
    }
    case 'epochVault.claimWithdrawRequest':
    case 'epochVault.claimInstantWithdrawRequest': {
      const what = call!.functionName === 'claimWithdrawRequest' ? 'redeem' : 'instant redeem';
      out.push({ kind: 'claim', epoch: null, text: `Claim of the ${what} request${received(wallet, deltas)}` });
      break;
    }
    case 'queue.deleteRequest':
    case 'queue.deleteWithdrawRequest': {
      const what = call!.functionName === 'deleteRequest' ? 'deposit' : 'withdraw';
      out.push({
        kind: 'cancel',
        epoch: arg(0).toString(),
        text: `Cancel of the ${what} request of epoch ${arg(0)}${received(wallet, deltas).replace('receives', 'refunds')}`,
      });
      break;
    }
  }
  for (const log of args.logs) {
    if (!same(log.address, vault.epochVault)) continue;
    try {
      const decoded = decodeEventLog({ abi: epochVaultAbi, topics: log.topics as [Hex, ...Hex[]], data: log.data });
      const values = Object.values((decoded.args ?? {}) as Record<string, unknown>).map(String);
      out.push({ kind: 'vault-event', epoch: null, text: `The vault emits ${decoded.eventName}(${values.join(', ')})` });
    } catch {
      // Not one of the vault's events.
    }
  }
  return out;
}

/**
 * Allowances the transaction set, from its `Approval` events, with what each was before when the
 * caller knows it (`known`, keyed "token owner spender" in lower case; updated in place so the next
 * transaction starts from it).
 */
export function approvalChanges(logs: readonly LogLike[], lookup: TokenLookup, known: Map<string, bigint>): AllowanceChange[] {
  const out: AllowanceChange[] = [];
  for (const log of logs) {
    try {
      const d = decodeEventLog({ abi: erc20Abi, topics: log.topics as [Hex, ...Hex[]], data: log.data });
      // Transfer has the same shape: only the event's own topic says which it is.
      if (d.eventName !== 'Approval') continue;
      const key = allowanceKey(log.address, d.args.owner, d.args.spender);
      const before = known.get(key);
      known.set(key, d.args.value);
      out.push({
        token: getAddress(log.address),
        symbol: lookup(log.address.toLowerCase())?.symbol ?? `${log.address.slice(0, 8)}…`,
        owner: d.args.owner,
        spender: d.args.spender,
        before: before === undefined ? null : before.toString(),
        after: d.args.value.toString(),
      });
    } catch {
      // Not an Approval.
    }
  }
  return out;
}

export const allowanceKey = (token: string, owner: string, spender: string) => `${token} ${owner} ${spender}`.toLowerCase();
