import { cycleState as deriveCycleState, cycleStateFromService } from '../../../shared/domain/cycle';
import { nextCycleEvent, type CycleTimes } from '../../../shared/domain/schedule';
import type { Claimable, FigureOrigin, PortfolioVault, PositionRow, VaultCycle } from '../../../shared/portfolio/schemas';
import { trancheToken, type ResourceItem } from '../../../shared/service';
import { usdAt } from '../../../shared/portfolio/totals';
import { isoToSeconds } from '../../../shared/domain/time';
import { ratePercent } from '../../../shared/domain/rates';
import type { EpochVaultEntry } from './vault-entries';
import { standardRedeemHeld, type VaultChainState, type WalletChainState } from './chain-state';

type VaultBlock = ResourceItem<'vaultLatestBlocks'>;

const E18 = 10n ** 18n;
/** On-chain APRs: 1e18 = 1 %. */
const aprPercent = ratePercent;
const str = (v: bigint | null | undefined): string | null => (v === null || v === undefined ? null : v === 0n ? '0' : v.toString());

export function cycleTimes(chain: VaultChainState | null, cycle: VaultCycle | null, now: number): CycleTimes | null {
  if (!cycle) return null;
  return {
    state: cycle.state,
    epochEnd: cycle.epochEnd,
    epochDuration: cycle.epochDuration,
    bufferPeriod: cycle.bufferPeriod,
    instantDelay: chain?.instantWithdrawDelay ?? null,
    instantDeadline: chain?.instantWithdrawDeadline || null,
    allowInstantWithdraw: chain?.allowInstantWithdraw ?? false,
    now,
  };
}

/** The vault as the console shows it: the chain's word where it answered, the service's otherwise. */
export function buildVault(entry: EpochVaultEntry, chain: VaultChainState | null, block: VaultBlock | null, now: number): PortfolioVault {
  const v = entry.vault as Record<string, unknown> & {
    kyc?: { isRequired?: boolean; isActive?: boolean; link?: string };
    signatures?: Array<{ _id: string; entity: string }>;
  };
  let cycle: VaultCycle | null = null;
  let cycleSource: PortfolioVault['cycleSource'] = null;
  if (chain && chain.isEpochRunning !== null && chain.defaulted !== null && chain.epochEndDate !== null && chain.epochNumber !== null) {
    const state = deriveCycleState({ defaulted: chain.defaulted, isEpochRunning: chain.isEpochRunning, epochEndDate: chain.epochEndDate, now });
    cycle = {
      state,
      paused: chain.paused ?? false,
      epochNumber: chain.epochNumber,
      requestEpoch: chain.epochNumber + 1,
      epochStart: chain.isEpochRunning && chain.epochDuration !== null ? chain.epochEndDate - chain.epochDuration : null,
      epochEnd: chain.epochEndDate,
      epochDuration: chain.epochDuration,
      bufferPeriod: chain.bufferPeriod,
      nextEvent: null,
      asOf: now,
    };
    cycleSource = 'chain';
  } else if (block?.cdoEpoch?.status) {
    const e = block.cdoEpoch;
    const end = isoToSeconds(e.endDate);
    const state = cycleStateFromService(e.status!, end, now);
    if (state) {
      const epochNumber = e.epochNumber ?? 0;
      cycle = {
        state,
        paused: false,
        epochNumber,
        requestEpoch: epochNumber + 1,
        epochStart: isoToSeconds(e.startDate),
        epochEnd: end,
        epochDuration: e.duration ?? null,
        bufferPeriod: e.bufferDuration ?? null,
        nextEvent: null,
        asOf: block.block.timestamp,
      };
      cycleSource = 'service';
    }
  }
  if (cycle) {
    const times = cycleTimes(chain, cycle, now);
    cycle.nextEvent = times ? nextCycleEvent(times) : null;
  }
  const figures = vaultFigures(chain, block);
  const usdPrice = usdPriceOf(block);
  return {
    id: entry.vault._id,
    name: entry.vault.name ?? entry.vault._id,
    chain: {
      recordId: entry.chain._id ?? '',
      chainId: entry.chainId,
      name: entry.chain.name ?? `Chain ${entry.chainId}`,
      explorerUrl: ((entry.chain as { explorerUrl?: string }).explorerUrl ?? null) || null,
    },
    // The chain's own decimals decide amounts; the service's figure only stands in while the chain does not answer.
    // The chain's own symbol and decimals name and scale amounts; the service's figures only stand in while the chain does not answer.
    underlying: { symbol: chain?.underlyingSymbol ?? entry.token.symbol ?? '?', decimals: chain?.underlyingDecimals ?? entry.token.decimals ?? 18, address: entry.underlying },
    tranche: { ...trancheToken(entry.vault), address: entry.tranche },
    epochVault: entry.epochVault,
    queue: entry.queue,
    withdrawQueue: entry.withdrawQueue,
    strategy: chain?.strategy ?? entry.strategy ?? '',
    abiCodes: entry.abiCodes,
    generations: chain?.generations ?? null,
    depositDuringEpoch: chain?.depositDuringEpoch ?? false,
    prefunded: chain?.prefundedWindow != null ? { window: chain.prefundedWindow, nextEpochPrefunded: (chain.queue?.prefundedCurrent ?? 0n) > 0n } : null,
    kyc: { required: Boolean(v.kyc?.isRequired ?? v.kyc?.isActive), link: v.kyc?.link ?? null },
    lenderSignatureIds: (v.signatures ?? []).filter((s) => s.entity === 'LENDER' || s.entity === 'ALL').map((s) => s._id),
    status: entry.vault.status ?? null,
    cycle,
    cycleSource,
    apr: {
      current: figures.apr.value,
      last: figures.lastApr.value,
      net: block?.APRs?.NET ?? null,
      // A rate of zero on chain: set when the epoch stops (apr0), not a vault paying nothing.
      setAtStop: chain?.apr === 0n,
    },
    price: figures.price.value,
    tvl: figures.tvl.value ? { token: figures.tvl.value, usd: usdAt(usdPrice, BigInt(figures.tvl.value))?.toString() ?? null } : null,
    usdPrice,
    queues: figures.queues.value,
    instant: figures.instant.value,
    origins: {
      apr: figures.apr.origin,
      lastApr: figures.lastApr.origin,
      price: figures.price.origin,
      tvl: figures.tvl.origin,
      tvlUsd: figures.tvl.value && usdPrice ? 'service' : null,
      queues: figures.queues.origin,
      instant: figures.instant.origin,
    },
  };
}

