import { mkdtemp, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readUnsignedBundle, verifyPlannerSignature } from '../../../shared/bundles';
import { runBatch as spawnBatch } from '../signing/run-batch';

// A withdrawal in two vaults on two chains, exported by the headless runner as the console does it:
// one unsigned bundle, one snapshot per vault, signed once by the planner's Ledger.
let dir: string;

beforeAll(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'vaultdesk-runner-across-'));
});

afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

const last = (run: { lines: string[] }) => JSON.parse(run.lines.at(-1)!) as Record<string, any>;

describe('npm run batch --export-unsigned with --vault repeated', () => {
  it('exports a plan across two vaults as one bundle, one snapshot per vault', async () => {
    const out = path.join(dir, 'bundles') + '/';
    const run = await spawnBatch(
      [
        '--sim', '--auto-approve', '--wallets', '3', '--action', 'withdraw', '--vault', 'Beta Credit USDC', '--vault', 'Delta Credit USDC',
        '--trust-new-vaults', '--export-unsigned', out, '--data-dir', path.join(dir, 'online'),
      ],
      { VAULTDESK_API_KEY: '' },
    );
    expect(run.code, run.stderr).toBe(0);
    const result = last(run);
    expect(result).toMatchObject({ signed: 0, broadcast: 0, vaults: ['Beta Credit USDC', 'Delta Credit USDC'] });
    expect(run.lines.some((l) => /^plan \S+: withdraw on Beta Credit USDC \(\w+\) and Delta Credit USDC \(\w+\), \d+ to sign$/.test(l))).toBe(true);
    expect(path.basename(result.file)).toMatch(/^vaultdesk-unsigned-\d{8}-\d{4}-withdraw-.+-and-1-more-\d+tx-[0-9a-f]{8}\.json$/);
    const { bundle } = readUnsignedBundle(await readFile(result.file, 'utf8'));
    expect(bundle.checksum).toBe(result.checksum);
    expect(bundle.vaults!.map((v) => v.name)).toEqual(['Beta Credit USDC', 'Delta Credit USDC']);
    // Each vault's snapshot read on its own chain, and transactions for both vaults.
    const chains = bundle.vaults!.map((v) => v.chainId);
    expect(new Set(chains).size).toBe(2);
    expect(bundle.snapshots!.map((s) => [s.vault.name, s.block.chainId])).toEqual(bundle.vaults!.map((v) => [v.name, v.chainId]));
    const vaultsActedOn = new Set(bundle.items.map((i) => (i.kind === 'transaction' ? i.action.vaultId : null)).filter(Boolean));
    expect(vaultsActedOn).toEqual(new Set(bundle.vaults!.map((v) => v.id)));
    expect(result.planned).toBe(bundle.counts.transactions + bundle.counts.messages);
    expect(await verifyPlannerSignature(bundle)).toBe(bundle.planner.address);
  }, 300_000);
});
