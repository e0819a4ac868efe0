import { getAddress } from 'viem';
import type { Prng } from '../prng';
import { positionKey, type SimStore, type VaultRequestRecord } from '../store';
import { SYSTEM_ACTOR, type CatalogContext, type VaultInfo } from './catalog-seeds';
import type { EpochTimeline, HistoryContext } from './history';
import { blockAt, DAY_MS, iso } from './time';

/**
 * Wallets and what they did: positions in one to three vaults, the requests of epoch vaults with
 * the statuses the protocol gives them at "now", the transactions behind them, and campaign points.
 *
 * Request status at "now", with C completed epochs and the request's queue key e:
 * - DEPOSIT (made while epoch e ran): PENDING while e > C; processed when epoch e stopped, so
 *   CLAIMABLE or, once claimed, CLAIMED;
 * - WITHDRAW: PENDING while e > C; for e = C processed, INSTANT_CLAIMABLE when the epoch was
 *   instant, else PROCESSED (claimable at the end of the next cycle); older: CLAIMABLE or CLAIMED;
 * - REDEEM (made between epochs, e = completed + 1): PENDING until epoch e stops, then CLAIMABLE or CLAIMED.
 * A vault in default takes no new request: its wallets only have processed ones.
 */

interface WalletOptions {
  count: number;
  /** Addresses to include first (e.g. the console's own wallets), so their state is rich. */
  addresses?: readonly string[];
}

const ONE = 10n ** 18n;

function usd(amount: bigint, info: VaultInfo): string {
  return ((amount * BigInt(Math.round(info.usd * 1e6))) / 10n ** BigInt(info.decimals)).toString();
}

function wholeAmount(rng: Prng, info: VaultInfo): bigint {
  // Dollar-sized amounts: 1k to 250k for stablecoins, proportionally less of a dear token.
  const dollars = rng.int(1_000, 250_000);
  const whole = dollars / info.usd;
  return (BigInt(Math.round(whole * 100)) * 10n ** BigInt(info.decimals)) / 100n;
}

export function generateWallets(
  store: SimStore,
  rng: Prng,
  catalog: CatalogContext,
  history: HistoryContext,
  now: number,
  options: WalletOptions,
): void {
  const investable = catalog.vaults.filter((v) => v.vault.visibility !== 'HIDDEN' || rng.bool(0.5));
  const epochInvestable = investable.filter((v) => v.isEpoch);
  const audit = (ms: number) => ({ createdAt: iso(ms), updatedAt: iso(ms), createdBy: SYSTEM_ACTOR, updatedBy: SYSTEM_ACTOR });

  const seen = new Set<string>();
  const addresses: string[] = [];
  for (const a of options.addresses ?? []) {
    const checksummed = getAddress(a);
    if (!seen.has(checksummed.toLowerCase())) addresses.push(checksummed);
    seen.add(checksummed.toLowerCase());
  }
  while (addresses.length < options.count + (options.addresses?.length ?? 0)) {
    const address = rng.address();
    if (seen.has(address)) continue;
    seen.add(address);
    addresses.push(getAddress(address));
  }

  const campaigns = store.campaigns.all();

  for (const walletAddress of addresses) {
    store.wallets.insert({ _id: walletAddress.toLowerCase(), address: walletAddress });
    const vaultCount = rng.int(1, 3);
    const chosen = new Set<VaultInfo>();
    // Most wallets are in at least one epoch vault: that is what the console is for.
    if (epochInvestable.length > 0) chosen.add(rng.pick(epochInvestable));
    while (chosen.size < vaultCount) chosen.add(rng.pick(investable));

    let totalUsd = 0;
    for (const info of chosen) {
      const timeline = history.timelines.get(info.vault._id);
      totalUsd += timeline
        ? epochPosition(store, rng, info, timeline, walletAddress, now, audit)
        : plainPosition(store, rng, info, history, walletAddress, now, audit);
    }

    for (const campaign of campaigns) {
      if (rng.bool(0.3)) continue;
      const multiplier = rng.pick([1, 1, 1.5, 2]);
      const perDay = Math.round((totalUsd / 1000) * multiplier * 100) / 100;
      store.campaignPoints.insert({
        _id: rng.objectId(),
        campaignId: campaign._id,
        walletAddress,
        points: Math.round(perDay * rng.int(10, 120) * 100) / 100,
        perDay,
        multiplier,
      });
    }
  }
}

