import { describe, expect, it } from 'vitest';
import { toSearchParams } from '../../../shared/service';

describe('toSearchParams', () => {
  it('writes paging, sort, fields, ids and filters with their suffixes', () => {
    const params = toSearchParams({
      limit: 200,
      offset: 400,
      sort: ['-feePercentage', 'name'],
      order: 'desc',
      fields: ['name', 'address'],
      _id: ['a', 'b'],
      filter: { visibility: 'PUBLIC', chainId: ['c1', 'c2'], createdAt: { gte: '2026-01-01', lt: '2026-02-01' }, skipped: undefined, ok: true },
    });
    expect(params.toString()).toBe(
      'limit=200&offset=400&sort=-feePercentage%2Cname&order=desc&fields=name%2Caddress&_id=a%2Cb&visibility=PUBLIC&chainId=c1%2Cc2&createdAt%3Agte=2026-01-01&createdAt%3Alt=2026-02-01&ok=true',
    );
  });

  it('writes nothing for an empty query', () => {
    expect(toSearchParams().toString()).toBe('');
    expect(toSearchParams({ sort: [] }).toString()).toBe('');
  });
});
