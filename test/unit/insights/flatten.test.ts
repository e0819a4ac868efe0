import { describe, expect, it } from 'vitest';
import { flattenForDisplay, humanizeKey } from '../../../shared/insights/flatten';

describe('integration flattening', () => {
  it('turns nested objects into one labelled line per leaf, in key order', () => {
    const lines = flattenForDisplay({
      defillama: { project: 'vaultline', pool: 'abc123' },
      coingecko: { id: null },
      custodian: { name: 'Fireblocks', segregated: true },
    });
    expect(lines.map((l) => [l.label, l.value, l.kind])).toEqual([
      ['Defillama › Project', 'vaultline', 'text'],
      ['Defillama › Pool', 'abc123', 'text'],
      ['Coingecko › ID', 'not set', 'empty'],
      ['Custodian › Name', 'Fireblocks', 'text'],
      ['Custodian › Segregated', 'yes', 'boolean'],
    ]);
    expect(lines[1]!.key).toBe('defillama.pool');
  });

  it('marks http(s) addresses as links and nothing else', () => {
    const lines = flattenForDisplay({ docs: 'https://vaultline.example/docs', ftp: 'ftp://x.example/a', note: 'see https://x.example' });
    expect(lines.map((l) => [l.kind, l.url])).toEqual([
      ['link', 'https://vaultline.example/docs'],
      ['text', null],
      ['text', null],
    ]);
  });

  it('writes a list of plain values on one line, and a list of objects as numbered groups', () => {
    const lines = flattenForDisplay({ chains: ['Ethereum', 'Arbitrum'], auditors: [{ name: 'A' }, { name: 'B', report: 'https://a.example/r.pdf' }], tags: [] });
    expect(lines.map((l) => [l.label, l.value])).toEqual([
      ['Chains', 'Ethereum, Arbitrum'],
      ['Auditors › #1 › Name', 'A'],
      ['Auditors › #2 › Name', 'B'],
      ['Auditors › #2 › Report', 'https://a.example/r.pdf'],
      ['Tags', 'none'],
    ]);
  });

  it('keeps multilingual texts whole, for the reader’s language', () => {
    const [line] = flattenForDisplay({ note: { en: 'Audited', fr: 'Audité' } });
    expect(line).toMatchObject({ label: 'Note', value: 'Audited', kind: 'text', texts: { en: 'Audited', fr: 'Audité' } });
  });

  it('numbers stay as written; depth and size are bounded and say what they left out', () => {
    expect(flattenForDisplay({ apr: 9.75 })[0]).toMatchObject({ label: 'APR', value: '9.75', kind: 'number' });
    const deep = flattenForDisplay({ a: { b: { c: { d: 1 } } } }, { maxDepth: 2 });
    expect(deep).toEqual([expect.objectContaining({ label: 'A › B', value: '{"c":{"d":1}}' })]);
    const many = flattenForDisplay(Object.fromEntries(Array.from({ length: 12 }, (_, i) => [`k${i}`, i])), { maxEntries: 10 });
    expect(many).toHaveLength(11);
    expect(many.at(-1)!.value).toBe('2 more values not shown');
  });

  it('names keys in words', () => {
    expect(humanizeKey('pointsPerDollarPerDay')).toBe('Points per dollar per day');
    expect(humanizeKey('vaultId')).toBe('Vault ID');
    expect(humanizeKey('TVL')).toBe('TVL');
    expect(humanizeKey('BASE_APR')).toBe('Base APR');
    expect(humanizeKey('explorer_url')).toBe('Explorer URL');
  });
});
