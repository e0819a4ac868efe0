import type { JournalKeys } from '../../../electron/services/secrets/journal-key';

/**
 * Journal keys held in memory, for unit tests of the journal itself (the integration tests use the
 * OS keychain through scripts/with-keyring.sh): one key under a fixed id, and the ones given.
 */
export function fixedJournalKeys(fill = 7, others: Record<string, Uint8Array> = {}): JournalKeys & { id: string } {
  const id = fill.toString(16).padStart(2, '0').repeat(16);
  const key = new Uint8Array(32).fill(fill);
  return {
    id,
    current: async () => ({ id, key }),
    find: async (wanted) => (wanted === id ? key : (others[wanted] ?? null)),
  };
}
