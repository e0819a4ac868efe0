import type { Logger } from '../services/log/logger';
import { WalletBook, walletBookDocument } from '../services/wallets/wallet-book';
import type { EmbeddedSimulation } from './service-connection';

const DEMO_GROUP = 'Demo lenders';

/** Opens a wallet book in a folder; a corrupt file is kept aside and reported, never overwritten. */
export async function openWalletBook(dir: string, log: Logger): Promise<{ book: WalletBook; recoveredFrom: string | null }> {
  const book = new WalletBook(walletBookDocument(dir));
  const { recovered } = await book.load();
  if (recovered) log.warn('wallet book was unreadable and was kept aside', { keptAt: recovered.keptAt, reason: recovered.reason });
  return { book, recoveredFrom: recovered?.keptAt ?? null };
}

/**
 * The first time the demo runs, its book gets the simulated lenders as Ledger accounts of the
 * emulated device, in one group, so every screen has something real to show and sign.
 */
export async function seedDemoBook(book: WalletBook, sim: EmbeddedSimulation): Promise<void> {
  if (book.wallets().length > 0) return;
  const group = await book.createGroup(DEMO_GROUP);
  await book.importLedgerAccounts(
    sim.wallets.map((w) => ({ address: w.address, label: w.label, ledger: { scheme: 'bip44', path: w.path, index: w.index } })),
    group.id,
  );
}
