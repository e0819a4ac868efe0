import type { Hex, PublicClient } from 'viem';
import type { DeviceTransactionRequest, SignedMessage, SignedTransaction } from '../../../shared/device/state';
import { AppError, toAppErrorData, type AppErrorData } from '../../../shared/errors';
import type { Portfolio } from '../../../shared/portfolio/schemas';
import { countItems, isSettled } from '../../../shared/signing/counts';
import {
  PlanSchema,
  JOURNAL_SCHEMA_VERSION,
  type Batch,
  type BatchItem,
  type BatchOrigin,
  type BatchSummary,
  type ItemState,
  type Plan,
  type Selection,
  type SigningEvent,
} from '../../../shared/signing/schemas';
import type { Logger } from '../log/logger';
import type { ServiceClient } from '../service-client';
import { broadcastRaw, describeCallError, minedRevert, waitReceipt } from './broadcast';
import { reportCsv } from './csv';
import { chainFees } from './drafts';
import { Journal } from './journal';
import { planWithBasis, type PlanBasis } from './planner';
import { redraft } from './redraft';
import { sendableNow } from './sendable';

/** The part of the device service the pipeline uses (DeviceService, or its proxy in another process). */
export interface SigningDevice {
  signTransaction(path: string, request: DeviceTransactionRequest, options?: { expectedAddress?: string }): Promise<SignedTransaction>;
  signPersonalMessage(path: string, message: string | { raw: string }, options?: { expectedAddress?: string }): Promise<SignedMessage>;
}

export interface SigningServiceOptions {
  /** The app's data folder; journals go to `<dataDir>/journals/`. */
  dataDir: string;
  device: SigningDevice;
  /** The portfolio of these wallets (vaults, requests): PortfolioService.load. */
  loadPortfolio: (wallets: { address: `0x${string}`; label: string }[]) => Promise<Portfolio>;
  /** A client for a chain id (the same RPC the portfolio reads). */
  chain: (chainId: number) => PublicClient | Promise<PublicClient>;
  service: () => Promise<ServiceClient>;
  log?: Logger;
  /** How long to watch for a receipt before leaving the item `broadcast` (default 3 min). */
  receiptTimeoutMs?: number;
  receiptPollingMs?: number;
}

export type SigningListener = (event: SigningEvent) => void;

interface OpenBatch {
  batch: Batch;
  running: Promise<BatchSummary> | null;
  pauseRequested: boolean;
  watchers: Map<string, Promise<void>>;
  /** Journal writes, one after the other. */
  writing: Promise<void>;
}

/** Device errors after which the item goes back to waiting and the batch pauses (nothing was signed). */
const FAIL_ITEM_CODES = new Set(['DEVICE_ADDRESS_MISMATCH', 'DEVICE_INVALID_REQUEST', 'DEVICE_SIGNATURE_MISMATCH']);

const MAX_KEPT_PLANS = 20;

interface KeptPlan {
  plan: Plan;
  /** What it was made from (plans made here only). */
  basis: PlanBasis | null;
  /** Set once the plan left as an unsigned bundle: its nonces will be signed on the offline install. */
  exportedAs: string | null;
}

const originOf = (batch: Batch): BatchOrigin['kind'] | 'plan' => batch.origin?.kind ?? 'plan';

/**
 * Whether an item needs nothing more from this install. On an offline install a signed item is
 * done: its signature leaves in the signed bundle.
 */
function settledIn(batch: Batch, item: BatchItem): boolean {
  return isSettled(item) || (originOf(batch) === 'offline-signing' && item.state === 'signed');
}

/** An earlier transaction of the same wallet that will not be sent: a later nonce could never be mined. */
function blockingItem(batch: Batch, item: BatchItem): BatchItem | null {
  if (!item.tx) return null;
  return (
    batch.items.find(
      (o) =>
        o !== item &&
        o.tx &&
        o.wallet.toLowerCase() === item.wallet.toLowerCase() &&
        o.chainId === item.chainId &&
        o.tx.nonce < item.tx!.nonce &&
        (o.state === 'failed' || o.state === 'skipped'),
    ) ?? null
  );
}

