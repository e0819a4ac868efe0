import { promises as fs } from 'node:fs';
import path from 'node:path';
import { AppError } from '../../../shared/errors';
import { BatchSchema, type Batch } from '../../../shared/signing/schemas';
import { JsonDocument } from '../storage/json-document';

/**
 * One JSON file per batch under `<dataDir>/journals/`, written atomically before every step. The
 * file is the truth after a crash: what was signed (with its raw bytes), sent and confirmed.
 */
export class Journal {
  readonly dir: string;

  constructor(dataDir: string) {
    this.dir = path.join(dataDir, 'journals');
  }

  private doc(id: string): JsonDocument<Batch | null> {
    if (!/^[A-Za-z0-9_-]+$/.test(id)) throw new AppError({ code: 'SIGNING_BATCH_NOT_FOUND', message: `"${id}" is not a batch id.` });
    // No defaults: a missing journal is an error of its own (null), never an empty batch.
    return new JsonDocument<Batch | null>(path.join(this.dir, `${id}.json`), BatchSchema as never, () => null);
  }

  async write(batch: Batch): Promise<void> {
    await fs.mkdir(this.dir, { recursive: true });
    await this.doc(batch.id).write(batch);
  }

  async read(id: string): Promise<Batch> {
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
    return value;
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
