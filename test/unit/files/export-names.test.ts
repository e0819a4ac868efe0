import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { bundleFileName, exportFileName, registryFileName, transactionsFileName, walletImportReportFileName } from '../../../shared/files/export-names';

const ROOT = fileURLToPath(new URL('../../../', import.meta.url));
const OWNER = join('shared', 'files', 'export-names.ts');

function sources(dir: string): string[] {
  return readdirSync(join(ROOT, dir), { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sources(path);
    return /\.tsx?$/.test(entry.name) ? [path] : [];
  });
}

describe('the names of the files the console writes for the operator', () => {
  const at = new Date(Date.UTC(2026, 10, 23, 19, 35, 7));

  it('say what, which group or batch, and when', () => {
    expect(exportFileName('wallets', 'Fund II / lenders', 'json', at)).toBe('vaultdesk-wallets-fund-ii-lenders-2026-11-23.json');
    expect(exportFileName('batch-deposit', null, 'csv', at)).toBe('vaultdesk-batch-deposit-all-2026-11-23.csv');
    expect(exportFileName('points-s1', '!!!', 'csv', at)).toBe('vaultdesk-points-s1-group-2026-11-23.csv');
    expect(transactionsFileName('', at)).toBe('vaultdesk-transactions-all-wallets-2026-11-23.csv');
    expect(registryFileName(at)).toBe('vaultdesk-registry-20261123.json');
    expect(walletImportReportFileName(at)).toBe('vaultdesk-wallet-import-20261123-193507.csv');
    expect(bundleFileName('signed', { createdAt: at.toISOString(), action: 'claim', vaults: 'alpha', items: '6tx', checksum: 'sha256:9f8e7d6c55' })).toBe(
      'vaultdesk-signed-20261123-1935-claim-alpha-6tx-9f8e7d6c.json',
    );
  });

  it('are spelled in one module: no other product file, script or screen writes one', () => {
    const spelled = ['electron', 'shared', 'renderer/src', 'scripts']
      .flatMap(sources)
      .filter((file) => file !== OWNER && !file.startsWith(join('electron', 'sim')))
      .filter((file) => /`vaultdesk-[a-z-]*\$\{/.test(readFileSync(join(ROOT, file), 'utf8')));
    expect(spelled, 'name the file with shared/files/export-names.ts').toEqual([]);
  });
});
