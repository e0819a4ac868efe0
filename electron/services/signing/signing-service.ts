import { AppError, toAppErrorData } from '../../../shared/errors';
import { countItems } from '../../../shared/signing/counts';
import { withReplans, type ListedBatch } from '../../../shared/signing/replan-counts';
import {
  JOURNAL_SCHEMA_VERSION,
  type Batch,
  type BatchItem,
  type BatchSummary,
  type Plan,
  type Selection,
  type SigningEvent,
} from '../../../shared/signing/schemas';
import { gatePlan, gateStep } from './batch-gate';
import { BatchRunner, summary } from './batch-runner';
import { reportCsv } from './csv';
import { Journal } from './journal';
import { openBatch, type OpenBatch } from './open-batch';
import type { PlanBasis } from './planner';
import { busy, runnerFor } from './runners';
import type { SigningServiceOptions } from './service-options';
import { SigningPlans } from './signing-plans';
import type { Transition } from './transition';

;
export type { SigningServiceOptions } from './service-options';

type SigningListener = (event: SigningEvent) => void;

/**
 * The signing pipeline's lifecycle: plans kept by id, batches created, imported, listed and
 * opened, their journal (written before every step) and their events. Running a batch is the
 * runner's (batch-runner.ts), with one strategy per batch origin (runners/).
 */
export class SigningService {
  private readonly journal: Journal;
  private readonly open = new Map<string, OpenBatch>();
  private readonly listeners = new Set<SigningListener>();
  private readonly plans: SigningPlans;
  private readonly runner: BatchRunner;

  constructor(private readonly options: SigningServiceOptions) {
    this.journal = new Journal(options.dataDir, options.journalKeys);
    this.plans = new SigningPlans(options);
    this.runner = new BatchRunner({
      device: options.device,
      chain: options.chain,
      service: options.service,
      receipt: { timeoutMs: options.receiptTimeoutMs ?? 180_000, pollingMs: options.receiptPollingMs ?? 1_000 },
      ...(options.log ? { log: options.log } : {}),
      ...(options.simulateBeforeDevice ? { simulateBeforeDevice: options.simulateBeforeDevice } : {}),
      ...(options.calldataDescriptors ? { calldataDescriptors: options.calldataDescriptors } : {}),
      gateStep: (batch, item) => gateStep(options, batch, item),
      apply: (ctx, item, transition, applyOptions) => this.setItem(ctx, item, transition, applyOptions),
      save: (ctx) => this.save(ctx),
      emitBatch: (batch) => this.emitBatch(batch),
      emitItem: (batch, item) => this.emit({ type: 'item', batchId: batch.id, item: structuredClone(item) }),
    });
  }

