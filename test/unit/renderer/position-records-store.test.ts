import { describe, expect, it } from 'vitest';
import type { PositionRecords } from '../../../shared/positions/schemas';
import { usePortfolioStore } from '../../../renderer/src/portfolio/portfolio-store';
import { usePositionRecordsStore } from '../../../renderer/src/positions/position-records-store';
import { freshStores, heldAnswers, installFakeBridge, refusal } from './fake-bridge';

freshStores(usePositionRecordsStore, usePortfolioStore);

const recordsOf = (groupId: string | null): PositionRecords => ({ groupId, records: [] }) as unknown as PositionRecords;

describe('position records store', () => {
  it('asks once per portfolio view, forced when the operator pressed Refresh', async () => {
    const bridge = installFakeBridge({ 'positions.records': ({ groupId }) => recordsOf(groupId) });
    await usePositionRecordsStore.getState().load(null, 1, false);
    await usePositionRecordsStore.getState().load(null, 1, false);
    await usePositionRecordsStore.getState().load(null, 2, true);
    expect(bridge.calls.map((c) => c.input)).toEqual([{ groupId: null }, { groupId: null, force: true }]);
    expect(usePositionRecordsStore.getState()).toMatchObject({ data: recordsOf(null), loading: false, loadedFor: '*@2' });
  });

  it('never shows the records of a batch switched away from mid-load', async () => {
    const answers = heldAnswers<PositionRecords>('g1', 'g2');
    installFakeBridge({ 'positions.records': ({ groupId }) => answers.get(groupId)!.promise });
    usePortfolioStore.setState({ groupId: 'g1' });
    const first = usePositionRecordsStore.getState().load('g1', 1, false);
    usePortfolioStore.setState({ groupId: 'g2' });
    const second = usePositionRecordsStore.getState().load('g2', 2, false);
    answers.get('g1')!.resolve(recordsOf('g1'));
    await first;
    expect(usePositionRecordsStore.getState()).toMatchObject({ data: null, loading: true });
    answers.get('g2')!.resolve(recordsOf('g2'));
    await second;
    expect(usePositionRecordsStore.getState()).toMatchObject({ data: recordsOf('g2'), loading: false });
  });

  it('keeps the failure of the call, and the records it had', async () => {
    let fail = false;
    installFakeBridge({
      'positions.records': ({ groupId }) => {
        if (fail) throw refusal('OFFLINE');
        return recordsOf(groupId);
      },
    });
    await usePositionRecordsStore.getState().load(null, 1, false);
    fail = true;
    await usePositionRecordsStore.getState().load(null, 2, false);
    expect(usePositionRecordsStore.getState()).toMatchObject({ data: recordsOf(null), error: { code: 'OFFLINE' }, loading: false });
  });
});
