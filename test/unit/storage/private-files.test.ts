import { chmodSync, mkdirSync, mkdtempSync, statSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { writeFileAtomic } from '../../../electron/services/storage/atomic-file';
import { ensurePrivateFolder } from '../../../electron/services/storage/private-folder';

const modeOf = (p: string) => statSync(p).mode & 0o777;

describe("the operator's records are their owner's only", () => {
  it('writes records 0600 in folders it creates 0700', async () => {
    const root = mkdtempSync(path.join(os.tmpdir(), 'vaultdesk-modes-'));
    const file = path.join(root, 'journals', 'batch-1.json');
    await writeFileAtomic(file, '{}');
    expect(modeOf(path.join(root, 'journals'))).toBe(0o700);
    expect(modeOf(file)).toBe(0o600);
  });

  it('creates the data folder 0700 and narrows an existing one that others could enter', () => {
    const root = mkdtempSync(path.join(os.tmpdir(), 'vaultdesk-modes-'));
    const fresh = path.join(root, 'Vaultdesk');
    ensurePrivateFolder(fresh);
    expect(modeOf(fresh)).toBe(0o700);
    const old = path.join(root, 'old-data');
    mkdirSync(old);
    chmodSync(old, 0o755);
    ensurePrivateFolder(old);
    expect(modeOf(old)).toBe(0o700);
  });
});
