import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { FileLogger, neverThrowing, type Logger } from '../../../electron/services/log/logger';

const stderr = vi.spyOn(process.stderr, 'write').mockImplementation(() => true);
afterEach(() => stderr.mockClear());

describe('a log write never throws', () => {
  it('on a full disk (/dev/full): the line goes to stderr and is counted', () => {
    const log = new FileLogger('/dev/full');
    expect(() => log.warn('refused a bridge connection without the launch token', { origin: 'https://evil.example' })).not.toThrow();
    expect(() => log.error('an error nobody handled')).not.toThrow();
    expect(log.linesNotWritten).toBe(2);
    expect(stderr.mock.calls.map(([chunk]) => String(chunk)).join('')).toContain('could not be written to /dev/full');
  });

  it('when the log folder cannot exist, and says how many lines were lost once it can be written again', () => {
    const root = mkdtempSync(path.join(os.tmpdir(), 'vaultdesk-log-'));
    // The log folder's name is taken by a file: no folder, no log.
    writeFileSync(path.join(root, 'logs'), 'not a folder');
    const file = path.join(root, 'logs', 'vaultdesk.log');
    const log = new FileLogger(file);
    for (let i = 0; i < 3; i++) expect(() => log.info(`line ${i}`)).not.toThrow();
    expect(log.linesNotWritten).toBe(3);
    rmSync(path.join(root, 'logs'));
    mkdirSync(path.join(root, 'logs'));
    log.info('back');
    const line = JSON.parse(readFileSync(file, 'utf8').trim()) as Record<string, unknown>;
    expect(line).toMatchObject({ message: 'back', linesNotWritten: 3 });
    expect(log.linesNotWritten).toBe(0);
  });

  it('with a field that cannot be serialised: the message is written without it', () => {
    const file = path.join(mkdtempSync(path.join(os.tmpdir(), 'vaultdesk-log-')), 'vaultdesk.log');
    const cyclic: Record<string, unknown> = {};
    cyclic.self = cyclic;
    expect(() => new FileLogger(file).warn('odd record', { record: cyclic, amount: 10n })).not.toThrow();
    expect(JSON.parse(readFileSync(file, 'utf8').trim())).toMatchObject({ message: 'odd record', fieldsNotWritten: true });
  });

  it('through any logger wrapped by neverThrowing', () => {
    const throwing: Logger = {
      info: () => {
        throw new Error('ENOSPC');
      },
      warn: () => {
        throw new Error('ENOSPC');
      },
      error: () => {
        throw new Error('ENOSPC');
      },
    };
    const log = neverThrowing(throwing);
    expect(() => log.error('an error nobody handled')).not.toThrow();
    expect(stderr.mock.calls.map(([chunk]) => String(chunk)).join('')).toContain('an error nobody handled');
  });
});
