import { zeroAddress, type Address } from 'viem';
import type { Transaction } from '../service/records';
import type { WithId } from '../service/store';
import { epochNumberAt, moved, type VaultAction, type VaultActivity } from './activity';
import type { IndexedVault } from './local-catalog';
import { epochIdOf } from './epochs';
import { isoOf, objectIdOf, usdOf } from './ids';

interface Classified {
  /** The spec's types, and the real service's names for the write-off escrow's calls. */
  type: 'DEPOSIT' | 'WITHDRAW' | 'REDEEM' | 'CLAIM' | 'CANCEL' | 'REQUEST_WRITEOFF' | 'DELETE_WRITEOFF_REQUEST';
  token: 'underlying' | 'tranche';
  amount: bigint;
}

/** What a lender's call did, from the tokens it moved. */
function classify(indexed: IndexedVault, a: VaultAction): Classified | undefined {
  const v = indexed.deployment;
  const w = a.from;
  const fn = `${a.contract}.${a.functionName}`;
  // Which queue took the call (delta's deposits and withdrawals have one each).
  const dq = v.depositQueue ?? zeroAddress;
  const wq = v.withdrawQueue ?? zeroAddress;
  const wo = v.writeOff ?? zeroAddress;
  switch (fn) {
    case 'vault.depositAA':
    case 'vault.depositDuringEpoch':
      return { type: 'DEPOSIT', token: 'underlying', amount: moved(a, v.token.address, w, v.epochVault) };
    case 'queue.requestDeposit':
      return { type: 'DEPOSIT', token: 'underlying', amount: moved(a, v.token.address, w, dq) };
    case 'queue.requestWithdraw':
      return { type: 'WITHDRAW', token: 'tranche', amount: moved(a, v.tranche, w, wq) };
    case 'vault.requestWithdraw':
      return { type: 'REDEEM', token: 'underlying', amount: moved(a, v.strategy, zeroAddress, w) };
    case 'queue.claimDepositRequest':
      return { type: 'CLAIM', token: 'tranche', amount: moved(a, v.tranche, dq, w) };
    case 'queue.claimWithdrawRequest':
      return { type: 'CLAIM', token: 'underlying', amount: moved(a, v.token.address, wq, w) };
    case 'vault.claimWithdrawRequest':
    case 'vault.claimInstantWithdrawRequest':
      return { type: 'CLAIM', token: 'underlying', amount: moved(a, v.token.address, v.strategy, w) };
    case 'queue.deleteRequest':
      return { type: 'CANCEL', token: 'underlying', amount: moved(a, v.token.address, dq, w) };
    case 'queue.deleteWithdrawRequest':
      return { type: 'CANCEL', token: 'tranche', amount: moved(a, v.tranche, wq, w) };
    case 'writeOff.createWriteOffRequest':
      return { type: 'REQUEST_WRITEOFF', token: 'tranche', amount: moved(a, v.tranche, w, wo) };
    case 'writeOff.deleteWriteOffRequest':
      return { type: 'DELETE_WRITEOFF_REQUEST', token: 'tranche', amount: moved(a, v.tranche, wo, w) };
    default:
      return undefined;
  }
}

/** One confirmed transaction per lender call on the vault, its queues or its escrow. */
export function buildTransactions(indexed: IndexedVault, activity: VaultActivity): WithId<Transaction>[] {
  const v = indexed.deployment;
  const staff = new Set<Address>([v.manager, v.borrower]);
  const out: WithId<Transaction>[] = [];
  for (const a of activity.actions) {
    if (staff.has(a.from)) continue;
    const c = classify(indexed, a);
    if (!c) continue;
    const when = isoOf(a.timestamp);
    const e = epochNumberAt(activity.cycle, a.blockNumber) + 1n;
    out.push({
      _id: objectIdOf('tx', indexed.chainId, a.hash),
      type: c.type,
      status: 'CONFIRMED',
      hash: a.hash,
      chainId: indexed.chainRecordId,
      walletAddress: a.from,
      vaultId: indexed.vaultId,
      epochId: epochIdOf(indexed, e),
      tokenId: c.token === 'underlying' ? indexed.tokenId : indexed.trancheTokenId,
      amount: c.amount.toString(),
      ...(c.token === 'underlying' ? { amountUSD: usdOf(c.amount, v.token.decimals) } : {}),
      block: { number: Number(a.blockNumber), timestamp: Number(a.timestamp) },
      createdAt: when,
      updatedAt: when,
      createdBy: 'local-chain',
      updatedBy: 'local-chain',
    });
  }
  return out;
}
