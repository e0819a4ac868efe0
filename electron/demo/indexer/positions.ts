import { erc20Abi, zeroAddress, type Address } from 'viem';
import type { ChainClient } from '../chain';
import { positionKey, type PositionRecord } from '../service/store';
import { moved, vaultParties, type VaultActivity } from './activity';
import type { IndexedVault } from './local-catalog';
import { usdOf } from './ids';
import type { ChainRequest } from './requests';
import type { VaultSnapshot } from './vaultBlock';

const ONE = 10n ** 18n;

/**
 * Cost of the tranche tokens a wallet holds, in underlying units (average cost): direct
 * deposits and claimed queue deposits add, redeems and queue withdrawals take their share out
 * (given back if the withdrawal is cancelled).
 */
function costBasis(indexed: IndexedVault, activity: VaultActivity, wallet: Address, requests: ChainRequest[]): bigint {
  const vault = indexed.deployment;
  let units = 0n;
  let cost = 0n;
  const parked = new Map<string, { units: bigint; cost: bigint }>();
  const takeOut = (lp: bigint): { units: bigint; cost: bigint } => {
    const share = units > 0n ? (cost * lp) / units : 0n;
    units -= lp;
    cost -= share;
    return { units: lp, cost: share };
  };
  for (const action of activity.actions) {
    if (action.from !== wallet) continue;
    const fn = `${action.contract}.${action.functionName}`;
    const e = typeof action.args[0] === 'bigint' ? String(action.args[0]) : '';
    if (fn === 'vault.depositAA' || fn === 'vault.depositDuringEpoch') {
      units += moved(action, vault.tranche, zeroAddress, wallet);
      cost += moved(action, vault.token.address, wallet, vault.epochVault);
    } else if (fn === 'queue.claimDepositRequest') {
      const request = requests.find((r) => r.type === 'DEPOSIT' && r.wallet === wallet && String(r.epochNumber) === e);
      units += moved(action, vault.tranche, vault.depositQueue ?? zeroAddress, wallet);
      cost += request?.amount ?? 0n;
    } else if (fn === 'vault.requestWithdraw') {
      takeOut(moved(action, vault.tranche, wallet, zeroAddress));
    } else if (fn === 'queue.requestWithdraw') {
      // Parked under the key it was filed with, in case it is cancelled.
      const key = requests.find((r) => r.type === 'WITHDRAW' && r.wallet === wallet && r.hash === action.hash)?.epochNumber;
      const out = takeOut(moved(action, vault.tranche, wallet, vault.withdrawQueue ?? zeroAddress));
      const slot = `${key ?? action.hash}`;
      const prev = parked.get(slot) ?? { units: 0n, cost: 0n };
      parked.set(slot, { units: prev.units + out.units, cost: prev.cost + out.cost });
    } else if (fn === 'writeOff.createWriteOffRequest') {
      // Escrowed until bought or taken back.
      const out = takeOut(moved(action, vault.tranche, wallet, vault.writeOff ?? zeroAddress));
      const prev = parked.get('writeOff') ?? { units: 0n, cost: 0n };
      parked.set('writeOff', { units: prev.units + out.units, cost: prev.cost + out.cost });
    } else if (fn === 'queue.deleteWithdrawRequest' || fn === 'writeOff.deleteWriteOffRequest') {
      const back = parked.get(fn === 'queue.deleteWithdrawRequest' ? e : 'writeOff');
      if (back) {
        units += back.units;
        cost += back.cost;
        parked.delete(fn === 'queue.deleteWithdrawRequest' ? e : 'writeOff');
      }
    }
  }
  return cost;
}

export async function buildPositions(
  client: ChainClient,
  indexed: IndexedVault,
  activity: VaultActivity,
  requests: ChainRequest[],
  snapshot: VaultSnapshot,
  netApy: number,
): Promise<PositionRecord[]> {
  const vault = indexed.deployment;
  const excluded = new Set<Address>([vault.manager, vault.borrower, ...vaultParties(vault)]);
  const wallets = [...new Set(activity.actions.map((a) => a.from).filter((a) => !excluded.has(a)))];
  const decimals = vault.token.decimals;
  const usd = (x: bigint) => usdOf(x, decimals);
  const pair = (x: bigint) => ({ token: x.toString(), USD: usd(x) });

  return Promise.all(
    wallets.map(async (wallet): Promise<PositionRecord> => {
      const balance = await client.publicClient.readContract({
        address: vault.tranche,
        abi: erc20Abi,
        functionName: 'balanceOf',
        args: [wallet],
        blockNumber: snapshot.blockNumber,
      });
      const mine = requests.filter((r) => r.wallet === wallet && r.status !== 'CLAIMED');
      const pendingDeposits = mine.filter((r) => r.type === 'DEPOSIT').reduce((s, r) => s + r.amount, 0n);
      const pendingWithdraws = mine.filter((r) => r.type !== 'DEPOSIT').reduce((s, r) => s + r.amount, 0n);
      const redeemable = (balance * snapshot.price) / ONE;
      const deposits = costBasis(indexed, activity, wallet, requests);
      const earnings = redeemable - deposits;
      return {
        _id: positionKey(indexed.vaultId, wallet),
        vaultId: indexed.vaultId,
        walletAddress: wallet,
        deposits: pair(deposits),
        redeemable: pair(redeemable),
        pendingDeposits: pair(pendingDeposits),
        pendingWithdraws: pair(pendingWithdraws),
        earnings: { ...pair(earnings), percentage: deposits > 0n ? Number((earnings * 1_000_000n) / deposits) / 10_000 : 0 },
        realizedAPY: netApy,
        poolSharePercentage: snapshot.totalSupply > 0n ? Number((balance * 100_000_000n) / snapshot.totalSupply) / 1_000_000 : 0,
        balance: balance.toString(),
        vaultPrice: snapshot.price.toString(),
      };
    }),
  );
}
