import { EventEmitter } from 'node:events';
import { mkdtempSync, readFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import { FileLogger } from '../../../electron/services/log/logger';
import { keepServingAfterUncaughtErrors } from '../../../electron/shell/process-guard';

describe('the browser shell process', () => {
  it('logs an error nobody handled and keeps running, until the guard is removed', () => {
    const file = path.join(mkdtempSync(path.join(os.tmpdir(), 'vaultdesk-guard-')), 'vaultdesk.log');
    const proc = new EventEmitter();
    const remove = keepServingAfterUncaughtErrors(new FileLogger(file), proc);
    expect(proc.emit('uncaughtException', new TypeError('Invalid URL'))).toBe(true);
    expect(proc.emit('unhandledRejection', new Error('socket hang up'))).toBe(true);
    const log = readFileSync(file, 'utf8');
    expect(log).toContain('an error nobody handled; the console keeps running');
    expect(log).toContain('Invalid URL');
    expect(log).toContain('socket hang up');
    remove();
    expect(proc.listenerCount('uncaughtException')).toBe(0);
  });

  it('keeps running when its own logging fails (a full disk)', () => {
    const proc = new EventEmitter();
    const stderr = vi.spyOn(process.stderr, 'write').mockImplementation(() => true);
    try {
      const failing = { info: fail, warn: fail, error: fail };
      keepServingAfterUncaughtErrors(failing, proc);
      expect(() => proc.emit('uncaughtException', new TypeError('Invalid URL'))).not.toThrow();
      expect(() => proc.emit('unhandledRejection', new Error('socket hang up'))).not.toThrow();
      keepServingAfterUncaughtErrors(new FileLogger('/dev/full'), proc);
      expect(() => proc.emit('uncaughtException', new TypeError('Invalid URL'))).not.toThrow();
    } finally {
      stderr.mockRestore();
    }
  });
});

function fail(): never {
  throw Object.assign(new Error('ENOSPC: no space left on device, write'), { code: 'ENOSPC' });
}