/**
 * The underlying's USD price from one vault block: its `TVL.USD` over its `TVL.token`, both of the
 * same snapshot. The service snapshots about daily plus on activity, so this price has an age; a
 * TVL in USD divided by the chain's TVL would mix two moments and is never used.
 */
function usdPriceOf(block: VaultBlock | null): PortfolioVault['usdPrice'] {
  const usd = block?.TVL?.USD;
  const token = block?.TVL?.token;
  if (!usd || !token || BigInt(token) === 0n) return null;
  return { usd, token, block: block.block.number, at: block.block.timestamp };
}

interface Traced<T> {
  value: T | null;
  origin: FigureOrigin;
}

/** The chain's value when it has one, else the service's; with where it came from. */
function traced<T>(fromChain: T | null | undefined, fromService: T | null | undefined): Traced<T> {
  if (fromChain !== null && fromChain !== undefined) return { value: fromChain, origin: 'chain' };
  if (fromService !== null && fromService !== undefined) return { value: fromService, origin: 'service' };
  return { value: null, origin: null };
}

/**
 * The vault's rates, price, TVL, queues and instant-withdrawal settings: the chain's word where it
 * answered, the service's latest block otherwise (the USD value of the TVL only the service knows).
 */
function vaultFigures(chain: VaultChainState | null, block: VaultBlock | null) {
  const e = block?.cdoEpoch;
  const instantFromBlock = e?.instantWithdraws;
  return {
    apr: traced(aprPercent(chain?.apr ?? null), e?.apr),
    // A rate-at-stop vault's lastEpochApr() is the 0 it was set at, not what the epoch paid: only the
    // service's record of the epoch says that.
    lastApr: traced(chain?.apr === 0n ? null : aprPercent(chain?.lastEpochApr ?? null), e?.lastApr),
    price: traced(str(chain?.virtualPrice), block?.price),
    tvl: traced(str(chain?.contractValue), block?.TVL?.token || null),
    queues: traced<PortfolioVault['queues']>(
      chain?.queue
        ? {
            depositCurrent: chain.queue.depositCurrent.toString(),
            depositLast: chain.queue.depositLast.toString(),
            withdrawCurrent: chain.queue.withdrawCurrent.toString(),
            withdrawLast: chain.queue.withdrawLast.toString(),
          }
        : null,
      e?.depositQueue || e?.withdrawQueue
        ? {
            depositCurrent: e.depositQueue?.amount ?? '0',
            depositLast: e.depositQueue?.lastAmount ?? '0',
            withdrawCurrent: e.withdrawQueue?.amount ?? '0',
            withdrawLast: e.withdrawQueue?.lastAmount ?? '0',
          }
        : null,
    ),
    instant: traced<PortfolioVault['instant']>(
      chain && chain.disableInstantWithdraw !== null
        ? {
            disabled: chain.disableInstantWithdraw,
            allowed: chain.allowInstantWithdraw ?? false,
            delaySeconds: chain.instantWithdrawDelay ?? 0,
            deadline: chain.instantWithdrawDeadline || null,
            aprDelta: aprPercent(chain.instantWithdrawAprDelta) ?? 0,
          }
        : null,
      instantFromBlock
        ? {
            disabled: instantFromBlock.disabled ?? false,
            allowed: instantFromBlock.allowed ?? false,
            delaySeconds: instantFromBlock.delay ?? 0,
            deadline: isoToSeconds(instantFromBlock.deadline),
            aprDelta: instantFromBlock.aprDelta ?? 0,
          }
        : null,
    ),
  };
}

/** One wallet in one vault, with what it can claim now (`claims`: its entry of `claimsByWallet`). */
export function buildPosition(
  vault: PortfolioVault,
  wallet: string,
  w: WalletChainState | null,
  claims: readonly Claimable[] | undefined,
  stale: boolean,
  price: bigint | null = vault.price ? BigInt(vault.price) : null,
): PositionRow {
  const claimable = claims ? claims.map((c) => ({ ...c })) : [];
  return {
    wallet,
    vaultId: vault.id,
    allowed: w?.allowed ?? null,
    trancheBalance: str(w?.trancheBalance),
    value: w?.trancheBalance != null && price !== null ? ((w.trancheBalance * price) / E18).toString() : null,
    underlyingBalance: str(w?.underlyingBalance),
    maxWithdrawable: null,
    pendingDeposit: str(w?.pendingDeposit),
    pendingWithdraw: str(w?.pendingWithdraw),
    // A rate-at-stop vault's redeems (2026 apr0Users) are paid by the same claim as the standard ones.
    pendingRedeem: str(w ? standardRedeemHeld(w) : null),
    pendingInstantRedeem: str(w?.instantRedeemRequest),
    allowance: null,
    claimable,
    stale,
  };
}
