import { describe, expect, it } from 'vitest';
import { chainRows, failure, fakeClient, fakeListService, type Misbehaviour } from './fake-service';

/** `listAll` against services that page in every way the spec allows, and some it does not. */

async function readAll(rows: ReturnType<typeof chainRows>, misbehaviour: Misbehaviour, maxPages?: number) {
  const { fetchImpl, urls } = fakeListService(rows, misbehaviour);
  const client = fakeClient(fetchImpl, maxPages !== undefined ? { maxPages } : {});
  const all = await client.listAll('chains');
  return { ids: all.map((c) => c._id), urls };
}

const expectEvery = (ids: string[], rows: ReturnType<typeof chainRows>) => expect(ids).toEqual(rows.map((r) => r._id));

describe('listAll paging', () => {
  it('pages by totalCount, 200 at a time', async () => {
    const rows = chainRows(450);
    const { ids, urls } = await readAll(rows, {});
    expectEvery(ids, rows);
    expect(urls.map((u) => u.searchParams.get('offset'))).toEqual(['0', '200', '400']);
  });

  it('keeps paging at the size a server caps its pages to, while totalCount says more', async () => {
    const rows = chainRows(116);
    const { ids, urls } = await readAll(rows, { cap: 100 });
    expectEvery(ids, rows);
    expect(urls.map((u) => u.searchParams.get('offset'))).toEqual(['0', '100']);
  });

  it('reads every record from a server that ignores limit and pages by its own default', async () => {
    const rows = chainRows(116);
    const { ids, urls } = await readAll(rows, { ignoreLimit: true, defaultLimit: 50 });
    expectEvery(ids, rows);
    expect(urls).toHaveLength(3);
  });

  it('without totalCount reads on past a short page (it may be the cap) and stops at an empty one', async () => {
    const short = chainRows(250);
    const first = await readAll(short, { noTotalCount: true });
    expectEvery(first.ids, short);
    expect(first.urls.map((u) => u.searchParams.get('offset'))).toEqual(['0', '200', '250']);

    const capped = chainRows(116);
    const third = await readAll(capped, { noTotalCount: true, cap: 100 });
    expectEvery(third.ids, capped);
    expect(third.urls.map((u) => u.searchParams.get('offset'))).toEqual(['0', '100', '116']);

    const exact = chainRows(400);
    const second = await readAll(exact, { noTotalCount: true });
    expectEvery(second.ids, exact);
    expect(second.urls).toHaveLength(3);
  });

  it('without totalCount stops at a page of records already seen (offset ignored), never yielding one twice', async () => {
    const rows = chainRows(200);
    const { ids, urls } = await readAll(rows, { noTotalCount: true, ignoreOffset: true });
    expectEvery(ids, rows);
    expect(urls).toHaveLength(2);
  });

  it('reports a server that ignores offset while totalCount says more, instead of returning duplicates', async () => {
    const { fetchImpl } = fakeListService(chainRows(116), { cap: 100, ignoreOffset: true });
    const err = await failure(fakeClient(fetchImpl).listAll('chains'));
    expect(err.code).toBe('SERVICE_BAD_RESPONSE');
    expect(err.message).toMatch(/same records again.*100 of 116/);
    expect(err.details).toMatchObject({ endpoint: 'GET /v1/chains', offset: 100 });
  });

  it('caps the number of pages with a clear error instead of looping', async () => {
    // No totalCount, full pages that are always new: a server that never says "done".
    let n = 0;
    const endless = (async () =>
      new Response(JSON.stringify({ data: Array.from({ length: 200 }, () => ({ _id: `c${n++}` })) }), { status: 200 })) as unknown as typeof fetch;
    const client = fakeClient(endless, { maxPages: 5 });
    const err = await failure(client.listAll('chains'));
    expect(err).toMatchObject({ code: 'SERVICE_BAD_RESPONSE', details: { endpoint: 'GET /v1/chains', pages: 5, records: 1000 } });
    expect(err.message).toMatch(/stopped after 5 pages/);
    expect(err.action).toBeTruthy();
    expect(n).toBe(1000);
  });

  it('pages on past a page whose every record is set aside, keeping the records after it', async () => {
    const rows = chainRows(450).map((r, i) => (i >= 200 && i < 400 ? { ...r, _id: 42 } : r));
    const { fetchImpl, urls } = fakeListService(rows, {});
    const setAside: unknown[] = [];
    const all = await fakeClient(fetchImpl, { onSetAside: (r) => setAside.push(...r) }).listAll('chains');
    expect(all.map((c) => c._id)).toEqual([...rows.slice(0, 200), ...rows.slice(400)].map((r) => r._id));
    expect(setAside).toHaveLength(200);
    expect(urls.map((u) => u.searchParams.get('offset'))).toEqual(['0', '200', '400']);
  });

  it('tells records without an _id apart by their content', async () => {
    const request = (wallet: string, amount: string) => ({ vaultId: 'v1', type: 'DEPOSIT', amount, walletAddress: wallet, status: 'PENDING' });
    const a = request(`0x${'a'.repeat(40)}`, '1');
    const b = request(`0x${'b'.repeat(40)}`, '1');
    const c = request(`0x${'a'.repeat(40)}`, '2');
    const { fetchImpl } = fakeListService([a, b, c], { noTotalCount: true, ignoreOffset: true, cap: 3 });
    const client = fakeClient(fetchImpl);
    expect(await client.listAll('vaultRequests', { limit: 3 })).toEqual([a, b, c]);
  });
});
