import path from 'node:path';
import { z } from 'zod';
import { ExportedBundleSchema, type ExportedBundle } from '../../../shared/bundles/ipc';
import type { BundleSummary } from '../../../shared/bundles/schemas';
import { AppError } from '../../../shared/errors';
import type { BatchSummary } from '../../../shared/signing/schemas';
import { JsonDocument } from '../storage/json-document';
import { broadcastBatchId } from './batch-from-signed';

/**
 * Online: the unsigned bundles this install exported, kept in the data folder
 * (`bundles/exported-list.json`) so that the desk sees, across restarts, which are still out for
 * offline signing. What became of each is read from the journals (a signed bundle imported back is
 * a batch of its own: returned, then broadcast once that batch is done); only the operator's
 * "abandoned" (and taking it back, "resume") is written here.
 */

// What is stored of each: the list's own record, without what is read from the journals.
const EntrySchema = ExportedBundleSchema.omit({ state: true, batchId: true, sent: true });
type Entry = z.infer<typeof EntrySchema>;

const ListSchema = z.object({ schemaVersion: z.literal(1), bundles: z.array(EntrySchema) });
type List = z.infer<typeof ListSchema>;

interface ExportedBundlesOptions {
  dataDir: string;
  /** This install's batches: a signed bundle imported back is one of them. */
  batches: () => Promise<BatchSummary[]>;
  now?: () => Date;
}

export class ExportedBundles {
  private readonly doc: JsonDocument<List>;

  constructor(private readonly options: ExportedBundlesOptions) {
    this.doc = new JsonDocument(path.join(options.dataDir, 'bundles', 'exported-list.json'), ListSchema, () => ({ schemaVersion: 1, bundles: [] }));
  }

  /** An unsigned bundle left this install: it is awaited back. The same file exported again is listed once. */
  async record(summary: BundleSummary, name: string | null): Promise<void> {
    const { value } = await this.doc.read();
    if (value.bundles.some((b) => b.checksum === summary.checksum)) return;
    const entry: Entry = {
      checksum: summary.checksum,
      fileName: summary.fileName,
      name,
      action: summary.action,
      vaults: summary.vaults.map((v) => ({ id: v.id, name: v.name, chainId: v.chainId })),
      transactions: summary.transactions,
      messages: summary.messages,
      exportedAt: summary.createdAt,
      abandonedAt: null,
    };
    await this.doc.write({ schemaVersion: 1, bundles: [...value.bundles, entry] });
  }

  /** Every bundle exported from here, newest first, with what became of it. */
  async list(): Promise<ExportedBundle[]> {
    const [{ value }, batches] = await Promise.all([this.doc.read(), this.options.batches()]);
    const byId = new Map(batches.map((b) => [b.id, b]));
    return [...value.bundles].reverse().map((entry): ExportedBundle => {
      const batch = byId.get(broadcastBatchId(entry.checksum)) ?? null;
      const state = batch ? (batch.status === 'done' ? 'broadcast' : 'returned') : entry.abandonedAt ? 'abandoned' : 'awaiting';
      return {
        ...entry,
        state,
        batchId: batch?.id ?? null,
        sent: batch ? { planned: batch.counts.planned, confirmed: batch.counts.confirmed, failed: batch.counts.failed } : null,
      };
    });
  }

  /** The operator no longer awaits this bundle (planned again, or given up): it is listed as abandoned. */
  async abandon(checksum: string): Promise<ExportedBundle[]> {
    const { value } = await this.doc.read();
    const entry = value.bundles.find((b) => b.checksum === checksum);
    if (!entry) throw notFound(checksum);
    const listed = (await this.list()).find((b) => b.checksum === checksum)!;
    if (listed.state === 'returned' || listed.state === 'broadcast') {
      throw new AppError({
        code: 'BUNDLE_ALREADY_RETURNED',
        message: `${entry.fileName} came back signed and is batch ${listed.batchId}: it is no longer awaited.`,
        action: 'Open its batch on the Signing screen.',
      });
    }
    entry.abandonedAt ??= (this.options.now?.() ?? new Date()).toISOString();
    await this.doc.write(value);
    return this.list();
  }

  /** The operator awaits an abandoned bundle again (its signed bundle came back after all): listed as awaiting. */
  async resume(checksum: string): Promise<ExportedBundle[]> {
    const { value } = await this.doc.read();
    const entry = value.bundles.find((b) => b.checksum === checksum);
    if (!entry) throw notFound(checksum);
    entry.abandonedAt = null;
    await this.doc.write(value);
    return this.list();
  }

  /**
   * A signed bundle came back for the unsigned bundle `checksum`: refused while the operator has it
   * abandoned, since abandoning usually means the plan was made again and its nonces are taken or
   * about to be. Taking it back is the operator's explicit act (Resume), not an import's side effect.
   */
  async refuseIfAbandoned(checksum: string): Promise<void> {
    const { value } = await this.doc.read();
    const entry = value.bundles.find((b) => b.checksum === checksum);
    if (!entry?.abandonedAt) return;
    throw new AppError({
      code: 'BUNDLE_ABANDONED',
      message: `This bundle was marked abandoned on ${entry.abandonedAt.slice(0, 16).replace('T', ' ')} UTC (${entry.fileName}); its signed bundle came back anyway and was not imported.`,
      action:
        'If it should still be sent (check that it was not planned again meanwhile), un-abandon it first: Bundles → Exported bundles → Resume, then import it again. Otherwise discard the file.',
      details: { unsignedChecksum: checksum, abandonedAt: entry.abandonedAt },
    });
  }
}

function notFound(checksum: string): AppError {
  return new AppError({
    code: 'BUNDLE_NOT_FOUND',
    message: `No bundle exported from this install has the checksum ${checksum}.`,
    action: 'Refresh the Bundles screen and choose a bundle from its list.',
  });
}
