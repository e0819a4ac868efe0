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

/** Where a call's tokens move from or to: the lender, one of the vault's contracts, or nowhere (a mint). */
type Party = 'wallet' | 'vault' | 'depositQueue' | 'withdrawQueue' | 'writeOff' | 'strategy' | 'minted';

/**
 * What each lender call records: its type, the token its amount is in, and the one movement that
 * measures it (of that token, unless `measuredIn` says the strategy's receipt: a redeem mints
 * receipts worth the underlying it will pay).
 */
interface CallRecord extends Omit<Classified, 'amount'> {
  from: Party;
  to: Party;
  measuredIn?: 'receipt';
}

const CALL_RECORDS: Partial<Record<`${VaultAction['contract']}.${string}`, CallRecord>> = {
  'vault.depositAA': { type: 'DEPOSIT', token: 'underlying', from: 'wallet', to: 'vault' },
  'vault.depositDuringEpoch': { type: 'DEPOSIT', token: 'underlying', from: 'wallet', to: 'vault' },
  'vault.requestWithdraw': { type: 'REDEEM', token: 'underlying', measuredIn: 'receipt', from: 'minted', to: 'wallet' },
  'vault.claimWithdrawRequest': { type: 'CLAIM', token: 'underlying', from: 'strategy', to: 'wallet' },
  'vault.claimInstantWithdrawRequest': { type: 'CLAIM', token: 'underlying', from: 'strategy', to: 'wallet' },
  // Which queue took the call: delta's deposits and withdrawals have one each.
  'queue.requestDeposit': { type: 'DEPOSIT', token: 'underlying', from: 'wallet', to: 'depositQueue' },
  'queue.claimDepositRequest': { type: 'CLAIM', token: 'tranche', from: 'depositQueue', to: 'wallet' },
  'queue.deleteRequest': { type: 'CANCEL', token: 'underlying', from: 'depositQueue', to: 'wallet' },
  'queue.requestWithdraw': { type: 'WITHDRAW', token: 'tranche', from: 'wallet', to: 'withdrawQueue' },
  'queue.claimWithdrawRequest': { type: 'CLAIM', token: 'underlying', from: 'withdrawQueue', to: 'wallet' },
  'queue.deleteWithdrawRequest': { type: 'CANCEL', token: 'tranche', from: 'withdrawQueue', to: 'wallet' },
  'writeOff.createWriteOffRequest': { type: 'REQUEST_WRITEOFF', token: 'tranche', from: 'wallet', to: 'writeOff' },
  'writeOff.deleteWriteOffRequest': { type: 'DELETE_WRITEOFF_REQUEST', token: 'tranche', from: 'writeOff', to: 'wallet' },
};

/** What a lender's call did, from the tokens it moved. */
function classify(indexed: IndexedVault, a: VaultAction): Classified | undefined {
  const record = CALL_RECORDS[`${a.contract}.${a.functionName}`];
  if (!record) return undefined;
  const v = indexed.deployment;
  const party: Record<Party, Address> = {
    wallet: a.from,
    vault: v.epochVault,
    depositQueue: v.depositQueue ?? zeroAddress,
    withdrawQueue: v.withdrawQueue ?? zeroAddress,
    writeOff: v.writeOff ?? zeroAddress,
    strategy: v.strategy,
    minted: zeroAddress,
  };
  const measured = record.measuredIn === 'receipt' ? v.strategy : record.token === 'underlying' ? v.token.address : v.tranche;
  return { type: record.type, token: record.token, amount: moved(a, measured, party[record.from], party[record.to]) };
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
