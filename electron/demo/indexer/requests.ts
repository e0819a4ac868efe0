import { zeroAddress, type Address, type Hash } from 'viem';
import type { ChainClient, VaultDeployment } from '../chain';
import { queueHasWithdrawals, strategyHasApr0 } from '../contracts/generations';
import { queueWithdrawAbi, simQueueAbi, simStrategyAbi, simVaultAbi, strategy2026Abi, writeOffAbi } from '../chain/simAbi';
import type { VaultRequestRecord } from '../service/store';
import { epochNumberAt, moved, type VaultActivity } from './activity';
import type { IndexedVault } from './local-catalog';
import { isoOf, objectIdOf } from './ids';

const ONE = 10n ** 18n;

export type RequestType = 'DEPOSIT' | 'WITHDRAW' | 'REDEEM' | 'WRITEOFF';
export type RequestStatus = 'PENDING' | 'PROCESSED' | 'CLAIMABLE' | 'INSTANT_CLAIMABLE' | 'CLAIMED' | 'FULFILLED';
/** How the vault booked a redeem at its block: instant, standard, or apr0 (rate set at the stop). */
export type RedeemKind = 'instant' | 'standard' | 'apr0';

/** A request rebuilt from the chain, before it becomes a service record. */
export interface ChainRequest {
  type: RequestType;
  wallet: Address;
  /** Queue key for DEPOSIT / WITHDRAW; for REDEEM the epoch it is paid with; for WRITEOFF the
   * epoch it was filed in. */
  epochNumber: bigint;
  /** Underlying units. */
  amount: bigint;
  /** Tranche tokens. */
  lpAmount?: bigint;
  isInstant?: boolean;
  status: RequestStatus;
  hash: Hash;
  blockNumber: bigint;
  timestamp: bigint;
  completedAt?: bigint;
}

interface Draft {
  type: RequestType;
  wallet: Address;
  e: bigint;
  amount: bigint;
  lp: bigint;
  kind?: RedeemKind;
  hash: Hash;
  blockNumber: bigint;
  timestamp: bigint;
  claimedAt?: bigint;
  cancelled?: boolean;
}

/** How a redeem was booked, from the strategy's books just before and at its block. */
async function redeemKind(client: ChainClient, vault: VaultDeployment, wallet: Address, blockNumber: bigint): Promise<RedeemKind> {
  const read = client.publicClient;
  const at = (n: bigint) => ({ blockNumber: n }) as const;
  const [before, after] = await Promise.all(
    [blockNumber - 1n, blockNumber].map((n) =>
      read.readContract({ address: vault.strategy, abi: simStrategyAbi, functionName: 'instantWithdrawsRequests', args: [wallet], ...at(n) }),
    ),
  );
  if (after! > before!) return 'instant';
  if (!strategyHasApr0(vault.generations.strategy)) return 'standard';
  const [apr0Before, apr0After] = await Promise.all(
    [blockNumber - 1n, blockNumber].map((n) =>
      read.readContract({ address: vault.strategy, abi: strategy2026Abi, functionName: 'apr0Users', args: [wallet], ...at(n) }),
    ),
  );
  return apr0After![0] > apr0Before![0] ? 'apr0' : 'standard';
}

/**
 * Rebuilds the vault's requests: queue deposits and withdrawals per (wallet, key), redeem
 * requests per transaction and write-off requests per wallet, then asks the contracts which are
 * processed and claimable now. Cancelled requests are dropped (the service does not list them).
 */
