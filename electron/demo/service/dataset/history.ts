import type { AprBreakdown, EpochState, VaultBlock } from '../records';
import type { Prng } from '../prng';
import type { SimStore, WithId } from '../store';
import { SYSTEM_ACTOR, UNDERLYING_SEEDS, type CatalogContext, type VaultInfo } from './catalog-seeds';
import { blockAt, DAY_MS, iso, YEAR_S } from './time';

/**
 * The past of every vault: for epoch vaults at least 12 completed epochs, with a vault block at
 * the start and in the buffer of each and one at "now"; daily blocks for the other vaults; a
 * performance entry per block; daily token blocks of the underlyings.
 */

export interface EpochRecordInfo {
  _id: string;
  /** Epoch number (1-based); it is also the queue key of requests made while it ran. */
  count: number;
  startMs: number;
  endMs: number;
  apr: number;
  withdrawType: 'INSTANT' | 'STANDARD';
  /** Underlying units per 1e18 tranche tokens at the end of the epoch (at "now" for the running one). */
  price: bigint;
}

/** The cycle of one epoch vault, as the wallet generator needs it. */
export interface EpochTimeline {
  info: VaultInfo;
  /** Completed epochs: the strategy's `epochNumber()`. */
  completed: number;
  running: boolean;
  durationS: number;
  bufferS: number;
  /** Index 0 is epoch 1; the running epoch, if any, is last. */
  epochs: EpochRecordInfo[];
  latestPrice: bigint;
  totalSupply: bigint;
}

export interface HistoryContext {
  timelines: Map<string, EpochTimeline>;
  /** Latest price per vault (epoch or not). */
  latestPrice: Map<string, bigint>;
}

const INSTANT_DELAY_S = 259_200;

/** Grows a price by `apr` percent over `seconds`, net of the fee (100000 = 100 %). */
function accrue(price: bigint, apr: number, seconds: number, fee: number): bigint {
  const factor = 1 + (apr / 100) * (seconds / YEAR_S) * (1 - fee / 100_000);
  return (price * BigInt(Math.round(factor * 1e9))) / 1_000_000_000n;
}

function aprs(gross: number, fee: number): AprBreakdown {
  const feePart = Math.round(gross * (fee / 100_000) * 100) / 100;
  return { BASE: gross, HARVEST: 0, REWARDS: 0, GROSS: gross, NET: Math.round((gross - feePart) * 100) / 100, FEE: feePart };
}

function apys(apr: AprBreakdown): AprBreakdown {
  const apy = (x = 0) => Math.round(((1 + x / 100 / 52) ** 52 - 1) * 10_000) / 100;
  return { BASE: apy(apr.BASE), HARVEST: 0, REWARDS: 0, GROSS: apy(apr.GROSS), NET: apy(apr.NET), FEE: apr.FEE ?? 0 };
}

function usdOf(amount: bigint, decimals: number, usd: number): string {
  // USD amounts are integers with 6 decimals.
  return ((amount * BigInt(Math.round(usd * 1e6))) / 10n ** BigInt(decimals)).toString();
}

