import type { Abi, PublicClient } from 'viem';
import { epochQueueAbi, epochVaultAbi, strategyAbi } from '../../../shared/abi';
import { abiFor, generationCalls } from '../../../shared/abi/generations';
import type { EpochVaultEntry } from './vault-entries';
import { emptyVaultState, heldKey, vaultReads, type VaultChainState } from './vault-round';

export type { VaultChainState } from './vault-round';
export { heldKey } from './vault-round';
import type { Logger } from '../log/logger';
import { pinHead, type PinnedBlock } from '../chain/pinned-block';
import { decodeLensAnswer, encodeLensVaults, encodeLensWallets, lensCall, LENS_PAIRS_PER_CALL, type LensValues, type LensVault } from './lens';
import { CALLS_PER_CHUNK, multicallJob, runReads, type Read } from './multicall';
import { sendSlicedJobs, type SlicedJob } from './sliced-calls';
import { walletKey, walletValueReads } from './wallet-value-reads';
import { walletBasis } from './wallet-basis';

export { walletKey } from './wallet-value-reads';

/** What the chain says about one wallet in one epoch vault. */
export interface WalletChainState {
  trancheBalance: bigint | null;
  underlyingBalance: bigint | null;
  allowed: boolean | null;
  pendingDeposit: bigint | null;
  pendingWithdraw: bigint | null;
  redeemRequest: bigint | null;
  instantRedeemRequest: bigint | null;
  /** What a redeem of a rate-at-stop vault owes (2026 strategies keep it in `apr0Users`); null where not read. */
  apr0RedeemRequest: bigint | null;
}

/**
 * What a wallet's standard redeem claim pays: the strategy's `withdrawsRequests` and, on 2026
 * strategies, the rate-at-stop redeems kept in `apr0Users` (paid by the same claim); null where not read.
 */
export const standardRedeemHeld = (w: Pick<WalletChainState, 'redeemRequest' | 'apr0RedeemRequest'>): bigint | null =>
  w.redeemRequest == null ? null : w.redeemRequest + (w.apr0RedeemRequest ?? 0n);

const abiOf = (abi: readonly unknown[]) => abi as Abi;

export interface ChainReadResult {
  vaults: Map<string, VaultChainState>;
  /** Keyed by `${vaultId}:${lowercase wallet}`. */
  wallets: Map<string, WalletChainState>;
  blockTimestamp: number;
  /** The block every read of the chain was at (pinned for the refresh). */
  blockNumber: number;
  blockHash: `0x${string}`;
  calls: number;
  failed: number;
  /** How the wallets were read: one lens call per slice of wallets in all the chain's vaults, or one read per value. */
  via: 'lens' | 'multicall';
  /** Why the node would not run the lens (it is not asked again on this client), or null. */
  lensRefused: string | null;
  /** What the wallets' figures were read against (`wallet-basis.ts`): a warm read keeps them only while it holds. */
  walletBasis: string;
  /** Wallets whose figures this read asked the chain for (all of them, unless a warm read kept the others'). */
  walletsRead: number;
}

export interface ReadChainOptions {
  /** The block to read at (default: the head, taken once for this read). */
  block?: PinnedBlock;
  /** False: read every value through Multicall3 (the lens is used by default). */
  lens?: boolean;
  /** Wallets per lens call (default: `LENS_PAIRS_PER_CALL` ÷ the chain's vaults). */
  walletsPerLensCall?: number;
  log?: Pick<Logger, 'warn'>;
  /** Filled with where the read's time went (measurements only). */
  profile?: ChainReadProfile;
  /** Per vault id, the open requests whose own figures are read (what the queue holds, a redeem's epoch). */
  requests?: ReadonlyMap<string, VaultRequestReads>;
  /**
   * A warm read (`changed-since.ts`): only these wallets' figures are asked again, the others' are
   * kept from `previous`, as long as the wallets' basis (each vault's epoch and contracts) is still
   * the one `previous` was read against; otherwise every wallet is read.
   */
  warm?: { previous: ChainReadResult; wallets: readonly `0x${string}`[] };
}

