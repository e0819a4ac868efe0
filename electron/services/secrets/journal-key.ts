import { createHash, randomBytes } from 'node:crypto';
import path from 'node:path';
import { AppError, toAppErrorData } from '../../../shared/errors';
import type { SecretStore } from './secret-store';

/**
 * The keys the signing journals are sealed with (a MAC over what each journal holds, see
 * signing/journal-seal.ts). They live only in the OS keychain, one per data folder, made the first
 * time a journal is written there; they never reach a file, a log or the window. A journal names
 * the key it was sealed with, so one written before its folder moved is still checked with its own.
 */
export interface JournalKeys {
  /** The key this data folder's journals are sealed with now, made in the keychain the first time. */
  current(): Promise<{ id: string; key: Uint8Array }>;
  /** The key a journal names, or null when the keychain holds none by that id. */
  find(id: string): Promise<Uint8Array | null>;
}

const KEY_ID = /^[0-9a-f]{32}$/;
const account = (id: string) => `signing journal key ${id}`;

/** The journal keys of a data folder, kept in this store (the OS keychain). */
export function journalKeysIn(store: SecretStore, dataDir: string): JournalKeys {
  // The folder's own key: named after where it is, so two data folders never share one.
  const currentId = createHash('sha256').update(path.resolve(dataDir), 'utf8').digest('hex').slice(0, 32);
  const known = new Map<string, Promise<Uint8Array | null>>();

  const read = (id: string): Promise<Uint8Array | null> => {
    let key = known.get(id);
    if (!key) {
      key = store.get(account(id)).then(
        (stored) => (stored === null ? null : decode(stored, id)),
        (err: unknown) => {
          throw keychainUnavailable(err);
        },
      );
      // A failed read is asked again next time (the keychain may be unlocked meanwhile); a key is kept.
      key.then(
        (k) => (k ? undefined : known.delete(id)),
        () => known.delete(id),
      );
      known.set(id, key);
    }
    return key;
  };

  let making: Promise<Uint8Array> | null = null;
  const make = async (): Promise<Uint8Array> => {
    try {
      await store.set(account(currentId), Buffer.from(randomBytes(32)).toString('hex'));
      // Read back: another process on the same folder may have made its key at the same moment.
      const stored = await store.get(account(currentId));
      if (stored === null) throw new Error('the key just written cannot be read back');
      const key = decode(stored, currentId);
      known.set(currentId, Promise.resolve(key));
      return key;
    } catch (err) {
      throw err instanceof AppError ? err : keychainUnavailable(err);
    }
  };

  return {
    async current() {
      const key = (await read(currentId)) ?? (await (making ??= make().finally(() => (making = null))));
      return { id: currentId, key };
    },
    async find(id) {
      if (!KEY_ID.test(id)) return null;
      return read(id);
    },
  };
}

function decode(stored: string, id: string): Uint8Array {
  if (!/^[0-9a-f]{64}$/.test(stored)) {
    throw new AppError({
      code: 'SIGNING_JOURNAL_KEY_UNAVAILABLE',
      message: `The keychain's entry "${account(id)}" is not a journal key: the signing journals sealed with it cannot be checked.`,
      action: 'Do not edit Vaultdesk entries in the keychain. Check the wallets on a block explorer, then plan the operation again.',
    });
  }
  return Uint8Array.from(Buffer.from(stored, 'hex'));
}

function keychainUnavailable(err: unknown): AppError {
  const cause = toAppErrorData(err);
  return new AppError(
    {
      code: 'SIGNING_JOURNAL_KEY_UNAVAILABLE',
      message: `The signing journal cannot be sealed or checked: ${cause.message.replace(/\.$/, '')}. Nothing was journaled, signed or sent.`,
      action:
        'Make the OS keychain available (on Linux a running, unlocked Secret Service such as GNOME Keyring or KWallet; on macOS and Windows your logged-in user session), then try again.',
    },
    { cause: err },
  );
}

/**
 * The demo's journal keys: the keychain's when it answers, else a key that lives in this process
 * only. The demo moves no real money, and a machine without a Secret Service (a headless quick
 * start) must still be able to try signing on it; its journals then cannot be checked after a
 * restart and are refused then, as any journal whose key is gone. Never used for the operator's
 * own journals, which have no journal without the keychain.
 */
export function demoJournalKeys(keys: JournalKeys): JournalKeys {
  let inMemory: { id: string; key: Uint8Array } | null = null;
  return {
    async current() {
      try {
        return await keys.current();
      } catch (err) {
        if (!(err instanceof AppError) || err.code !== 'SIGNING_JOURNAL_KEY_UNAVAILABLE') throw err;
        return (inMemory ??= { id: randomBytes(16).toString('hex'), key: new Uint8Array(randomBytes(32)) });
      }
    },
    async find(id) {
      if (inMemory && id === inMemory.id) return inMemory.key;
      return keys.find(id).catch(() => null);
    },
  };
}
