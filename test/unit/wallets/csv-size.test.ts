import { describe, expect, it } from 'vitest';
import { dispatch } from '../../../electron/runtime/dispatch';
import type { Handlers } from '../../../electron/runtime/handlers';
import { parseWalletCsv } from '../../../shared/wallets/wallet-csv';
import { checkCsvSize, formatFileSize } from '../../../shared/wallets/csv-size';
import { CSV_MAX_BYTES } from '../../../shared/wallets/schemas';

describe('the CSV import size limit', () => {
  it('accepts a file of exactly the limit and refuses one byte more, saying the limit and what to do', () => {
    expect(checkCsvSize(CSV_MAX_BYTES)).toEqual({ ok: true });
    const refused = checkCsvSize(CSV_MAX_BYTES + 1);
    expect(refused).toMatchObject({ ok: false });
    if (refused.ok) return;
    expect(refused.message).toBe('The file is just over the 1 MiB a CSV import takes at once.');
    expect(checkCsvSize(1.5 * 1024 * 1024, 'book.csv')).toMatchObject({
      message: 'The file book.csv is 1.5 MiB, more than the 1 MiB a CSV import takes at once.',
    });
    expect(refused.action).toBe('Split it into files of at most 1 MiB (and 10,000 rows) and import them one after the other.');
  });

  it('writes sizes as an operator reads them', () => {
    expect(formatFileSize(1000)).toBe('1 KiB');
    expect(formatFileSize(980 * 1024)).toBe('980 KiB');
    expect(formatFileSize(1024 * 1024)).toBe('1 MiB');
    expect(formatFileSize(1024 * 1024 + 1)).toBe('1 MiB');
    expect(formatFileSize(3.52 * 1024 * 1024)).toBe('3.5 MiB');
  });

  it('gives the importer the same words for text over the limit', () => {
    const text = `address\n${'x'.repeat(CSV_MAX_BYTES)}`;
    expect(parseWalletCsv(text)).toEqual({
      ok: false,
      reason: expect.stringContaining('just over the 1 MiB a CSV import takes at once. Split it'),
    });
  });

  it('answers an oversized call on the IPC bridge with what to do, not a bare schema error', async () => {
    const result = await dispatch(
      {} as Handlers,
      'wallets.importCsv',
      { csv: 'x'.repeat(CSV_MAX_BYTES + 2048) },
      { transport: 'electron' },
    );
    expect(result).toMatchObject({ ok: false, error: { code: 'IPC_BAD_INPUT' } });
    if (result.ok) return;
    expect(result.error.message).toContain('a CSV import takes at once');
    expect(result.error.message).toContain('Split it into files of at most 1 MiB');
  });
});