/** The service's open requests of one vault whose state the chain is asked for. */
export interface VaultRequestReads {
  /** Queue requests: the wallet's amount at the request's epoch. */
  queue: readonly { wallet: `0x${string}`; type: 'DEPOSIT' | 'WITHDRAW'; epoch: number }[];
  /** Wallets with an open standard redeem: the strategy's `lastWithdrawRequest`. */
  redeemWallets: readonly `0x${string}`[];
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


/**
 * Reads one chain for a group: first the vaults' cycle state (a small round), then every wallet in
 * every vault plus the queue figures of the epochs that matter, in one round whatever the number
 * of wallets (and a small follow-up only for standard redeems no service record announced).
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
  // One block for every read of the chain: figures of two heights are never mixed.
  const block = options.block ?? (await pinHead(client));
  const run = async (reads: Read[]) => {
    calls += reads.length;
    failed += (await runReads(client, reads, CALLS_PER_CHUNK, block.tag)).failed;
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

  const probes = entries.map((e) => vaultReads(e, vaults.get(e.vault._id)!));
  await run(probes.flatMap((p) => p.reads));
  for (const p of probes) p.settle();

  lap('vaultRoundMs');
  const queueRound: Read[] = [];
  const lensVaults: { entry: EpochVaultEntry; lens: LensVault; apr0: boolean }[] = [];
  for (const e of entries) {
    const s = vaults.get(e.vault._id)!;
    const current = s.epochNumber !== null ? s.epochNumber + 1 : null;
    const g = s.generations;
    // Each queue is read through its own generation's ABI (a deposit-only queue has no withdrawals);
    // until the generations are known, no queue figure is read.
    const depositQueue = g?.queue ? { address: e.queue!, abi: abiOf(abiFor(g.queue, epochQueueAbi)), generation: g.queue } : null;
    const withdrawQueue =
      g?.withdrawQueue && generationCalls(g.withdrawQueue, epochQueueAbi, 'userWithdrawalsEpochs')
        ? { address: e.withdrawQueue!, abi: abiOf(abiFor(g.withdrawQueue, epochQueueAbi)), generation: g.withdrawQueue }
        : null;
    const apr0 = g !== null && generationCalls(g.strategy, strategyAbi, 'apr0Users');
    lensVaults.push({
      entry: e,
      apr0,
      lens: {
        tranche: e.tranche,
        underlying: e.underlying,
        epochVault: e.epochVault,
        depositQueue: depositQueue?.address ?? null,
        withdrawQueue: withdrawQueue?.address ?? null,
        strategy: s.strategy,
        apr0,
        epoch: current,
      },
    });
    if ((depositQueue || withdrawQueue) && current !== null) {
      const q = { depositCurrent: 0n, depositLast: 0n, withdrawCurrent: 0n, withdrawLast: 0n, prefundedCurrent: 0n };
      s.queue = q;
      const qr = (queue: NonNullable<typeof depositQueue>, functionName: string, epoch: number, into: (v: bigint) => void): Read => ({
        address: queue.address,
        abi: queue.abi,
        functionName,
        args: [BigInt(epoch)],
        into: (v) => into(v as bigint),
      });
      const epochs = current > 1 ? [current, current - 1] : [current];
      for (const [i, epoch] of epochs.entries()) {
        if (depositQueue) queueRound.push(qr(depositQueue, 'epochPendingDeposits', epoch, (v) => (i === 0 ? (q.depositCurrent = v) : (q.depositLast = v))));
        if (withdrawQueue) queueRound.push(qr(withdrawQueue, 'epochPendingWithdrawals', epoch, (v) => (i === 0 ? (q.withdrawCurrent = v) : (q.withdrawLast = v))));
      }
      const prefunds = depositQueue && generationCalls(depositQueue.generation, epochQueueAbi, 'epochPrefundedDeposits');
      if (prefunds) queueRound.push(qr(depositQueue, 'epochPrefundedDeposits', current, (v) => (q.prefundedCurrent = v)));
      for (const h of options.requests?.get(e.vault._id)?.queue ?? []) {
        const queue = h.type === 'DEPOSIT' ? depositQueue : withdrawQueue;
        if (!queue) continue;
        const key = heldKey(h.wallet, h.type, h.epoch);
        s.held.set(key, null);
        queueRound.push({
          address: queue.address,
          abi: queue.abi,
          functionName: h.type === 'DEPOSIT' ? 'userDepositsEpochs' : 'userWithdrawalsEpochs',
          args: [h.wallet, BigInt(h.epoch)],
          into: (v) => s.held.set(key, v as bigint),
        });
      }
      for (const epoch of requestEpochs.get(e.vault._id) ?? []) {
        const slot = { price: null as bigint | null, withdrawPrice: null as bigint | null, pendingClaims: null as bigint | null, prefunded: null as bigint | null };
        s.epochs.set(epoch, slot);
        if (depositQueue) queueRound.push(qr(depositQueue, 'epochPrice', epoch, (v) => (slot.price = v)));
        if (prefunds) queueRound.push(qr(depositQueue, 'epochPrefundedDeposits', epoch, (v) => (slot.prefunded = v)));
        if (withdrawQueue) {
          queueRound.push(
            qr(withdrawQueue, 'epochWithdrawPrice', epoch, (v) => (slot.withdrawPrice = v)),
            qr(withdrawQueue, 'epochPendingClaims', epoch, (v) => (slot.pendingClaims = v)),
          );
        }
      }
    }
  }

  const basis = walletBasis(lensVaults.map((v) => ({ id: v.entry.vault._id, lens: v.lens, state: vaults.get(v.entry.vault._id)! })));
  const warm = options.warm?.previous.walletBasis === basis ? options.warm : undefined;
  const toRead = warm ? warm.wallets : wallets;
  // A warm read starts from the last read's figures (the same objects: unchanged rows are kept as built, position-rows.ts).
  const walletStates = new Map<string, WalletChainState>(warm ? warm.previous.wallets : []);

  // A standard redeem is paid once the strategy stopped an epoch after the wallet's last redeem.
  for (const e of entries) {
    const s = vaults.get(e.vault._id)!;
    if (!s.strategy) continue;
    for (const wallet of options.requests?.get(e.vault._id)?.redeemWallets ?? []) {
      const key = wallet.toLowerCase();
      s.lastWithdrawRequest.set(key, null);
      queueRound.push({ address: s.strategy, abi: abiOf(strategyAbi), functionName: 'lastWithdrawRequest', args: [wallet], into: (v) => s.lastWithdrawRequest.set(key, v as bigint) });
    }
  }

  // A standard redeem the service has not recorded yet (the wallets' round found it held): its last
  // redeem epoch is read in a small follow-up round, so its phase is the contract's, not "pending".
  const finish = async (): Promise<ChainReadResult> => {
    const followUp: Read[] = [];
    for (const e of entries) {
      const s = vaults.get(e.vault._id)!;
      if (!s.strategy) continue;
      for (const wallet of wallets) {
        const key = wallet.toLowerCase();
        const w = walletStates.get(walletKey(e.vault._id, wallet));
        if (!w || (standardRedeemHeld(w) ?? 0n) === 0n || s.lastWithdrawRequest.get(key) != null) continue;
        s.lastWithdrawRequest.set(key, null);
        followUp.push({ address: s.strategy, abi: abiOf(strategyAbi), functionName: 'lastWithdrawRequest', args: [wallet], into: (v) => s.lastWithdrawRequest.set(key, v as bigint) });
      }
    }
    if (followUp.length > 0) await run(followUp);
    return { vaults, wallets: walletStates, blockTimestamp: block.timestamp, blockNumber: block.number, blockHash: block.hash, calls, failed, via, lensRefused, walletBasis: basis, walletsRead: toRead.length };
  };

  // The wallets' round: through the lens when the node takes state overrides, else one read per
  // value through Multicall3. Either way the queue's figures ride in the same round.
  const refusal = lensRefusals.get(client);
  let via: ChainReadResult['via'] = 'multicall';
  let lensRefused: string | null = refusal ?? null;
  if (options.lens !== false && refusal === undefined && wallets.length > 0 && lensVaults.length > 0) {
    try {
      // One call per slice of wallets, each reading all the chain's vaults: the vault list is
      // encoded once, each slice's addresses once. A slice over the node's gas or size cap is split.
      const perCall = options.walletsPerLensCall ?? Math.max(1, Math.floor(LENS_PAIRS_PER_CALL / lensVaults.length));
      const encodedVaults = encodeLensVaults(lensVaults.map((v) => v.lens));
      if (profile) profile.calls = Math.ceil(toRead.length / perCall);
      lap('encodeMs');
      // Decode everything before keeping anything: a refused lens falls back to a clean round.
      const lensJob: SlicedJob<`0x${string}`, { slice: readonly `0x${string}`[]; pairs: LensValues[] }> = {
        items: toRead,
        kind: 'lens',
        size: perCall,
        build: (slice) => ({
          call: lensCall(encodedVaults, encodeLensWallets(slice)),
          read: (answer) => ({ slice, pairs: decodeLensAnswer(answer, slice.length * lensVaults.length) }),
        }),
      };
      // The queue's figures ride in the same round.
      const [queueFailed, lensAnswers] = await sendSlicedJobs(client, [multicallJob(queueRound), lensJob] as SlicedJob<never, unknown>[], block.tag);
      const decoded = lensAnswers as { slice: readonly `0x${string}`[]; pairs: LensValues[] }[];
      lap('roundMs');
      lap('decodeMs');
      failed += (queueFailed as number[]).reduce((n, f) => n + f, 0);
      calls += queueRound.length + decoded.length;
      const vaultIds = lensVaults.map((v) => v.entry.vault._id);
      const expected = lensVaults.map(({ lens }) => [
        true,
        true,
        true,
        lens.depositQueue !== null && lens.epoch !== null,
        lens.withdrawQueue !== null && lens.epoch !== null,
        lens.strategy !== null,
        lens.strategy !== null,
        lens.apr0 && lens.strategy !== null,
      ]);
      // Vault by vault, as the Multicall3 round keeps them.
      vaultIds.forEach((vaultId, j) => {
        decoded.forEach(({ slice, pairs }) => {
          for (let k = 0; k < slice.length; k++) {
            const wallet = slice[k]!;
            const v = pairs[k * vaultIds.length + j]!;
            // A field the vault's contracts do not have (no queue, no apr0 redeems) is not a failure.
            for (let f = 0; f < v.length; f++) if (v[f] === null && expected[j]![f]) failed++;
            walletStates.set(walletKey(vaultId, wallet), {
              trancheBalance: v[0]!,
              underlyingBalance: v[1]!,
              allowed: v[2] === null ? null : v[2] !== 0n,
              pendingDeposit: v[3]!,
              pendingWithdraw: v[4]!,
              redeemRequest: v[5]!,
              instantRedeemRequest: v[6]!,
              apr0RedeemRequest: v[7]!,
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
        for (const slot of s.epochs.values()) Object.assign(slot, { price: null, withdrawPrice: null, pendingClaims: null, prefunded: null });
        for (const key of s.held.keys()) s.held.set(key, null);
        for (const key of s.lastWithdrawRequest.keys()) s.lastWithdrawRequest.set(key, null);
      }
    }
  }
  if (via === 'lens') return finish();

  const round: Read[] = [...queueRound];
  for (const { entry, lens } of lensVaults) round.push(...walletValueReads(entry, lens, toRead, walletStates));
  if (profile) profile.calls = Math.ceil(round.length / CALLS_PER_CHUNK);
  lap('encodeMs');
  await run(round);
  lap('roundMs');
  return finish();
}