export async function buildRequests(
  client: ChainClient,
  indexed: IndexedVault,
  activity: VaultActivity,
  /** How each redeem transaction was booked (decided once, at its block). */
  kindByTx: Map<Hash, RedeemKind> = new Map(),
): Promise<ChainRequest[]> {
  const vault = indexed.deployment;
  const read = client.publicClient;
  const queued = new Map<string, Draft>();
  const redeems: Draft[] = [];
  const writeOffs: Draft[] = [];
  const queues = new Set([vault.depositQueue, vault.withdrawQueue].filter((q): q is Address => q !== null));
  const key = (type: RequestType, wallet: Address, e: bigint): string => `${type}:${wallet}:${e}`;

  for (const action of activity.actions) {
    const e = epochNumberAt(activity.cycle, action.blockNumber) + 1n;
    const wallet = action.from;
    const base = { wallet, hash: action.hash, blockNumber: action.blockNumber, timestamp: action.timestamp };
    if (action.contract === 'queue') {
      const argE = typeof action.args[0] === 'bigint' ? action.args[0] : 0n;
      switch (action.functionName) {
        case 'requestDeposit':
        case 'requestWithdraw': {
          const type = action.functionName === 'requestDeposit' ? 'DEPOSIT' : 'WITHDRAW';
          const amount = action.args[0] as bigint;
          const existing = queued.get(key(type, wallet, e));
          if (existing && !existing.cancelled) existing.amount += amount;
          else queued.set(key(type, wallet, e), { type, e, amount, lp: 0n, ...base });
          break;
        }
        case 'deleteRequest':
        case 'deleteWithdrawRequest': {
          const draft = queued.get(key(action.functionName === 'deleteRequest' ? 'DEPOSIT' : 'WITHDRAW', wallet, argE));
          if (draft) draft.cancelled = true;
          break;
        }
        case 'claimDepositRequest':
        case 'claimWithdrawRequest': {
          const draft = queued.get(key(action.functionName === 'claimDepositRequest' ? 'DEPOSIT' : 'WITHDRAW', wallet, argE));
          if (draft) draft.claimedAt = action.timestamp;
          break;
        }
      }
      continue;
    }
    if (action.contract === 'writeOff') {
      trackWriteOff(writeOffs, action, { e, ...base });
      continue;
    }
    if (action.functionName === 'requestWithdraw' && !queues.has(wallet)) {
      const receipt = moved(action, vault.strategy, zeroAddress, wallet);
      const lp = moved(action, vault.tranche, wallet, zeroAddress);
      // The vault's decision at that block: compare the wallet's books before and after.
      let kind = kindByTx.get(action.hash);
      if (kind === undefined) {
        kind = await redeemKind(client, vault, wallet, action.blockNumber);
        kindByTx.set(action.hash, kind);
      }
      redeems.push({ type: 'REDEEM', e, amount: receipt, lp, kind, ...base });
    }
    if (action.functionName === 'claimWithdrawRequest' || action.functionName === 'claimInstantWithdrawRequest') {
      const instant = action.functionName === 'claimInstantWithdrawRequest';
      for (const r of redeems) {
        if (r.wallet === wallet && (r.kind === 'instant') === instant && r.claimedAt === undefined) r.claimedAt = action.timestamp;
      }
    }
  }

  const v = { address: vault.epochVault, abi: simVaultAbi } as const;
  const deposits = vault.depositQueue;
  const withdrawals = vault.withdrawQueue && vault.generations.withdrawQueue && queueHasWithdrawals(vault.generations.withdrawQueue) ? vault.withdrawQueue : null;
  const [epochNumber, allowInstant, price] = await Promise.all([
    read.readContract({ address: vault.strategy, abi: simStrategyAbi, functionName: 'epochNumber' }),
    read.readContract({ ...v, functionName: 'allowInstantWithdraw' }),
    read.readContract({ ...v, functionName: 'virtualPrice', args: [vault.tranche] }),
  ]);
  const queueEpoch = new Map<bigint, Promise<{ price: bigint; withdrawPrice: bigint; pendingClaims: bigint; instant: boolean }>>();
  const queueState = (e: bigint) => {
    let state = queueEpoch.get(e);
    if (!state) {
      state = Promise.all([
        deposits ? read.readContract({ address: deposits, abi: simQueueAbi, functionName: 'epochPrice', args: [e] }) : 0n,
        withdrawals ? read.readContract({ address: withdrawals, abi: queueWithdrawAbi, functionName: 'epochWithdrawPrice', args: [e] }) : 0n,
        withdrawals ? read.readContract({ address: withdrawals, abi: queueWithdrawAbi, functionName: 'epochPendingClaims', args: [e] }) : 0n,
        withdrawals ? read.readContract({ address: withdrawals, abi: queueWithdrawAbi, functionName: 'isEpochInstant', args: [e] }) : false,
      ]).then(([p, wp, pc, inst]) => ({ price: p, withdrawPrice: wp, pendingClaims: pc, instant: inst }));
      queueEpoch.set(e, state);
    }
    return state;
  };

  const out: ChainRequest[] = [];
  for (const d of queued.values()) {
    if (d.cancelled || d.amount === 0n) continue;
    const s = await queueState(d.e);
    const common = { wallet: d.wallet, epochNumber: d.e, hash: d.hash, blockNumber: d.blockNumber, timestamp: d.timestamp };
    const claimed = d.claimedAt !== undefined ? { status: 'CLAIMED' as const, completedAt: d.claimedAt } : undefined;
    if (d.type === 'DEPOSIT') {
      out.push({
        ...common,
        type: 'DEPOSIT',
        amount: d.amount,
        ...(s.price > 0n ? { lpAmount: (d.amount * ONE) / s.price } : {}),
        ...(claimed ?? { status: s.price === 0n ? 'PENDING' : 'CLAIMABLE' }),
      });
    } else {
      const processed = s.withdrawPrice > 0n;
      const status: RequestStatus = !processed
        ? 'PENDING'
        : s.pendingClaims > 0n
          ? 'PROCESSED'
          : s.instant
            ? 'INSTANT_CLAIMABLE'
            : 'CLAIMABLE';
      out.push({
        ...common,
        type: 'WITHDRAW',
        amount: (d.amount * (processed ? s.withdrawPrice : price)) / ONE,
        lpAmount: d.amount,
        ...(processed ? { isInstant: s.instant } : {}),
        ...(claimed ?? { status }),
      });
    }
  }
  // The strategy keeps one last redeem epoch per wallet (`lastWithdrawRequest`): a new standard redeem
  // delays every unclaimed one of the wallet until the epoch after it, as the contract pays them together.
  const lastRedeemEpoch = new Map<Address, bigint>();
  for (const r of redeems) {
    if (r.kind === 'instant' || r.claimedAt !== undefined) continue;
    const last = lastRedeemEpoch.get(r.wallet);
    if (last === undefined || r.e > last) lastRedeemEpoch.set(r.wallet, r.e);
  }
  for (const r of redeems) {
    const instant = r.kind === 'instant';
    const status: RequestStatus =
      r.claimedAt !== undefined
        ? 'CLAIMED'
        : instant
          ? allowInstant
            ? 'INSTANT_CLAIMABLE'
            : 'PENDING'
          : epochNumber >= (lastRedeemEpoch.get(r.wallet) ?? r.e)
            ? 'CLAIMABLE'
            : 'PENDING';
    // An apr0 redeem is paid its share of the interest set at the stop after it.
    const apr0Interest =
      r.kind === 'apr0' && r.claimedAt === undefined
        ? (r.amount * (await read.readContract({ address: vault.strategy, abi: strategy2026Abi, functionName: 'apr0RateByEpoch', args: [r.e - 1n] }))) / ONE
        : 0n;
    out.push({
      type: 'REDEEM',
      wallet: r.wallet,
      epochNumber: r.e,
      amount: r.amount + apr0Interest,
      lpAmount: r.lp,
      isInstant: instant,
      status,
      hash: r.hash,
      blockNumber: r.blockNumber,
      timestamp: r.timestamp,
      ...(r.claimedAt !== undefined ? { completedAt: r.claimedAt } : {}),
    });
  }
  if (vault.writeOff) out.push(...(await openWriteOffs(client, vault.writeOff, writeOffs)));
  return out.sort((a, b) => (a.blockNumber === b.blockNumber ? 0 : a.blockNumber < b.blockNumber ? -1 : 1));
}

