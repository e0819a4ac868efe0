import { readdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ConsoleRuntime } from '../../../electron/runtime';
import { dispatch } from '../../../electron/runtime/dispatch';
import { bundleText } from '../../../shared/bundles';
import { DEFAULT_OFFLINE_POLICY } from '../../../shared/bundles/policy';
import { startTestRuntime, testDataDir, usbLedgerStandIn } from '../../support/test-runtime';
import { ACCOUNTS, DEFAULT_VAULT, makeUnsigned, registryText, signAsPlanner, unsignedRegistryText } from '../../support/bundle-fixture';

// An offline-review install whose own records are damaged on disk. Each refuses every review,
// naming its file and how to repair it: a damaged policy never falls back to the default one, so a
// bundle the operator's policy refused is still refused and nothing is signed (the attack of a
// damaged offline-policy.json). The registry file it imports is taken only signed by a planner it trusts.
const ctx = { transport: 'browser' as const };
let runtime: ConsoleRuntime;
let dataDir: string;
/** Whether the offline install's Ledger was asked for anything (it must not be). */
const deviceAsked: string[] = [];

const call = async (method: string, input: unknown): Promise<any> => {
  const result = await dispatch(runtime.handlers, method, input, ctx);
  if (!result.ok) throw new Error(`${method}: ${result.error.code} ${result.error.message}`);
  return result.value;
};
const refusal = async (method: string, input: unknown) => {
  const result = await dispatch(runtime.handlers, method, input, ctx);
  if (result.ok) throw new Error(`${method} was accepted`);
  return result.error;
};

/** X: a deposit of 250.5 USDC per transaction, which the operator's policy limits to 100 USDC. */
const bundleX = () => bundleText(makeUnsigned('deposit'));
const POLICY = {
  ...DEFAULT_OFFLINE_POLICY,
  tokenLimits: [{ chainId: DEFAULT_VAULT.chainId, token: DEFAULT_VAULT.underlying.address, symbol: 'USDC', decimals: 6, maxUnits: '100' }],
};

beforeAll(async () => {
  dataDir = testDataDir('damaged-records');
  // The planner this install trusts, as Settings → Trusted planners wrote it once the planner's Ledger showed its address.
  await writeFile(
    path.join(dataDir, 'trusted-planners.json'),
    JSON.stringify({ schemaVersion: 1, planners: [{ address: ACCOUNTS.planner.address, label: 'Planning desk', addedAt: '2026-11-01T09:00:00.000Z', checkedBy: 'device' }] }),
  );
  ({ runtime } = await startTestRuntime('damaged-records', {
    dataDir,
    offline: true,
    startSimulation: () => Promise.reject(new Error('an offline install never starts the simulation')),
    startDevice: usbLedgerStandIn({}, (emulator) =>
      emulator.subscribe((event) => {
        if (event.type === 'awaiting-confirmation') deviceAsked.push(event.kind);
      }),
    ),
  }));
});

afterAll(async () => {
  await runtime?.close();
});

describe("the offline install's registry file is taken only signed by a planner it trusts", () => {
  it('refuses an unsigned registry, and one signed by a planner it does not trust, importing nothing', async () => {
    const unsigned = await refusal('registry.import', { content: unsignedRegistryText(), fileName: 'vaultdesk-registry.json' });
    expect(unsigned).toMatchObject({ code: 'REGISTRY_UNSIGNED', action: expect.stringContaining('Export the vault registry again') });
    const stranger = await refusal('registry.import', { content: registryText(undefined, 'stranger'), fileName: 'vaultdesk-registry.json' });
    expect(stranger).toMatchObject({ code: 'REGISTRY_PLANNER_UNKNOWN', message: expect.stringContaining(ACCOUNTS.stranger.address) });
    const anvil = await refusal('registry.import', { content: registryText(undefined, 'anvil0'), fileName: 'vaultdesk-registry.json' });
    expect(anvil).toMatchObject({ code: 'REGISTRY_PLANNER_PUBLIC_KEY' });
    expect(await call('registry.held', {})).toEqual({ vaults: 0, source: null });
  });

  it('imports the registry its trusted planner signed, saying who signed it and its fingerprint', async () => {
    const imported = await call('registry.import', { content: registryText(), fileName: 'vaultdesk-registry.json' });
    expect(imported).toMatchObject({ vaults: 1, planner: ACCOUNTS.planner.address, plannerLabel: 'Planning desk' });
    expect((await call('registry.held', {})).source).toMatchObject({ fingerprint: imported.fingerprint, fileName: 'vaultdesk-registry.json' });
    // A bundle is then reviewed: the planner, the registry and the (default) policy all pass.
    const reviewed = await call('bundles.importUnsigned', { content: bundleX(), fileName: 'x.json' });
    expect(reviewed.plan.warnings.join(' ')).toContain('Planned and signed by Planning desk');
  });
});

