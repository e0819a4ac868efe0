import { journalKeysIn, type JournalKeys } from '../../electron/services/secrets/journal-key';
import { KeychainSecretStore } from '../../electron/services/secrets/keychain-store';

/**
 * The journal keys of a data folder in the OS keychain, as the console and the batch runner take
 * them (integration tests run inside scripts/with-keyring.sh, with a Secret Service of their own).
 */
export const keychainJournalKeys = (dataDir: string): JournalKeys => journalKeysIn(new KeychainSecretStore(), dataDir);
