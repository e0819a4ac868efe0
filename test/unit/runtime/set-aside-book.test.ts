import { describe, expect, it } from 'vitest';
import { readKey, SetAsideBook } from '../../../electron/runtime/set-aside-book';
import type { SetAsideRecord } from '../../../shared/portfolio/schemas';

const record = (endpoint: string, index: number): SetAsideRecord => ({
  endpoint,
  index,
  id: `${endpoint}#${index}`,
  path: 'feePercentage',
  reason: 'Invalid input',
});
const tick = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('set-aside book', () => {
  it('counts what the latest read of each list set aside: a read again replaces its records, never adds to them', async () => {
    const book = new SetAsideBook();
    const vaults = readKey('listAll', ['vaults']);
    await book.track(vaults, async () => book.tell([record('GET /v1/vaults', 1), record('GET /v1/vaults', 4)]));
    await book.track(readKey('listAll', ['tokens']), async () => book.tell([record('GET /v1/tokens', 0)]));
    expect(book.summary().count).toBe(3);
    await book.track(vaults, async () => book.tell([record('GET /v1/vaults', 1), record('GET /v1/vaults', 4)]));
    expect(book.summary().count).toBe(3);
    await book.track(vaults, async () => undefined);
    expect(book.summary()).toEqual({ count: 1, records: [record('GET /v1/tokens', 0)] });
  });

  it('gives each of concurrent reads of one endpoint its own records', async () => {
    const book = new SetAsideBook();
    const requestsOf = (vaultId: string, told: number) =>
      book.track(readKey('listAll', ['vaultRequests', { filter: { vaultId } }]), async () => {
        await tick();
        book.tell(Array.from({ length: told }, (_, i) => record('GET /v1/vault-requests', i)));
        await tick();
      });
    await Promise.all([requestsOf('a', 2), requestsOf('b', 1)]);
    expect(book.summary().count).toBe(3);
    // Vault a's requests read again, with nothing set aside: only vault b's record is left.
    await requestsOf('a', 0);
    expect(book.summary().count).toBe(1);
  });

  it('keeps the records of a read that fails, since its last figures are what is still shown', async () => {
    const book = new SetAsideBook();
    const key = readKey('listAll', ['vaults']);
    await book.track(key, async () => book.tell([record('GET /v1/vaults', 2)]));
    await expect(book.track(key, async () => Promise.reject(new Error('503')))).rejects.toThrow('503');
    expect(book.summary().count).toBe(1);
  });

  it('settles a walk of pages once its last page is read', async () => {
    const book = new SetAsideBook();
    async function* walk() {
      book.tell([record('GET /v1/transactions', 0)]);
      yield [1];
      await tick();
      book.tell([record('GET /v1/transactions', 3)]);
      yield [2];
    }
    const pages: number[][] = [];
    for await (const page of book.trackWalk(readKey('pages', ['transactions']), walk)) pages.push(page);
    expect(pages).toEqual([[1], [2]]);
    expect(book.summary().count).toBe(2);
  });

  it('tells its listeners when the count or the list changes, and only then', async () => {
    const book = new SetAsideBook();
    let told = 0;
    book.subscribe(() => told++);
    const key = readKey('listAll', ['vaults']);
    await book.track(key, async () => book.tell([record('GET /v1/vaults', 2)]));
    await book.track(key, async () => book.tell([record('GET /v1/vaults', 2)]));
    expect(told).toBe(1);
    book.clear();
    expect(told).toBe(2);
    expect(book.summary().count).toBe(0);
  });

  it('names a read by its method and arguments, without its abort signal', () => {
    const signal = new AbortController().signal;
    expect(readKey('listAll', ['vaults', { limit: 5 }, { signal }])).toBe(readKey('listAll', ['vaults', { limit: 5 }, {}]));
    expect(readKey('listAll', ['vaults', { limit: 5 }])).not.toBe(readKey('listAll', ['vaults', { limit: 6 }]));
  });
});