export class SigningService {
  private readonly journal: Journal;
  private readonly open = new Map<string, OpenBatch>();
  private readonly listeners = new Set<SigningListener>();
  /** Recent plans by id, so a batch can be created from an id alone. */
  private readonly plans = new Map<string, KeptPlan>();
  private readonly receiptTimeoutMs: number;
  private readonly receiptPollingMs: number;

  constructor(private readonly options: SigningServiceOptions) {
    this.journal = new Journal(options.dataDir);
    this.receiptTimeoutMs = options.receiptTimeoutMs ?? 180_000;
    this.receiptPollingMs = options.receiptPollingMs ?? 1_000;
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
    const { plan, basis } = await planWithBasis(this.options, input);
    this.keep({ plan, basis, exportedAs: null });
    return structuredClone(plan);
  }

  /**
   * A plan that did not come from this install's planner (an unsigned bundle, checked on import),
   * kept by id like the others so the same review and `createBatch` serve it.
   */
  registerPlan(plan: Plan): Plan {
    const parsed = PlanSchema.parse(plan);
    this.keep({ plan: parsed, basis: null, exportedAs: null });
    return structuredClone(parsed);
  }

  /** A plan made here and what it was made from, for an unsigned bundle. */
  planForExport(planId: string): { plan: Plan; basis: PlanBasis } {
    const kept = this.plans.get(planId);
    if (!kept || !kept.basis) {
      throw new AppError({
        code: 'SIGNING_PLAN_NOT_FOUND',
        message: 'This plan is no longer available (or was already started as a batch here).',
        action: 'Plan the batch again, then export it.',
      });
    }
    return structuredClone({ plan: kept.plan, basis: kept.basis });
  }

  /** The plan left as an unsigned bundle: it may be exported again, but never become a batch here. */
  markExported(planId: string, fileName: string): void {
    const kept = this.plans.get(planId);
    if (kept) kept.exportedAs = fileName;
  }

  private keep(entry: KeptPlan): void {
    this.plans.delete(entry.plan.id);
    this.plans.set(entry.plan.id, entry);
    while (this.plans.size > MAX_KEPT_PLANS) this.plans.delete(this.plans.keys().next().value!);
  }

  // ---- batches --------------------------------------------------------------------------------

