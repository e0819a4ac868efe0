import { promises as fs } from 'node:fs';
import path from 'node:path';
import type { z } from 'zod';
import { AppError } from '../../../shared/errors';
import { writeFileAtomic } from './atomic-file';

interface JsonDocumentOptions {
  /**
   * For a record a check relies on (the offline install's registry, policy and trusted planners):
   * when the file cannot be read or does not match its schema, `read` throws the error this gives
   * (the reason in words) and leaves the file where it is, instead of keeping it aside and giving
   * the defaults. A damaged record must stop the check, never weaken it: the defaults of a policy
   * are looser than the operator's, and a file moved aside is a missing file at the next read.
   */
  failClosed?: (reason: string) => Error;
}

/**
 * A schema-versioned JSON document on disk (settings, wallet book, journals). A file that cannot be
 * read or does not match its schema is never overwritten: it is moved aside with a timestamp and the
 * caller is told, so nothing the user saved is silently lost (or, `failClosed`, the read is refused).
 */
export class JsonDocument<T> {
  constructor(
    readonly file: string,
    private readonly schema: z.ZodType<T>,
    private readonly defaults: () => T,
    private readonly options: JsonDocumentOptions = {},
  ) {}

  /** Reads the document; a missing file gives the defaults. A corrupt one is kept aside and reported. */
  async read(): Promise<{ value: T; recovered?: { keptAt: string; reason: string } }> {
    let text: string;
    try {
      text = await fs.readFile(this.file, 'utf8');
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code === 'ENOENT') return { value: this.defaults() };
      if (this.options.failClosed) throw this.options.failClosed(`it cannot be read (${(err as Error).message})`);
      throw new AppError(
        { code: 'STORAGE_UNREADABLE', message: `${path.basename(this.file)} could not be read: ${(err as Error).message}.`, action: 'Check the permissions of the data folder.' },
        { cause: err },
      );
    }
    const parsed = this.parse(text);
    if (parsed.ok) return { value: parsed.value };
    if (this.options.failClosed) throw this.options.failClosed(parsed.reason);
    return { value: this.defaults(), recovered: { keptAt: await this.keepAside(), reason: parsed.reason } };
  }

  /**
   * Writes the document. A fail-closed document that is damaged on disk is kept aside first: writing
   * a whole new value (a policy saved, a registry imported) is how the operator replaces it.
   */
  async write(value: T): Promise<void> {
    const checked = this.schema.parse(value);
    if (this.options.failClosed) {
      const text = await fs.readFile(this.file, 'utf8').catch(() => null);
      if (text !== null && !this.parse(text).ok) await this.keepAside();
    }
    await writeFileAtomic(this.file, `${JSON.stringify(checked, null, 2)}\n`);
  }

  private parse(text: string): { ok: true; value: T } | { ok: false; reason: string } {
    try {
      const parsed = this.schema.safeParse(JSON.parse(text));
      if (parsed.success) return { ok: true, value: parsed.data };
      return {
        ok: false,
        reason: `it does not match the expected format (${parsed.error.issues[0]?.path.join('.') || 'root'}: ${parsed.error.issues[0]?.message ?? 'invalid'})`,
      };
    } catch {
      return { ok: false, reason: 'it is not valid JSON' };
    }
  }

  /** Moves the file aside as `<name>.corrupt-<time>`; returns where. */
  private async keepAside(): Promise<string> {
    const keptAt = `${this.file}.corrupt-${new Date().toISOString().replace(/[:.]/g, '-')}`;
    await fs.rename(this.file, keptAt);
    return keptAt;
  }
}
