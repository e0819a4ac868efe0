import { describe, expect, it } from 'vitest';
import type { PositionRecordRow, PositionRecords } from '../../../shared/positions/schemas';
import { usePortfolioStore } from '../../../renderer/src/batch/portfolio-store';
import { recordIndexOf, recordsReadyFor, usePositionRecordsStore } from '../../../renderer/src/positions/position-records-store';
import { deferred, freshStores, heldAnswers, installFakeBridge, refusal } from './fake-bridge';

freshStores(usePositionRecordsStore, usePortfolioStore);

const recordsOf = (groupId: string | null): PositionRecords => ({ groupId, rows: [] }) as unknown as PositionRecords;

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

  it("counts the vaults whose records are in and holds each vault's rows as it arrives, then ends complete", async () => {
    const row = (vaultId: string): PositionRecordRow => ({
      wallet: '0x00000000000000000000000000000000000000a1',
      vaultId,
      record: null,
      fetchedAtMs: 1,
      stale: false,
      behindChain: false,
      error: null,
    });
    const answer = deferred<PositionRecords>();
    const bridge = installFakeBridge({ 'positions.records': () => answer.promise });
    const loading = usePositionRecordsStore.getState().load(null, 1, false);
    expect(usePositionRecordsStore.getState().progress).toMatchObject({ vaultsDone: 0, vaultsTotal: null });
    bridge.emit('positionRecordsProgress', { groupId: null, vaultsDone: 1, vaultsTotal: 3, vaultId: 'v1', rows: [row('v1')] });
    // Another batch's load says nothing about this one.
    bridge.emit('positionRecordsProgress', { groupId: 'g9', vaultsDone: 3, vaultsTotal: 3, vaultId: 'v9', rows: [row('v9')] });
    bridge.emit('positionRecordsProgress', { groupId: null, vaultsDone: 2, vaultsTotal: 3, vaultId: 'v2', rows: [row('v2')] });
    expect(usePositionRecordsStore.getState()).toMatchObject({
      data: null,
      loading: true,
      progress: { vaultsDone: 2, vaultsTotal: 3, arrived: { v1: [row('v1')], v2: [row('v2')] } },
    });
    // A vault answered from the main side's cache comes without rows: counted, its rows wait for the answer.
    bridge.emit('positionRecordsProgress', { groupId: null, vaultsDone: 3, vaultsTotal: 3, vaultId: 'v3', rows: null });
    expect(usePositionRecordsStore.getState().progress).toMatchObject({ vaultsDone: 3, arrived: { v1: [row('v1')], v2: [row('v2')] } });
    expect(Object.keys(usePositionRecordsStore.getState().progress!.arrived)).toEqual(['v1', 'v2']);
    // The answer leaves out the rows the events carried; the store puts them back.
    answer.resolve({ groupId: null, rows: [row('v3')], rowsSentAhead: ['v1', 'v2'] } as unknown as PositionRecords);
    await loading;
    expect(usePositionRecordsStore.getState().data?.rows).toEqual([row('v1'), row('v2'), row('v3')]);
    expect(usePositionRecordsStore.getState().data).not.toHaveProperty('rowsSentAhead');
    expect(usePositionRecordsStore.getState()).toMatchObject({ loading: false, progress: { vaultsDone: 3, vaultsTotal: 3, arrived: {} } });
    // Events after the load ended change nothing.
    bridge.emit('positionRecordsProgress', { groupId: null, vaultsDone: 1, vaultsTotal: 3, vaultId: 'v1', rows: [row('v1')] });
    expect(usePositionRecordsStore.getState().progress).toMatchObject({ vaultsDone: 3, vaultsTotal: 3 });
  });

  it('says so, keeping the records it had, when an answer names rows sent ahead that never arrived', async () => {
    let ahead = false;
    installFakeBridge({
      'positions.records': ({ groupId }) =>
        ahead ? ({ groupId, rows: [], rowsSentAhead: ['v1'] } as unknown as PositionRecords) : recordsOf(groupId),
    });
    await usePositionRecordsStore.getState().load(null, 1, false);
    ahead = true;
    await usePositionRecordsStore.getState().load(null, 2, false);
    expect(usePositionRecordsStore.getState()).toMatchObject({ data: recordsOf(null), loading: false });
    expect(usePositionRecordsStore.getState().error?.message).toMatch(/did not arrive; refresh to load them again/);
  });

  it("shows each pair's record from the last answer until its vault's new rows arrive, and says which vaults are still loading", async () => {
    const row = (vaultId: string, fetchedAtMs: number): PositionRecordRow => ({
      wallet: '0x00000000000000000000000000000000000000A1',
      vaultId,
      record: null,
      fetchedAtMs,
      stale: false,
      behindChain: false,
      error: null,
    });
    const key = (vaultId: string) => `${vaultId}:0x00000000000000000000000000000000000000a1`;
    const answer = deferred<PositionRecords>();
    let first = true;
    const bridge = installFakeBridge({
      'positions.records': () =>
        first ? ({ groupId: null, rows: [row('v1', 1), row('v2', 1)] } as unknown as PositionRecords) : answer.promise,
    });
    await usePositionRecordsStore.getState().load(null, 1, false);
    const before = recordIndexOf(usePositionRecordsStore.getState(), null);
    expect(before.get(key('v2'))?.fetchedAtMs).toBe(1);
    first = false;
    const loading = usePositionRecordsStore.getState().load(null, 2, false);
    // A load starting changes no record: the cells reading the index are not drawn again.
    expect(recordIndexOf(usePositionRecordsStore.getState(), null)).toBe(before);
    expect(recordsReadyFor(usePositionRecordsStore.getState(), null, 'v1')).toBe(true);
    expect(recordsReadyFor(usePositionRecordsStore.getState(), null, 'v3')).toBe(false);
    bridge.emit('positionRecordsProgress', { groupId: null, vaultsDone: 1, vaultsTotal: 3, vaultId: 'v3', rows: [row('v3', 2)] });
    const during = recordIndexOf(usePositionRecordsStore.getState(), null);
    expect([during.get(key('v1'))?.fetchedAtMs, during.get(key('v3'))?.fetchedAtMs]).toEqual([1, 2]);
    expect(recordsReadyFor(usePositionRecordsStore.getState(), null, 'v3')).toBe(true);
    // Another batch's records are never this one's.
    expect(recordIndexOf(usePositionRecordsStore.getState(), 'g1').size).toBe(0);
    expect(recordsReadyFor(usePositionRecordsStore.getState(), 'g1', 'v1')).toBe(false);
    answer.resolve({ groupId: null, rows: [row('v1', 2), row('v2', 2)], rowsSentAhead: ['v3'] } as unknown as PositionRecords);
    await loading;
    const after = recordIndexOf(usePositionRecordsStore.getState(), null);
    expect([...after.values()].map((r) => `${r.vaultId}@${r.fetchedAtMs}`).sort()).toEqual(['v1@2', 'v2@2', 'v3@2']);
    expect(recordsReadyFor(usePositionRecordsStore.getState(), null, 'v9')).toBe(true);
  });
});