/** Write-off requests per wallet: created (added to while open), deleted, or bought by the borrower. */
function trackWriteOff(drafts: Draft[], action: VaultActivity['actions'][number], base: Omit<Draft, 'type' | 'amount' | 'lp'>): void {
  const open = (wallet: Address) => drafts.find((d) => d.wallet === wallet && d.claimedAt === undefined && !d.cancelled);
  switch (action.functionName) {
    case 'createWriteOffRequest': {
      const [lp, amount] = action.args as [bigint, bigint];
      const draft = open(base.wallet);
      if (draft) {
        draft.lp += lp;
        draft.amount += amount;
      } else drafts.push({ type: 'WRITEOFF', lp, amount, ...base });
      break;
    }
    case 'deleteWriteOffRequest': {
      const draft = open(base.wallet);
      if (draft) draft.cancelled = true;
      break;
    }
    case 'fullfillWriteOffRequest': {
      const draft = open(action.args[0] as Address);
      if (draft) draft.claimedAt = action.timestamp;
      break;
    }
  }
}

/** The write-off requests to list: bought ones, and open ones the escrow still holds. */
async function openWriteOffs(client: ChainClient, escrow: Address, drafts: Draft[]): Promise<ChainRequest[]> {
  const out: ChainRequest[] = [];
  for (const d of drafts) {
    if (d.cancelled) continue;
    if (d.claimedAt === undefined) {
      const [tranches] = await client.publicClient.readContract({ address: escrow, abi: writeOffAbi, functionName: 'userRequests', args: [d.wallet] });
      if (tranches === 0n) continue;
    }
    out.push({
      type: 'WRITEOFF',
      wallet: d.wallet,
      epochNumber: d.e,
      amount: d.amount,
      lpAmount: d.lp,
      status: d.claimedAt !== undefined ? 'FULFILLED' : 'PENDING',
      hash: d.hash,
      blockNumber: d.blockNumber,
      timestamp: d.timestamp,
      ...(d.claimedAt !== undefined ? { completedAt: d.claimedAt } : {}),
    });
  }
  return out;
}

export function toRequestRecord(indexed: IndexedVault, r: ChainRequest): VaultRequestRecord {
  return {
    _id: objectIdOf('request', indexed.chainId, indexed.deployment.epochVault, r.type, r.wallet, r.epochNumber, r.hash),
    vaultId: indexed.vaultId,
    vaultAddress: indexed.deployment.tranche,
    type: r.type,
    amount: r.amount.toString(),
    ...(r.lpAmount !== undefined ? { lpAmount: r.lpAmount.toString() } : {}),
    block: { number: Number(r.blockNumber), timestamp: Number(r.timestamp) },
    ...(r.isInstant !== undefined ? { isInstant: r.isInstant } : {}),
    requestedOn: isoOf(r.timestamp),
    ...(r.completedAt !== undefined ? { completedOn: isoOf(r.completedAt) } : {}),
    walletAddress: r.wallet,
    status: r.status,
    epochNumber: Number(r.epochNumber),
    createdAt: isoOf(r.timestamp),
    updatedAt: isoOf(r.completedAt ?? r.timestamp),
    createdBy: 'local-chain',
    updatedBy: 'local-chain',
  };
}
