import { execFile } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { checkLicences, loadPolicy, thirdPartyNotices } from '../../../scripts/licences';

const root = path.resolve(import.meta.dirname, '../../..');
const run = promisify(execFile);

type Installed = Record<string, { licence?: string; deps?: string[] }>;

/** A project folder with the given packages installed flat, as npm lays them out. */
function project(packages: Installed, deps: string[], devDeps: string[] = []): string {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'vaultdesk-licences-'));
  const ranges = (names: string[]) => Object.fromEntries(names.map((d) => [d, '1.0.0']));
  writeFileSync(
    path.join(dir, 'package.json'),
    JSON.stringify({ name: 'app', version: '1.0.0', dependencies: ranges(deps), devDependencies: ranges(devDeps) }),
  );
  install(dir, packages);
  return dir;
}

function install(dir: string, packages: Installed): void {
  for (const [name, p] of Object.entries(packages)) {
    mkdirSync(path.join(dir, 'node_modules', name), { recursive: true });
    writeFileSync(
      path.join(dir, 'node_modules', name, 'package.json'),
      JSON.stringify({
        name,
        version: '1.0.0',
        ...(p.licence ? { license: p.licence } : {}),
        dependencies: Object.fromEntries((p.deps ?? []).map((d) => [d, '1.0.0'])),
      }),
    );
    writeFileSync(path.join(dir, 'node_modules', name, 'LICENSE'), `${p.licence ?? ''} licence text of ${name}`);
  }
}

/** The check as `npm test` runs it, on another project folder: exit code and what it printed. */
async function licenceCheck(...args: string[]): Promise<{ code: number; output: string }> {
  try {
    const { stdout, stderr } = await run(
      process.execPath,
      [path.join(root, 'node_modules/tsx/dist/cli.mjs'), path.join(root, 'scripts/licences.ts'), ...args],
      {
        cwd: root,
        timeout: 120_000,
      },
    );
    return { code: 0, output: stdout + stderr };
  } catch (err) {
    const e = err as { code?: number; stdout?: string; stderr?: string };
    return { code: typeof e.code === 'number' ? e.code : -1, output: `${e.stdout ?? ''}${e.stderr ?? ''}` };
  }
}

describe('licences of the production tree', () => {
  it('are all on the allowlist kept in the repository', { timeout: 120_000 }, async () => {
    const packages = await checkLicences(root, loadPolicy());
    expect(packages.length).toBeGreaterThan(50);
    expect(packages.map((p) => p.name)).toEqual(expect.arrayContaining(['viem', 'keytar', 'tldts']));
    // Tools that never ship are not judged.
    expect(packages.map((p) => p.name)).not.toContain('licensee');
    expect(packages.filter((p) => !p.approved).map((p) => `${p.name} ${String(p.licence)}`)).toEqual([]);
  });

  it(
    'fails naming a package with a licence outside the allowlist, and passes once it is an allowed one',
    { timeout: 240_000 },
    async () => {
      const dir = project(
        {
          a: { licence: 'MIT', deps: ['b'] },
          b: { licence: '(MIT OR GPL-3.0)', deps: ['c', 'd'] },
          c: { licence: 'GPL-3.0' },
          d: {},
          'dev-tool': { licence: 'AGPL-3.0' },
        },
        ['a'],
        ['dev-tool'],
      );
      const refused = await licenceCheck('--project', dir);
      expect(refused.code).toBe(1);
      expect(refused.output).toContain('c@1.0.0: GPL-3.0');
      expect(refused.output).toContain('d@1.0.0: no licence declared');
      expect(refused.output).toContain('2 outside security/licence-allowlist.json');
      expect(refused.output).toContain('add it to "allowed"');
      // A choice that can be met with allowed licences passes; a development tool is not shipped.
      expect(refused.output).not.toMatch(/ b@1\.0\.0|dev-tool/);

      install(dir, { c: { licence: 'Apache-2.0' }, d: { licence: 'ISC' } });
      const passed = await licenceCheck('--project', dir);
      expect(passed).toMatchObject({ code: 0, output: expect.stringContaining('4 production packages checked by licensee, 0 outside') });
    },
  );

  it('accepts a listed exception with its reason, and refuses an exception without one', { timeout: 60_000 }, async () => {
    const dir = project({ a: { licence: 'MIT', deps: ['c'] }, c: { licence: 'GPL-3.0' } }, ['a']);
    const policyFile = path.join(dir, 'policy.json');
    const base = JSON.parse(readFileSync(path.join(root, 'security/licence-allowlist.json'), 'utf8'));
    writeFileSync(
      policyFile,
      JSON.stringify({ ...base, exceptions: [{ package: 'c', versions: '1.x', reason: 'Test: linked at arm’s length.' }] }),
    );
    const packages = await checkLicences(dir, loadPolicy(policyFile));
    expect(packages.find((p) => p.name === 'c')).toMatchObject({ approved: true, exception: true });

    writeFileSync(policyFile, JSON.stringify({ ...base, exceptions: [{ package: 'c', versions: '2.x', reason: 'A later version.' }] }));
    expect((await checkLicences(dir, loadPolicy(policyFile))).find((p) => p.name === 'c')).toMatchObject({ approved: false });

    writeFileSync(policyFile, JSON.stringify({ ...base, exceptions: [{ package: 'c', versions: '1.x' }] }));
    expect(() => loadPolicy(policyFile)).toThrow(/reason/);
  });

  it('writes third-party notices with each package, its licence and its text, and packages them', { timeout: 60_000 }, async () => {
    const dir = project({ a: { licence: 'MIT' } }, ['a']);
    const notices = thirdPartyNotices(await checkLicences(dir, loadPolicy()));
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
