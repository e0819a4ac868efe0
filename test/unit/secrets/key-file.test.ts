import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { KeychainOrFileStore } from '../../../electron/services/secrets/fallback-store';
import { PassphraseFileStore } from '../../../electron/services/secrets/passphrase-file-store';
import type { SecretStore } from '../../../electron/services/secrets/secret-store';

const PASSPHRASE = 'a long enough passphrase';
const fileIn = () => path.join(mkdtempSync(path.join(os.tmpdir(), 'vaultdesk-key-file-unit-')), 'key-file.json');

/** A keychain that never answers, as on a machine with no Secret Service. */
const noKeychain: SecretStore = {
  availability: async () => ({ available: false, reason: 'Could not connect: No such file or directory' }),
  get: () => Promise.reject(new Error('no keychain')),
  set: () => Promise.reject(new Error('no keychain')),
  delete: () => Promise.reject(new Error('no keychain')),
};

describe('the passphrase-encrypted key file', () => {
  it('refuses a changed file or its key derivation swapped, as it refuses a wrong passphrase', async () => {
    const file = fileIn();
    const store = new PassphraseFileStore(file);
    await store.unlock(PASSPHRASE);
    await store.set('https://api.example.com', 'vk_secret_value_0001');
    const written = JSON.parse(readFileSync(file, 'utf8'));
    expect(JSON.stringify(written)).not.toContain('vk_secret_value_0001');

    const again = new PassphraseFileStore(file);
    expect(await again.state()).toBe('locked');
    await expect(again.get('https://api.example.com')).rejects.toMatchObject({ code: 'KEY_FILE_LOCKED' });
    await again.unlock(PASSPHRASE);
    expect(await again.get('https://api.example.com')).toBe('vk_secret_value_0001');

    // One byte of the ciphertext changed.
    const data = Buffer.from(written.data, 'base64');
    data[0] = data[0]! ^ 1;
    writeFileSync(file, JSON.stringify({ ...written, data: data.toString('base64') }));
    await expect(new PassphraseFileStore(file).unlock(PASSPHRASE)).rejects.toMatchObject({ code: 'KEY_FILE_WRONG_PASSPHRASE' });
    // The cost parameters lowered (to make guessing cheaper): the tag covers them.
    writeFileSync(file, JSON.stringify({ ...written, kdf: { ...written.kdf, N: 2 ** 14 } }));
    await expect(new PassphraseFileStore(file).unlock(PASSPHRASE)).rejects.toMatchObject({ code: 'KEY_FILE_WRONG_PASSPHRASE' });
    writeFileSync(file, '{"format":"something else"}');
    await expect(new PassphraseFileStore(file).unlock(PASSPHRASE)).rejects.toMatchObject({ code: 'KEY_FILE_DAMAGED' });
  }, 60_000);

  it('takes the keychain when it answers and the file only when it does not', async () => {
    const file = new PassphraseFileStore(fileIn());
    const store = new KeychainOrFileStore(noKeychain, file);
    expect(await store.state()).toMatchObject({ keychain: { available: false }, file: 'absent' });
    expect(await store.availability()).toMatchObject({ available: false, reason: expect.stringContaining('there is no key file') });
    await file.unlock(PASSPHRASE);
    await store.set('journal', 'k1');
    expect(await file.get('journal')).toBe('k1');

    const kept = new Map<string, string>();
    const keychain: SecretStore = {
      availability: async () => ({ available: true }),
      get: async (a) => kept.get(a) ?? null,
      set: async (a, s) => void kept.set(a, s),
      delete: async (a) => kept.delete(a),
    };
    const both = new KeychainOrFileStore(keychain, file);
    await both.set('journal', 'k2');
    expect(kept.get('journal')).toBe('k2');
    expect(await file.get('journal')).toBe('k1');
  }, 60_000);
});
