import { describe, expect, it } from 'vitest';
import type { TransactionsView } from '../../../shared/transactions/schemas';
import { useTransactionsStore } from '../../../renderer/src/transactions/transactions-store';
import { deferred, freshStores, heldAnswers, installFakeBridge, refusal } from './fake-bridge';

freshStores(useTransactionsStore);

const viewOf = (groupId: string | null, rows = 1): TransactionsView =>
  ({ groupId, rows: Array.from({ length: rows }) }) as unknown as TransactionsView;

describe('transactions store', () => {
  it('loads the batch’s history and says when it is loading', async () => {
    const answer = deferred<TransactionsView>();
    const bridge = installFakeBridge({ 'transactions.list': () => answer.promise });
    const done = useTransactionsStore.getState().load('g1', true);
    expect(useTransactionsStore.getState().loading).toBe(true);
    answer.resolve(viewOf('g1'));
    await done;
    expect(useTransactionsStore.getState()).toMatchObject({ data: viewOf('g1'), loading: false, error: null });
    expect(bridge.calls).toEqual([{ method: 'transactions.list', input: { groupId: 'g1', force: true } }]);
  });

  it('ends on the batch switched to mid-load, and stays loading until its history is in', async () => {
    const answers = heldAnswers<TransactionsView>('g1', 'g2');
    installFakeBridge({ 'transactions.list': ({ groupId }) => answers.get(groupId)!.promise });
    const first = useTransactionsStore.getState().load('g1');
    const second = useTransactionsStore.getState().load('g2');
    answers.get('g1')!.resolve(viewOf('g1'));
    await first;
    expect(useTransactionsStore.getState().loading).toBe(true);
    answers.get('g2')!.resolve(viewOf('g2'));
    await second;
    expect(useTransactionsStore.getState()).toMatchObject({ data: viewOf('g2'), loading: false });
  });

  it('keeps the history it had when a refresh fails, and clears another batch’s', async () => {
    let fail = false;
    installFakeBridge({
      'transactions.list': ({ groupId }) => {
        if (fail) throw refusal('SERVICE_DOWN');
        return viewOf(groupId, 3);
      },
    });
    await useTransactionsStore.getState().load('g1');
    fail = true;
    await useTransactionsStore.getState().load('g1', true);
    expect(useTransactionsStore.getState()).toMatchObject({ data: viewOf('g1', 3), error: { code: 'SERVICE_DOWN' } });
    await useTransactionsStore.getState().load('g2');
    expect(useTransactionsStore.getState().data).toBeNull();
  });

  it('keeps its filters apart from the loads', () => {
    useTransactionsStore.getState().setFilter({ wallet: '0xabc' } as never);
    useTransactionsStore.getState().setFilter({ vault: 'v1' } as never);
    expect(useTransactionsStore.getState().filter).toEqual({ wallet: '0xabc', vault: 'v1' });
    useTransactionsStore.getState().clearFilter();
    expect(useTransactionsStore.getState().filter).toEqual({});
  });
});
