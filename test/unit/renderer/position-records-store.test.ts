import { describe, expect, it } from 'vitest';
import type { PositionRecordRow, PositionRecords, PositionsAnswer } from '../../../shared/positions/schemas';
import { usePortfolioStore } from '../../../renderer/src/batch/portfolio-store';
import { useAgreementsStore } from '../../../renderer/src/positions/agreements-store';
import {
  followPositionRecords,
  recordIndexOf,
  recordsReadyFor,
  usePositionRecordsStore,
} from '../../../renderer/src/positions/position-records-store';
import { freshStores, installFakeBridge, refusal } from './fake-bridge';

freshStores(usePositionRecordsStore, usePortfolioStore, useAgreementsStore);

const recordsOf = (groupId: string | null, rows: PositionRecordRow[] = []): PositionRecords => ({ groupId, rows }) as unknown as PositionRecords;
const row = (vaultId: string, fetchedAtMs = 1): PositionRecordRow => ({
  wallet: '0x00000000000000000000000000000000000000A1',
  vaultId,
  record: null,
  fetchedAtMs,
  stale: false,
  behindChain: false,
  error: null,
});
const key = (vaultId: string) => `${vaultId}:0x00000000000000000000000000000000000000a1`;

/** The main side's pushes after a portfolio load of `groupId`, on the one subscription the window keeps. */
function pushes(groupId: string | null = null) {
  const bridge = installFakeBridge({});
  const stop = followPositionRecords();
  const base = { groupId, portfolioAtMs: 1 };
  return {
    bridge,
    stop,
    started: () => bridge.emit('positions', { kind: 'started', ...base }),
    progress: (vaultId: string, vaultsDone: number, rows: PositionRecordRow[] | null, of = groupId) =>
      bridge.emit('positions', { kind: 'progress', ...base, groupId: of, vaultsDone, vaultsTotal: 3, vaultId, rows }),
    answer: (answer: Partial<PositionsAnswer>) =>
      bridge.emit('positions', {
        kind: 'answer',
        ...base,
        records: null,
        recordsError: null,
        agreements: { rows: [], checkedAtMs: 1 },
        agreementsError: null,
        ...answer,
      }),
  };
}

