import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { DATA_DIR_ENV, dataFolder, logFileIn } from '../../../electron/services/storage/data-folder';

describe('the data folder, decided alike by every entry point', () => {
  const saved = process.env[DATA_DIR_ENV];
  afterEach(() => {
    if (saved === undefined) delete process.env[DATA_DIR_ENV];
    else process.env[DATA_DIR_ENV] = saved;
  });

  it('takes --data-dir first, then VAULTDESK_DATA_DIR, then the entry point default, always absolute', () => {
    process.env[DATA_DIR_ENV] = '/from/env';
    expect(dataFolder('relative/desk', () => '/default')).toBe(path.resolve('relative/desk'));
    expect(dataFolder(undefined, () => '/default')).toBe('/from/env');
    delete process.env[DATA_DIR_ENV];
    expect(dataFolder(undefined, () => '/default')).toBe('/default');
    expect(path.isAbsolute(dataFolder(undefined))).toBe(true);
  });

  it('keeps the log in logs/ of the folder', () => {
    expect(logFileIn('/desk')).toBe(path.join('/desk', 'logs', 'vaultdesk.log'));
  });
});
