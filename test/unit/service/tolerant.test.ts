import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { issuePath, RawListEnvelopeSchema, readRecords, withoutNulls } from '../../../shared/service';

describe('reading what the service shows', () => {
  it('takes null as absent at any depth, and drops null list entries', () => {
    expect(withoutNulls({ a: null, b: { c: null, d: 1 }, e: [null, { f: null, g: 'x' }], h: 0, i: '', j: false })).toEqual({
      b: { d: 1 },
      e: [{ g: 'x' }],
      h: 0,
      i: '',
      j: false,
    });
    expect(withoutNulls(null)).toBeNull();
  });

  it('names the field that did not fit as a path', () => {
    expect(issuePath(['requests', 0, 'vaultId'])).toBe('requests[0].vaultId');
    expect(issuePath([])).toBe('');
  });

  it('reads a page envelope whatever its totalCount says', () => {
    expect(RawListEnvelopeSchema.parse({ data: [1], totalCount: 3 }).totalCount).toBe(3);
    expect(RawListEnvelopeSchema.parse({ data: [1], totalCount: '116' }).totalCount).toBe(116);
    for (const odd of [undefined, -1, 1.5, 'many', {}]) expect(RawListEnvelopeSchema.parse({ data: [], totalCount: odd }).totalCount).toBeUndefined();
    expect(RawListEnvelopeSchema.safeParse({ data: 'x' }).success).toBe(false);
  });

  it('keeps the records that fit and sets aside the others with where and why', () => {
    const schema = z.looseObject({ _id: z.string(), amount: z.string().regex(/^\d+$/) });
    const { kept, setAside } = readRecords('GET /v1/things', [{ _id: 'a', amount: '1' }, { _id: 'b', amount: '1.5' }, 'junk', { _id: 'c', amount: '2' }], schema);
    expect(kept.map((r) => r._id)).toEqual(['a', 'c']);
    expect(setAside).toEqual([
      { endpoint: 'GET /v1/things', index: 1, id: 'b', path: 'amount', reason: expect.any(String) },
      { endpoint: 'GET /v1/things', index: 2, id: null, path: '', reason: expect.any(String) },
    ]);
  });
});
