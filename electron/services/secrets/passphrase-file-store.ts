import { createCipheriv, createDecipheriv, randomBytes, scrypt as scryptCb, type ScryptOptions } from 'node:crypto';
import { promises as fs } from 'node:fs';
import { z } from 'zod';
import { AppError } from '../../../shared/errors';
import { writeFileAtomic } from '../storage/atomic-file';
import type { SecretStore } from './secret-store';

/** Where the key file stands: not made yet, made but not unlocked in this run, or unlocked. */
export type KeyFileState = 'absent' | 'locked' | 'unlocked';

/** The shortest passphrase the file takes: the file may be copied and guessed at offline. */
const MIN_PASSPHRASE_LENGTH = 12;

// scrypt at the cost the file names (OWASP's 2^17, r 8, p 1: 128 MiB, about a second on a slow machine).
const KDF = { name: 'scrypt', N: 2 ** 17, r: 8, p: 1 } as const;

const B64 = z.string().regex(/^[A-Za-z0-9+/]*={0,2}$/);
const KeyFileSchema = z.object({
  format: z.literal('vaultdesk-key-file'),
  version: z.literal(1),
  kdf: z.object({ name: z.literal('scrypt'), N: z.number().int().min(2 ** 14).max(2 ** 20), r: z.number().int().min(1).max(32), p: z.number().int().min(1).max(16), salt: B64 }),
  cipher: z.object({ name: z.literal('aes-256-gcm'), iv: B64, tag: B64 }),
  data: B64,
});
type KeyFile = z.infer<typeof KeyFileSchema>;

function deriveKey(passphrase: string, kdf: KeyFile['kdf']): Promise<Buffer> {
  const options: ScryptOptions = { N: kdf.N, r: kdf.r, p: kdf.p, maxmem: 256 * kdf.N * kdf.r + 1024 * 1024 };
  return new Promise((resolve, reject) =>
    scryptCb(passphrase.normalize('NFC'), Buffer.from(kdf.salt, 'base64'), 32, options, (err, key) => (err ? reject(err) : resolve(key))),
  );
}

/** What the cipher's tag also covers: the file's format and its key's derivation, so neither can be swapped. */
const headerOf = (file: Pick<KeyFile, 'format' | 'version' | 'kdf'>) => Buffer.from(JSON.stringify([file.format, file.version, file.kdf]), 'utf8');

function locked(): AppError {
  return new AppError({
    code: 'KEY_FILE_LOCKED',
    message: 'The encrypted key file is locked: the console cannot read the API key until its passphrase is entered.',
    action: 'Enter the key file passphrase in Settings (Service API key).',
  });
}

/**
 * Secrets in one file encrypted with AES-256-GCM under a key derived from a passphrase (scrypt),
 * for a machine whose OS keychain cannot be reached (a headless server with no Secret Service).
 * The passphrase is never written anywhere: it is asked in Settings once per run, and only the
 * derived key stays in this process's memory until the console exits or the file is locked.
 */
export class PassphraseFileStore implements SecretStore {
  private unlocked: { key: Buffer; kdf: KeyFile['kdf']; entries: Record<string, string> } | null = null;

  constructor(private readonly file: string) {}

  async state(): Promise<KeyFileState> {
    if (this.unlocked) return 'unlocked';
    return (await this.read()) ? 'locked' : 'absent';
  }

  /** Opens the file with its passphrase, or makes a new, empty one with it when there is none. */
  async unlock(passphrase: string): Promise<void> {
    const existing = await this.read();
    if (!existing) {
      if (passphrase.length < MIN_PASSPHRASE_LENGTH) {
        throw new AppError({
          code: 'KEY_FILE_PASSPHRASE_SHORT',
          message: `The passphrase is too short: the key file needs at least ${MIN_PASSPHRASE_LENGTH} characters, since a copy of it can be guessed at offline.`,
          action: 'Choose a longer passphrase (several words are easy to remember).',
        });
      }
      const kdf = { ...KDF, salt: randomBytes(16).toString('base64') };
      this.unlocked = { key: await deriveKey(passphrase, kdf), kdf, entries: {} };
      await this.write();
      return;
    }
    const key = await deriveKey(passphrase, existing.kdf);
    let entries: unknown;
    try {
      const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(existing.cipher.iv, 'base64'));
      decipher.setAAD(headerOf(existing));
      decipher.setAuthTag(Buffer.from(existing.cipher.tag, 'base64'));
      const plain = Buffer.concat([decipher.update(Buffer.from(existing.data, 'base64')), decipher.final()]);
      entries = JSON.parse(plain.toString('utf8'));
    } catch {
      throw new AppError({
        code: 'KEY_FILE_WRONG_PASSPHRASE',
        message: 'That passphrase does not open the key file (or the file was changed since it was written).',
        action: 'Type the passphrase again. If it is lost, remove the key file in Settings and save the API key again with a new passphrase.',
      });
    }
    this.unlocked = { key, kdf: existing.kdf, entries: z.record(z.string(), z.string()).parse(entries) };
  }

  /** Forgets the derived key: the file stays, and is asked for again. */
  lock(): void {
    this.unlocked?.key.fill(0);
    this.unlocked = null;
  }

  /** Deletes the file and what it holds (a lost passphrase leaves no other way). */
  async remove(): Promise<void> {
    this.lock();
    await fs.rm(this.file, { force: true });
  }

  async availability(): Promise<{ available: true } | { available: false; reason: string }> {
    return this.unlocked ? { available: true } : { available: false, reason: (await this.read()) ? 'the key file is locked' : 'there is no key file' };
  }

  async get(account: string): Promise<string | null> {
    return this.open().entries[account] ?? null;
  }

  async set(account: string, secret: string): Promise<void> {
    this.open().entries[account] = secret;
    await this.write();
  }

  async delete(account: string): Promise<boolean> {
    const { entries } = this.open();
    if (!Object.hasOwn(entries, account)) return false;
    delete entries[account];
    await this.write();
    return true;
  }

  private open() {
    if (!this.unlocked) throw locked();
    return this.unlocked;
  }

  private async read(): Promise<KeyFile | null> {
    let text: string;
    try {
      text = await fs.readFile(this.file, 'utf8');
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code === 'ENOENT') return null;
      throw err;
    }
    const parsed = KeyFileSchema.safeParse(JSON.parse(text));
    if (!parsed.success) {
      throw new AppError({
        code: 'KEY_FILE_DAMAGED',
        message: 'The encrypted key file is not one the console wrote: it cannot be opened.',
        action: 'Remove the key file in Settings and save the API key again.',
      });
    }
    return parsed.data;
  }

  private async write(): Promise<void> {
    const { key, kdf, entries } = this.open();
    const head = { format: 'vaultdesk-key-file' as const, version: 1 as const, kdf };
    const iv = randomBytes(12);
    const cipher = createCipheriv('aes-256-gcm', key, iv);
    cipher.setAAD(headerOf(head));
    const data = Buffer.concat([cipher.update(JSON.stringify(entries), 'utf8'), cipher.final()]);
    const file: KeyFile = { ...head, cipher: { name: 'aes-256-gcm', iv: iv.toString('base64'), tag: cipher.getAuthTag().toString('base64') }, data: data.toString('base64') };
    await writeFileAtomic(this.file, `${JSON.stringify(file, null, 2)}\n`);
  }
}