  subscribe(listener: SigningListener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  // ---- planning (signing-plans.ts) -----------------------------------------------------------

  /** Preflight and drafts for a selection (see planner.ts), kept by id so a batch can be created from its id alone. */
  plan(input: Selection): Promise<Plan> {
    return this.plans.plan(input);
  }

  /** One plan over several vaults: one review, one batch (see SigningPlans.planAcrossVaults). */
  planAcrossVaults(parts: readonly Selection[]): Promise<Plan> {
    return this.plans.planAcrossVaults(parts);
  }

  /**
   * A fresh plan for what a batch could not send as planned (its held items, and those not sent
   * yet), never signed without its review. Once it becomes a batch, those items of the old batch
   * are closed (skipped, naming the new batch), so nothing is signed twice.
   */
  async replan(batchId: string): Promise<Plan> {
    const ctx = await this.ctx(batchId);
    if (ctx.running) throw busy();
    return this.plans.replan(ctx.batch);
  }

  /** The old batch's items carried on by a new one: closed, so that they are never signed there. */
  private async closeReplanned(planId: string, newBatchId: string): Promise<void> {
    const source = this.plans.takeReplanned(planId);
    if (!source) return;
    const ctx = await this.ctx(source.batchId);
    for (const item of ctx.batch.items) {
      if (!source.itemIds.includes(item.id) || (item.state !== 'held' && item.state !== 'waiting') || item.signed) continue;
      await this.setItem(ctx, item, { state: 'skipped', patch: { reason: `Re-planned: carried on by batch ${newBatchId}.`, replannedAs: newBatchId }, note: `re-planned as ${newBatchId}` });
    }
    await this.refreshStatus(ctx);
  }

  /** A plan from an unsigned bundle (checked on import), gated and kept by id like the others. */
  registerPlan(plan: Plan): Promise<Plan> {
    return this.plans.register(plan);
  }

  /** A kept plan by id, whatever made it (one vault or several), for its simulation. */
  planToSimulate(planId: string): Plan {
    return this.plans.find(planId);
  }

  /** A plan made here and what it was made from, for an unsigned bundle. */
  planForExport(planId: string): { plan: Plan; basis: PlanBasis; bases: PlanBasis[] } {
    return this.plans.forExport(planId);
  }

  /** The plan left as an unsigned bundle: it may be exported again, but never become a batch here. */
  markExported(planId: string, fileName: string): void {
    this.plans.markExported(planId, fileName);
  }

  // ---- batches --------------------------------------------------------------------------------

  /** Journals a plan as a batch. Contract calls are blind-signed: the operator acknowledges it here. */
  async createBatch(planOrId: Plan | string, options: { acknowledgeBlindSigning?: boolean } = {}): Promise<Batch> {
    // Over IPC pass the plan's id: the drafts then come from this process, never from the renderer.
    const plan = this.plans.toStart(planOrId);
    // Again at the start: a plan given whole, or a vault frozen since it was planned, stops here.
    await gatePlan(this.options, plan);
    if (plan.needsBlindSigningAck && !options.acknowledgeBlindSigning) {
      throw new AppError({
        code: 'SIGNING_BLIND_ACK_REQUIRED',
        message:
          'The Ledger will blind-sign these contract calls: it shows the contract, the fees and a transaction hash, not the decoded call.',
        action: 'Read the review, confirm that you will compare the hash on the device with the one shown, then start the batch.',
      });
    }
    const batchId = plan.id.replace(/^plan-/, 'batch-');
    // A plan's nonces are for one batch: a second batch from it would sign them twice.
    if (await this.hasBatch(batchId)) {
      throw new AppError({ code: 'SIGNING_PLAN_USED', message: `This plan is already batch ${batchId}.`, action: 'Open that batch, or plan again.' });
    }
    // No keychain, no journal: refused before the plan is let go, so it can be started once it is back.
    await this.journal.ready();
    this.plans.started(plan.id);
    const now = new Date().toISOString();
    const batch: Batch = {
      schemaVersion: JOURNAL_SCHEMA_VERSION,
      id: batchId,
      createdAt: now,
      updatedAt: now,
      status: 'ready',
      pause: null,
      blindSigningAcknowledgedAt: plan.needsBlindSigningAck ? now : null,
      selection: plan.selection,
      vault: plan.vault,
      wallets: plan.wallets,
      items: plan.items,
      ...(plan.origin ? { origin: plan.origin } : {}),
      ...(plan.vaults && plan.vaults.length > 1 ? { vaults: plan.vaults } : {}),
    };
    await this.journalNew(batch, 'signing: batch journaled', { action: batch.selection.action, vaultId: batch.vault.id });
    await this.closeReplanned(plan.id, batch.id);
    return structuredClone(batch);
  }

  /**
   * Journals a batch built elsewhere (a signed bundle to send). A batch already journaled under its
   * id is opened instead: importing the same bundle twice sends nothing twice.
   */
  async importBatch(batch: Batch): Promise<{ batch: Batch; created: boolean }> {
    if (await this.hasBatch(batch.id)) return { batch: await this.openBatch(batch.id), created: false };
    await gatePlan(this.options, batch);
    await this.journalNew(batch, 'signing: batch journaled from a bundle', { origin: runnerFor(batch).origin });
    return { batch: structuredClone(batch), created: true };
  }

  private async journalNew(batch: Batch, message: string, fields: Record<string, unknown>): Promise<void> {
    await this.journal.write(batch);
    this.options.log?.info(message, { batchId: batch.id, ...fields, ...countItems(batch.items) });
    this.open.set(batch.id, openBatch(batch));
    this.emitBatch(batch);
  }

  /** Whether a batch with this id is journaled (or open). */
  async hasBatch(id: string): Promise<boolean> {
    return this.open.has(id) || (await this.journal.ids()).includes(id);
  }

  async listBatches(): Promise<BatchSummary[]> {
    const out: ListedBatch[] = [];
    for (const id of await this.journal.ids()) {
      try {
        if (this.open.has(id)) {
          out.push(listed(this.open.get(id)!.batch));
          continue;
        }
        // A journal refused (edited on disk, unsealed, its key missing) is listed with why: opening it says so again.
        const { batch, refusal } = await this.journal.inspect(id);
        out.push(refusal ? { summary: { ...summary(batch), refused: refusal.toData() }, items: [] } : listed((await this.ctx(id, batch)).batch));
      } catch (err) {
        this.options.log?.warn('signing: journal unreadable', { batchId: id, code: toAppErrorData(err).code });
      }
    }
    return withReplans(out).sort((a, b) => b.createdAt.localeCompare(a.createdAt));
  }

  async openBatch(id: string): Promise<Batch> {
    return structuredClone((await this.ctx(id)).batch);
  }

  async reportCsv(id: string): Promise<string> {
    return reportCsv((await this.ctx(id)).batch);
  }

  /**
   * Works through the batch, one item at a time on the device. Resolves when every item is settled
   * or the batch pauses (operator, rejection, device problem, failed broadcast); run again to go on.
   * After a restart this is what resumes: signed bytes are re-sent, sent ones watched.
   */
  async run(id: string): Promise<BatchSummary> {
    const ctx = await this.ctx(id);
    if (ctx.running) return ctx.running;
    // One device, one queue: a second batch would interleave its reviews with the first one's.
    const other = [...this.open.values()].find((o) => o !== ctx && o.running);
    if (other) {
      throw new AppError({
        code: 'SIGNING_BUSY',
        message: `Batch ${other.batch.id} is running on the device.`,
        action: 'Pause it or let it finish, then run this one.',
      });
    }
    ctx.running = this.runner.run(ctx).finally(() => {
      ctx.running = null;
    });
    return ctx.running;
  }

  /** Stops after the item on the device now (a review already shown stays on the device). */
  async pause(id: string): Promise<void> {
    const ctx = await this.ctx(id);
    ctx.pauseRequested = true;
  }

  /** A failed or waiting item is tried again (a mined failure gets a new nonce); then the batch runs. */
  async retry(id: string, itemId: string): Promise<BatchSummary> {
    const ctx = await this.ctx(id);
    if (ctx.running) throw busy();
    const item = findItem(ctx.batch, itemId);
    const transition = runnerFor(ctx.batch).retry(item);
    if (transition) await this.setItem(ctx, item, transition);
    return this.run(id);
  }

  /** The operator leaves an item out (and with it the steps that depend on it). */
  async skip(id: string, itemId: string): Promise<Batch> {
    const ctx = await this.ctx(id);
    const item = findItem(ctx.batch, itemId);
    await this.setItem(ctx, item, await runnerFor(ctx.batch).skip(item, this.runner.view(ctx)));
    await this.refreshStatus(ctx);
    return structuredClone(ctx.batch);
  }

  /**
   * The operator's explicit request to sign an item again (e.g. a transaction stuck with too low a
   * fee): the stored signature is dropped and the same nonce may be signed once more, with fresh fees.
   */
  async resign(id: string, itemId: string): Promise<Batch> {
    const ctx = await this.ctx(id);
    if (ctx.running) throw busy();
    const item = findItem(ctx.batch, itemId);
    await this.setItem(ctx, item, runnerFor(ctx.batch).resign(item));
    return structuredClone(ctx.batch);
  }

  // ---- journal and events --------------------------------------------------------------------

  /** The open batch, read from its journal (seal checked) the first time; `read` is the journal just checked. */
  private async ctx(id: string, read?: Batch): Promise<OpenBatch> {
    const known = this.open.get(id);
    if (known) return known;
    const batch = read ?? (await this.journal.read(id));
    if (batch.status === 'running' && !this.open.has(id)) {
      // Written by a console that stopped mid-run: nothing runs it now.
      batch.status = 'paused';
      batch.pause = {
        code: 'SIGNING_INTERRUPTED',
        message: 'The console stopped while this batch was running.',
        action: runnerFor(batch).resumeAction,
      };
    }
    const ctx = this.open.get(id) ?? openBatch(batch);
    this.open.set(id, ctx);
    // Nothing is on any device any more: show those items as they are, waiting to be signed.
    if (ctx.batch.pause?.code === 'SIGNING_INTERRUPTED') await this.runner.recoverFromDevice(ctx);
    return ctx;
  }

  /** The one place an item's state changes: the journal first, then the event (unless the runner sends it later). */
  private async setItem(ctx: OpenBatch, item: BatchItem, transition: Transition, options: { quiet?: boolean } = {}): Promise<void> {
    const { state, patch = {}, note = null } = transition;
    Object.assign(item, patch);
    const changed = item.state !== state;
    if (changed && (state === 'failed' || item.error)) {
      this.options.log?.warn('signing: item stopped', {
        batchId: ctx.batch.id,
        itemId: item.id,
        wallet: item.wallet,
        step: item.step,
        state,
        code: item.error?.code ?? null,
      });
    }
    item.state = state;
    if (changed || note) item.history.push({ at: new Date().toISOString(), state, note });
    await this.save(ctx);
    if (!options.quiet) this.emit({ type: 'item', batchId: ctx.batch.id, item: structuredClone(item) });
  }

  /** Writes the journal; writes are queued so the file always holds the latest state. */
  private save(ctx: OpenBatch): Promise<void> {
    ctx.batch.updatedAt = new Date().toISOString();
    const snapshot = structuredClone(ctx.batch);
    ctx.writing = ctx.writing.catch(() => undefined).then(() => this.journal.write(snapshot));
    return ctx.writing;
  }

  private async refreshStatus(ctx: OpenBatch): Promise<void> {
    const runner = runnerFor(ctx.batch);
    if (!ctx.running && ctx.batch.items.every((i) => runner.settled(i))) {
      ctx.batch.status = 'done';
      ctx.batch.pause = null;
      await this.save(ctx);
    } else if (!ctx.running && ctx.batch.pause?.code === 'SIGNING_ITEMS_HELD' && !ctx.batch.items.some((i) => i.state === 'held')) {
      // The held items were skipped or re-planned: the pause no longer says why the batch stopped.
      ctx.batch.pause = null;
      await this.save(ctx);
    }
    this.emitBatch(ctx.batch);
  }

  private emitBatch(batch: Batch): void {
    this.emit({ type: 'batch', batchId: batch.id, status: batch.status, pause: batch.pause, counts: countItems(batch.items) });
  }

  private emit(event: SigningEvent): void {
    for (const listener of this.listeners) {
      try {
        listener(event);
      } catch (err) {
        this.options.log?.warn('signing: listener failed', { message: toAppErrorData(err).message });
      }
    }
  }
}

function findItem(batch: Batch, itemId: string): BatchItem {
  const item = batch.items.find((i) => i.id === itemId);
  if (!item) throw new AppError({ code: 'SIGNING_ITEM_NOT_FOUND', message: `No item ${itemId} in batch ${batch.id}.` });
  return item;
}

export function createSigningService(options: SigningServiceOptions): SigningService {
  return new SigningService(options);
}

/** A batch's summary, with its items for the counts of what its re-plans carried on. */
function listed(batch: Batch): ListedBatch {
  return { summary: summary(batch), items: batch.items };
}
