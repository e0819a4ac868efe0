import type { ExportedFile, WalletBookView } from '../../../shared/ipc/schemas';
import type { WalletBook } from '../../services/wallets/wallet-book';

/** File names an operator can sort and recognise: what, which group, when. */
export function exportFileName(kind: string, groupName: string | null, format: 'csv' | 'json', now: Date): string {
  const slug = (groupName ?? 'all')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 40);
  return `vaultdesk-${kind}-${slug || 'group'}-${now.toISOString().slice(0, 10)}.${format}`;
}

export function createWalletsFeature(book: WalletBook, recoveredFrom: string | null, now: () => Date = () => new Date()) {
  return {
    view(): WalletBookView {
      const { wallets, groups } = book.snapshot();
      return { wallets, groups, recoveredFrom };
    },
    export(format: 'csv' | 'json', groupId?: string): ExportedFile {
      const group = groupId ? (book.snapshot().groups.find((g) => g.id === groupId) ?? null) : null;
      return {
        fileName: exportFileName('wallets', group?.name ?? null, format, now()),
        mimeType: format === 'csv' ? 'text/csv' : 'application/json',
        content: format === 'csv' ? book.exportCsv(groupId) : book.exportJson(groupId),
      };
    },
  };
}