type Audit = (ms: number) => { createdAt: string; updatedAt: string; createdBy: string; updatedBy: string };

function plainPosition(
  store: SimStore,
  rng: Prng,
  info: VaultInfo,
  history: HistoryContext,
  walletAddress: string,
  now: number,
  audit: Audit,
): number {
  const price = history.latestPrice.get(info.vault._id) ?? 10n ** BigInt(info.decimals);
  const deposited = wholeAmount(rng, info);
  const depositMs = now - rng.int(5, 300) * DAY_MS;
  const entryPrice = (price * 97n) / 100n;
  const balance = (deposited * ONE) / entryPrice;
  const redeemable = (balance * price) / ONE;
  const earnings = redeemable - deposited;
  store.positions.insert({
    _id: positionKey(info.vault._id, walletAddress),
    vaultId: info.vault._id,
    walletAddress,
    deposits: { token: deposited.toString(), USD: usd(deposited, info) },
    redeemable: { token: redeemable.toString(), USD: usd(redeemable, info) },
    pendingDeposits: { token: '0', USD: '0' },
    pendingWithdraws: { token: '0', USD: '0' },
    earnings: { token: earnings.toString(), USD: usd(earnings, info), percentage: 3 },
    realizedAPY: rng.float(4, 12),
    poolSharePercentage: rng.float(0, 2, 4),
    balance: balance.toString(),
    vaultPrice: price.toString(),
  });
  store.transactions.insert({
    _id: rng.objectId(),
    type: 'DEPOSIT',
    status: 'CONFIRMED',
    hash: rng.txHash(),
    chainId: info.vault.chainId,
    walletAddress,
    vaultId: info.vault._id,
    tokenId: info.token._id,
    amount: deposited.toString(),
    amountUSD: usd(deposited, info),
    gasFeeUSD: String(rng.int(200_000, 9_000_000)),
    block: blockAt(info.chainIndex, depositMs),
    ...audit(depositMs),
  });
  return Number(usd(deposited, info)) / 1e6;
}