export function generateHistory(store: SimStore, rng: Prng, catalog: CatalogContext, now: number): HistoryContext {
  const timelines = new Map<string, EpochTimeline>();
  const latestPrice = new Map<string, bigint>();
  const audit = (ms: number) => ({ createdAt: iso(ms), updatedAt: iso(ms), createdBy: SYSTEM_ACTOR, updatedBy: SYSTEM_ACTOR });

  const addBlock = (info: VaultInfo, ms: number, price: bigint, supply: bigint, apr: number, epoch?: EpochState) => {
    const { vault, decimals, usd, chainIndex } = info;
    const tvlToken = (supply * price) / 10n ** 18n;
    const pending = epoch?.depositQueue?.amount ? BigInt(epoch.depositQueue.amount) : 0n;
    const APRs = aprs(apr, vault.feePercentage ?? 0);
    const block: WithId<VaultBlock> = {
      _id: rng.objectId(),
      vaultId: vault._id,
      vaultAddress: vault.address,
      chainId: vault.chainId,
      block: blockAt(chainIndex, ms),
      APRs,
      APYs: apys(APRs),
      price: price.toString(),
      totalSupply: supply.toString(),
      TVL: {
        token: tvlToken.toString(),
        USD: usdOf(tvlToken, decimals, usd),
        withRequestsToken: (tvlToken + pending).toString(),
        withRequestsUSD: usdOf(tvlToken + pending, decimals, usd),
      },
      ...(epoch ? { cdoEpoch: epoch } : {}),
      ...audit(ms),
    };
    store.vaultBlocks.insert(block);
    const ageDays = Math.max(0, Math.floor((ms - Date.parse(vault.createdAt ?? iso(ms))) / DAY_MS));
    store.vaultPerformances.insert({
      _id: rng.objectId(),
      vaultId: vault._id,
      vaultBlockId: block._id,
      block: block.block,
      age: ageDays,
      holders: rng.int(20, 900),
      realizedAPY: apys(APRs).NET ?? 0,
      accruedRewards: [],
      earnings: {
        USD: usdOf((tvlToken * BigInt(Math.round(apr * 100))) / 1_000_000n, decimals, usd),
        token: ((tvlToken * BigInt(Math.round(apr * 100))) / 1_000_000n).toString(),
        percentage: Math.round((apr / 12) * 100) / 100,
      },
      ...audit(ms),
    });
    return block;
  };

  for (const info of catalog.vaults) {
    const { vault, decimals } = info;
    const fee = vault.feePercentage ?? 0;
    const baseApr = rng.float(7, 14);
    let price = 10n ** BigInt(decimals);
    let supply = BigInt(rng.int(1_000_000, 20_000_000)) * 10n ** 18n;
    if (info.usd > 1) supply /= 1000n;

    if (!info.isEpoch) {
      // Daily blocks over the last 30 days; the price starts where 300 days of yield left it.
      price = accrue(price, baseApr, 300 * 86_400, fee);
      for (let day = 30; day >= 0; day--) {
        const ms = now - day * DAY_MS;
        price = accrue(price, baseApr, 86_400, fee);
        addBlock(info, ms, price, supply, Math.round((baseApr + rng.float(-0.5, 0.5)) * 100) / 100);
      }
      latestPrice.set(vault._id, price);
      continue;
    }

    const durationS = rng.pick([7, 14, 30]) * 86_400;
    const bufferS = rng.pick([6, 12, 24]) * 3600;
    const cycleMs = (durationS + bufferS) * 1000;
    // A defaulted vault's last epoch ended in default, so it needs one more to keep 12 closed ones.
    const completed = rng.int(info.defaulted ? 13 : 12, 18);
    const running = !info.defaulted && vault.status === 'READY' && rng.bool(0.75);
    const aprDelta = rng.pick([1, 1.5, 2]);
    const hasQueue = vault.cdoEpoch?.depositQueue !== undefined;
    const epochCount = running ? completed + 1 : completed;
    // Start of the last epoch (running, or the one just completed).
    const lastStart = running
      ? now - Math.round(durationS * 1000 * rng.float(0.1, 0.8))
      : now - Math.round(bufferS * 1000 * rng.float(0.1, 0.8)) - durationS * 1000;

    const epochs: EpochRecordInfo[] = [];
    let lastApr = baseApr;
    for (let count = 1; count <= epochCount; count++) {
      const startMs = lastStart - (epochCount - count) * cycleMs;
      const endMs = startMs + durationS * 1000;
      const isRunning = running && count === epochCount;
      const isDefault = info.defaulted && count === epochCount;
      const apr = Math.round((baseApr + rng.float(-1.5, 1.5)) * 100) / 100;
      // The protocol's rule: instant when the last epoch's APR beats this one's by more than the delta.
      const withdrawType = lastApr > apr + aprDelta ? 'INSTANT' : 'STANDARD';
      const depositAmount = BigInt(rng.int(0, 2_000_000)) * 10n ** BigInt(decimals) / (info.usd > 1 ? 1000n : 1n);
      const withdrawAmount = BigInt(rng.int(0, 1_000_000)) * 10n ** BigInt(decimals) / (info.usd > 1 ? 1000n : 1n);
      const state: EpochState = {
        apr,
        lastApr,
        status: isRunning ? 'RUNNING' : 'WAITING',
        startDate: iso(startMs),
        endDate: iso(endMs),
        duration: durationS,
        bufferDuration: bufferS,
        withdrawType,
        ...(hasQueue
          ? {
              depositQueue: { amount: isRunning ? depositAmount.toString() : '0', lastAmount: depositAmount.toString() },
              withdrawQueue: { amount: isRunning ? withdrawAmount.toString() : '0', lastAmount: withdrawAmount.toString(), isInstant: withdrawType === 'INSTANT' },
            }
          : {}),
        instantWithdraws: {
          allowed: withdrawType === 'INSTANT' && (isRunning ? now - startMs > INSTANT_DELAY_S * 1000 : true),
          delay: INSTANT_DELAY_S,
          amount: withdrawType === 'INSTANT' ? withdrawAmount.toString() : '0',
          aprDelta,
          deadline: iso(startMs + INSTANT_DELAY_S * 1000),
          disabled: false,
        },
        withdraws: { amount: withdrawAmount.toString(), fees: ((withdrawAmount * BigInt(fee)) / 100_000n).toString() },
      };
      const epochId = rng.objectId();
      store.vaultEpochs.insert({
        ...state,
        _id: epochId,
        vaultId: vault._id,
        count,
        status: isRunning ? 'RUNNING' : isDefault ? 'DEFAULTED' : 'CLOSED',
        ...audit(startMs),
      });

      // A block as the epoch starts (the queue key is `count`, the strategy has counted count-1 epochs) …
      addBlock(info, startMs, price, supply, apr, { ...state, status: 'RUNNING', epochNumber: count - 1 });
      const endPrice = accrue(price, apr, isRunning ? (now - startMs) / 1000 : durationS, fee);
      supply = supply + (depositAmount * 10n ** 18n) / price - (withdrawAmount * 10n ** 18n) / endPrice;
      if (supply < 0n) supply = 0n;
      if (!isRunning) {
        price = endPrice;
        // … and one in the buffer that follows it, or "now" for the last completed epoch of a waiting vault.
        const bufferMs = count === epochCount ? now : endMs + (bufferS * 1000) / 2;
        addBlock(info, bufferMs, price, supply, apr, { ...state, status: isDefault ? 'DEFAULTED' : 'WAITING', epochNumber: count });
      }
      epochs.push({ _id: epochId, count, startMs, endMs, apr, withdrawType, price: isRunning ? endPrice : price });
      lastApr = apr;
    }
    const current = epochs[epochs.length - 1]!;
    if (running) {
      price = current.price;
      const state = store.vaultEpochs.get(current._id)!;
      const { _id: _a, vaultId: _b, count: _c, createdAt: _d, updatedAt: _e, createdBy: _f, updatedBy: _g, ...epochState } = state;
      addBlock(info, now, price, supply, current.apr, { ...epochState, status: 'RUNNING', epochNumber: completed });
    }
    latestPrice.set(vault._id, price);
    timelines.set(vault._id, { info, completed, running, durationS, bufferS, epochs, latestPrice: price, totalSupply: supply });
  }

  // Daily token prices of the underlyings.
  for (const [key, token] of catalog.underlying) {
    const chainIndex = Number(key.split(':')[0]);
    const seed = UNDERLYING_SEEDS.find((s) => s.symbol === token.symbol)!;
    for (let day = 13; day >= 0; day--) {
      const ms = now - day * DAY_MS;
      const usd = seed.usd === 1 ? 1 + rng.float(-0.002, 0.002, 4) : seed.usd * (1 + rng.float(-0.05, 0.05, 4));
      store.tokenBlocks.insert({
        _id: rng.objectId(),
        tokenId: token._id,
        chainId: token.chainId!,
        block: blockAt(chainIndex, ms),
        price: Math.round(usd * 1e6).toString(),
        ...audit(ms),
      });
    }
  }

  return { timelines, latestPrice };
}
