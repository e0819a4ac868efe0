import type { Abi, PublicClient } from 'viem';
import { epochQueueAbi, epochVaultAbi, erc20Abi, strategyAbi } from '../../../shared/abi';
import type { EpochVaultEntry } from './catalog';
import type { EthCall } from '../chain/rpc-client';
import type { Logger } from '../log/logger';
import { decodeLensAnswer, encodeLensVaults, encodeLensWallets, lensCall, LENS_PAIRS_PER_CALL, type LensVault } from './lens';
import { CALLS_PER_CHUNK, planReads, runReads, sendCalls, type Read } from './multicall';

/** What the chain says about one epoch vault. Unknown values (a failed call) stay null. */
export interface VaultChainState {
  strategy: `0x${string}` | null;
  epochNumber: number | null;
  isEpochRunning: boolean | null;
  defaulted: boolean | null;
  paused: boolean | null;
  epochEndDate: number | null;
  epochDuration: number | null;
  bufferPeriod: number | null;
  virtualPrice: bigint | null;
  /** The underlying token's own `decimals()`: amounts are parsed and shown with it, not the service's figure. */
  underlyingDecimals: number | null;
  /** The underlying token's own `symbol()`: shown instead of the service's token record. */
  underlyingSymbol: string | null;
  allowInstantWithdraw: boolean | null;
  disableInstantWithdraw: boolean | null;
  instantWithdrawDelay: number | null;
  instantWithdrawDeadline: number | null;
  /** 1e18 = 1 %. */
  instantWithdrawAprDelta: bigint | null;
  lastEpochApr: bigint | null;
  apr: bigint | null;
  totalSupply: bigint | null;
  contractValue: bigint | null;
  queue: { depositCurrent: bigint; depositLast: bigint; withdrawCurrent: bigint; withdrawLast: bigint } | null;
  /** Per request epoch: the queue's prices and pending claims, to tell what is claimable. */
  epochs: Map<number, { price: bigint | null; withdrawPrice: bigint | null; pendingClaims: bigint | null }>;
}

/** What the chain says about one wallet in one epoch vault. */
export interface WalletChainState {
  trancheBalance: bigint | null;
  underlyingBalance: bigint | null;
  allowed: boolean | null;
  pendingDeposit: bigint | null;
  pendingWithdraw: bigint | null;
  redeemRequest: bigint | null;
  instantRedeemRequest: bigint | null;
}

const num = (v: unknown) => Number(v as bigint);
const abiOf = (abi: readonly unknown[]) => abi as Abi;

function emptyVaultState(strategy: `0x${string}` | null): VaultChainState {
  return {
    strategy,
    epochNumber: null,
    isEpochRunning: null,
    defaulted: null,
    paused: null,
    epochEndDate: null,
    epochDuration: null,
    bufferPeriod: null,
    virtualPrice: null,
    underlyingDecimals: null,
    underlyingSymbol: null,
    allowInstantWithdraw: null,
    disableInstantWithdraw: null,
    instantWithdrawDelay: null,
    instantWithdrawDeadline: null,
    instantWithdrawAprDelta: null,
    lastEpochApr: null,
    apr: null,
    totalSupply: null,
    contractValue: null,
    queue: null,
    epochs: new Map(),
  };
}

export interface ChainReadResult {
  vaults: Map<string, VaultChainState>;
  /** Keyed by `${vaultId}:${lowercase wallet}`. */
  wallets: Map<string, WalletChainState>;
  blockTimestamp: number;
  calls: number;
  failed: number;
  /** How the wallets were read: one lens call per slice of wallets in all the chain's vaults, or one read per value. */
  via: 'lens' | 'multicall';
  /** Why the node would not run the lens (it is not asked again on this client), or null. */
  lensRefused: string | null;
}

export interface ReadChainOptions {
  /** False: read every value through Multicall3 (the lens is used by default). */
  lens?: boolean;
  /** Wallets per lens call (default: `LENS_PAIRS_PER_CALL` ÷ the chain's vaults). */
  walletsPerLensCall?: number;
  log?: Pick<Logger, 'warn'>;
  /** Filled with where the read's time went (measurements only). */
  profile?: ChainReadProfile;
}

