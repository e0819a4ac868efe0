import { promises as fs } from 'node:fs';
import path from 'node:path';
import { writeFileAtomic } from '../storage/atomic-file';

/**
 * The bundles this install imported, kept as their files' exact text under `<dataDir>/bundles/`:
 * the offline install builds its signed bundle from the unsigned one it checked, and both sides
 * can show a bundle's snapshot later; the online install keeps the unsigned bundles it exported
 * (`exported-…`), to accept back only signatures that answer one of them. Named by checksum, so a
 * file is stored once.
 */
export class BundleStore {
  readonly dir: string;

  constructor(dataDir: string) {
    this.dir = path.join(dataDir, 'bundles');
  }

  private file(kind: 'unsigned' | 'signed' | 'exported', checksum: string): string {
    const hex = checksum.replace(/^sha256:/, '');
    if (!/^[0-9a-f]{64}$/.test(hex)) throw new Error(`not a bundle checksum: ${checksum}`);
    return path.join(this.dir, `${kind}-${hex}.json`);
  }

  async save(kind: 'unsigned' | 'signed' | 'exported', checksum: string, text: string): Promise<void> {
    await writeFileAtomic(this.file(kind, checksum), text);
  }

  async read(kind: 'unsigned' | 'signed' | 'exported', checksum: string): Promise<string | null> {
    try {
      return await fs.readFile(this.file(kind, checksum), 'utf8');
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code === 'ENOENT') return null;
      throw err;
    }
  }
}
