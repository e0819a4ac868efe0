import { promises as fs } from 'node:fs';
import path from 'node:path';
import type { z } from 'zod';
import { AppError } from '../../../shared/errors';
import { writeFileAtomic } from './atomic-file';

/**
 * A schema-versioned JSON document on disk (settings, wallet book, journals). A file that cannot be
 * read or does not match its schema is never overwritten: it is moved aside with a timestamp and the
 * caller is told, so nothing the user saved is silently lost.
 */
export class JsonDocument<T> {
  constructor(
    readonly file: string,
    private readonly schema: z.ZodType<T>,
    private readonly defaults: () => T,
  ) {}

  /** Reads the document; a missing file gives the defaults. A corrupt one is kept aside and reported. */
  async read(): Promise<{ value: T; recovered?: { keptAt: string; reason: string } }> {
    let text: string;
    try {
      text = await fs.readFile(this.file, 'utf8');
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code === 'ENOENT') return { value: this.defaults() };
      throw new AppError(
        { code: 'STORAGE_UNREADABLE', message: `${path.basename(this.file)} could not be read: ${(err as Error).message}.`, action: 'Check the permissions of the data folder.' },
        { cause: err },
      );
    }
    let reason: string;
    try {
      const parsed = this.schema.safeParse(JSON.parse(text));
      if (parsed.success) return { value: parsed.data };
      reason = `it does not match the expected format (${parsed.error.issues[0]?.path.join('.') || 'root'}: ${parsed.error.issues[0]?.message ?? 'invalid'})`;
    } catch {
      reason = 'it is not valid JSON';
    }
    const keptAt = `${this.file}.corrupt-${new Date().toISOString().replace(/[:.]/g, '-')}`;
    await fs.rename(this.file, keptAt);
    return { value: this.defaults(), recovered: { keptAt, reason } };
  }

  async write(value: T): Promise<void> {
    const checked = this.schema.parse(value);
    await writeFileAtomic(this.file, `${JSON.stringify(checked, null, 2)}\n`);
  }
}
