import type { PublicClient } from 'viem';
import { toAppErrorData, type AppErrorData } from '../../../shared/errors';
import { countItems } from '../../../shared/signing/counts';
import type { Batch, BatchItem, BatchSummary, ItemState } from '../../../shared/signing/schemas';
import type { Logger } from '../log/logger';
import type { ServiceClient } from '../service-client';
import { checkBasis, REPLAN_ACTION } from './basis-check';
import { prepareNonce, wouldRevert } from './chain-checks';
import type { CalldataDescriptorSource } from '../device/clear-signing';
import { agreementRecorded, postAgreement, receiptNotRead, receiptOutcome, resendIfLost, sendSigned, serviceCallFailed } from './chain-delivery';
import { signOnDevice, type SigningDevice } from './device-delivery';
import { untilItsDevice } from './device-wait';
import { revertsOnFork, type SimulateRemaining } from './fork-check';
import type { OpenBatch } from './open-batch';
import { runnerFor, type Gate, type RunView, type RunnerStrategy } from './runners';
import { signedBytesProblem } from './signed-bytes';
import { to, type Outcome, type Transition } from './transition';

interface BatchRunnerDeps {
  device: SigningDevice;
  chain: (chainId: number) => PublicClient | Promise<PublicClient>;
  service: () => Promise<ServiceClient>;
  receipt: { timeoutMs: number; pollingMs: number };
  log?: Logger;
  /** The remaining transactions run on forks before the first reaches the device (none: not checked on a fork). */
  simulateBeforeDevice?: SimulateRemaining;
  /** The registry's gate on one item (with the approval and step it pairs with), as the journal holds it now: null when it passes. */
  gateStep(batch: Batch, item: BatchItem): Promise<AppErrorData | null>;
  /** Journals the item's new state, then tells the listeners (unless `quiet`: the caller will). */
  apply(ctx: OpenBatch, item: BatchItem, transition: Transition, options?: { quiet?: boolean }): Promise<void>;
  save(ctx: OpenBatch): Promise<void>;
  emitBatch(batch: Batch): void;
  emitItem(batch: Batch, item: BatchItem): void;
  /** The descriptors the plans were drafted with: a call redrafted before the device is predicted in clear again. */
  calldataDescriptors?: CalldataDescriptorSource;
}

const OPERATOR_PAUSE: AppErrorData = { code: 'SIGNING_PAUSED', message: 'Paused by the operator.', action: 'Resume to go on (Resume on the Signing screen, or npm run batch -- --resume).' };
const NOT_MINED: AppErrorData = {
  code: 'SIGNING_NOT_MINED',
  message: 'Some transactions are not mined yet.',
  action: 'Run the batch again to keep watching them.',
};

/** An item whose plan the chain no longer matches: nothing reached the device, and a new plan carries it on. */
function hold(reason: string): Transition {
  return to('held', { reason, error: { code: 'SIGNING_PLAN_STALE', message: reason, action: REPLAN_ACTION } }, 'held: the chain moved since the plan');
}

function heldPause(batch: Batch): AppErrorData | null {
  const n = batch.items.filter((i) => i.state === 'held').length;
  if (n === 0) return null;
  return {
    code: 'SIGNING_ITEMS_HELD',
    message: `${n} item${n === 1 ? ' is' : 's are'} held: the chain moved since this plan, and nothing of ${n === 1 ? 'it' : 'them'} reached the device.`,
    action: REPLAN_ACTION,
  };
}

/** Refused at a step: nothing of the item goes further, and the batch stops so the operator sees why. */
function refuse(error: AppErrorData): Outcome {
  return { transition: to('failed', { reason: error.message, error }, error.code), pause: error };
}

/** The RPC answers for another chain than the item's: nothing is signed or sent through it. */
function wrongChain(item: BatchItem, answered: number, before: string): AppErrorData {
  const chainId = item.tx?.chainId ?? item.chainId;
  return {
    code: 'SIGNING_WRONG_CHAIN',
    message: `The RPC of chain ${chainId} now answers for chain ${answered}: the batch stopped before ${before} ${item.label} ${item.step}, and nothing more is signed or sent through that RPC.`,
    action: 'Correct the RPC addresses of this chain (Settings → Chains; headless, --rpc), then run the batch again.',
    details: { chainId, answered, itemId: item.id },
  };
}