  /** Journals a plan as a batch. Contract calls are blind-signed: the operator acknowledges it here. */
  async createBatch(planOrId: Plan | string, options: { acknowledgeBlindSigning?: boolean } = {}): Promise<Batch> {
    // Over IPC pass the plan's id: the drafts then come from this process, never from the renderer.
    const kept = typeof planOrId === 'string' ? this.plans.get(planOrId) : undefined;
    const plan = typeof planOrId === 'string' ? kept?.plan : PlanSchema.parse(planOrId);
    if (!plan)
      throw new AppError({ code: 'SIGNING_PLAN_NOT_FOUND', message: 'This plan is no longer available.', action: 'Plan the batch again.' });
    if (kept?.exportedAs) {
      // Its nonces are being signed on the offline install: signing them here too would sign them twice.
      throw new AppError({
        code: 'SIGNING_PLAN_EXPORTED',
        message: `This plan was exported for offline signing as ${kept.exportedAs}; its transactions are signed there.`,
        action: 'Import the signed bundle when it comes back, or plan again to sign here instead.',
      });
    }
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
    if (this.open.has(batchId) || (await this.journal.ids()).includes(batchId)) {
      throw new AppError({
        code: 'SIGNING_PLAN_USED',
        message: `This plan is already batch ${batchId}.`,
        action: 'Open that batch, or plan again.',
      });
    }
    this.plans.delete(plan.id);
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
    };
    await this.journal.write(batch);
    this.options.log?.info('signing: batch journaled', {
      batchId: batch.id,
      action: batch.selection.action,
      vaultId: batch.vault.id,
      ...countItems(batch.items),
    });
    this.open.set(batch.id, { batch, running: null, pauseRequested: false, watchers: new Map(), writing: Promise.resolve() });
    this.emitBatch(batch);
    return structuredClone(batch);
  }

  /**
   * Journals a batch built elsewhere (a signed bundle to send). A batch already journaled under its
   * id is opened instead: importing the same bundle twice sends nothing twice.
   */
  async importBatch(batch: Batch): Promise<{ batch: Batch; created: boolean }> {
    if (this.open.has(batch.id) || (await this.journal.ids()).includes(batch.id)) return { batch: await this.openBatch(batch.id), created: false };
    await this.journal.write(batch);
    this.options.log?.info('signing: batch journaled from a bundle', { batchId: batch.id, origin: originOf(batch), ...countItems(batch.items) });
    this.open.set(batch.id, { batch, running: null, pauseRequested: false, watchers: new Map(), writing: Promise.resolve() });
    this.emitBatch(batch);
    return { batch: structuredClone(batch), created: true };
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
    ctx.running = this.runLoop(ctx).finally(() => {
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
    const origin = originOf(ctx.batch);
    if (origin !== 'plan' && (item.state === 'failed' || item.state === 'skipped')) {
      // Signatures made elsewhere, or to leave in a bundle: never signed again, only taken up again.
      const signedBytes = item.signed !== null || item.signature !== null;
      if (signedBytes && !item.receipt) {
        await this.setItem(ctx, item, 'signed', { reason: null, error: null }, 'retry asked by the operator: the same signature is used');
      } else if (origin === 'offline-signing' && !signedBytes) {
        await this.setItem(ctx, item, 'waiting', { reason: null, error: null }, 'retry asked by the operator');
      } else {
        throw new AppError({
          code: 'SIGNING_NOT_RETRYABLE',
          message: item.receipt
            ? 'This transaction was mined and reverted; its nonce is used.'
            : 'This item was not signed on the offline install, and this install does not sign bundles it sends.',
          action: 'Re-plan this wallet online and carry a new bundle to the offline install.',
        });
      }
      return this.run(id);
    }
    if (item.state === 'failed' || item.state === 'skipped') {
      if (item.message && item.signature) {
        // The agreement is signed already: submit the same signature again.
        await this.setItem(ctx, item, 'signed', { reason: null, error: null }, 'retry asked by the operator');
      } else {
        // A mined or refused transaction used its nonce (or never got one): it is signed afresh
        // with the wallet's next nonce; the old bytes stay in the history only.
        const old = item.hash ?? item.signed?.hash ?? null;
        await this.setItem(
          ctx,
          item,
          'waiting',
          { reason: null, error: null, signed: null, hash: null, receipt: null },
          old ? `retry asked by the operator (previous ${old})` : 'retry asked by the operator',
        );
      }
    } else if (item.state !== 'waiting' && item.state !== 'signed') {
      throw new AppError({ code: 'SIGNING_NOT_RETRYABLE', message: `This item is ${item.state}: there is nothing to retry.` });
    }
    return this.run(id);
  }

  /** The operator leaves an item out (and with it the steps that depend on it). */
  async skip(id: string, itemId: string): Promise<Batch> {
    const ctx = await this.ctx(id);
    const item = findItem(ctx.batch, itemId);
    if (item.state === 'broadcast' || item.state === 'confirmed' || item.state === 'on-device') {
      throw new AppError({ code: 'SIGNING_NOT_SKIPPABLE', message: `This item is ${item.state}: it can no longer be skipped.` });
    }
    if (originOf(ctx.batch) === 'offline-signing') {
      // Nothing leaves this install but the signed bundle: a skipped signature is kept in the
      // journal (never signed again) and left out of the bundle.
      await this.setItem(ctx, item, 'skipped', { reason: 'Skipped by the operator.' }, item.signed || item.signature ? 'skipped by the operator; its signature stays out of the signed bundle' : 'skipped by the operator');
      await this.refreshStatus(ctx);
      return structuredClone(ctx.batch);
    }
    if (item.state === 'signed' && item.signed) {
      // A running batch sends signed bytes right away: pause it first, so that they are not sent
      // while this looks for them on the chain.
      if (ctx.running) throw busy();
      // Signed bytes may have reached a node before the journal said so: only skip what the chain
      // does not know.
      const client = await this.options.chain(item.chainId);
      const known = await client.getTransaction({ hash: item.signed.hash as Hex }).catch(() => null);
      if (known) {
        throw new AppError({
          code: 'SIGNING_NOT_SKIPPABLE',
          message: 'This transaction reached the chain: it can no longer be skipped.',
          action: 'Run the batch to watch it.',
        });
      }
    }
    const note = item.signed ? 'skipped by the operator; its signed bytes were never sent and are discarded' : 'skipped by the operator';
    await this.setItem(ctx, item, 'skipped', { reason: 'Skipped by the operator.', signed: null }, note);
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
    if (originOf(ctx.batch) !== 'plan') {
      throw new AppError({
        code: 'SIGNING_NOT_RESIGNABLE',
        message:
          originOf(ctx.batch) === 'offline-signing'
            ? 'An offline install signs the reviewed drafts exactly as they came: it changes no nonce or fee.'
            : 'This transaction was signed on the offline install; this install cannot sign it again.',
        action: 'Re-plan this wallet online and carry a new bundle to the offline install.',
      });
    }
    if (
      item.state === 'confirmed' ||
      item.state === 'on-device' ||
      item.state === 'skipped' ||
      (item.state === 'waiting' && !item.signed)
    ) {
      throw new AppError({ code: 'SIGNING_NOT_RESIGNABLE', message: `This item is ${item.state}: there is no signature to replace.` });
    }
    const old = item.signed?.hash ?? item.signature ?? 'none';
    await this.setItem(
      ctx,
      item,
      'waiting',
      { signed: null, signature: null, hash: null, receipt: null, error: null, reason: null, resignAllowed: true },
      `re-sign asked by the operator (previous ${old})`,
    );
    return structuredClone(ctx.batch);
  }

  // ---- the loop --------------------------------------------------------------------------------

  private async runLoop(ctx: OpenBatch): Promise<BatchSummary> {
    const batch = ctx.batch;
    ctx.pauseRequested = false;
    batch.status = 'running';
    batch.pause = null;
    for (const item of batch.items) {
      if (item.state === 'on-device') {
        // The console stopped while the device showed it: no signature came back, nothing was sent.
        await this.setItem(
          ctx,
          item,
          'waiting',
          { reason: 'The console stopped while this was on the device; nothing was sent.' },
          'recovered after a restart',
        );
      }
    }
    await this.save(ctx);
    this.emitBatch(batch);

    // An offline install signs and keeps; a signed bundle is sent and never signed here.
    const offline = originOf(batch) === 'offline-signing';
    const fromBundle = originOf(batch) === 'bundle-broadcast';
    let pause: AppErrorData | null = null;
    for (const item of batch.items) {
      if (ctx.pauseRequested) {
        pause = { code: 'SIGNING_PAUSED', message: 'Paused by the operator.', action: 'Run the batch to go on.' };
        break;
      }
      if (item.state === 'broadcast') {
        this.watch(ctx, item);
        continue;
      }
      // signItem moved the item on (TypeScript cannot see the mutation).
      if ((item.state as ItemState) === 'signed') {
        if (offline) continue;
        if (fromBundle) {
          if (item.dependsOn) {
            // As planned online: the action goes out once its approval is mined.
            const dep = findItem(batch, item.dependsOn);
            await ctx.watchers.get(dep.id);
            if (dep.state === 'failed' || dep.state === 'skipped') {
              await this.setItem(
                ctx,
                item,
                'skipped',
                { reason: `The ${dep.step} step before it was ${dep.state === 'failed' ? 'not confirmed' : 'not sent'}: sent alone it would revert. Re-plan this wallet online.` },
                null,
              );
              continue;
            }
            if (dep.state !== 'confirmed') {
              pause = {
                code: 'SIGNING_WAITING_FOR_APPROVAL',
                message: `The ${dep.step} step of ${item.label} is not confirmed yet.`,
                action: 'Run the batch again once it is mined.',
              };
              break;
            }
          }
          const problem = await this.bundleProblem(item);
          if (problem) {
            await this.setItem(ctx, item, 'failed', { reason: problem.message, error: problem }, problem.code);
            continue;
          }
        }
        pause = await this.deliver(ctx, item);
        if (pause) break;
        continue;
      }
      if (item.state !== 'waiting') continue;
      if (fromBundle) {
        await this.setItem(
          ctx,
          item,
          'failed',
          { reason: 'Not signed on the offline install; this install does not sign it. Re-plan this wallet online.' },
          null,
        );
        continue;
      }
      if (offline) {
        // No chain to wait on: the steps are signed in nonce order, and a step after one that will
        // not be sent is left out (its nonce could never be mined).
        const blocker = blockingItem(batch, item);
        if (blocker) {
          await this.setItem(
            ctx,
            item,
            'skipped',
            { reason: `Nonce ${blocker.tx!.nonce} before it (${blocker.step}) was ${blocker.state}: this transaction could never be mined.` },
            null,
          );
          continue;
        }
        pause = await this.signItem(ctx, item, { offline: true });
        if (pause) break;
        continue;
      }
      if (item.dependsOn) {
        const dep = findItem(batch, item.dependsOn);
        await ctx.watchers.get(dep.id);
        // The operator may have skipped this step while its approval was being mined.
        if ((item.state as ItemState) !== 'waiting') continue;
        if (dep.state === 'failed' || dep.state === 'skipped') {
          await this.setItem(
            ctx,
            item,
            'skipped',
            { reason: `The ${dep.step} step before it was ${dep.state === 'failed' ? 'not confirmed' : 'skipped'}.` },
            null,
          );
          continue;
        }
        if (dep.state !== 'confirmed') {
          pause = {
            code: 'SIGNING_WAITING_FOR_APPROVAL',
            message: `The ${dep.step} step of ${item.label} is not confirmed yet.`,
            action: 'Run the batch again once it is mined.',
          };
          break;
        }
      }
      pause = await this.signItem(ctx, item);
      if (pause) break;
      // signItem moved the item on (TypeScript cannot see the mutation).
      if ((item.state as ItemState) === 'signed') {
        pause = await this.deliver(ctx, item);
        if (pause) break;
      }
    }
    await Promise.all([...ctx.watchers.values()]);
    if (!pause && batch.items.some((i) => i.state === 'broadcast')) {
      pause = {
        code: 'SIGNING_NOT_MINED',
        message: 'Some transactions are not mined yet.',
        action: 'Run the batch again to keep watching them.',
      };
    }
    batch.pause = pause;
    batch.status = pause ? 'paused' : batch.items.every((i) => settledIn(batch, i)) ? 'done' : 'paused';
    this.options.log?.info('signing: batch stopped', {
      batchId: batch.id,
      status: batch.status,
      pause: pause?.code ?? null,
      ...countItems(batch.items),
    });
    await this.save(ctx);
    this.emitBatch(batch);
    return summary(batch);
  }

  /**
   * Puts one item on the device. Returns the reason to pause, or null. Offline, the draft is
   * signed exactly as reviewed: no nonce check and no simulation (there is no chain to ask).
   */
  private async signItem(ctx: OpenBatch, item: BatchItem, options: { offline?: boolean } = {}): Promise<AppErrorData | null> {
    // The item shows as waiting while the chain is asked about it, and the operator may skip it
    // then: a skip asked for before the device has it is kept, and nothing is signed.
    const skippedMeanwhile = () => (item.state as ItemState) !== 'waiting';
    try {
      if (item.tx && !options.offline) {
        await this.prepareNonce(ctx, item);
        if (skippedMeanwhile()) return null;
        // The chain may have moved since the plan (a claim made elsewhere, a paused vault): a call
        // that would revert now is not put on the device.
        const revert = await this.wouldRevert(item);
        if (skippedMeanwhile()) return null;
        if (revert) {
          await this.setItem(ctx, item, 'failed', { reason: `Not signed: ${revert.message}`, error: revert }, 'the call would revert now');
          return null;
        }
      }
    } catch (err) {
      if (skippedMeanwhile()) return null;
      const error = toAppErrorData(err);
      await this.setItem(ctx, item, 'waiting', { reason: error.message, error }, 'could not prepare');
      return error;
    }
    await this.setItem(ctx, item, 'on-device', { attempts: item.attempts + 1, reason: null, error: null }, null);
    try {
      if (item.tx) {
        const signed = await this.options.device.signTransaction(item.path, item.tx, { expectedAddress: item.wallet });
        await this.setItem(
          ctx,
          item,
          'signed',
          {
            signed: { serialized: signed.serialized, hash: signed.hash, signingHash: signed.signingHash, at: new Date().toISOString() },
            resignAllowed: false,
          },
          `nonce ${item.tx.nonce}`,
        );
      } else if (item.message) {
        const signed = await this.options.device.signPersonalMessage(item.path, item.message.text, { expectedAddress: item.wallet });
        await this.setItem(ctx, item, 'signed', { signature: signed.signature, resignAllowed: false }, null);
      }
      return null;
    } catch (err) {
      const error = toAppErrorData(err);
      if (FAIL_ITEM_CODES.has(error.code)) {
        await this.setItem(ctx, item, 'failed', { reason: error.message, error }, null);
        return null;
      }
      await this.setItem(ctx, item, 'waiting', { reason: error.message, error }, error.code);
      return error;
    }
  }

  /**
   * Nonce check before the device: the draft's nonce must be the wallet's next one. If an earlier
   * step was skipped or the wallet sent something else meanwhile, the draft gets the next free
   * nonce and fresh fees (the review is rebuilt). A nonce already signed in this journal is never
   * signed again unless the operator asked (resign).
   */
  private async prepareNonce(ctx: OpenBatch, item: BatchItem): Promise<void> {
    const tx = item.tx!;
    const client = await this.options.chain(item.chainId);
    const address = item.wallet as Hex;
    const [latest, pending] = await Promise.all([
      client.getTransactionCount({ address, blockTag: 'latest' }),
      client.getTransactionCount({ address, blockTag: 'pending' }),
    ]);
    const used = new Set(
      ctx.batch.items
        .filter(
          (o) =>
            o !== item &&
            o.signed &&
            o.state !== 'skipped' &&
            o.wallet.toLowerCase() === address.toLowerCase() &&
            o.chainId === item.chainId,
        )
        .map((o) => o.tx!.nonce),
    );
    const fresh = await chainFees(client, ctx.batch.selection.maxFeeGwei);
    if (item.resignAllowed && tx.nonce >= latest && !used.has(tx.nonce)) {
      // A replacement of a transaction still in the mempool: same nonce, fees at least 12.5 % higher
      // than before (nodes refuse a replacement that pays less).
      const bump = (old: string | undefined, now: bigint) => {
        const raised = (BigInt(old ?? '0') * 1125n) / 1000n + 1n;
        return raised > now ? raised : now;
      };
      const fees = {
        maxFeePerGas: bump(tx.maxFeePerGas, fresh.maxFeePerGas),
        maxPriorityFeePerGas: bump(tx.maxPriorityFeePerGas, fresh.maxPriorityFeePerGas),
      };
      redraft(item, {
        nonce: tx.nonce,
        fees,
        gas: { gas: BigInt(tx.gas), estimated: item.review?.kind === 'transaction' && item.review.fees.gasEstimated },
      });
      item.history.push({ at: new Date().toISOString(), state: item.state, note: `re-signing nonce ${tx.nonce} with higher fees` });
      return;
    }
    let next = pending;
    while (used.has(next)) next++;
    if (tx.nonce === next) return;
    let gas = { gas: BigInt(tx.gas), estimated: item.review?.kind === 'transaction' ? item.review.fees.gasEstimated : false };
    try {
      const estimate = await client.estimateGas({ account: address, to: tx.to as Hex, data: tx.data as Hex });
      gas = { gas: (estimate * 125n) / 100n, estimated: true };
    } catch {
      // Keep the drafted limit: a call that reverts is caught before the device.
    }
    const before = tx.nonce;
    redraft(item, { nonce: next, fees: fresh, gas });
    item.history.push({
      at: new Date().toISOString(),
      state: item.state,
      note: `nonce moved from ${before} to ${next}: the review was rebuilt`,
    });
  }

  private async wouldRevert(item: BatchItem): Promise<AppErrorData | null> {
    const client = await this.options.chain(item.chainId);
    try {
      await client.call({ account: item.wallet as Hex, to: item.tx!.to as Hex, data: item.tx!.data as Hex });
      return null;
    } catch (err) {
      const error = describeCallError(err);
      return error.code === 'TX_REVERTED' ? error : null;
    }
  }

  /** For a signed bundle: whether its transaction can still be mined (nonce, fees), before sending it. */
  private async bundleProblem(item: BatchItem): Promise<AppErrorData | null> {
    if (!item.tx || !item.signed) return null;
    try {
      return await sendableNow(await this.options.chain(item.chainId), item);
    } catch {
      // The chain did not answer: sending will say so and pause.
      return null;
    }
  }

  /** Sends what is signed: a transaction to the chain, or an agreement signature to the service. */
  private async deliver(ctx: OpenBatch, item: BatchItem): Promise<AppErrorData | null> {
    if (item.message) return this.submitAgreement(ctx, item);
    const client = await this.options.chain(item.chainId);
    const result = await broadcastRaw(client, item.signed!.serialized as Hex, item.signed!.hash as Hex);
    if (!result.ok) {
      if (result.error.code === 'TX_NONCE_USED') {
        await this.setItem(ctx, item, 'failed', { reason: result.error.message, error: result.error }, null);
        return null;
      }
      await this.setItem(ctx, item, 'signed', { reason: result.error.message, error: result.error }, 'broadcast failed');
      return result.error;
    }
    await this.setItem(ctx, item, 'broadcast', { hash: result.hash, reason: null, error: null }, null);
    this.watch(ctx, item);
    return null;
  }

  private async submitAgreement(ctx: OpenBatch, item: BatchItem): Promise<AppErrorData | null> {
    const { signatureId } = item.message!;
    try {
      const client = await this.options.service();
      // After a restart the POST may have reached the service before the journal said so.
      const already = item.state === 'signed' ? await client.checkSignature(signatureId, item.wallet) : null;
      if (item.state === 'signed' && !already) {
        await client.signSignature(signatureId, { walletAddress: item.wallet, hash: item.signature! });
        await this.setItem(ctx, item, 'broadcast', { reason: null, error: null }, 'submitted to the service');
      }
      const check = await client.checkSignature(signatureId, item.wallet);
      if (check) await this.setItem(ctx, item, 'confirmed', {}, `signed on ${check.signedOn ?? 'the service'}`);
      else await this.setItem(ctx, item, 'failed', { reason: 'The service did not record the signature.' }, null);
      return null;
    } catch (err) {
      const error = toAppErrorData(err);
      await this.setItem(ctx, item, item.state, { reason: error.message, error }, 'service call failed');
      return error;
    }
  }

  private watch(ctx: OpenBatch, item: BatchItem): void {
    if (item.message) {
      if (!ctx.watchers.has(item.id)) {
        const forget = () => {
          ctx.watchers.delete(item.id);
        };
        ctx.watchers.set(item.id, this.submitAgreement(ctx, item).then(forget, forget));
      }
      return;
    }
    if (ctx.watchers.has(item.id)) return;
    const done = (async () => {
      const client = await this.options.chain(item.chainId);
      try {
        // After a restart the node may have lost it (dropped from its pool, node restarted):
        // the same signed bytes are sent again, which is always safe.
        const known = await client.getTransaction({ hash: item.hash as Hex }).catch(() => null);
        if (!known && item.signed) {
          const again = await broadcastRaw(client, item.signed.serialized as Hex, item.signed.hash as Hex);
          if (!again.ok && again.error.code === 'TX_NONCE_USED') {
            await this.setItem(ctx, item, 'failed', { reason: again.error.message, error: again.error }, null);
            return;
          }
          if (again.ok)
            item.history.push({ at: new Date().toISOString(), state: item.state, note: 'sent again: the node did not know it' });
        }
        const receipt = await waitReceipt(client, item.hash as Hex, this.receiptTimeoutMs, this.receiptPollingMs);
        if (!receipt) {
          await this.setItem(ctx, item, 'broadcast', { reason: 'Not mined yet.' }, 'still waiting for the receipt');
          return;
        }
        const receiptData = { blockNumber: receipt.blockNumber.toString(), status: receipt.status, gasUsed: receipt.gasUsed.toString() };
        if (receipt.status === 'success') {
          await this.setItem(ctx, item, 'confirmed', { receipt: receiptData, reason: null, error: null }, `block ${receipt.blockNumber}`);
        } else {
          const error = await minedRevert(client, receipt, {
            from: item.wallet as Hex,
            to: item.tx!.to as Hex,
            data: item.tx!.data as Hex,
          });
          await this.setItem(
            ctx,
            item,
            'failed',
            { receipt: receiptData, reason: error.message, error },
            `reverted in block ${receipt.blockNumber}`,
          );
        }
      } catch (err) {
        const error = toAppErrorData(err);
        await this.setItem(ctx, item, 'broadcast', { reason: `Receipt not read: ${error.message}`, error }, null);
      }
    })();
    ctx.watchers.set(
      item.id,
      done.finally(() => {
        ctx.watchers.delete(item.id);
      }),
    );
  }

  // ---- journal and events --------------------------------------------------------------------

  private async ctx(id: string): Promise<OpenBatch> {
    let ctx = this.open.get(id);
    if (!ctx) {
      const batch = await this.journal.read(id);
      if (batch.status === 'running' && !this.open.has(id)) {
        // Written by a console that stopped mid-run: nothing runs it now.
        batch.status = 'paused';
        batch.pause = {
          code: 'SIGNING_INTERRUPTED',
          message: 'The console stopped while this batch was running.',
          action:
            originOf(batch) === 'offline-signing'
              ? 'Run it to resume: what is signed is kept and nothing is signed twice.'
              : 'Run it to resume: signed transactions are sent as they are and nothing is signed twice.',
        };
      }
      ctx = this.open.get(id) ?? { batch, running: null, pauseRequested: false, watchers: new Map(), writing: Promise.resolve() };
      this.open.set(id, ctx);
      if (ctx.batch.pause?.code === 'SIGNING_INTERRUPTED') {
        // Nothing is on any device any more: show those items as they are, waiting to be signed.
        for (const item of ctx.batch.items) {
          if (item.state === 'on-device') {
            await this.setItem(ctx, item, 'waiting', { reason: 'The console stopped while this was on the device; nothing was sent.' }, 'recovered after a restart');
          }
        }
      }
    }
    return ctx;
  }

  private async setItem(ctx: OpenBatch, item: BatchItem, state: ItemState, patch: Partial<BatchItem>, note: string | null): Promise<void> {
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
    this.emit({ type: 'item', batchId: ctx.batch.id, item: structuredClone(item) });
  }

  /** Writes the journal; writes are queued so the file always holds the latest state. */
  private save(ctx: OpenBatch): Promise<void> {
    ctx.batch.updatedAt = new Date().toISOString();
    const snapshot = structuredClone(ctx.batch);
    ctx.writing = ctx.writing.catch(() => undefined).then(() => this.journal.write(snapshot));
    return ctx.writing;
  }

  private async refreshStatus(ctx: OpenBatch): Promise<void> {
    if (!ctx.running && ctx.batch.items.every((i) => settledIn(ctx.batch, i))) {
      ctx.batch.status = 'done';
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

function summary(batch: Batch): BatchSummary {
  return {
    id: batch.id,
    createdAt: batch.createdAt,
    updatedAt: batch.updatedAt,
    status: batch.status,
    action: batch.selection.action,
    vaultName: batch.vault.name,
    counts: countItems(batch.items),
    ...(batch.origin ? { origin: batch.origin } : {}),
  };
}

function findItem(batch: Batch, itemId: string): BatchItem {
  const item = batch.items.find((i) => i.id === itemId);
  if (!item) throw new AppError({ code: 'SIGNING_ITEM_NOT_FOUND', message: `No item ${itemId} in batch ${batch.id}.` });
  return item;
}

function busy(): AppError {
  return new AppError({ code: 'SIGNING_BUSY', message: 'The batch is running.', action: 'Pause it first.' });
}

export function createSigningService(options: SigningServiceOptions): SigningService {
  return new SigningService(options);
}