describe('position records store, fed by the pushes after each portfolio load', () => {
  it('takes the agreements as soon as they are checked, without waiting for the records', async () => {
    const p = pushes();
    p.started();
    p.bridge.emit('positions', {
      kind: 'agreements',
      groupId: null,
      portfolioAtMs: 1,
      agreements: { rows: [{ vaultId: 'v1', wallet: '0xAB', signed: ['a', 'b'], required: ['a', 'b'] }], checkedAtMs: 1 },
      agreementsError: null,
    });
    expect(useAgreementsStore.getState()).toMatchObject({ loading: false, error: null });
    expect(useAgreementsStore.getState().byPair.get('v1:0xab')).toEqual({ signed: 2, required: 2 });
    expect(usePositionRecordsStore.getState()).toMatchObject({ loading: true, data: null });
  });

  it('keeps the answer and the agreements it carried, without asking for anything', async () => {
    const p = pushes();
    p.started();
    expect(usePositionRecordsStore.getState()).toMatchObject({ loading: true, progress: { vaultsDone: 0, vaultsTotal: null } });
    expect(useAgreementsStore.getState().loading).toBe(true);
    p.answer({
      records: recordsOf(null, [row('v1')]),
      agreements: { rows: [{ vaultId: 'v1', wallet: '0xAB', signed: ['a'], required: ['a', 'b'] }], checkedAtMs: 1 },
    });
    expect(usePositionRecordsStore.getState()).toMatchObject({ data: recordsOf(null, [row('v1')]), loading: false, error: null });
    expect(useAgreementsStore.getState()).toMatchObject({ loading: false, error: null });
    expect(useAgreementsStore.getState().byPair.get('v1:0xab')).toEqual({ signed: 1, required: 2 });
    expect(p.bridge.calls).toEqual([]);
    // Unsubscribed, nothing more is taken in.
    p.stop();
    p.answer({ records: recordsOf(null, [row('v2')]) });
    expect(usePositionRecordsStore.getState().data).toEqual(recordsOf(null, [row('v1')]));
  });

  it('ignores the pushes of a batch other than the one on screen', async () => {
    usePortfolioStore.setState({ groupId: 'g2' });
    const p = pushes('g1');
    p.started();
    p.answer({ records: recordsOf('g1') });
    expect(usePositionRecordsStore.getState()).toMatchObject({ data: null, loading: false, progress: null });
    usePortfolioStore.setState({ groupId: 'g1' });
    p.answer({ records: recordsOf('g1') });
    expect(usePositionRecordsStore.getState().data).toEqual(recordsOf('g1'));
  });

  it('keeps the records it had and says why when a load fails, with what to do', async () => {
    const p = pushes();
    p.answer({ records: recordsOf(null, [row('v1')]) });
    p.started();
    const error = refusal('OFFLINE').data;
    p.answer({ recordsError: error, agreements: null, agreementsError: refusal('SERVICE_DOWN').data });
    expect(usePositionRecordsStore.getState()).toMatchObject({ data: recordsOf(null, [row('v1')]), error: { code: 'OFFLINE', action: 'What to do.' }, loading: false });
    expect(useAgreementsStore.getState()).toMatchObject({ loading: false, error: { code: 'SERVICE_DOWN' } });
  });

  it("counts the vaults whose records are in and holds each vault's rows as it arrives, then ends complete", async () => {
    const p = pushes();
    p.started();
    p.progress('v1', 1, [row('v1')]);
    // Another batch's load says nothing about this one.
    p.progress('v9', 3, [row('v9')], 'g9');
    p.progress('v2', 2, [row('v2')]);
    expect(usePositionRecordsStore.getState()).toMatchObject({
      data: null,
      loading: true,
      progress: { vaultsDone: 2, vaultsTotal: 3, arrived: { v1: [row('v1')], v2: [row('v2')] } },
    });
    // A vault answered from the main side's cache comes without rows: counted, its rows wait for the answer.
    p.progress('v3', 3, null);
    expect(Object.keys(usePositionRecordsStore.getState().progress!.arrived)).toEqual(['v1', 'v2']);
    // The answer leaves out the rows the events carried; the store puts them back.
    p.answer({ records: { ...recordsOf(null, [row('v3')]), rowsSentAhead: ['v1', 'v2'] } });
    expect(usePositionRecordsStore.getState().data?.rows).toEqual([row('v1'), row('v2'), row('v3')]);
    expect(usePositionRecordsStore.getState().data).not.toHaveProperty('rowsSentAhead');
    expect(usePositionRecordsStore.getState()).toMatchObject({ loading: false, progress: { vaultsDone: 3, vaultsTotal: 3, arrived: {} } });
  });

  it('says so, keeping the records it had, when an answer names rows sent ahead that never arrived', async () => {
    const p = pushes();
    p.answer({ records: recordsOf(null) });
    p.started();
    p.answer({ records: { ...recordsOf(null), rowsSentAhead: ['v1'] } });
    expect(usePositionRecordsStore.getState()).toMatchObject({ data: recordsOf(null), loading: false });
    expect(usePositionRecordsStore.getState().error?.message).toMatch(/did not arrive; refresh to load them again/);
  });

  it("shows each pair's record from the last answer until its vault's new rows arrive, and says which vaults are still loading", async () => {
    const p = pushes();
    p.answer({ records: recordsOf(null, [row('v1', 1), row('v2', 1)]) });
    const before = recordIndexOf(usePositionRecordsStore.getState(), null);
    expect(before.get(key('v2'))?.fetchedAtMs).toBe(1);
    p.started();
    // A load starting changes no record: the cells reading the index are not drawn again.
    expect(recordIndexOf(usePositionRecordsStore.getState(), null)).toBe(before);
    expect(recordsReadyFor(usePositionRecordsStore.getState(), null, 'v1')).toBe(true);
    expect(recordsReadyFor(usePositionRecordsStore.getState(), null, 'v3')).toBe(false);
    p.progress('v3', 1, [row('v3', 2)]);
    const during = recordIndexOf(usePositionRecordsStore.getState(), null);
    expect([during.get(key('v1'))?.fetchedAtMs, during.get(key('v3'))?.fetchedAtMs]).toEqual([1, 2]);
    expect(recordsReadyFor(usePositionRecordsStore.getState(), null, 'v3')).toBe(true);
    // Another batch's records are never this one's.
    expect(recordIndexOf(usePositionRecordsStore.getState(), 'g1').size).toBe(0);
    expect(recordsReadyFor(usePositionRecordsStore.getState(), 'g1', 'v1')).toBe(false);
    p.answer({ records: { ...recordsOf(null, [row('v1', 2), row('v2', 2)]), rowsSentAhead: ['v3'] } });
    const after = recordIndexOf(usePositionRecordsStore.getState(), null);
    expect([...after.values()].map((r) => `${r.vaultId}@${r.fetchedAtMs}`).sort()).toEqual(['v1@2', 'v2@2', 'v3@2']);
    expect(recordsReadyFor(usePositionRecordsStore.getState(), null, 'v9')).toBe(true);
  });
});
