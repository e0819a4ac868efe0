import { mkdtemp, readFile, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { deriveAtPath } from '../../../electron/demo/chain/accounts';
import { TrustedPlannerStore } from '../../../electron/services/bundles/trusted-planners';
import { checkPlannerTrusted } from '../../../shared/bundles/planner-trust';
import { PUBLIC_DEV_ACCOUNTS, PUBLIC_DEV_MNEMONIC, publicDevAccount } from '../../../shared/bundles/public-keys';
import { PLANNER_PATH } from '../../../shared/device/paths';
import { ACCOUNTS, refusalOf } from '../../support/bundle-fixture';

// A key anyone can sign with vouches for nothing: the accounts of anvil's and Hardhat's default
// mnemonic (the simulation's too) are never a trusted planner, except in memory for a demo run.

const simPlanner = deriveAtPath(PLANNER_PATH).address;
const anvil0 = ACCOUNTS.anvil0.address;

describe('public development keys', () => {
  it("are the public test mnemonic's accounts: derived again, each is the address listed", () => {
    expect(PUBLIC_DEV_ACCOUNTS.length).toBeGreaterThanOrEqual(40);
    for (const [where, address] of PUBLIC_DEV_ACCOUNTS) expect(deriveAtPath(where, PUBLIC_DEV_MNEMONIC).address).toBe(address);
    // anvil's account 0, and the simulation's planner (the same mnemonic at the planner's path).
    expect(publicDevAccount(anvil0)).toContain("44'/60'/0'/0/0");
    expect(publicDevAccount(simPlanner.toLowerCase())).toContain(PLANNER_PATH);
    expect(publicDevAccount(ACCOUNTS.planner.address)).toBeNull();
  });

  it('are refused as a bundle planner even when a trusted-planners list names them, saying anyone can sign with them', () => {
    const listed = [{ address: simPlanner, label: "the simulation's planner" }];
    const refusal = refusalOf(() => checkPlannerTrusted(simPlanner, listed));
    expect(refusal.code).toBe('BUNDLE_PLANNER_PUBLIC_KEY');
    expect(refusal.message).toContain(simPlanner);
    expect(refusal.message).toContain('anyone can sign with that key');
    expect(refusal.message).toContain('although its trusted planners list it');
    expect(refusal.action).toContain('remove');
    // Not listed at all: the same refusal, not "unknown" (adding it would not help).
    expect(refusalOf(() => checkPlannerTrusted(anvil0, [])).code).toBe('BUNDLE_PLANNER_PUBLIC_KEY');
    // As the signer of a registry file: the registry's own code.
    expect(refusalOf(() => checkPlannerTrusted(anvil0, [], 'registry')).code).toBe('REGISTRY_PLANNER_PUBLIC_KEY');
  });

  it('are trusted only in memory, by a demo run', () => {
    expect(checkPlannerTrusted(simPlanner, [{ address: simPlanner, label: 'sim', demo: true }])).toMatchObject({ label: 'sim', demo: true });
    // Any other address keeps its refusal as unknown.
    expect(refusalOf(() => checkPlannerTrusted(ACCOUNTS.stranger.address, [], 'registry')).code).toBe('REGISTRY_PLANNER_UNKNOWN');
  });

  it('are never added to trusted-planners.json, and one found there is listed as ignored and refused', async () => {
    const dir = await mkdtemp(path.join(os.tmpdir(), 'vaultdesk-public-keys-'));
    const store = new TrustedPlannerStore(dir);
    const refused = await store.add({ address: anvil0, label: 'anvil 0', checkedBy: 'command-line' }).then(
      () => null,
      (e: { code: string; message: string }) => e,
    );
    expect(refused).toMatchObject({ code: 'PLANNER_PUBLIC_KEY', message: expect.stringContaining('anyone can sign with that key') });
    await expect(readFile(path.join(dir, 'trusted-planners.json'), 'utf8')).rejects.toMatchObject({ code: 'ENOENT' });

    // What a demo run once wrote there for good, beside the desk's own planner.
    const file = {
      schemaVersion: 1,
      planners: [
        { address: simPlanner, label: "the simulation's planner", addedAt: '2026-11-01T00:00:00.000Z', checkedBy: 'simulation' },
        { address: ACCOUNTS.planner.address, label: 'Planning desk', addedAt: '2026-11-01T00:00:00.000Z', checkedBy: 'device' },
      ],
    };
    await writeFile(path.join(dir, 'trusted-planners.json'), JSON.stringify(file));
    const listed = await store.list();
    expect(listed.find((p) => p.address === simPlanner)?.publicKey).toContain(PLANNER_PATH);
    expect(listed.find((p) => p.address === ACCOUNTS.planner.address)?.publicKey).toBeNull();
    // Checked against the file, the public key is refused (the file listing it), the desk's planner trusted.
    const trusted = await store.trusted();
    expect(refusalOf(() => checkPlannerTrusted(simPlanner, trusted)).message).toContain('although its trusted planners list it');
    expect(checkPlannerTrusted(ACCOUNTS.planner.address, trusted).label).toBe('Planning desk');
    expect(refusalOf(() => checkPlannerTrusted(ACCOUNTS.stranger.address, trusted)).message).toContain('(Planning desk 0x');
    expect(refusalOf(() => checkPlannerTrusted(ACCOUNTS.stranger.address, trusted)).message).not.toContain("simulation's planner");
  });
});
