import { zeroAddress, type Address, type Hash } from 'viem';
import { epochQueueAbi, epochVaultAbi, strategyAbi } from '../../../shared/abi';
import type { ChainClient } from '../chain';
import type { VaultRequestRecord } from '../service/store';
import { epochNumberAt, moved, type VaultActivity } from './activity';
import type { IndexedVault } from './catalog';
import { isoOf, objectIdOf } from './ids';

const ONE = 10n ** 18n;

export type RequestType = 'DEPOSIT' | 'WITHDRAW' | 'REDEEM';
export type RequestStatus = 'PENDING' | 'PROCESSED' | 'CLAIMABLE' | 'INSTANT_CLAIMABLE' | 'CLAIMED';

/** A request rebuilt from the chain, before it becomes a service record. */
export interface ChainRequest {
  type: RequestType;
  wallet: Address;
  /** Queue key for DEPOSIT / WITHDRAW; for REDEEM the epoch it is paid with. */
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
  isInstant?: boolean;
  hash: Hash;
  blockNumber: bigint;
  timestamp: bigint;
  claimedAt?: bigint;
  cancelled?: boolean;
}

/**
 * Rebuilds the vault's requests: queue deposits and withdrawals per (wallet, key) and redeem
 * requests per transaction, then asks the contracts which are processed and claimable now.
 * Cancelled requests are dropped (the service does not list them).
 */
export async function buildRequests(
  client: ChainClient,
  indexed: IndexedVault,
  activity: VaultActivity,
  /** Instant or standard per redeem transaction (decided once, at its block). */
  instantByTx: Map<Hash, boolean> = new Map(),
): Promise<ChainRequest[]> {
  const vault = indexed.deployment;
  const read = client.publicClient;
  const queued = new Map<string, Draft>();
  const redeems: Draft[] = [];
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
    if (action.functionName === 'requestWithdraw' && wallet !== vault.queue) {
      const receipt = moved(action, vault.strategy, zeroAddress, wallet);
      const lp = moved(action, vault.tranche, wallet, zeroAddress);
      // Instant or standard is the vault's decision at that block: compare the wallet's instant
      // balance before and after.
      let isInstant = instantByTx.get(action.hash);
      if (isInstant === undefined) {
        const [before, after] = await Promise.all(
          [action.blockNumber - 1n, action.blockNumber].map((blockNumber) =>
            read.readContract({
              address: vault.strategy,
              abi: strategyAbi,
              functionName: 'instantWithdrawsRequests',
              args: [wallet],
              blockNumber,
            }),
          ),
        );
        isInstant = after! > before!;
        instantByTx.set(action.hash, isInstant);
      }
      redeems.push({ type: 'REDEEM', e, amount: receipt, lp, isInstant, ...base });
    }
    if (action.functionName === 'claimWithdrawRequest' || action.functionName === 'claimInstantWithdrawRequest') {
      const instant = action.functionName === 'claimInstantWithdrawRequest';
      for (const r of redeems) {
        if (r.wallet === wallet && r.isInstant === instant && r.claimedAt === undefined) r.claimedAt = action.timestamp;
      }
    }
  }

  const v = { address: vault.epochVault, abi: epochVaultAbi } as const;
  const q = { address: vault.queue, abi: epochQueueAbi } as const;
  const [epochNumber, allowInstant, price] = await Promise.all([
    read.readContract({ address: vault.strategy, abi: strategyAbi, functionName: 'epochNumber' }),
    read.readContract({ ...v, functionName: 'allowInstantWithdraw' }),
    read.readContract({ ...v, functionName: 'virtualPrice', args: [vault.tranche] }),
  ]);
  const queueEpoch = new Map<bigint, Promise<{ price: bigint; withdrawPrice: bigint; pendingClaims: bigint; instant: boolean }>>();
  const queueState = (e: bigint) => {
    let state = queueEpoch.get(e);
    if (!state) {
      state = Promise.all([
        read.readContract({ ...q, functionName: 'epochPrice', args: [e] }),
        read.readContract({ ...q, functionName: 'epochWithdrawPrice', args: [e] }),
        read.readContract({ ...q, functionName: 'epochPendingClaims', args: [e] }),
        read.readContract({ ...q, functionName: 'isEpochInstant', args: [e] }),
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
  for (const r of redeems) {
    const status: RequestStatus =
      r.claimedAt !== undefined
        ? 'CLAIMED'
        : r.isInstant
          ? allowInstant
            ? 'INSTANT_CLAIMABLE'
            : 'PENDING'
          : epochNumber >= r.e
            ? 'CLAIMABLE'
            : 'PENDING';
    out.push({
      type: 'REDEEM',
      wallet: r.wallet,
      epochNumber: r.e,
      amount: r.amount,
      lpAmount: r.lp,
      isInstant: r.isInstant ?? false,
      status,
      hash: r.hash,
      blockNumber: r.blockNumber,
      timestamp: r.timestamp,
      ...(r.claimedAt !== undefined ? { completedAt: r.claimedAt } : {}),
    });
  }
  return out.sort((a, b) => (a.blockNumber === b.blockNumber ? 0 : a.blockNumber < b.blockNumber ? -1 : 1));
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