/** Where one chain's read spent its time, ms (for measurements; the product does not log it). */
export interface ChainReadProfile {
  /** The vaults' cycle state and the latest block (the first, small round). */
  vaultRoundMs: number;
  /** Building the wallets' round (lens calldata, queue reads). */
  encodeMs: number;
  /** The wallets' round: first request sent → last answer received and parsed. */
  roundMs: number;
  /** Unpacking the lens answers. */
  decodeMs: number;
  /** Keeping each wallet × vault's values. */
  keepMs: number;
  /** Lens calls (or Multicall3 chunks) in the wallets' round. */
  calls: number;
}

/** Clients whose node refused the lens, with its reason: they read through Multicall3 from then on. */
const lensRefusals = new WeakMap<PublicClient, string>();

export const walletKey = (vaultId: string, wallet: string) => `${vaultId}:${wallet.toLowerCase()}`;

/**
 * Reads one chain for a group: first the vaults' cycle state (a small round), then every wallet in
 * every vault plus the queue figures of the epochs that matter, in one round whatever the number
 * of wallets.
 */
export async function readChain(
  client: PublicClient,
  entries: readonly EpochVaultEntry[],
  wallets: readonly `0x${string}`[],
  requestEpochs: ReadonlyMap<string, ReadonlySet<number>>,
  options: ReadChainOptions = {},
): Promise<ChainReadResult> {
  const vaults = new Map<string, VaultChainState>();
  const profile = options.profile;
  let mark = performance.now();
  /** Ms since the last mark, into the profile's field. */
  const lap = (field: Exclude<keyof ChainReadProfile, 'calls'>) => {
    const now = performance.now();
    if (profile) profile[field] = Math.round(now - mark);
    mark = now;
  };
  let calls = 0;
  let failed = 0;
  const run = async (reads: Read[]) => {
    calls += reads.length;
    failed += (await runReads(client, reads)).failed;
  };

  // A vault whose strategy the service did not name: ask its epoch vault first.
  const missing = entries.filter((e) => !e.strategy);
  for (const e of entries) vaults.set(e.vault._id, emptyVaultState(e.strategy));
  if (missing.length > 0) {
    await run(
      missing.map((e) => ({
        address: e.epochVault,
        abi: abiOf(epochVaultAbi),
        functionName: 'strategy',
        into: (v) => (vaults.get(e.vault._id)!.strategy = v as `0x${string}`),
      })),
    );
  }

  const [block] = await Promise.all([
    client.getBlock({ blockTag: 'latest' }),
    run(
      entries.flatMap((e) => {
        const s = vaults.get(e.vault._id)!;
        const ev = (functionName: string, into: (v: unknown) => void, args?: readonly unknown[]): Read => ({
          address: e.epochVault,
          abi: abiOf(epochVaultAbi),
          functionName,
          ...(args ? { args } : {}),
          into,
        });
        const reads: Read[] = [
          ev('isEpochRunning', (v) => (s.isEpochRunning = v as boolean)),
          ev('defaulted', (v) => (s.defaulted = v as boolean)),
          ev('paused', (v) => (s.paused = v as boolean)),
          ev('epochEndDate', (v) => (s.epochEndDate = num(v))),
          ev('epochDuration', (v) => (s.epochDuration = num(v))),
          ev('bufferPeriod', (v) => (s.bufferPeriod = num(v))),
          ev('virtualPrice', (v) => (s.virtualPrice = v as bigint), [e.tranche]),
          ev('allowInstantWithdraw', (v) => (s.allowInstantWithdraw = v as boolean)),
          ev('disableInstantWithdraw', (v) => (s.disableInstantWithdraw = v as boolean)),
          ev('instantWithdrawDelay', (v) => (s.instantWithdrawDelay = num(v))),
          ev('instantWithdrawDeadline', (v) => (s.instantWithdrawDeadline = num(v))),
          ev('instantWithdrawAprDelta', (v) => (s.instantWithdrawAprDelta = v as bigint)),
          ev('lastEpochApr', (v) => (s.lastEpochApr = v as bigint)),
          ev('getContractValue', (v) => (s.contractValue = v as bigint)),
          { address: e.tranche, abi: abiOf(erc20Abi), functionName: 'totalSupply', into: (v) => (s.totalSupply = v as bigint) },
          { address: e.underlying, abi: abiOf(erc20Abi), functionName: 'decimals', into: (v) => (s.underlyingDecimals = Number(v)) },
          // A token whose symbol() does not answer a string keeps the service's symbol.
          { address: e.underlying, abi: abiOf(erc20Abi), functionName: 'symbol', into: (v) => (s.underlyingSymbol = typeof v === 'string' && v.length > 0 ? v : null) },
        ];
        if (s.strategy) {
          reads.push(
            { address: s.strategy, abi: abiOf(strategyAbi), functionName: 'epochNumber', into: (v) => (s.epochNumber = num(v)) },
            { address: s.strategy, abi: abiOf(strategyAbi), functionName: 'getApr', into: (v) => (s.apr = v as bigint) },
          );
        }
        return reads;
      }),
    ),
  ]);

  lap('vaultRoundMs');
  const walletStates = new Map<string, WalletChainState>();
  const queueRound: Read[] = [];
  const lensVaults: { entry: EpochVaultEntry; lens: LensVault }[] = [];
  for (const e of entries) {
    const s = vaults.get(e.vault._id)!;
    const current = s.epochNumber !== null ? s.epochNumber + 1 : null;
    lensVaults.push({
      entry: e,
      lens: { tranche: e.tranche, underlying: e.underlying, epochVault: e.epochVault, queue: e.queue, strategy: s.strategy, epoch: current },
    });
    if (e.queue && current !== null) {
      const q = { depositCurrent: 0n, depositLast: 0n, withdrawCurrent: 0n, withdrawLast: 0n };
      s.queue = q;
      const qr = (functionName: string, epoch: number, into: (v: bigint) => void): Read => ({
        address: e.queue!,
        abi: abiOf(epochQueueAbi),
        functionName,
        args: [BigInt(epoch)],
        into: (v) => into(v as bigint),
      });
      queueRound.push(
        qr('epochPendingDeposits', current, (v) => (q.depositCurrent = v)),
        qr('epochPendingWithdrawals', current, (v) => (q.withdrawCurrent = v)),
      );
      if (current > 1) {
        queueRound.push(
          qr('epochPendingDeposits', current - 1, (v) => (q.depositLast = v)),
          qr('epochPendingWithdrawals', current - 1, (v) => (q.withdrawLast = v)),
        );
      }
      for (const epoch of requestEpochs.get(e.vault._id) ?? []) {
        const slot = { price: null as bigint | null, withdrawPrice: null as bigint | null, pendingClaims: null as bigint | null };
        s.epochs.set(epoch, slot);
        queueRound.push(
          qr('epochPrice', epoch, (v) => (slot.price = v)),
          qr('epochWithdrawPrice', epoch, (v) => (slot.withdrawPrice = v)),
          qr('epochPendingClaims', epoch, (v) => (slot.pendingClaims = v)),
        );
      }
    }
  }

  // The wallets' round: through the lens when the node takes state overrides, else one read per
  // value through Multicall3. Either way the queue's figures ride in the same round.
  const refusal = lensRefusals.get(client);
  let via: ChainReadResult['via'] = 'multicall';
  let lensRefused: string | null = refusal ?? null;
  if (options.lens !== false && refusal === undefined && wallets.length > 0 && lensVaults.length > 0) {
    try {
      const queuePlan = planReads(queueRound);
      // One call per slice of wallets, each reading all the chain's vaults: the vault list is
      // encoded once, each slice's addresses once.
      const perCall = options.walletsPerLensCall ?? Math.max(1, Math.floor(LENS_PAIRS_PER_CALL / lensVaults.length));
      const encodedVaults = encodeLensVaults(lensVaults.map((v) => v.lens));
      const slices: (readonly `0x${string}`[])[] = [];
      const lensCalls: EthCall[] = [];
      for (let i = 0; i < wallets.length; i += perCall) {
        const slice = wallets.slice(i, i + perCall);
        slices.push(slice);
        lensCalls.push(lensCall(encodedVaults, encodeLensWallets(slice)));
      }
      if (profile) profile.calls = lensCalls.length;
      lap('encodeMs');
      const answers = await sendCalls(client, [...queuePlan.calls, ...lensCalls]);
      lap('roundMs');
      // Decode everything before keeping anything: a refused lens falls back to a clean round.
      const decoded = slices.map((slice, c) => decodeLensAnswer(answers[queuePlan.calls.length + c]!, slice.length * lensVaults.length));
      lap('decodeMs');
      failed += queuePlan.settle(answers.slice(0, queuePlan.calls.length));
      calls += queueRound.length + lensCalls.length;
      const vaultIds = lensVaults.map((v) => v.entry.vault._id);
      // Vault by vault, as the Multicall3 round keeps them.
      vaultIds.forEach((vaultId, j) => {
        slices.forEach((slice, c) => {
          const pairs = decoded[c]!;
          for (let k = 0; k < slice.length; k++) {
            const wallet = slice[k]!;
            const v = pairs[k * vaultIds.length + j]!;
            for (const x of v) if (x === null) failed++;
            walletStates.set(walletKey(vaultId, wallet), {
              trancheBalance: v[0]!,
              underlyingBalance: v[1]!,
              allowed: v[2] === null ? null : v[2] !== 0n,
              pendingDeposit: v[3]!,
              pendingWithdraw: v[4]!,
              redeemRequest: v[5]!,
              instantRedeemRequest: v[6]!,
            });
          }
        });
      });
      via = 'lens';
      lap('keepMs');
    } catch (err) {
      lensRefused = err instanceof Error ? err.message.split('\n')[0]! : String(err);
      lensRefusals.set(client, lensRefused);
      options.log?.warn('The chain RPC did not run the portfolio lens (a read-only call placed by a state override); reading every value through Multicall3 instead, which is slower.', {
        reason: lensRefused,
      });
      // A stale queue figure from the failed attempt is read again below.
      for (const { entry } of lensVaults) {
        const s = vaults.get(entry.vault._id)!;
        for (const slot of s.epochs.values()) Object.assign(slot, { price: null, withdrawPrice: null, pendingClaims: null });
      }
    }
  }
  if (via === 'lens') return { vaults, wallets: walletStates, blockTimestamp: Number(block.timestamp), calls, failed, via, lensRefused };

  const round: Read[] = [...queueRound];
  for (const { entry: e, lens } of lensVaults) {
    const s = vaults.get(e.vault._id)!;
    const current = lens.epoch;
    for (const wallet of wallets) {
      const w: WalletChainState = {
        trancheBalance: null,
        underlyingBalance: null,
        allowed: null,
        pendingDeposit: null,
        pendingWithdraw: null,
        redeemRequest: null,
        instantRedeemRequest: null,
      };
      walletStates.set(walletKey(e.vault._id, wallet), w);
      round.push(
        { address: e.tranche, abi: abiOf(erc20Abi), functionName: 'balanceOf', args: [wallet], into: (v) => (w.trancheBalance = v as bigint) },
        { address: e.underlying, abi: abiOf(erc20Abi), functionName: 'balanceOf', args: [wallet], into: (v) => (w.underlyingBalance = v as bigint) },
        { address: e.epochVault, abi: abiOf(epochVaultAbi), functionName: 'isWalletAllowed', args: [wallet], into: (v) => (w.allowed = v as boolean) },
      );
      if (e.queue && current !== null) {
        round.push(
          { address: e.queue, abi: abiOf(epochQueueAbi), functionName: 'userDepositsEpochs', args: [wallet, BigInt(current)], into: (v) => (w.pendingDeposit = v as bigint) },
          { address: e.queue, abi: abiOf(epochQueueAbi), functionName: 'userWithdrawalsEpochs', args: [wallet, BigInt(current)], into: (v) => (w.pendingWithdraw = v as bigint) },
        );
      }
      if (s.strategy) {
        round.push(
          { address: s.strategy, abi: abiOf(strategyAbi), functionName: 'withdrawsRequests', args: [wallet], into: (v) => (w.redeemRequest = v as bigint) },
          { address: s.strategy, abi: abiOf(strategyAbi), functionName: 'instantWithdrawsRequests', args: [wallet], into: (v) => (w.instantRedeemRequest = v as bigint) },
        );
      }
    }
  }
  if (profile) profile.calls = Math.ceil(round.length / CALLS_PER_CHUNK);
  lap('encodeMs');
  await run(round);
  lap('roundMs');
  return { vaults, wallets: walletStates, blockTimestamp: Number(block.timestamp), calls, failed, via, lensRefused };
}
