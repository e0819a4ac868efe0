import { spawn } from 'node:child_process';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Hex } from 'viem';
import { createSigningService } from '../../../electron/services/signing';
import { BatchSchema, type Batch } from '../../../shared/signing/schemas';
import { startSigningWorld, type SigningWorld } from './world';

// The headless runner as an operator uses it, in a child process: killed abruptly after some
// signatures, then resumed from its journal against the same chains.
let world: SigningWorld;

beforeAll(async () => {
  world = await startSigningWorld({ wallets: 12 });
}, 120_000);

afterAll(async () => {
  await world?.stop();
});

const ROOT = path.resolve(__dirname, '../../..');

function runBatch(args: string[]): Promise<{ code: number | null; lines: string[]; stderr: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(path.join(ROOT, 'node_modules/.bin/tsx'), ['scripts/batch.ts', ...args], {
      cwd: ROOT,
      env: { ...process.env, VAULTDESK_API_KEY: world.service.apiKey },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let out = '';
    let err = '';
    child.stdout.on('data', (d: Buffer) => (out += d.toString()));
    child.stderr.on('data', (d: Buffer) => (err += d.toString()));
    child.on('error', reject);
    child.on('exit', (code) => resolve({ code, lines: out.trim().split('\n'), stderr: err }));
  });
}

async function journalOf(dataDir: string, id: string): Promise<Batch> {
  return BatchSchema.parse(JSON.parse(await readFile(path.join(dataDir, 'journals', `${id}.json`), 'utf8')));
}

describe('npm run batch', () => {
  it('is killed after three signatures, then resumes: nothing lost, nothing sent twice', async () => {
    const dataDir = path.join(world.dataDir, 'runner');
    const rpc = world.sim.network.chains.flatMap(({ chain }) => ['--rpc', `${chain.chainId}=${chain.rpcUrl}`]);
    const common = ['--service', world.service.url, ...rpc, '--emulated-device', '--auto-approve', '--data-dir', dataDir];
    const client = world.chains.get(31338)!;
    const wallets = world.wallets.slice(0, 6);
    const before = await Promise.all(wallets.map((w) => client.getTransactionCount({ address: w.address as Hex })));

    const crashed = await runBatch([...common, '--wallets', '6', '--action', 'withdraw', '--vault', 'delta', '--crash-after', '3']);
    expect(crashed.code, crashed.stderr).toBe(137);
    const batchId = crashed.lines.find((l) => l.startsWith('batch '))!.split(' ')[1]!;
    const atCrash = await journalOf(dataDir, batchId);
    const signedUnsent = atCrash.items.filter((i) => i.state === 'signed');
    expect(signedUnsent).toHaveLength(1);
    expect(atCrash.items.filter((i) => i.signed).length).toBe(3);

    // A console opening the same data folder sees the batch as interrupted, not running.
    const viewer = createSigningService({
      dataDir,
      device: world.device,
      loadPortfolio: (w) => world.portfolio.load(w, null),
      chain: (id) => world.chains.get(id)!,
      service: async () => world.client,
    });
    expect((await viewer.listBatches())[0]).toMatchObject({ id: batchId, status: 'paused', counts: { signed: 3, broadcast: 2 } });
    expect((await viewer.openBatch(batchId)).pause?.code).toBe('SIGNING_INTERRUPTED');

    const resumed = await runBatch([...common, '--resume']);
    expect(resumed.code, resumed.stderr).toBe(0);
    expect(resumed.lines[0]).toContain(`resuming ${batchId}`);
    const counts = JSON.parse(resumed.lines.at(-1)!) as Record<string, number>;
    expect(counts.planned).toBeGreaterThan(4);
    expect(counts).toMatchObject({ signed: counts.planned, broadcast: counts.planned, confirmed: counts.planned, failed: 0 });

    const final = await journalOf(dataDir, batchId);
    // The signed-but-unsent transaction went out as the same bytes, and was signed once.
    const again = final.items.find((i) => i.id === signedUnsent[0]!.id)!;
    expect(again.hash).toBe(signedUnsent[0]!.signed!.hash);
    expect(again.history.filter((h) => h.state === 'on-device')).toHaveLength(1);
    // On chain: every wallet sent exactly as many transactions as it has items, one per nonce.
    for (const [i, w] of wallets.entries()) {
      const items = final.items.filter((it) => it.wallet === w.address && it.tx);
      const after = await client.getTransactionCount({ address: w.address as Hex });
      expect(after - before[i]!).toBe(items.length);
      for (const item of items) {
        const tx = await client.getTransaction({ hash: item.hash as Hex });
        expect(tx.nonce).toBe(item.tx!.nonce);
        expect(tx.from.toLowerCase()).toBe(w.address.toLowerCase());
      }
    }
  }, 90_000);

  it('runs on its own simulation and prints the counts as its last line', async () => {
    const run = await runBatch([
      '--sim',
      '--wallets',
      '3',
      '--action',
      'agreements',
      '--auto-approve',
      '--data-dir',
      path.join(world.dataDir, 'sim-run'),
    ]);
    expect(run.code, run.stderr).toBe(0);
    expect(JSON.parse(run.lines.at(-1)!)).toEqual({ planned: 6, signed: 6, broadcast: 6, confirmed: 6, failed: 0, skipped: 0 });
  }, 90_000);
});