export function summary(batch: Batch): BatchSummary {
  return {
    id: batch.id,
    createdAt: batch.createdAt,
    updatedAt: batch.updatedAt,
    status: batch.status,
    action: batch.selection.action,
    vaultName: batch.vaults && batch.vaults.length > 1 ? `${batch.vaults.length} vaults (${batch.vaults.map((v) => v.name).join(', ')})` : batch.vault.name,
    ...(batch.selection.name ? { name: batch.selection.name } : {}),
    counts: countItems(batch.items),
    ...(batch.origin ? { origin: batch.origin } : {}),
  };
}

/**
 * Works through a batch, one item at a time on the device, asking the batch's runner strategy
 * what to do with each item; the delivery modules say what became of it, and this applies it.
 */
export class BatchRunner {
  /** What the fork said of a batch's remaining items in this run (once per run: the fork plays them all in order). */
  private readonly forkChecks = new WeakMap<OpenBatch, Promise<Map<string, string>>>();

  constructor(private readonly deps: BatchRunnerDeps) {}

  view(ctx: OpenBatch): RunView {
    return { batch: ctx.batch, watchers: ctx.watchers, running: ctx.running !== null, chain: this.deps.chain };
  }

  /** Nothing came back from a device the console lost: those items wait to be signed again. */
  async recoverFromDevice(ctx: OpenBatch): Promise<void> {
    for (const item of ctx.batch.items) {
      if (item.state === 'on-device') {
        await this.deps.apply(ctx, item, to('waiting', { reason: 'The console stopped while this was on the device; nothing was sent.' }, 'recovered after a restart'));
      }
    }
  }

  async run(ctx: OpenBatch): Promise<BatchSummary> {
    const { batch } = ctx;
    const runner = runnerFor(batch);
    ctx.pauseRequested = false;
    batch.status = 'running';
    batch.pause = null;
    this.forkChecks.delete(ctx);
    await this.recoverFromDevice(ctx);
    await this.deps.save(ctx);
    this.deps.emitBatch(batch);

    // The item whose change pauses the batch is announced with the pause, never before it.
    const pending: { item: BatchItem | null; pause: AppErrorData | null } = { item: null, pause: null };
    for (const item of batch.items) {
      if (ctx.pauseRequested) {
        pending.pause = OPERATOR_PAUSE;
        break;
      }
      pending.pause = await this.step(ctx, runner, item, pending);
      if (pending.pause) break;
    }
    if (pending.pause && ctx.watchers.size > 0) {
      // Receipts of earlier items may take minutes: the item the device gave back (unplugged,
      // locked, rejected) must not show as on the device meanwhile. The pause is announced with
      // it now, and again once the receipts are in.
      this.deps.emitBatch({ ...batch, status: 'paused', pause: pending.pause });
      if (pending.item) this.deps.emitItem(batch, pending.item);
    }
    await Promise.all([...ctx.watchers.values()]);
    const pause = pending.pause ?? (batch.items.some((i) => i.state === 'broadcast') ? NOT_MINED : heldPause(batch));
    batch.pause = pause;
    batch.status = pause ? 'paused' : batch.items.every((i) => runner.settled(i)) ? 'done' : 'paused';
    this.deps.log?.info('signing: batch stopped', { batchId: batch.id, status: batch.status, pause: pause?.code ?? null, ...countItems(batch.items) });
    await this.deps.save(ctx);
    this.deps.emitBatch(batch);
    if (pending.item) this.deps.emitItem(batch, pending.item);
    return summary(batch);
  }

