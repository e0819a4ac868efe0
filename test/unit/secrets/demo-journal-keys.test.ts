import { describe, expect, it } from 'vitest';
import { demoJournalKeys, journalKeysIn } from '../../../electron/services/secrets/journal-key';
import type { SecretStore } from '../../../electron/services/secrets/secret-store';

/** A keychain that cannot be reached: no Secret Service on a headless machine. */
const noKeychain: SecretStore = {
  get: async () => {
    throw new Error('Cannot autolaunch D-Bus without X11 $DISPLAY');
  },
  set: async () => {
    throw new Error('Cannot autolaunch D-Bus without X11 $DISPLAY');
  },
  delete: async () => {
    throw new Error('Cannot autolaunch D-Bus without X11 $DISPLAY');
  },
} as unknown as SecretStore;

describe('journal keys without a keychain', () => {
  it("refuse the operator's own journals", async () => {
    await expect(journalKeysIn(noKeychain, '/data').current()).rejects.toMatchObject({ code: 'SIGNING_JOURNAL_KEY_UNAVAILABLE' });
  });

  it('let the demo sign with a key that lives in this process only', async () => {
    const keys = demoJournalKeys(journalKeysIn(noKeychain, '/data/demo'));
    const first = await keys.current();
    expect(first.key).toHaveLength(32);
    expect(await keys.current()).toEqual(first);
    expect(await keys.find(first.id)).toEqual(first.key);
    // Another process's in-memory key is gone: its journals cannot be checked, and are refused as such.
    expect(await demoJournalKeys(journalKeysIn(noKeychain, '/data/demo')).find(first.id)).toBeNull();
  });
});
