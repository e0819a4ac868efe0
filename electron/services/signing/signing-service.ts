import type { PublicClient } from 'viem';
import { depositRoute, withdrawRoute, type VaultRoutingFacts } from '../../../shared/domain/actions';
import { AppError, toAppErrorData } from '../../../shared/errors';
import type { Portfolio } from '../../../shared/portfolio/schemas';
import { countItems } from '../../../shared/signing/counts';
import {
  PlanSchema,
  JOURNAL_SCHEMA_VERSION,
  type Batch,
  type BatchItem,
  type BatchSummary,
  type Plan,
  type Selection,
  type SigningEvent,
} from '../../../shared/signing/schemas';
import type { Logger } from '../log/logger';
import { gateItems, identityOf, listedVaults, type FirstSeenPolicy, type VaultRegistry } from '../registry';
import { proposedFromPlanVault } from '../registry/contract-set';
import type { ServiceClient } from '../service-client';
import { BatchRunner, summary } from './batch-runner';
import { reportCsv } from './csv';
import type { SigningDevice } from './device-delivery';
import type { SimulateRemaining } from './fork-check';
import { Journal } from './journal';
import { KeptPlans } from './kept-plans';
import { openBatch, type OpenBatch } from './open-batch';
import { planWithBasis, type PlanBasis } from './planner';
import { mergeVaultPlans, nextNonces, spentUnderlying } from './planning/across-vaults';
import { replanParts, replanTargets } from './replan';
import { busy, runnerFor } from './runners';
import type { Transition } from './transition';

export type { SigningDevice } from './device-delivery';

export interface SigningServiceOptions {
  /** The app's data folder; journals go to `<dataDir>/journals/`. */
  dataDir: string;
  device: SigningDevice;
  /** The portfolio of these wallets (vaults, requests): PortfolioService.load. */
  loadPortfolio: (wallets: { address: `0x${string}`; label: string }[]) => Promise<Portfolio>;
  /** A client for a chain id (the same RPC the portfolio reads). */
  chain: (chainId: number) => PublicClient | Promise<PublicClient>;
  service: () => Promise<ServiceClient>;
  /** The pinned vault registry of this data folder: every plan and every batch passes its gate. */
  registry: VaultRegistry;
  /** What a plan on a vault not pinned yet does: refused with a way to pin it, or pinned once its checks pass. */
  firstSeen: FirstSeenPolicy;
  log?: Logger;
  /** How long to watch for a receipt before leaving the item `broadcast` (default 3 min). */
  receiptTimeoutMs?: number;
  receiptPollingMs?: number;
  /** Runs a batch's remaining transactions on forks before the device: an item that reverts there is held. */
  simulateBeforeDevice?: SimulateRemaining;
  /**
   * Told when a plan is kept (its forks start in the background while the operator reviews it),
   * started as a batch, or dropped (pushed out by newer plans): their forks stop then.
   */
  planEvents?: { kept(plan: Plan): void; started(planId: string): void; dropped(planId: string): void };
}

export type SigningListener = (event: SigningEvent) => void;

/**
 * The signing pipeline's lifecycle: plans kept by id, batches created, imported, listed and
 * opened, their journal (written before every step) and their events. Running a batch is the
 * runner's (batch-runner.ts), with one strategy per batch origin (runners/).
 */
export class SigningService {
  private readonly journal: Journal;
  private readonly open = new Map<string, OpenBatch>();
  private readonly listeners = new Set<SigningListener>();
  private readonly plans = new KeptPlans();
  private readonly runner: BatchRunner;
  /** Plans made to carry on a batch's held items: the batch and its items, closed once the new batch is journaled. */
  private readonly replans = new Map<string, { batchId: string; itemIds: string[] }>();

