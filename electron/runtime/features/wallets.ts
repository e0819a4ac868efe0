import type { ExportedFile, WalletBookView } from '../../../shared/ipc/schemas';
import type { WalletBook } from '../../services/wallets/wallet-book';
import { feature, type Feature } from '../feature';
import { exportFileName } from '../../../shared/files/export-names';

/** The wallet book of the current mode (the demo keeps its own), with the file it was recovered from. */
type CurrentBook = () => { book: WalletBook; recoveredFrom: string | null };

/** The wallet book over the bridge: wallets, groups, CSV import and CSV/JSON export. */
export function createWalletsFeature(current: CurrentBook, now: () => Date = () => new Date()): Feature {
  const book = () => current().book;
  return feature({
    wallets: {
      list: async (): Promise<WalletBookView> => {
        const { wallets, groups } = book().snapshot();
        return { wallets, groups, recoveredFrom: current().recoveredFrom };
      },
      add: (input) => book().add(input),
      update: ({ address, ...patch }) => book().update(address, patch),
      remove: async ({ addresses }) => ({ removed: await book().remove(addresses) }),
      importCsv: ({ csv, groupId, keepLabels }) => book().importCsv(csv, groupId, { keepLabels }),
      export: async ({ format, groupId }): Promise<ExportedFile> => {
        const group = groupId ? (book().snapshot().groups.find((g) => g.id === groupId) ?? null) : null;
        return {
          fileName: exportFileName('wallets', group?.name ?? null, format, now()),
          mimeType: format === 'csv' ? 'text/csv' : 'application/json',
          content: format === 'csv' ? book().exportCsv(groupId) : book().exportJson(groupId),
        };
      },
      createGroup: ({ name }) => book().createGroup(name),
      renameGroup: ({ id, name }) => book().renameGroup(id, name),
      deleteGroup: async ({ id }) => {
        await book().deleteGroup(id);
        return { deleted: true as const };
      },
      setGroupMembers: async ({ groupId, addresses, member }) => ({ changed: await book().setMembership(groupId, addresses, member) }),
    },
  });
}
