import { copyFile, mkdtemp, readFile, rm, stat, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { plannerHashes, readSignedBundle, readUnsignedBundle, verifyPlannerSignature } from '../../../shared/bundles';
import { readSignedRegistry, registryHashes, verifyRegistrySignature } from '../../../shared/registry/signed-file';
import { runBatch as spawnBatch } from '../signing/run-batch';

// The three steps of an offline review as an operator scripts them: three runs of the headless
// runner, each its own process. The export and the broadcast each start their own simulation
// from the same seed, so what one planned the other can send.
let dir: string;

beforeAll(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'vaultdesk-bundle-runner-'));
});

afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

const runBatch = (args: string[]) => spawnBatch(args, { VAULTDESK_API_KEY: '' });

const last = (run: { lines: string[] }) => JSON.parse(run.lines.at(-1)!) as Record<string, any>;

describe('npm run batch: export, offline signing and broadcast in three processes', () => {
  it('carries a batch from one simulation run to another through an offline signing run', async () => {
    const out = path.join(dir, 'bundles') + '/';
    const registryFile = path.join(dir, 'registry.json');
    const exported = await runBatch([
      '--sim', '--auto-approve', '--wallets', '3', '--action', 'withdraw', '--vault', 'Delta Credit USDC', '--trust-new-vaults',
      '--export-unsigned', out, '--export-registry', registryFile, '--data-dir', path.join(dir, 'online-1'),
    ]);
    expect(exported.code, exported.stderr).toBe(0);
    const onlineFingerprint = exported.lines.find((l) => l.startsWith('vault registry '))!.match(/fingerprint (sha256:[0-9a-f]{64})/)![1];
    const plan = last(exported);
    expect(plan).toMatchObject({ planned: 6, signed: 0, broadcast: 0, simulated: true });
    expect(path.basename(plan.file)).toMatch(/^vaultdesk-unsigned-\d{8}-\d{4}-withdraw-delta-credit-usdc-6tx-[0-9a-f]{8}\.json$/);
    // The operator's records, no other account's to read.
    for (const file of [plan.file, registryFile]) expect((await stat(file)).mode & 0o777, file).toBe(0o600);
    expect((await stat(path.join(dir, 'online-1'))).mode & 0o777).toBe(0o700);
    const unsigned = readUnsignedBundle(await readFile(plan.file, 'utf8')).bundle;
    expect(unsigned.snapshot.source).toEqual({ kind: 'simulation', seed: 3, wallets: 12 });
    // Signed by the planner's Ledger account, which the export names.
    const planner = unsigned.planner.address;
    expect(await verifyPlannerSignature(unsigned)).toBe(planner);
    // The registry file too, what the Ledger signs for it printed before it asked.
    const { raw: registry } = readSignedRegistry(await readFile(registryFile, 'utf8'));
    expect(await verifyRegistrySignature(registry)).toBe(planner);
    expect(exported.lines).toContain(`  message hash ${registryHashes(registry).messageHash}`);
    expect(exported.lines.some((l) => l.startsWith(`  planner: ${planner} (Ledger account 44'/60'/0'/1/0) signed its plan hash`))).toBe(true);
    // What the planner's Ledger would show was printed before it asked: the plan hash and its two hashes.
    const hashes = plannerHashes(unsigned);
    const asked = exported.lines.findIndex((l) => l.startsWith(`planner: the Ledger signs this bundle's plan hash ${hashes.planHash} as EIP-712 typed data`));
    expect(asked).toBeGreaterThanOrEqual(0);
    expect(exported.lines.slice(asked, asked + 4)).toEqual(expect.arrayContaining([`  domain hash ${hashes.domainHash}`, `  message hash ${hashes.messageHash}`]));
    // The plan was simulated on a fork of the simulation's chain, and the bundle carries it.
    const block = unsigned.simulation!.chains[0]!.block!;
    expect(unsigned.simulation).toMatchObject({ status: 'simulated', chains: [{ method: 'fork' }] });
    expect(unsigned.simulation!.items).toHaveLength(6);
    expect(exported.lines).toContain(`simulation: simulated on a fork of chain ${unsigned.vault.chainId} at block ${block}, carried in the bundle as information`);

    // An offline desk outside a demo run refuses the simulation's planner, whose key is public, and its registry file with it.
    const untrusted = await runBatch([
      '--offline', '--emulated-device', '--auto-approve', '--sign', plan.file, '--out', out,
      '--trust-planner', '0x000000000000000000000000000000000000dEaD', '--data-dir', path.join(dir, 'offline-untrusted'),
    ]);
    expect(untrusted.code).toBe(2);
    expect(last(untrusted).refused).toMatchObject({ code: 'BUNDLE_PLANNER_PUBLIC_KEY', message: expect.stringContaining(planner) });
    expect(untrusted.lines.some((l) => l.includes('on-device'))).toBe(false);
    const registryRefused = await runBatch([
      '--offline', '--emulated-device', '--auto-approve', '--sign', plan.file, '--out', out, '--registry', registryFile,
      '--data-dir', path.join(dir, 'offline-untrusted'),
    ]);
    expect(registryRefused.code).toBe(2);
    expect(last(registryRefused).refused).toMatchObject({ code: 'REGISTRY_PLANNER_PUBLIC_KEY', message: expect.stringContaining(planner) });

    // A copy with one amount changed in its calldata is refused before the device sees it.
    const tamperedFile = path.join(dir, 'tampered.json');
    const text = await readFile(plan.file, 'utf8');
    const first = unsigned.items[0]!;
    if (first.kind !== 'transaction') throw new Error('expected a transaction');
    const data = first.transaction.data;
    await writeFile(tamperedFile, text.replace(data, `${data.slice(0, -1)}${data.endsWith('1') ? '2' : '1'}`));
    const refused = await runBatch(['--offline', '--sign', tamperedFile, '--out', out, '--sim', '--auto-approve', '--data-dir', path.join(dir, 'offline')]);
    expect(refused.code).toBe(2);
    expect(last(refused).refused).toMatchObject({ code: 'BUNDLE_CALLDATA_MISMATCH', action: expect.stringContaining('Do not sign') });
    expect(refused.stderr).toContain('argument amount is stated as');
    expect(refused.lines.some((l) => l.includes('on-device'))).toBe(false);

    // Offline without a registry holding the vault: refused, nothing reaches the device.
    const offlineArgs = ['--offline', '--sign', plan.file, '--out', out, '--sim', '--auto-approve', '--data-dir', path.join(dir, 'offline')];
    const unpinned = await runBatch(offlineArgs);
    expect(unpinned.code).toBe(2);
    expect(last(unpinned).refused).toMatchObject({ code: 'BUNDLE_VAULT_NOT_PINNED', message: expect.stringContaining('Delta Credit USDC') });
    expect(unpinned.lines.some((l) => l.includes('on-device'))).toBe(false);

    // With the online install's registry (pinned into the offline data folder, its fingerprint
    // printed to compare): checked, reviewed, signed on the emulated device. Killed after two
    // signatures, then run again: the journal resumes, the two signed items are not signed again.
    const crashed = await runBatch([...offlineArgs, '--registry', registryFile, '--crash-after', '2']);
    expect(crashed.lines.some((l) => l.includes(`fingerprint ${onlineFingerprint}`))).toBe(true);
    expect(crashed.code, crashed.stderr).toBe(137);
    expect(crashed.lines.filter((l) => / signed nonce \d+$/.test(l))).toHaveLength(2);
    const signedRun = await runBatch(offlineArgs);
    expect(signedRun.code, signedRun.stderr).toBe(0);
    expect(signedRun.lines.some((l) => l.startsWith('resuming batch batch-offline-'))).toBe(true);
    expect(signedRun.lines.filter((l) => / on-device nonce \d+$/.test(l))).toHaveLength(4);
    expect(signedRun.lines.some((l) => l.startsWith('review: withdraw on Delta Credit USDC'))).toBe(true);
    expect(signedRun.lines.filter((l) => /^ {2}#\d+ W\d .* nonce \d+: .* the device shows hash 0x[0-9a-f]{64}$/.test(l))).toHaveLength(6);
    // Per approval: the spender's role, its name in this install's registry and its full address.
    const spenders = signedRun.lines.filter((l) => l.trim().startsWith('spender: '));
    expect(spenders.length).toBeGreaterThan(0);
    for (const line of spenders) expect(line).toMatch(/spender: withdraw queue of Delta Credit USDC 0x[0-9a-fA-F]{40} \(pinned on \d{4}-\d{2}-\d{2}/);
    expect(signedRun.lines.some((l) => l.includes("this install's policy"))).toBe(true);
    // The planner's simulation, printed as information this install cannot check, each item's result.
    expect(signedRun.lines).toContainEqual(
      expect.stringMatching(new RegExp(`^simulation: simulated online at block ${block} of .*chain ${unsigned.vault.chainId}.* — information, not proof: this install cannot check it$`)),
    );
    expect(signedRun.lines.filter((l) => /^ {2}W\d \w+\.\w+: ok, gas \d+$/.test(l))).toHaveLength(6);
    expect(signedRun.lines.some((l) => l.includes(`signed by its planner ${planner}`))).toBe(true);
    const signed = last(signedRun);
    expect(signed).toMatchObject({ planned: 6, signed: 6, broadcast: 0 });
    const { bundle } = await readSignedBundle(await readFile(signed.file, 'utf8'));
    expect(bundle.unsignedChecksum).toBe(plan.checksum);

    // The unsigned file is not something to send.
    const wrongKind = await runBatch(['--sim', '--broadcast', plan.file, '--data-dir', path.join(dir, 'online-2')]);
    expect(wrongKind.code).toBe(2);
    expect(last(wrongKind).refused.code).toBe('BUNDLE_WRONG_KIND');

    // An install that did not export the plan refuses its signatures unless told deliberately.
    await copyFile(signed.file, path.join(dir, 'carried.json'));
    const foreign = await runBatch(['--sim', '--broadcast', path.join(dir, 'carried.json'), '--data-dir', path.join(dir, 'online-2')]);
    expect(foreign.code).toBe(2);
    expect(last(foreign).refused).toMatchObject({ code: 'BUNDLE_FOREIGN_PLAN', action: expect.stringContaining('--accept-foreign-plan') });

    // Back online on the data folder that exported it, on a fresh simulation from the same seed: checked, sent, confirmed.
    const sent = await runBatch(['--sim', '--broadcast', path.join(dir, 'carried.json'), '--data-dir', path.join(dir, 'online-1')]);
    expect(sent.code, sent.stderr).toBe(0);
    expect(sent.lines.filter((l) => l.endsWith('ready to send'))).toHaveLength(6);
    expect(sent.lines).toContain(`  planned by ${planner}, reviewed and signed offline by ${bundle.reviewer.address}`);
    expect(last(sent)).toEqual({ planned: 6, signed: 6, broadcast: 6, confirmed: 6, failed: 0, skipped: 0, held: 0 });
  }, 420_000);
});