  constructor(private readonly options: SigningServiceOptions) {
    this.journal = new Journal(options.dataDir);
    this.runner = new BatchRunner({
      device: options.device,
      chain: options.chain,
      service: options.service,
      receipt: { timeoutMs: options.receiptTimeoutMs ?? 180_000, pollingMs: options.receiptPollingMs ?? 1_000 },
      ...(options.log ? { log: options.log } : {}),
      ...(options.simulateBeforeDevice ? { simulateBeforeDevice: options.simulateBeforeDevice } : {}),
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

  // ---- planning -------------------------------------------------------------------------------

  /**
   * Preflight and drafts for a selection (see planner.ts). The plan is kept by id for a while, so a
   * batch can be created from its id alone.
   */
  async plan(input: Selection): Promise<Plan> {
    const { registry, firstSeen } = this.options;
    const deps = { ...this.options, verifyVault: verifierOf(registry, firstSeen) };
    const { plan, basis } = await planWithBasis(deps, input);
    await this.gate(plan);
    this.keepPlan(plan, basis);
    return structuredClone(plan);
  }

  /**
   * One plan over several vaults (claims or cancels picked across vaults, or a deposit or
   * withdrawal the operator chose in several): each vault planned as for one, after the others so
   * that a wallet's nonces follow on and its underlying balance is what the vaults before left,
   * then merged into one review and one batch. A deposit or withdrawal into a vault whose state
   * refuses it (defaulted, paused) is refused whole, naming the vault. It is not exported as an
   * unsigned bundle (a bundle holds one vault).
   */
  async planAcrossVaults(parts: readonly Selection[]): Promise<Plan> {
    if (parts.length === 1) return this.plan(parts[0]!);
    const { registry, firstSeen } = this.options;
    const deps = { ...this.options, verifyVault: verifierOf(registry, firstSeen) };
    const planned: Plan[] = [];
    const floor = new Map<string, number>();
    const spent = new Map<string, bigint>();
    for (const part of parts) {
      const { plan, basis } = await planWithBasis(deps, part, { nonceFloor: floor, spent });
      refuseClosedVault(part.action, plan.vault.name, basis.facts.vault);
      await this.gate(plan);
      nextNonces(plan, floor);
      spentUnderlying(plan, spent);
      planned.push(plan);
    }
    const plan = mergeVaultPlans(planned);
    this.keepPlan(plan, null);
    return structuredClone(plan);
  }

  /**
   * A fresh plan for what a batch could not send as planned (its held items, and those not sent
   * yet): the same wallets, vaults, action and amounts, through the planner and its review, never
   * signed without one. Once it becomes a batch, those items of the old batch are closed (skipped,
   * naming the new batch), so nothing is signed twice.
   */
  async replan(batchId: string): Promise<Plan> {
    const ctx = await this.ctx(batchId);
    if (ctx.running) throw busy();
    const targets = replanTargets(ctx.batch);
    const parts = replanParts(ctx.batch, targets);
    const plan = parts.length === 1 ? await this.plan(parts[0]!) : await this.planAcrossVaults(parts);
    this.replans.set(plan.id, { batchId, itemIds: targets.map((i) => i.id) });
    this.options.log?.info('signing: re-planned', { batchId, planId: plan.id, items: targets.length });
    return plan;
  }

  /** The old batch's items carried on by a new one: closed, so that they are never signed there. */
  private async closeReplanned(planId: string, newBatchId: string): Promise<void> {
    const source = this.replans.get(planId);
    if (!source) return;
    this.replans.delete(planId);
    const ctx = await this.ctx(source.batchId);
    for (const item of ctx.batch.items) {
      if (!source.itemIds.includes(item.id) || (item.state !== 'held' && item.state !== 'waiting') || item.signed) continue;
      await this.setItem(ctx, item, { state: 'skipped', patch: { reason: `Re-planned: carried on by batch ${newBatchId}.` }, note: `re-planned as ${newBatchId}` });
    }
    await this.refreshStatus(ctx);
  }

  /**
   * A plan that did not come from this install's planner (an unsigned bundle, checked on import),
   * kept by id like the others so the same review and `createBatch` serve it.
   */
  async registerPlan(plan: Plan): Promise<Plan> {
    const parsed = PlanSchema.parse(plan);
    await this.gate(parsed);
    this.keepPlan(parsed, null);
    return structuredClone(parsed);
  }

  /**
   * The registry's gate (registry/gate.ts) on a plan or a batch, whatever made it (an unsigned
   * bundle on the offline install included): throws the refusal.
   */
  private async gate(plan: Pick<Plan, 'vault' | 'selection' | 'items' | 'origin' | 'vaults'>): Promise<void> {
    // Over several vaults, each vault's items pass the gate of that vault's pinned contracts.
    if (plan.vaults && plan.vaults.length > 1) {
      for (const vault of plan.vaults) {
        const items = plan.items.filter((i) => i.vaultId === vault.id);
        // A withdrawal across vaults may be a redeem in one vault and a queue request in another: each vault's own action.
        const selection = { ...plan.selection, action: items[0]?.action ?? plan.selection.action };
        await this.gate({ ...plan, vault, vaults: undefined, selection, items });
      }
      return;
    }
    let pinned = await this.options.registry.entry(plan.vault.id);
    if (!pinned && plan.origin) {
      if (plan.origin.kind === 'bundle-broadcast' && this.options.firstSeen.kind === 'pin-after-checks') {
        const identity = { vaultId: plan.vault.id, name: plan.vault.name, chainId: plan.vault.chainId, proposed: proposedFromPlanVault(plan.vault) };
        pinned = await this.options.registry.pin(identity, await this.options.chain(plan.vault.chainId), this.options.firstSeen.by);
      }
    }
    if (!pinned) {
      throw new AppError({
        code: 'REGISTRY_VAULT_NOT_PINNED',
        message: `${plan.vault.name} is not in this install's vault registry: nothing may be signed or sent on it.`,
        action: this.options.firstSeen.kind === 'refuse' ? this.options.firstSeen.action : 'Pin the vault first.',
        details: { vaultId: plan.vault.id },
      });
    }
    gateItems({ vault: pinned, action: plan.selection.action, approval: plan.selection.approval ?? 'exact' }, plan.items);
  }

  /** Keeps a plan by id and tells the plan events: its forks start, and those of plans pushed out stop. */
  private keepPlan(plan: Plan, basis: PlanBasis | null): void {
    const dropped = this.plans.keep(plan, basis);
    for (const id of dropped) this.options.planEvents?.dropped(id);
    this.options.planEvents?.kept(plan);
  }

  /** A kept plan by id, whatever made it (one vault or several), for its simulation. */
  planToSimulate(planId: string): Plan {
    return this.plans.find(planId);
  }

  /** A plan made here and what it was made from, for an unsigned bundle. */
  planForExport(planId: string): { plan: Plan; basis: PlanBasis } {
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
    await this.gate(plan);
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
    this.plans.forget(plan.id);
    this.options.planEvents?.started(plan.id);
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
    await this.gate(batch);
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
    const out: BatchSummary[] = [];
    for (const id of await this.journal.ids()) {
      try {
        out.push(summary((await this.ctx(id)).batch));
      } catch (err) {
        this.options.log?.warn('signing: journal unreadable', { batchId: id, code: toAppErrorData(err).code });
      }
    }
    return out.sort((a, b) => b.createdAt.localeCompare(a.createdAt));
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

  private async ctx(id: string): Promise<OpenBatch> {
    const known = this.open.get(id);
    if (known) return known;
    const batch = await this.journal.read(id);
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

/**
 * A new deposit or withdrawal into a vault whose state refuses it (defaulted; paused between
 * epochs for deposits): across vaults the whole plan is refused with the vault named, rather than
 * every wallet skipped there.
 */
function refuseClosedVault(action: Selection['action'], vaultName: string, facts: VaultRoutingFacts): void {
  const routed = action === 'deposit' ? depositRoute(facts) : action === 'withdraw' || action === 'redeem' ? withdrawRoute(facts) : null;
  if (!routed || routed.ok) return;
  throw new AppError({
    code: 'SIGNING_VAULT_CLOSED',
    message: `${vaultName}: ${routed.reason} Nothing was planned.`,
    action: `Remove ${vaultName} from the operation and review again.`,
    details: { vaultName, state: facts.state, paused: facts.paused },
  });
}

function findItem(batch: Batch, itemId: string): BatchItem {
  const item = batch.items.find((i) => i.id === itemId);
  if (!item) throw new AppError({ code: 'SIGNING_ITEM_NOT_FOUND', message: `No item ${itemId} in batch ${batch.id}.` });
  return item;
}

export function createSigningService(options: SigningServiceOptions): SigningService {
  return new SigningService(options);
}

/**
 * The registry's check of a plan's vault, with the install's first-seen policy and the service's
 * listing the plan was read with (a pinned vault it no longer lists is frozen first).
 */
function verifierOf(registry: VaultRegistry, firstSeen: FirstSeenPolicy) {
  return (vault: Portfolio['vaults'][number], client: PublicClient, portfolio: Pick<Portfolio, 'vaults' | 'sources'>) =>
    registry.verifyForPlan(identityOf(vault), client, firstSeen, listedVaults(portfolio));
}