describe('a damaged offline-policy.json refuses every review (the attack of finding 7)', () => {
  it("refuses X under the operator's policy", async () => {
    await call('bundles.setPolicy', { policy: POLICY });
    const refused = await refusal('bundles.importUnsigned', { content: bundleX(), fileName: 'x.json' });
    expect(refused).toMatchObject({ code: 'BUNDLE_POLICY', message: expect.stringContaining('max amount per transaction of USDC: the limit is 100 USDC') });
  });

  it('still refuses X once the policy file is damaged, naming the file, and signs nothing', async () => {
    const file = path.join(dataDir, 'offline-policy.json');
    const damaged = (await readFile(file, 'utf8')).slice(0, 40);
    await writeFile(file, damaged);
    for (let attempt = 0; attempt < 2; attempt++) {
      const refused = await refusal('bundles.importUnsigned', { content: bundleX(), fileName: 'x.json' });
      expect(refused.code).toBe('OFFLINE_RECORD_DAMAGED');
      expect(refused.message).toContain(file);
      expect(refused.action).toContain('Settings → Offline policy');
      // Settings says the same instead of showing a default policy.
      expect(await refusal('bundles.policy', {})).toMatchObject({ code: 'OFFLINE_RECORD_DAMAGED' });
    }
    // The damaged file stays where it was; nothing was planned, journaled or asked of the device.
    expect(await readFile(file, 'utf8')).toBe(damaged);
    expect((await readdir(dataDir)).filter((f) => f.startsWith('offline-policy.json'))).toEqual(['offline-policy.json']);
    expect(await call('signing.listBatches', {})).toEqual([]);
    expect(deviceAsked).toEqual([]);
  });

  it('is repaired by saving the policy again in Settings, which keeps the damaged file aside', async () => {
    await call('bundles.setPolicy', { policy: POLICY });
    expect((await readdir(dataDir)).filter((f) => f.startsWith('offline-policy.json.corrupt-'))).toHaveLength(1);
    expect(await refusal('bundles.importUnsigned', { content: bundleX(), fileName: 'x.json' })).toMatchObject({ code: 'BUNDLE_POLICY' });
    await call('bundles.setPolicy', { policy: DEFAULT_OFFLINE_POLICY });
  });
});

describe('a damaged registry or trusted-planners file refuses every review', () => {
  it('refuses while registry.json is damaged, naming it, until the signed registry is imported again', async () => {
    const file = path.join(dataDir, 'registry.json');
    await writeFile(file, '{"schemaVersion":1,"vaults":[{"vaultId":');
    const refused = await refusal('bundles.importUnsigned', { content: bundleX(), fileName: 'x.json' });
    expect(refused).toMatchObject({ code: 'OFFLINE_RECORD_DAMAGED', message: expect.stringContaining(file), action: expect.stringContaining('Import the registry file') });
    expect(await refusal('registry.list', {})).toMatchObject({ code: 'OFFLINE_RECORD_DAMAGED' });
    await call('registry.import', { content: registryText(), fileName: 'vaultdesk-registry.json' });
    expect((await readdir(dataDir)).filter((f) => f.startsWith('registry.json.corrupt-'))).toHaveLength(1);
    const reviewed = await call('bundles.importUnsigned', { content: bundleX(), fileName: 'x.json' });
    expect(reviewed.plan.items.length).toBeGreaterThan(0);
  });

  it('refuses while trusted-planners.json is damaged, naming it; the bundle view says so too', async () => {
    const file = path.join(dataDir, 'trusted-planners.json');
    const kept = await readFile(file, 'utf8');
    await writeFile(file, '[]');
    const refused = await refusal('bundles.importUnsigned', { content: bundleX(), fileName: 'x.json' });
    expect(refused).toMatchObject({ code: 'OFFLINE_RECORD_DAMAGED', message: expect.stringContaining(file) });
    expect(refused.action).toContain('Settings → Trusted planners');
    const view = await call('bundles.inspect', { content: bundleX() });
    expect(view.planner).toMatchObject({ status: 'refused', refused: { code: 'OFFLINE_RECORD_DAMAGED' } });
    // Nor is a registry file taken while the planners it is checked against cannot be read.
    expect(await refusal('registry.import', { content: registryText() })).toMatchObject({ code: 'OFFLINE_RECORD_DAMAGED' });
    await writeFile(file, kept);
    expect((await call('bundles.inspect', { content: bundleX() })).planner).toMatchObject({ status: 'trusted', label: 'Planning desk' });
    // A bundle signed by a planner not trusted here is shown as such before anything is pressed.
    const other = await call('bundles.inspect', { content: bundleText(signAsPlanner(makeUnsigned('deposit'), 'stranger')) });
    expect(other.planner).toMatchObject({ status: 'refused', address: ACCOUNTS.stranger.address, refused: { code: 'BUNDLE_PLANNER_UNKNOWN' } });
    expect(await call('signing.listBatches', {})).toEqual([]);
    expect(deviceAsked).toEqual([]);
  });
});