  /** One item: signed, sent, watched or settled as its runner says. Returns the reason to pause, or null. */
  private async step(ctx: OpenBatch, runner: RunnerStrategy, item: BatchItem, pending: { item: BatchItem | null }): Promise<AppErrorData | null> {
    const settle = async (outcome: Outcome): Promise<AppErrorData | null> => {
      if (outcome.transition) await this.deps.apply(ctx, item, outcome.transition, { quiet: outcome.pause !== null });
      if (outcome.pause) pending.item = item;
      return outcome.pause;
    };
    if (item.state === 'broadcast') {
      this.watch(ctx, item);
      return null;
    }
    if (item.state === 'waiting') {
      const gate = await this.through(ctx, item, await runner.beforeSigning(item, this.view(ctx)));
      if (gate !== 'go') return gate;
      const pause = await settle(await this.sign(ctx, runner, item));
      if (pause) return pause;
    }
    // The device may have moved the item on (TypeScript cannot see the mutation).
    if ((item.state as ItemState) !== 'signed') return null;
    const gate = await this.through(ctx, item, await runner.beforeSending(item, this.view(ctx)));
    if (gate !== 'go') return gate;
    if (item.message) return this.deliverAgreement(ctx, item, settle);
    const refused = await this.checkBeforeSending(ctx, item);
    return settle(refused ?? (await this.sendTransaction(ctx, item)));
  }

  /**
   * The last checks before signed bytes leave (sent, or sent again after a restart): the RPC still
   * answers for the item's chain, the item passes the registry's gate as the journal holds it now,
   * and the bytes are exactly its draft signed by its wallet. The refusal, or null.
   */
  private async checkBeforeSending(ctx: OpenBatch, item: BatchItem): Promise<Outcome | null> {
    try {
      const answered = await (await this.deps.chain(item.chainId)).getChainId();
      if (answered !== (item.tx?.chainId ?? item.chainId) || item.tx?.chainId !== item.chainId) {
        const error = wrongChain(item, answered, 'sending');
        return { transition: to(item.state, { reason: error.message, error }, 'not sent: the RPC answers for another chain'), pause: error };
      }
    } catch (err) {
      const error = toAppErrorData(err);
      return { transition: to(item.state, { reason: error.message, error }, 'not sent: the chain did not answer'), pause: error };
    }
    const refused = (await this.deps.gateStep(ctx.batch, item)) ?? (await signedBytesProblem(item));
    return refused ? refuse(refused) : null;
  }

  /** What the runner answered, applied: `go` on, or the reason to pause, or null (the item waits or is settled). */
  private async through(ctx: OpenBatch, item: BatchItem, gate: Gate): Promise<'go' | AppErrorData | null> {
    if (gate.kind === 'pause') return gate.error;
    if (gate.kind === 'settle') await this.deps.apply(ctx, item, gate.transition);
    return gate.kind === 'go' ? 'go' : null;
  }

  /**
   * Puts one item on the device. With the runner's chain checks, the draft's nonce is checked
   * and its call simulated first; without them it is signed exactly as reviewed.
   */
  private async sign(ctx: OpenBatch, runner: RunnerStrategy, item: BatchItem): Promise<Outcome> {
    // The item shows as waiting while the chain is asked about it, and the operator may skip it
    // then: a skip asked for before the device has it is kept, and nothing is signed.
    const skippedMeanwhile = () => (item.state as ItemState) !== 'waiting';
    const none: Outcome = { transition: null, pause: null };
    if (item.tx && runner.checksBeforeDevice) {
      try {
        const client = await this.deps.chain(item.chainId);
        // An RPC that answers for another chain would give every read below from that chain.
        const answered = await client.getChainId();
        if (skippedMeanwhile()) return none;
        if (answered !== item.tx.chainId || item.chainId !== item.tx.chainId) {
          const error = wrongChain(item, answered, 'signing');
          return { transition: to('waiting', { reason: error.message, error }, 'not signed: the RPC answers for another chain'), pause: error };
        }
        // The batch's remaining transactions on a fork, once per run (each item keeps its outcome).
        const reverts = await this.checkOnFork(ctx);
        if (skippedMeanwhile()) return none;
        // The plan's basis: a vault that moved on, a balance or an allowance that fell short, a
        // request gone holds the item (and the steps that go with it) before anything is signed;
        // what the fork said is added to the reason.
        const held = await checkBasis(client, ctx.batch, item);
        if (skippedMeanwhile()) return none;
        const why = (other: BatchItem, basis: string | undefined) => [basis, reverts.get(other.id)].filter(Boolean).join(' ');
        if (held.size > 0) {
          for (const [other, reason] of held) if (other !== item) await this.deps.apply(ctx, other, hold(why(other, reason)));
          return { transition: hold(why(item, held.get(item))), pause: null };
        }
        if (reverts.has(item.id)) return { transition: hold(why(item, undefined)), pause: null };
        await prepareNonce(client, ctx.batch, item, this.deps.calldataDescriptors);
        if (skippedMeanwhile()) return none;
        // The chain may have moved since the plan (a claim made elsewhere, a paused vault).
        const revert = await wouldRevert(client, item);
        if (skippedMeanwhile()) return none;
        if (revert) return { transition: to('failed', { reason: `Not signed: ${revert.message}`, error: revert }, 'the call would revert now'), pause: null };
      } catch (err) {
        if (skippedMeanwhile()) return none;
        const error = toAppErrorData(err);
        return { transition: to('waiting', { reason: error.message, error }, 'could not prepare'), pause: error };
      }
    }
    // The last thing before the device, on the draft as it stands now (a moved nonce included).
    const refused = await this.deps.gateStep(ctx.batch, item);
    if (skippedMeanwhile()) return none;
    if (refused) return refuse(refused);
    // On a desk with several Ledgers, the one holding this wallet (the batch waits for it).
    const away = await untilItsDevice(this.deps.device, ctx, item, this.deps.emitBatch, OPERATOR_PAUSE);
    if (away || skippedMeanwhile()) return { transition: null, pause: away };
    await this.deps.apply(ctx, item, to('on-device', { attempts: item.attempts + 1, reason: null, error: null }));
    return signOnDevice(this.deps.device, item);
  }

