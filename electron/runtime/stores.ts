import path from 'node:path';
import { ApiKeyVault } from '../services/secrets/api-key';
import { KeychainOrFileStore } from '../services/secrets/fallback-store';
import { PassphraseFileStore } from '../services/secrets/passphrase-file-store';
import { settingsDocument } from '../services/settings/settings';
import { ensurePrivateFolder } from '../services/storage/private-folder';
import type { WalletBook } from '../services/wallets/wallet-book';
import { openWalletBook } from './demo-book';
import { KEY_FILE_NAME, type RuntimeOptions } from './options';

/** The folder of a mode's own files: the demo's wallet book and Ledger bindings never mix with the operator's. */
export const modeDataDir = (dataDir: string, demo: boolean) => (demo ? path.join(dataDir, 'demo') : dataDir);

/** A group's wallets (all without one) as the portfolio reads them: address and label. */
export const portfolioWallets = (book: WalletBook, groupId: string | null) =>
  book.wallets(groupId ?? undefined).map((w) => ({ address: w.address as `0x${string}`, label: w.label }));

/**
 * What the console keeps in its data folder, opened once at start: the settings (a damaged file is
 * kept aside and said so in the log), the key store and the wallet books of both modes.
 */
export async function openStores(options: Pick<RuntimeOptions, 'dataDir' | 'secrets' | 'log'>) {
  ensurePrivateFolder(options.dataDir);
  const settings = settingsDocument(options.dataDir);
  const loaded = await settings.read();
  if (loaded.recovered) {
    options.log.warn('settings file was unreadable and was kept aside', {
      keptAt: loaded.recovered.keptAt,
      reason: loaded.recovered.reason,
    });
  }
  // The keychain when it answers, else the passphrase-encrypted key file: the API key and the
  // journal keys always have a place, and Settings says which before a key is typed.
  const keyStore = new KeychainOrFileStore(options.secrets, new PassphraseFileStore(path.join(options.dataDir, KEY_FILE_NAME)));
  const vault = new ApiKeyVault(keyStore);
  // Demo wallets never mix with the operator's own: the demo keeps its book under demo/.
  const books = {
    live: await openWalletBook(modeDataDir(options.dataDir, false), options.log),
    demo: await openWalletBook(modeDataDir(options.dataDir, true), options.log),
  };
  return { settings, loaded, keyStore, vault, books };
}
