import { requestAction, type RequestType } from '../../../shared/domain/actions';
import { generationRules } from '../../../shared/domain/generation-rules';
import { cycleState as deriveCycleState, cycleStateFromService } from '../../../shared/domain/cycle';
import { expectedRequestTime, nextCycleEvent, type CycleTimes } from '../../../shared/domain/schedule';
import type { Claimable, FigureOrigin, PortfolioVault, PositionRow, RequestRow, VaultCycle } from '../../../shared/portfolio/schemas';
import type { ResourceItem } from '../../../shared/service';
import { isoToSeconds } from '../../../shared/domain/time';
import { ratePercent } from '../../../shared/domain/rates';
import type { EpochVaultEntry } from './catalog';
import { walletKey, type VaultChainState, type WalletChainState } from './chain-state';

type VaultBlock = ResourceItem<'vaultLatestBlocks'>;
type ServiceRequest = ResourceItem<'vaultRequests'>;

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
    tranche: { symbol: entry.vault.symbol ?? 'AA', decimals: 18, address: entry.tranche },
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
    tvl: figures.tvl.value ? { token: figures.tvl.value, usd: figures.tvlUsd.value } : null,
    queues: figures.queues.value,
    instant: figures.instant.value,
    origins: {
      apr: figures.apr.origin,
      lastApr: figures.lastApr.origin,
      price: figures.price.origin,
      tvl: figures.tvl.origin,
      tvlUsd: figures.tvl.value ? figures.tvlUsd.origin : null,
      queues: figures.queues.origin,
      instant: figures.instant.origin,
    },
  };
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
    tvlUsd: traced<string>(null, block?.TVL?.USD),
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

/** Which of a vault's sources did not answer on this refresh (their last answer is used instead). */
export interface SourcesBehind {
  /** The service's records are from an earlier refresh. */
  service: boolean;
  /** The chain's cycle, queues and balances are from an earlier refresh, or missing. */
  chain: boolean;
}

/**
 * The requests of the group in one vault: the service's records, checked against the chain for the
 * current epoch (the chain is the truth for what is queued now; the service may lag a block or two).
 * A row is stale when what it was built from is: a service record while the service is behind, and
 * any row while the chain is, since its action and expected date follow the chain's cycle.
 */
export function buildRequests(
  vault: PortfolioVault,
  serviceRequests: readonly ServiceRequest[],
  wallets: ReadonlySet<string>,
  chainWallets: ReadonlyMap<string, WalletChainState> | null,
  chainVault: VaultChainState | null,
  now: number,
  behind: SourcesBehind = { service: false, chain: false },
): RequestRow[] {
  const rows = new Map<string, RequestRow>();
  const times = cycleTimes(chainVault, vault.cycle, now);
  const current = vault.cycle?.requestEpoch ?? null;
  const rules = generationRules(vault.generations);
  const add = (r: Omit<RequestRow, 'id' | 'action' | 'reason' | 'expectedAt' | 'stale'>) => {
    const id = `${vault.id}:${r.wallet.toLowerCase()}:${r.type}:${r.epochNumber ?? (r.isInstant ? 'instant' : 'standard')}`;
    const prefunded = r.type === 'DEPOSIT' && r.epochNumber !== null && (chainVault?.epochs.get(r.epochNumber)?.prefunded ?? 0n) > 0n;
    const verdict = vault.cycle
      ? requestAction({ type: r.type, status: r.status, isInstant: r.isInstant, ...(r.epochNumber !== null ? { epochNumber: r.epochNumber } : {}) }, vault.cycle.state, rules, prefunded)
      : null;
    rows.set(id, {
      ...r,
      id,
      stale: behind.chain || (r.source === 'service' && behind.service),
      action: verdict?.action ? { kind: verdict.action.kind, functionName: verdict.action.functionName, contract: verdict.action.contract } : null,
      reason: verdict ? ('reason' in verdict ? verdict.reason : null) : 'The vault\u2019s cycle is unknown right now.',
      expectedAt: times ? expectedRequestTime({ type: r.type, status: r.status, isInstant: r.isInstant }, times) : null,
    });
  };

  for (const s of serviceRequests) {
    // A type the console does not know (WRITEOFF, or one added later) is kept: shown as it is, with no action.
    if (!wallets.has(s.walletAddress.toLowerCase())) continue;
    const type: RequestType = s.type;
    const onChain = chainWallets?.get(walletKey(vault.id, s.walletAddress));
    // A pending queue request of the current epoch that the chain no longer holds was cancelled.
    if (onChain && s.status === 'PENDING' && s.epochNumber === current && type !== 'REDEEM') {
      const amount = type === 'DEPOSIT' ? onChain.pendingDeposit : onChain.pendingWithdraw;
      if (amount === 0n) continue;
    }
    add({
      wallet: s.walletAddress,
      vaultId: vault.id,
      type,
      status: s.status,
      isInstant: s.isInstant ?? false,
      epochNumber: s.epochNumber ?? null,
      amount: type === 'WITHDRAW' ? (s.lpAmount ?? s.amount) : s.amount,
      amountToken: type === 'WITHDRAW' ? 'tranche' : 'underlying',
      requestedAt: isoToSeconds(s.requestedOn),
      source: 'service',
    });
  }

  // What the chain holds that the service has not recorded yet.
  if (chainWallets && current !== null) {
    const recorded = new Set([...rows.values()].map((r) => `${r.wallet.toLowerCase()}:${r.type}:${r.epochNumber}`));
    for (const wallet of wallets) {
      const w = chainWallets.get(walletKey(vault.id, wallet));
      if (!w) continue;
      const has = (type: RequestType, epoch: number) => recorded.has(`${wallet}:${type}:${epoch}`);
      if (w.pendingDeposit && w.pendingDeposit > 0n && !has('DEPOSIT', current)) {
        add({ wallet, vaultId: vault.id, type: 'DEPOSIT', status: 'PENDING', isInstant: false, epochNumber: current, amount: w.pendingDeposit.toString(), amountToken: 'underlying', requestedAt: null, source: 'chain' });
      }
      if (w.pendingWithdraw && w.pendingWithdraw > 0n && !has('WITHDRAW', current)) {
        add({ wallet, vaultId: vault.id, type: 'WITHDRAW', status: 'PENDING', isInstant: false, epochNumber: current, amount: w.pendingWithdraw.toString(), amountToken: 'tranche', requestedAt: null, source: 'chain' });
      }
    }
  }
  return [...rows.values()];
}

/**
 * The claims among a vault's requests, by lowercase wallet: built once per vault, so assembling
 * the positions costs one lookup per wallet instead of a pass over all the vault's requests.
 */
export function claimsByWallet(requests: readonly RequestRow[]): Map<string, Claimable[]> {
  const out = new Map<string, Claimable[]>();
  for (const r of requests) {
    if (r.action?.kind !== 'claim') continue;
    const key = r.wallet.toLowerCase();
    let list = out.get(key);
    if (!list) out.set(key, (list = []));
    list.push({
      kind: r.type === 'DEPOSIT' ? 'deposit' : r.type === 'WITHDRAW' ? 'withdraw' : r.action.functionName === 'claimInstantWithdrawRequest' ? 'instantRedeem' : 'redeem',
      epochNumber: r.epochNumber,
      amount: r.amount,
      functionName: r.action.functionName,
      contract: r.action.contract,
    });
  }
  return out;
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
    pendingRedeem: str(w?.redeemRequest == null ? null : w.redeemRequest + (w.apr0RedeemRequest ?? 0n)),
    pendingInstantRedeem: str(w?.instantRedeemRequest),
    allowance: null,
    claimable,
    stale,
  };
}
