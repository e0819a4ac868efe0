import { promises as fs } from 'node:fs';
import path from 'node:path';
import { AppError, isAppError } from '../../../shared/errors';
import { BatchSchema, type Batch } from '../../../shared/signing/schemas';
import type { JournalKeys } from '../secrets/journal-key';
import { JsonDocument } from '../storage/json-document';
import { checkSeal, describeChanges, JournalSealSchema, sealBatch, type DigestCache, type JournalSeal } from './journal-seal';

/**
 * One JSON file per batch under `<dataDir>/journals/`, written atomically before every step. The
 * file is the truth after a crash: what was signed (with its raw bytes), sent and confirmed. Each
 * write seals it (journal-seal.ts) with this data folder's key from the OS keychain; a journal
 * whose seal does not match what it holds, or that has none, is refused when it is read: nothing
 * of it is signed or sent.
 */

const SealedBatchSchema = BatchSchema.extend({ seal: JournalSealSchema.optional() });
type SealedBatch = Batch & { seal?: JournalSeal | undefined };

/** Refusal codes of a journal that was read but cannot be trusted. */
const JOURNAL_REFUSALS = new Set(['SIGNING_JOURNAL_TAMPERED', 'SIGNING_JOURNAL_UNSEALED', 'SIGNING_JOURNAL_KEY_MISSING', 'SIGNING_JOURNAL_KEY_UNAVAILABLE']);

const CHECK_WALLETS = 'Check the wallets of this batch on a block explorer (what it signed may have been sent), then plan the operation again.';

export class Journal {
  readonly dir: string;
  /** Per batch and key: the digests of its items as last sealed. */
  private readonly digests = new Map<string, DigestCache>();

  constructor(
    dataDir: string,
    private readonly keys: JournalKeys,
  ) {
    this.dir = path.join(dataDir, 'journals');
  }

  private doc(id: string): JsonDocument<SealedBatch | null> {
    if (!/^[A-Za-z0-9_-]+$/.test(id)) throw new AppError({ code: 'SIGNING_BATCH_NOT_FOUND', message: `"${id}" is not a batch id.` });
    // No defaults: a missing journal is an error of its own (null), never an empty batch.
    return new JsonDocument<SealedBatch | null>(path.join(this.dir, `${id}.json`), SealedBatchSchema as never, () => null);
  }

  /** Throws when journals cannot be sealed here (no keychain): called before anything is journaled. */
  async ready(): Promise<void> {
    await this.keys.current();
  }

  async write(batch: Batch): Promise<void> {
    const checked = BatchSchema.parse(batch);
    const { id, key } = await this.keys.current();
    const cacheId = `${id}/${checked.id}`;
    let cache = this.digests.get(cacheId);
    if (!cache) this.digests.set(cacheId, (cache = new Map()));
    await fs.mkdir(this.dir, { recursive: true, mode: 0o700 });
    await this.doc(checked.id).write({ ...checked, seal: sealBatch(checked, id, key, cache) });
  }

  /** The batch as its journal holds it, once its seal is checked; throws the refusal otherwise. */
  async read(id: string): Promise<Batch> {
    const { batch, refusal } = await this.inspect(id);
    if (refusal) throw refusal;
    return batch;
  }

  /**
   * The batch as its journal holds it, with the refusal of a journal that cannot be trusted (so a
   * list can show it, refused, with why). Throws for a journal that is missing or unreadable.
   */
  async inspect(id: string): Promise<{ batch: Batch; refusal: AppError | null }> {
    const { value, recovered } = await this.doc(id).read();
    if (recovered) {
      throw new AppError({
        code: 'SIGNING_JOURNAL_CORRUPT',
        message: `The journal of batch ${id} could not be read (${recovered.reason}); it was kept aside at ${path.basename(recovered.keptAt)}.`,
        action: 'Check the wallets on a block explorer before signing anything for them again.',
      });
    }
    if (!value)
      throw new AppError({
        code: 'SIGNING_BATCH_NOT_FOUND',
        message: `No journal for batch ${id}.`,
        action: 'Choose a batch from the list.',
      });
    const { seal, ...batch } = value;
    try {
      await this.check(id, batch, seal);
      return { batch, refusal: null };
    } catch (err) {
      if (isAppError(err) && JOURNAL_REFUSALS.has(err.code)) return { batch, refusal: err as AppError };
      throw err;
    }
  }

  private async check(id: string, batch: Batch, seal: JournalSeal | undefined): Promise<void> {
    const file = path.join('journals', `${id}.json`);
    if (!seal) {
      // Written before journals were sealed, or its seal removed: it cannot be told apart from an edited one.
      throw new AppError({
        code: 'SIGNING_JOURNAL_UNSEALED',
        message: `The journal of batch ${id} (${file}) has no seal: it was written by an older version of Vaultdesk, or its seal was removed. It cannot be checked against what this install journaled, so nothing of it is signed or sent.`,
        action: `${CHECK_WALLETS} The file is left as it is.`,
        details: { batchId: id, file },
      });
    }
    const key = await this.keys.find(seal.keyId);
    if (!key) {
      throw new AppError({
        code: 'SIGNING_JOURNAL_KEY_MISSING',
        message: `The journal of batch ${id} (${file}) was sealed with a key this keychain does not hold (written on another machine or user account, or the key was removed from the keychain): it cannot be checked, so nothing of it is signed or sent.`,
        action: `Open it where it was written; otherwise ${CHECK_WALLETS.charAt(0).toLowerCase()}${CHECK_WALLETS.slice(1)}`,
        details: { batchId: id, file },
      });
    }
    const changes = checkSeal(batch, seal, key);
    if (changes.length === 0) return;
    const lines = describeChanges(changes);
    const shown = lines.slice(0, 6).join('; ') + (lines.length > 6 ? `; and ${lines.length - 6} more` : '');
    throw new AppError({
      code: 'SIGNING_JOURNAL_TAMPERED',
      message: `The journal of batch ${id} (${file}) was changed outside Vaultdesk: it no longer matches its seal. Changed: ${shown}. It is refused: nothing of it is signed or sent.`,
      action: `${CHECK_WALLETS} The file is left as it is, for inspection.`,
      details: { batchId: id, file, changes },
    });
  }

  async ids(): Promise<string[]> {
    const names = await fs.readdir(this.dir).catch((err: NodeJS.ErrnoException) => {
      if (err.code === 'ENOENT') return [] as string[];
      throw err;
    });
    return names
      .filter((n) => n.endsWith('.json'))
      .map((n) => n.slice(0, -'.json'.length))
      .sort();
  }
}
