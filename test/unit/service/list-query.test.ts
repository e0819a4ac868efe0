import { describe, expect, it } from 'vitest';
import { applyListQuery, parseListQuery, project } from '../../../electron/demo/service/list-query';
import { HttpError } from '../../../electron/demo/service/http-error';
import type { FilterKind, Filters, RangeOperator } from '../../../electron/demo/service/resources';

const kindOf: Record<string, FilterKind> = {
  name: 'text',
  status: 'string',
  walletAddress: 'address',
  amount: 'amount',
  apr: 'number',
  startDate: 'date',
  tags: 'id',
  'block.number': 'number',
  isInstant: 'boolean',
};
// Every operator each kind can compare with, to exercise the comparisons themselves.
const OPS: Record<FilterKind, readonly RangeOperator[]> = {
  id: ['ne'],
  address: ['ne'],
  boolean: ['ne'],
  string: ['ne', 'ct'],
  text: ['ne', 'ct', 'gt', 'gte', 'lt', 'lte'],
  number: ['ne', 'gt', 'gte', 'lt', 'lte'],
  date: ['ne', 'gt', 'gte', 'lt', 'lte'],
  amount: ['ne', 'gt', 'gte', 'lt', 'lte'],
};
const kinds: Filters = Object.fromEntries(Object.entries(kindOf).map(([field, kind]) => [field, { kind, eq: 'list' as const, ops: OPS[kind] }]));


const rows = [
  { _id: 'a', name: 'Alpha', status: 'PENDING', walletAddress: '0xAbCdEf0000000000000000000000000000000001', amount: '900', apr: 9.5, startDate: '2026-01-01T00:00:00.000Z', tags: ['x', 'y'], block: { number: 10 }, isInstant: true },
  { _id: 'b', name: 'beta', status: 'CLAIMED', walletAddress: '0x0000000000000000000000000000000000000002', amount: '10000', apr: 12, startDate: '2026-03-01T00:00:00.000Z', tags: ['y'], block: { number: 30 } },
  { _id: 'c', name: { en: 'Gamma', fr: 'Gamma fr' }, status: 'PENDING', amount: '50', startDate: '2026-02-01T00:00:00.000Z', tags: [], block: { number: 20 }, isInstant: false },
];

const run = (query: string) => applyListQuery(rows, parseListQuery(new URLSearchParams(query), kinds));
const ids = (query: string) => run(query).data.map((r) => r._id);

function rejects(query: string, code = 'VALIDATION_ERROR') {
  try {
    parseListQuery(new URLSearchParams(query), kinds);
  } catch (err) {
    expect(err).toBeInstanceOf(HttpError);
    expect((err as HttpError).statusCode).toBe(400);
    expect((err as HttpError).code).toBe(code);
    return;
  }
  throw new Error(`expected ${query} to be refused`);
}

describe('list query semantics', () => {
  it('pages with a default of 50 and counts every match', () => {
    expect(parseListQuery(new URLSearchParams(''), kinds).limit).toBe(50);
    expect(run('limit=1&offset=1')).toEqual({ data: [rows[1]], totalCount: 3 });
    expect(run('limit=0').data).toEqual([]);
  });

  it.each(['limit=201', 'limit=2.5', 'limit=x', 'offset=-1', 'order=up'])('refuses %s', (q) => rejects(q));

  it('sorts amounts as integers, descending with -, and missing values last', () => {
    expect(ids('sort=amount')).toEqual(['c', 'a', 'b']);
    expect(ids('sort=-amount')).toEqual(['b', 'a', 'c']);
    expect(ids('sort=apr&order=desc')).toEqual(['b', 'a', 'c']);
    expect(ids('sort=apr')).toEqual(['a', 'b', 'c']);
  });

  it('sorts on several fields, nested paths and multilingual names', () => {
    expect(ids('sort=status,-block.number')).toEqual(['b', 'c', 'a']);
    expect(ids('sort=name')).toEqual(['a', 'c', 'b']);
  });

  it('filters by equality lists, :ne and case-insensitive addresses', () => {
    expect(ids('status=CLAIMED,NOPE')).toEqual(['b']);
    expect(ids('status:ne=PENDING')).toEqual(['b']);
    expect(ids('walletAddress=0xabcdef0000000000000000000000000000000001')).toEqual(['a']);
    expect(ids('isInstant=false')).toEqual(['c']);
  });

  it('matches arrays when any element matches, and :ne when none does', () => {
    expect(ids('tags=x')).toEqual(['a']);
    expect(ids('tags=y')).toEqual(['a', 'b']);
    expect(ids('tags:ne=y')).toEqual(['c']);
  });

  it('applies ranges to numbers, amounts, dates, nested numbers and names', () => {
    expect(ids('apr:gte=10')).toEqual(['b']);
    expect(ids('amount:lt=1000')).toEqual(['a', 'c']);
    expect(ids('startDate:gt=2026-01-15')).toEqual(['b', 'c']);
    expect(ids('startDate:lte=2026-02-01T00:00:00Z')).toEqual(['a', 'c']);
    expect(ids('block.number:gt=15&block.number:lt=25')).toEqual(['c']);
    expect(ids('name:ct=AMM')).toEqual(['c']);
    expect(ids('name:gte=Beta')).toEqual(['b', 'c']);
  });

  it('refuses bad operands, unknown fields and unsupported operators', () => {
    rejects('apr:gt=high');
    rejects('startDate:gte=soon');
    rejects('amount=1.5');
    rejects('isInstant=yes');
    rejects('walletAddress=0x12', 'WALLET_ADDRESS_MALFORMED');
    rejects('colour=red');
    rejects('status:gt=A');
    rejects('status:between=A');
    rejects(`_id=${Array.from({ length: 201 }, (_, i) => i).join(',')}`);
  });

  it('selects by _id and projects fields, keeping _id', () => {
    expect(run('_id=c,a&fields=status,block.number').data).toEqual([
      { _id: 'a', status: 'PENDING', block: { number: 10 } },
      { _id: 'c', status: 'PENDING', block: { number: 20 } },
    ]);
    expect(project(rows[0]!, ['missing'])).toEqual({ _id: 'a' });
  });
});
