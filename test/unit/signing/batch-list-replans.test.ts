import { describe, expect, it } from 'vitest';
import { parse } from 'papaparse';
import { withReplans, type ListedBatch } from '../../../shared/signing/replan-counts';
import { reportName } from '../../../shared/signing/batch-name';
import type { BatchCounts, BatchItem } from '../../../shared/signing/schemas';
import { countItems } from '../../../shared/signing/counts';
import { reportCsv } from '../../../electron/services/signing/csv';
import { batchCountsText } from '../../../renderer/src/signing/batch-counts-text';
import { batchItem, batchOf, VAULT } from './batch-fixture';

// The batch list, the report and its file name as an operator reads them after a re-plan (issue 34, screens).
const counts = (patch: Partial<BatchCounts>): BatchCounts => ({ planned: 0, signed: 0, broadcast: 0, confirmed: 0, failed: 0, skipped: 0, held: 0, ...patch });

/** `n` wallets' deposit (approve, then deposit) in the fixture's vault, each item in `state`, or carried on by `replannedAs`. */
function items(prefix: string, n: number, state: BatchItem['state'], replannedAs?: string, steps: BatchItem['step'][] = ['approve', 'depositAA']): BatchItem[] {
  return Array.from({ length: n }, (_, w) =>
    steps.map((step) =>
      batchItem(`${prefix}${w}${step}`, {
        wallet: `0x${String(w + 1).padStart(40, '0')}`,
        step,
        state,
        ...(replannedAs ? { replannedAs } : {}),
      }),
    ),
  ).flat();
}
const listed = (id: string, list: BatchItem[]): ListedBatch => ({
  summary: { id, createdAt: '', updatedAt: '', status: 'done', action: 'deposit', vaultName: 'Alpha', counts: countItems(list) },
  items: list,
});

describe('the batch list after a re-plan', () => {
  it('counts the re-planned items where they went: 20/20 confirmed, not 1/20', () => {
    // One wallet's two steps went through; the other 9 wallets' were held, then re-planned and confirmed.
    const a = [...items('a', 1, 'confirmed'), ...items('h', 9, 'skipped', 'batch-b').map((i) => ({ ...i, wallet: `0x${'9'.repeat(39)}${i.id[1]}` }))];
    const b = items('h', 9, 'confirmed').map((i) => ({ ...i, wallet: `0x${'9'.repeat(39)}${i.id[1]}` }));
    const [first, second] = withReplans([listed('batch-a', a), listed('batch-b', b)]);
    expect(first!.counts.confirmed).toBe(2);
    expect(first!.replanned).toEqual({ items: 18, batchIds: ['batch-b'], counts: counts({ planned: 20, signed: 20, broadcast: 20, confirmed: 20 }) });
    expect(batchCountsText(first!)).toBe('20/20 confirmed, 18 of them through a re-plan');
    // The re-plan reads as before.
    expect(second!.replanned).toBeUndefined();
    expect(batchCountsText(second!)).toBe('18/18 confirmed');
  });

  it('counts a carried item by its wallet in the re-plan, whatever steps the re-plan took (an approval fewer)', () => {
    const a = items('a', 2, 'skipped', 'b');
    const b = [...items('b', 1, 'confirmed', undefined, ['depositAA']), ...items('c', 2, 'held').slice(2)];
    const [first] = withReplans([listed('a', a), listed('b', b)]);
    // Wallet 1 deposited with the allowance left (one step); wallet 2's steps are held again.
    expect(first!.replanned!.counts).toEqual(counts({ planned: 4, signed: 2, broadcast: 2, confirmed: 2, held: 2 }));
    expect(batchCountsText(first!)).toBe('2/4 confirmed, 4 of them through a re-plan, 2 held (re-plan)');
  });

  it('follows a re-plan of a re-plan, and leaves open what a journal no longer lists', () => {
    const [first] = withReplans([listed('a', items('a', 1, 'skipped', 'b')), listed('b', items('b', 1, 'skipped', 'c')), listed('c', items('c', 1, 'confirmed'))]);
    expect(first!.replanned!.counts.confirmed).toBe(2);
    const [lost] = withReplans([listed('a', items('a', 1, 'skipped', 'gone'))]);
    expect(lost!.replanned!.counts).toEqual(counts({ planned: 2 }));
  });
});

describe('the report of a batch with held items', () => {
  it('leaves the nonce of a held item, or of one skipped unsigned, empty: only the items sent keep theirs', () => {
    const tx = (nonce: number) => ({ ...batchItem('x').tx!, nonce });
    const batch = batchOf([
      batchItem('i1', { state: 'confirmed', tx: tx(10), hash: `0x${'1'.repeat(64)}` }),
      batchItem('i2', { state: 'held', tx: tx(11), reason: 'The vault moved: re-plan.' }),
      batchItem('i3', { state: 'skipped', tx: tx(12), reason: 'Re-planned: carried on by batch b.' }),
      batchItem('i4', { state: 'confirmed', tx: tx(11), hash: `0x${'2'.repeat(64)}` }),
    ]);
    const rows = parse<Record<string, string>>(reportCsv(batch), { header: true, skipEmptyLines: true }).data;
    expect(rows.map((r) => [r.state, r.nonce])).toEqual([
      ['confirmed', '10'],
      ['held', ''],
      ['skipped', ''],
      ['confirmed', '11'],
    ]);
  });
});

describe('the report file of a batch over several vaults', () => {
  it('is named for the batch, else for its vault, else for how many vaults it holds (never the first alone)', () => {
    const other = { ...VAULT, id: 'v2', name: 'Beta Credit USDC' };
    const base = batchOf([batchItem('i1')]);
    expect(reportName({ ...base, selection: { ...base.selection, name: 'Desk A top-up' } })).toBe('Desk A top-up');
    expect(reportName(base)).toBe(VAULT.name);
    expect(reportName({ ...base, vaults: [VAULT, other] })).toBe('2 vaults');
  });
});
