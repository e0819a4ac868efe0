import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { deriveAccount, deriveAtPath } from '../../../electron/demo/chain/accounts';
import { bundleText, PLANNER_PATH } from '../../../shared/bundles';
import { ACCOUNTS, makeUnsigned, registryText, signAsPlanner, unsignedRegistryText } from '../../support/bundle-fixture';
import { runBatch as spawnBatch } from '../signing/run-batch';

// The headless offline review's own records. A demo run (--sim) trusts the simulation's planner,
// whose key is public, in memory for that run only: the next run on the same data folder without
// --sim refuses a bundle that key signed. A public key is never trusted from the command line or
// from a file outside a demo run; the registry file is taken only signed by a trusted planner; a
// damaged policy refuses the review.
let dir: string;
const SIM_PLANNER = deriveAtPath(PLANNER_PATH);
/** Two wallets of the emulated Ledger's seed, so that its device signs for them. */
const WALLETS = [10, 11].map((i, n) => ({ address: deriveAccount(i).address, label: `Lender ${n + 1}`, path: `44'/60'/0'/0/${i}`, nonce: 0 }));

const runBatch = (args: string[]) => spawnBatch(args, { VAULTDESK_API_KEY: '' });
const last = (run: { lines: string[] }) => JSON.parse(run.lines.at(-1)!) as Record<string, any>;
const deviceAsked = (run: { lines: string[] }) => run.lines.some((l) => l.includes('on-device'));

let simBundle: string;
let simRegistry: string;
let deskBundle: string;
let deskRegistry: string;

beforeAll(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'vaultdesk-runner-records-'));
  // Planned by the simulation's planner (the demo's), and by the desk's own planner.
  simBundle = path.join(dir, 'sim-bundle.json');
  await writeFile(simBundle, bundleText(signAsPlanner(makeUnsigned('deposit', WALLETS), SIM_PLANNER.privateKey)));
  simRegistry = path.join(dir, 'sim-registry.json');
  await writeFile(simRegistry, registryText(undefined, SIM_PLANNER.privateKey));
  deskBundle = path.join(dir, 'desk-bundle.json');
  await writeFile(deskBundle, bundleText(makeUnsigned('deposit', WALLETS)));
  deskRegistry = path.join(dir, 'desk-registry.json');
  await writeFile(deskRegistry, registryText());
});

afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

