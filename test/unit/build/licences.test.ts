import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { licenceAllowed, loadAllowlist, shippedPackages, thirdPartyNotices } from '../../../scripts/licences';

const root = path.resolve(import.meta.dirname, '../../..');
const allowed = loadAllowlist(root);

/** A project folder with the given packages installed flat, as npm lays them out. */
function project(packages: Record<string, { licence?: string; deps?: string[] }>, deps: string[]): string {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'vaultdesk-licences-'));
  writeFileSync(
    path.join(dir, 'package.json'),
    JSON.stringify({ name: 'app', dependencies: Object.fromEntries(deps.map((d) => [d, '*'])) }),
  );
  for (const [name, p] of Object.entries(packages)) {
    mkdirSync(path.join(dir, 'node_modules', name), { recursive: true });
    writeFileSync(
      path.join(dir, 'node_modules', name, 'package.json'),
      JSON.stringify({
        name,
        version: '1.0.0',
        ...(p.licence ? { license: p.licence } : {}),
        dependencies: Object.fromEntries((p.deps ?? []).map((d) => [d, '*'])),
      }),
    );
    writeFileSync(path.join(dir, 'node_modules', name, 'LICENSE'), `${p.licence ?? ''} licence text of ${name}`);
  }
  return dir;
}

describe('licences of the production tree', () => {
  it('are all on the allowlist kept in the repository', () => {
    const packages = shippedPackages(root);
    expect(packages.length).toBeGreaterThan(50);
    expect(packages.filter((p) => !licenceAllowed(p.licence, allowed)).map((p) => `${p.name} ${p.licence}`)).toEqual([]);
  });

  it('finds a copyleft or missing licence deep in the tree, and reads SPDX expressions', () => {
    const dir = project(
      { a: { licence: 'MIT', deps: ['b'] }, b: { licence: '(MIT OR GPL-3.0)', deps: ['c', 'd'] }, c: { licence: 'GPL-3.0-only' }, d: {} },
      ['a'],
    );
    const packages = shippedPackages(dir);
    expect(packages.map((p) => p.name)).toEqual(['a', 'b', 'c', 'd']);
    expect(packages.filter((p) => !licenceAllowed(p.licence, allowed)).map((p) => p.name)).toEqual(['c', 'd']);
    expect(licenceAllowed('MIT AND GPL-3.0-only', allowed)).toBe(false);
    expect(licenceAllowed('Apache-2.0 OR MIT', allowed)).toBe(true);
  });

  it('writes third-party notices with each package, its licence and its text, and packages them', () => {
    const dir = project({ a: { licence: 'MIT' } }, ['a']);
    const notices = thirdPartyNotices(shippedPackages(dir));
    expect(notices).toContain('a 1.0.0\nLicence: MIT\n\nMIT licence text of a');
    const builder = parse(readFileSync(path.join(root, 'electron.builder.yml'), 'utf8')) as {
      extraResources: Array<{ from: string; to: string }>;
    };
    expect(builder.extraResources).toContainEqual({ from: 'out/licences/THIRD-PARTY-NOTICES.txt', to: 'THIRD-PARTY-NOTICES.txt' });
    expect(JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8')).scripts.dist).toContain(
      'scripts/licences.ts --notices out/licences/THIRD-PARTY-NOTICES.txt',
    );
  });
});
