import { describe, expect, it } from 'vitest';
import { lookupMethod } from '../../../shared/ipc/contract';
import type { Result } from '../../../shared/ipc/result';
import { decodeTable, fromWire, LATER_TABLE_ROWS, MIN_TABLE_ROWS, recordLiteral, toWire, type WireResult, type WireTable } from '../../../shared/ipc/wire';
import { PortfolioSchema, type Portfolio } from '../../../shared/portfolio/schemas';
import { syntheticPortfolio } from '../../bench/synthetic-portfolio';

/** What the browser shell does to a frame: JSON text, then parsed on the other side. */
const overText = (w: WireResult): WireResult => JSON.parse(JSON.stringify(w)) as WireResult;
/** What Electron IPC does: a structured clone. */
const overIpc = (w: WireResult): WireResult => structuredClone(w);

function portfolio(): Portfolio {
  const p = PortfolioSchema.parse(syntheticPortfolio({ requests: 600, wallets: 40, vaults: 3, seed: 3 }));
  // Rows with an optional key on some of them only (a request marked stale, as a refresh whose
  // source failed marks it).
  Object.assign(p.requests[5]!, { stale: true });
  Object.assign(p.requests[17]!, { stale: false });
  return p;
}

describe('wire form of results', () => {
  it('sends the portfolio’s wallets, positions and requests as tables and gives back the same value over both transports', () => {
    const p = portfolio();
    const wire = toWire({ ok: true, value: p });
    expect(wire.ok && wire.tables).toEqual([['wallets'], ['positions'], ['requests']]);
    for (const carry of [overText, overIpc]) {
      const back = fromWire(carry(wire));
      expect(back).toEqual({ ok: true, value: p });
    }
  });

  it('decodes to a value that passes the contract’s result schema for portfolio.load', () => {
    const back = fromWire(overText(toWire({ ok: true, value: portfolio() })));
    expect(back.ok).toBe(true);
    const parsed = lookupMethod('portfolio.load')!.result.safeParse(back.ok ? back.value : null);
    expect(parsed.success).toBe(true);
  });

  it('is much smaller as text than the plain value', () => {
    const p = PortfolioSchema.parse(syntheticPortfolio({ requests: 5000, wallets: 200, vaults: 5 }));
    const plain = JSON.stringify({ ok: true, value: p }).length;
    const wire = JSON.stringify(toWire({ ok: true, value: p })).length;
    expect(wire).toBeLessThan(plain / 2);
  });

  it('keeps a key absent where a row lacks it or holds undefined, as JSON would', () => {
    const rows = Array.from({ length: MIN_TABLE_ROWS }, (_, i) => ({ id: `r${i}`, note: i % 3 === 0 ? `n${i}` : undefined, ...(i === 4 ? { extra: 1 } : {}) }));
    const back = fromWire(overIpc(toWire({ ok: true, value: { rows } })));
    const value = (back.ok ? back.value : null) as { rows: Array<Record<string, unknown>> };
    expect(value.rows[0]).toEqual({ id: 'r0', note: 'n0' });
    expect(Object.keys(value.rows[1]!)).toEqual(['id']);
    expect(value.rows[4]).toEqual({ id: 'r4', extra: 1 });
    expect(value.rows).toEqual(JSON.parse(JSON.stringify(rows)));
  });

  it('leaves short lists, lists of other things and failures as they are', () => {
    const short: Result<unknown> = { ok: true, value: { rows: [{ a: 1 }, { a: 2 }] } };
    expect(toWire(short)).toBe(short);
    const mixed: Result<unknown> = { ok: true, value: { rows: Array.from({ length: 40 }, (_, i) => (i === 7 ? 'text' : { a: i })) } };
    expect(toWire(mixed)).toBe(mixed);
    const failure: Result<unknown> = { ok: false, error: { code: 'SERVICE_DOWN', message: 'The service did not answer.' } };
    expect(toWire(failure)).toBe(failure);
    expect(fromWire(failure)).toBe(failure);
  });

  it('finds tables inside lists and at the top, and copies only the paths to them', () => {
    const rows = Array.from({ length: 40 }, (_, i) => ({ n: i, kind: i % 2 ? 'odd' : 'even' }));
    const untouched = { label: 'x' };
    const value = { groups: [{ rows, untouched }], untouched };
    const wire = toWire({ ok: true, value });
    expect(wire.ok && wire.tables).toEqual([['groups', 0, 'rows']]);
    expect(wire.ok && (wire.value as typeof value).untouched).toBe(untouched);
    expect(value.groups[0]!.rows).toBe(rows);
    expect(fromWire(overText(wire))).toEqual({ ok: true, value });

    const top = toWire({ ok: true, value: rows });
    expect(top.ok && top.tables).toEqual([[]]);
    expect(fromWire(overText(top))).toEqual({ ok: true, value: rows });
  });

  it('sends repeated values, records included, once per column', () => {
    const action = { kind: 'claim', contract: 'queue' };
    const rows = Array.from({ length: 64 }, (_, i) => ({ id: i, status: i % 2 ? 'PENDING' : 'CLAIMABLE', action: { ...action } }));
    const wire = toWire({ ok: true, value: rows });
    const table = (wire.ok ? wire.value : null) as WireTable;
    expect(table.columns[1]).toEqual({ dict: ['CLAIMABLE', 'PENDING'], index: rows.map((_, i) => i % 2) });
    expect(table.columns[0]).toEqual({ values: rows.map((r) => r.id) });
  });

  it('sends a value every row holds once, without an index per row, and gives every row its own key back', () => {
    const action = { kind: 'claim', contract: 'queue' };
    const rows = Array.from({ length: 64 }, (_, i) => ({
      id: i,
      stale: false,
      action: { ...action },
      ...(i % 5 === 0 ? {} : { pending: '0' }),
    }));
    const wire = toWire({ ok: true, value: rows });
    const table = (wire.ok ? wire.value : null) as WireTable;
    expect(table.columns[1]).toEqual({ same: false });
    expect(table.columns[2]).toEqual({ same: action });
    expect(table.columns[3]).toEqual({ same: '0', absent: rows.flatMap((_, i) => (i % 5 === 0 ? [i] : [])) });
    for (const carry of [overText, overIpc]) {
      const back = fromWire(carry(wire));
      expect(back).toEqual({ ok: true, value: rows });
      const decoded = (back.ok ? back.value : []) as Array<Record<string, unknown>>;
      expect(Object.keys(decoded[0]!)).toEqual(['id', 'stale', 'action']);
      expect(Object.keys(decoded[1]!)).toEqual(['id', 'stale', 'action', 'pending']);
    }
  });

  it('never turns a key into a prototype', () => {
    const rows = Array.from({ length: 40 }, () => JSON.parse('{"__proto__": {"polluted": true}, "a": 1}') as Record<string, unknown>);
    const wire = toWire({ ok: true, value: { rows } });
    expect(wire.ok && wire.tables).toBeUndefined();
    expect(() => decodeTable({ keys: ['__proto__'], rows: 1, columns: [{ values: [{ polluted: true }] }] })).toThrow(/malformed/);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });

  it('rebuilds a long table under a key when it is first read, the same records as eagerly, once', () => {
    const rows = Array.from({ length: LATER_TABLE_ROWS }, (_, i) => ({ id: `r${i}`, n: i % 7, flag: false }));
    const short = Array.from({ length: MIN_TABLE_ROWS }, (_, i) => ({ id: `s${i}` }));
    const back = fromWire(overText(toWire({ ok: true, value: { rows, short } })));
    const value = (back.ok ? back.value : null) as { rows: typeof rows; short: typeof short };
    // Not built yet: an answer whose long list a screen never reads costs only its parse.
    expect(typeof Object.getOwnPropertyDescriptor(value, 'rows')?.get).toBe('function');
    expect(Object.getOwnPropertyDescriptor(value, 'short')?.value).toEqual(short);
    expect(Object.keys(value)).toEqual(['rows', 'short']);
    const first = value.rows;
    expect(first).toEqual(rows);
    expect(value.rows).toBe(first);
    expect(Object.getOwnPropertyDescriptor(value, 'rows')?.value).toBe(first);
    // What the store assigns before reading replaces the table.
    const other = fromWire(overText(toWire({ ok: true, value: { rows } })));
    const replaced = (other.ok ? other.value : null) as { rows: unknown };
    replaced.rows = [];
    expect(replaced.rows).toEqual([]);
  });

  it('refuses a malformed long table when the answer arrives, not when it is read', () => {
    const rows = Array.from({ length: LATER_TABLE_ROWS }, (_, i) => ({ id: `r${i}`, note: i === 3 ? undefined : 'x' }));
    const wire = overText(toWire({ ok: true, value: { rows } })) as { ok: true; value: { rows: WireTable } };
    const note = wire.value.rows.columns[1]!;
    for (const absent of [[LATER_TABLE_ROWS], [5, 3], 'x']) {
      (note as { absent?: unknown }).absent = absent;
      expect(() => fromWire(wire)).toThrow(/malformed/);
    }
  });

  it('refuses a malformed table', () => {
    expect(() => decodeTable({ keys: ['a', 'b'], rows: 1, columns: [{ values: [1] }] })).toThrow(/malformed/);
    expect(() => decodeTable({ keys: ['a'], rows: 2, columns: [{ values: [1] }] })).toThrow(/malformed/);
    expect(() => decodeTable({ keys: ['a'], rows: 2, columns: [{} as WireTable['columns'][number]] })).toThrow(/malformed/);
  });

  describe('record literals', () => {
    interface Row {
      id: string;
      status: string;
      flag: boolean;
      action: { kind: string } | null;
    }
    // A literal that counts the records it builds from a table, to see which way a table was built
    // (not the one it builds over columns of nulls to learn its keys).
    const built = { n: 0 };
    const rowLiteral = recordLiteral<Row>((c) => (r) => {
      if (c.id(r) !== null) built.n++;
      return { id: c.id(r), status: c.status(r), flag: c.flag(r), action: c.action(r) };
    });
    const rows: Row[] = Array.from({ length: 64 }, (_, i) => ({
      id: `r${i}`,
      status: i % 3 ? 'PENDING' : 'CLAIMABLE',
      flag: false,
      action: i % 2 ? { kind: 'claim' } : null,
    }));
    const decode = (value: unknown) => {
      built.n = 0;
      const back = fromWire(overText(toWire({ ok: true, value })), [rowLiteral]);
      return back.ok ? back.value : null;
    };

    it('build a table with exactly their keys, in their order, to the same records as the general way', () => {
      // Plain values, a dictionary and a value every row holds, all read through the literal.
      const value = decode(rows) as Row[];
      expect(built.n).toBe(rows.length);
      expect(value).toEqual(rows);
      expect(value.map((r) => Object.keys(r))).toEqual(rows.map(() => ['id', 'status', 'flag', 'action']));
      // Rows holding the same record share one copy, as they do when built the general way.
      expect(value[1]!.action).toBe(value[3]!.action);
      const general = fromWire(overText(toWire({ ok: true, value: rows })));
      expect(general).toEqual({ ok: true, value });
    });

    it('leave any other table to the general way: other keys, another order, a row lacking a key', () => {
      const reordered = rows.map(({ status, id, flag, action }) => ({ status, id, flag, action }));
      expect(decode(reordered)).toEqual(reordered);
      expect(Object.keys((decode(reordered) as Row[])[0]!)).toEqual(['status', 'id', 'flag', 'action']);
      expect(built.n).toBe(0);
      const extra = rows.map((r) => ({ ...r, note: 'x' }));
      expect(decode(extra)).toEqual(extra);
      expect(built.n).toBe(0);
      const lacking = rows.map((r, i) => (i === 9 ? { id: r.id, status: r.status, flag: r.flag } : r));
      const back = decode(lacking) as Array<Partial<Row>>;
      expect(built.n).toBe(0);
      expect(back).toEqual(lacking);
      expect('action' in back[9]!).toBe(false);
    });

    it('build a long table under a key when it is first read', () => {
      const long = Array.from({ length: LATER_TABLE_ROWS }, (_, i) => ({ ...rows[i % rows.length]!, id: `l${i}` }));
      const value = decode({ long }) as { long: Row[] };
      expect(built.n).toBe(0);
      expect(value.long).toEqual(long);
      expect(built.n).toBe(LATER_TABLE_ROWS);
    });
  });
});