  /** The batch's remaining transactions on a fork, once per run, before the first reaches the device. */
  private checkOnFork(ctx: OpenBatch): Promise<Map<string, string>> {
    if (!this.deps.simulateBeforeDevice) return Promise.resolve(new Map());
    let known = this.forkChecks.get(ctx);
    if (!known) {
      known = revertsOnFork(this.deps.simulateBeforeDevice, ctx.batch, this.deps.log);
      this.forkChecks.set(ctx, known);
    }
    return known;
  }

  private async sendTransaction(ctx: OpenBatch, item: BatchItem): Promise<Outcome> {
    const outcome = await sendSigned(await this.deps.chain(item.chainId), item);
    if (outcome.transition?.state === 'broadcast') {
      await this.deps.apply(ctx, item, outcome.transition);
      this.watch(ctx, item);
      return { transition: null, pause: null };
    }
    return outcome;
  }

  private async deliverAgreement(ctx: OpenBatch, item: BatchItem, settle: (o: Outcome) => Promise<AppErrorData | null>): Promise<AppErrorData | null> {
    try {
      const client = await this.deps.service();
      const posted = await postAgreement(client, item);
      if (posted) await this.deps.apply(ctx, item, posted);
      await this.deps.apply(ctx, item, await agreementRecorded(client, item));
      return null;
    } catch (err) {
      return settle(serviceCallFailed(item, err));
    }
  }

  /** Watches a sent item until it is confirmed or failed (or the watch times out), once per item. */
  watch(ctx: OpenBatch, item: BatchItem): void {
    if (ctx.watchers.has(item.id)) return;
    const forget = () => void ctx.watchers.delete(item.id);
    if (item.message) {
      // Outside the loop a service that does not answer pauses nothing: the item keeps its reason.
      const keep = async (outcome: Outcome) => {
        if (outcome.transition) await this.deps.apply(ctx, item, outcome.transition);
        return null;
      };
      ctx.watchers.set(item.id, this.deliverAgreement(ctx, item, keep).then(forget, forget));
      return;
    }
    ctx.watchers.set(item.id, this.watchReceipt(ctx, item).finally(forget));
  }

  private async watchReceipt(ctx: OpenBatch, item: BatchItem): Promise<void> {
    const client = await this.deps.chain(item.chainId);
    try {
      // Bytes the node lost are sent again only as any sending is: after the same checks.
      let refused: Outcome | null = null;
      const resent = await resendIfLost(client, item, async () => (refused = await this.checkBeforeSending(ctx, item))?.transition ?? null);
      if (resent) await this.deps.apply(ctx, item, resent);
      if (refused || resent?.state === 'failed') return;
      await this.deps.apply(ctx, item, await receiptOutcome(client, item, this.deps.receipt));
    } catch (err) {
      await this.deps.apply(ctx, item, receiptNotRead(err));
    }
  }
}