describe("npm run batch -- --offline: the simulation's planner is trusted for a --sim run only", () => {
  it('signs with --sim, writes nothing of its planner, and the next run without --sim on the same folder refuses its bundle', async () => {
    const folder = path.join(dir, 'shared-folder');
    const demo = await runBatch(['--offline', '--sim', '--auto-approve', '--sign', simBundle, '--registry', simRegistry, '--out', `${dir}/out/`, '--data-dir', folder]);
    expect(demo.code, demo.stderr).toBe(0);
    expect(last(demo)).toMatchObject({ signed: 4 });
    expect(demo.lines).toContain(`  trusted for this demo run only (not written): ${SIM_PLANNER.address} (the simulation's planner)`);
    const listed = await readFile(path.join(folder, 'trusted-planners.json'), 'utf8').catch(() => '');
    expect(listed.toLowerCase()).not.toContain(SIM_PLANNER.address.toLowerCase());

    const after = await runBatch(['--offline', '--emulated-device', '--auto-approve', '--sign', simBundle, '--out', `${dir}/out/`, '--data-dir', folder]);
    expect(after.code).toBe(2);
    expect(last(after).refused).toMatchObject({ code: 'BUNDLE_PLANNER_PUBLIC_KEY', message: expect.stringContaining(SIM_PLANNER.address) });
    expect(deviceAsked(after)).toBe(false);
  }, 180_000);

  it('ignores the simulation planner a demo run once wrote into trusted-planners.json, saying so, and refuses its bundle', async () => {
    const folder = path.join(dir, 'old-folder');
    await runBatch(['--offline', '--sim', '--auto-approve', '--sign', simBundle, '--registry', simRegistry, '--out', `${dir}/out/`, '--data-dir', folder]);
    // What earlier versions left behind.
    const file = path.join(folder, 'trusted-planners.json');
    await writeFile(file, JSON.stringify({ schemaVersion: 1, planners: [{ address: SIM_PLANNER.address, label: "the simulation's planner", addedAt: '2026-11-01T00:00:00.000Z', checkedBy: 'simulation' }] }));
    const run = await runBatch(['--offline', '--emulated-device', '--auto-approve', '--sign', simBundle, '--out', `${dir}/out/`, '--data-dir', folder]);
    expect(run.code).toBe(2);
    expect(run.lines.some((l) => l.startsWith(`  ignored: ${SIM_PLANNER.address}`) && l.includes(`remove it from ${file}`))).toBe(true);
    expect(last(run).refused).toMatchObject({ code: 'BUNDLE_PLANNER_PUBLIC_KEY', message: expect.stringContaining('although its trusted planners list it') });
    expect(deviceAsked(run)).toBe(false);
  }, 180_000);

  it('refuses a public key given with --trust-planner outside a demo run', async () => {
    const run = await runBatch([
      '--offline', '--emulated-device', '--auto-approve', '--sign', simBundle, '--out', `${dir}/out/`,
      '--trust-planner', ACCOUNTS.anvil0.address, '--data-dir', path.join(dir, 'anvil-folder'),
    ]);
    expect(run.code).toBe(2);
    expect(last(run).refused).toMatchObject({ code: 'PLANNER_PUBLIC_KEY', message: expect.stringContaining(ACCOUNTS.anvil0.address) });
    expect(run.stderr).toContain('anyone can sign with that key');
  }, 120_000);
});

describe('npm run batch -- --offline --registry FILE: taken only signed by a trusted planner', () => {
  const desk = (folder: string, extra: string[]) =>
    runBatch(['--offline', '--emulated-device', '--auto-approve', '--sign', deskBundle, '--out', `${dir}/out/`, '--trust-planner', ACCOUNTS.planner.address, '--data-dir', path.join(dir, folder), ...extra]);

  it('refuses an unsigned registry file, and one signed by a planner it does not trust, before the bundle', async () => {
    const unsigned = path.join(dir, 'unsigned-registry.json');
    await writeFile(unsigned, unsignedRegistryText());
    const byStranger = path.join(dir, 'stranger-registry.json');
    await writeFile(byStranger, registryText(undefined, 'stranger'));
    const first = await desk('registry-folder', ['--registry', unsigned]);
    expect(first.code).toBe(2);
    expect(last(first).refused).toMatchObject({ code: 'REGISTRY_UNSIGNED' });
    const second = await desk('registry-folder', ['--registry', byStranger]);
    expect(second.code).toBe(2);
    expect(last(second).refused).toMatchObject({ code: 'REGISTRY_PLANNER_UNKNOWN', message: expect.stringContaining(ACCOUNTS.stranger.address) });
    expect(deviceAsked(first) || deviceAsked(second)).toBe(false);
  }, 180_000);

  it("imports its trusted planner's file, printing who signed it and its fingerprint; a damaged policy then refuses the review", async () => {
    const ok = await desk('policy-folder', ['--registry', deskRegistry]);
    expect(ok.code, ok.stderr).toBe(0);
    expect(ok.lines.some((l) => l.startsWith(`vault registry ${deskRegistry} imported: 1 vaults, signed by the planner added with --trust-planner ${ACCOUNTS.planner.address}`))).toBe(true);
    const policy = path.join(dir, 'policy-folder', 'offline-policy.json');
    await writeFile(policy, '{"schemaVersion":1,"policy":{"chainIds":[1],');
    const refused = await desk('policy-folder', []);
    expect(refused.code).toBe(2);
    expect(last(refused).refused).toMatchObject({ code: 'OFFLINE_RECORD_DAMAGED', message: expect.stringContaining(policy) });
    expect(deviceAsked(refused)).toBe(false);
  }, 180_000);
});