function epochPosition(
  store: SimStore,
  rng: Prng,
  info: VaultInfo,
  timeline: EpochTimeline,
  walletAddress: string,
  now: number,
  audit: Audit,
): number {
  const { vault } = info;
  const C = timeline.completed;
  const hasQueue = vault.cdoEpoch?.depositQueue !== undefined;
  const epochOf = (e: number) => timeline.epochs[Math.min(e, timeline.epochs.length) - 1]!;

  let balance = 0n;
  let deposited = 0n;
  let pendingDeposits = 0n;
  let pendingWithdraws = 0n;

  const request = (type: 'DEPOSIT' | 'WITHDRAW' | 'REDEEM', e: number, amount: bigint, lpAmount?: bigint) => {
    const epoch = epochOf(Math.max(1, Math.min(e, timeline.epochs.length)));
    // Deposits and withdraws happen while the epoch runs; redeems in the buffer before epoch e.
    const ms =
      type === 'REDEEM'
        ? Math.min(now - 60_000, epochOf(Math.max(1, e - 1)).endMs + rng.int(60, 3600) * 1000)
        : Math.min(now - 60_000, epoch.startMs + Math.floor(rng.next() * (Math.min(epoch.endMs, now) - epoch.startMs)));
    const isInstantEpoch = epochOf(Math.min(e, timeline.epochs.length)).withdrawType === 'INSTANT';
    let status: string;
    if (e > C) status = 'PENDING';
    else if (type === 'WITHDRAW' && e === C) status = isInstantEpoch ? 'INSTANT_CLAIMABLE' : 'PROCESSED';
    else status = e < C - 1 || rng.bool(0.5) ? 'CLAIMED' : 'CLAIMABLE';
    const completedMs = status === 'CLAIMED' ? Math.min(now - 1000, epochOf(Math.min(e + 1, timeline.epochs.length)).startMs + 3_600_000) : undefined;
    const record: VaultRequestRecord = {
      _id: rng.objectId(),
      vaultId: vault._id,
      vaultAddress: vault.address,
      type,
      amount: amount.toString(),
      ...(lpAmount !== undefined ? { lpAmount: lpAmount.toString() } : {}),
      block: blockAt(info.chainIndex, ms),
      ...(type !== 'DEPOSIT' ? { isInstant: isInstantEpoch } : {}),
      requestedOn: iso(ms),
      ...(completedMs !== undefined ? { completedOn: iso(completedMs) } : {}),
      walletAddress,
      status,
      epochNumber: e,
      ...audit(ms),
    };
    store.vaultRequests.insert(record);
    store.transactions.insert({
      _id: rng.objectId(),
      type,
      status: 'CONFIRMED',
      hash: rng.txHash(),
      chainId: vault.chainId,
      walletAddress,
      vaultId: vault._id,
      epochId: epoch._id,
      tokenId: info.token._id,
      amount: amount.toString(),
      amountUSD: usd(amount, info),
      gasFeeUSD: String(rng.int(200_000, 9_000_000)),
      block: record.block as { number: number; timestamp: number },
      ...audit(ms),
    });
    return status;
  };

  // The first deposit: through the queue in an earlier epoch, or directly between epochs.
  const firstEpoch = rng.int(1, Math.max(1, C));
  const first = wholeAmount(rng, info);
  const firstPrice = epochOf(firstEpoch).price;
  deposited += first;
  if (hasQueue) {
    const status = request('DEPOSIT', firstEpoch, first);
    if (status === 'CLAIMED') balance += (first * ONE) / firstPrice;
  } else {
    balance += (first * ONE) / firstPrice;
  }

  // A deposit waiting in the running epoch's queue.
  if (hasQueue && timeline.running && rng.bool(0.35)) {
    const amount = wholeAmount(rng, info) / 4n;
    request('DEPOSIT', C + 1, amount);
    pendingDeposits += amount;
  }

  // A withdraw request through the queue, in the last epochs.
  if (hasQueue && balance > 0n && rng.bool(0.3)) {
    const e = timeline.running ? rng.int(Math.max(1, C - 1), C + 1) : rng.int(Math.max(1, C - 1), C);
    const lp = balance / 4n;
    const amount = (lp * timeline.latestPrice) / ONE;
    const status = request('WITHDRAW', e, amount, lp);
    balance -= lp;
    if (status !== 'CLAIMED') pendingWithdraws += amount;
  }

  // A redeem between epochs (the only way out of a vault without a queue).
  if (balance > 0n && rng.bool(hasQueue ? 0.1 : 0.4)) {
    const e = timeline.running || timeline.info.defaulted ? rng.int(Math.max(1, C - 1), C) : C + 1;
    const lp = balance / 3n;
    const amount = (lp * timeline.latestPrice) / ONE;
    const status = request('REDEEM', e, amount, lp);
    balance -= lp;
    if (status !== 'CLAIMED') pendingWithdraws += amount;
  }

  const redeemable = (balance * timeline.latestPrice) / ONE;
  const earnings = redeemable + pendingWithdraws - deposited + pendingDeposits;
  const share = timeline.totalSupply > 0n ? Number((balance * 1_000_000n) / timeline.totalSupply) / 10_000 : 0;
  store.positions.insert({
    _id: positionKey(vault._id, walletAddress),
    vaultId: vault._id,
    walletAddress,
    deposits: { token: deposited.toString(), USD: usd(deposited, info) },
    redeemable: { token: redeemable.toString(), USD: usd(redeemable, info) },
    pendingDeposits: { token: pendingDeposits.toString(), USD: usd(pendingDeposits, info) },
    pendingWithdraws: { token: pendingWithdraws.toString(), USD: usd(pendingWithdraws, info) },
    earnings: {
      token: earnings.toString(),
      USD: usd(earnings, info),
      percentage: deposited > 0n ? Number((earnings * 10_000n) / deposited) / 100 : 0,
    },
    realizedAPY: epochOf(C).apr,
    poolSharePercentage: share,
    balance: balance.toString(),
    vaultPrice: timeline.latestPrice.toString(),
  });
  return Number(usd(deposited, info)) / 1e6;
}
