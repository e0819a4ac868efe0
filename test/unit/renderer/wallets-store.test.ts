import { describe, expect, it } from 'vitest';
import { call } from '../../../renderer/src/bridge';
import { useWalletsStore } from '../../../renderer/src/batch/wallets-store';
import { freshStores, installFakeBridge, refusal } from './fake-bridge';

freshStores(useWalletsStore);

const bookOf = (groupIds: string[]) => ({ wallets: [], groups: groupIds.map((id) => ({ id, name: id })) });

describe('wallets store', () => {
  it('loads the book, and a group deleted elsewhere falls back to every wallet', async () => {
    let groups = ['g1'];
    installFakeBridge({ 'wallets.list': () => bookOf(groups) });
    await useWalletsStore.getState().load();
    useWalletsStore.getState().selectGroup('g1');
    expect(useWalletsStore.getState()).toMatchObject({ book: bookOf(['g1']), group: 'g1', error: null });
    groups = [];
    await useWalletsStore.getState().load();
    expect(useWalletsStore.getState().group).toBeNull();
  });

  it('imports a CSV into the group shown, then reloads the book', async () => {
    const bridge = installFakeBridge({ 'wallets.list': () => bookOf(['g1']), 'wallets.importCsv': () => ({ added: 1, rows: [] }) });
    useWalletsStore.setState({ group: 'g1' });
    // A well-formed wallet: a file with rows the import would skip is previewed first (test below).
    const csv = `address\n0x${'1'.padStart(40, '0')}`;
    const done = useWalletsStore.getState().importCsvFile({ name: 'book.csv', size: 10, text: async () => csv });
    await done;
    expect(bridge.calls.map((c) => c.method)).toEqual(['wallets.importCsv', 'wallets.list', 'portfolio.load']);
    expect(bridge.calls[0]!.input).toEqual({ csv, groupId: 'g1' });
    expect(useWalletsStore.getState()).toMatchObject({ busy: false, importReport: { added: 1 } });
  });

  it('previews a file with a row the import would skip, and imports nothing until confirmed', async () => {
    const bridge = installFakeBridge({ 'wallets.list': () => bookOf(['g1']) });
    await useWalletsStore.getState().importCsvFile({ name: 'book.csv', size: 10, text: async () => 'address\n0x1' });
    expect(bridge.calls).toEqual([]);
    expect(useWalletsStore.getState().pendingImport?.fileName).toBe('book.csv');
    useWalletsStore.getState().cancelImport();
  });

  it('refuses a file over the import limit before reading it', async () => {
    const bridge = installFakeBridge({});
    let read = false;
    await useWalletsStore.getState().importCsvFile({
      name: 'huge.csv',
      size: 2 * 1024 * 1024,
      text: async () => {
        read = true;
        return '';
      },
    });
    expect(read).toBe(false);
    expect(bridge.calls).toEqual([]);
    expect(useWalletsStore.getState().error).toMatchObject({ code: 'CSV_TOO_LARGE' });
  });

  it('reports a change that fails, and one that works with its notice', async () => {
    const { api } = installFakeBridge({
      'wallets.list': () => bookOf([]),
      'wallets.add': () => Promise.reject(refusal('BAD_ADDRESS')),
      'wallets.remove': () => ({ removed: 2 }),
    });
    expect(await useWalletsStore.getState().run(() => call(api.wallets.add({ address: '0x1' } as never)))).toBe(false);
    expect(useWalletsStore.getState()).toMatchObject({ busy: false, error: { code: 'BAD_ADDRESS' } });
    const removed = (result: unknown) => `${(result as { removed: number }).removed} wallets removed`;
    expect(await useWalletsStore.getState().run(() => call(api.wallets.remove({ addresses: [] } as never)), removed)).toBe(true);
    expect(useWalletsStore.getState()).toMatchObject({ busy: false, error: null, notice: '2 wallets removed' });
  });
});

describe('wallets store and the batch shown', () => {
  it('reads the batch shown again after a change of the book', async () => {
    const { usePortfolioStore } = await import('../../../renderer/src/batch/portfolio-store');
    const bridge = installFakeBridge({
      'wallets.list': () => bookOf(['g1']),
      'wallets.setGroupMembers': () => ({ changed: 1 }),
      'portfolio.load': ({ groupId }: { groupId: string | null }) => ({ groupId, generatedAtMs: 2 }),
    });
    usePortfolioStore.setState({ groupId: 'g1', data: { groupId: 'g1', generatedAtMs: 1 } as never });
    await useWalletsStore.getState().run(() => call(bridge.api.wallets.setGroupMembers({ groupId: 'g1', addresses: ['0x1'], member: false })));
    await expect.poll(() => usePortfolioStore.getState().data?.generatedAtMs).toBe(2);
    expect(bridge.calls.map((c) => c.method)).toEqual(['wallets.setGroupMembers', 'wallets.list', 'portfolio.load']);
  });
});
