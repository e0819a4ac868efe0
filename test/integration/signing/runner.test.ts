import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPublicClient, http, type Hex } from 'viem';
import { createSigningService } from '../../../electron/services/signing';
import { VaultRegistry } from '../../../electron/services/registry';
import { BatchSchema, type Batch } from '../../../shared/signing/schemas';
import { startSigningWorld, type SigningWorld } from './world';
import { runBatch as spawnBatch } from './run-batch';
import { keychainJournalKeys } from '../../support/journal-keys';

// The headless runner as an operator uses it, in a child process: killed abruptly after some
// signatures, then resumed from its journal against the same chains.
let world: SigningWorld;

beforeAll(async () => {
  world = await startSigningWorld({ wallets: 12 });
}, 120_000);

// Simulations the runner started in processes of their own, stopped here should a test fail
// before the runner stops them itself.
const runnerSimulations = new Set<number>();

afterAll(async () => {
  for (const pid of runnerSimulations) {
    try {
      process.kill(pid, 'SIGTERM');
    } catch {
      // Already stopped by the runner.
    }
  }
  await world?.stop();
});

const isAlive = (pid: number): boolean => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

const runBatch = (args: string[]) => spawnBatch(args, { VAULTDESK_API_KEY: world.service.apiKey });

async function journalOf(dataDir: string, id: string): Promise<Batch> {
  return BatchSchema.parse(JSON.parse(await readFile(path.join(dataDir, 'journals', `${id}.json`), 'utf8')));
}

describe('npm run batch', () => {
  it('is killed after three signatures, then resumes: nothing lost, nothing sent twice', async () => {
    const dataDir = path.join(world.dataDir, 'runner');
    const rpc = world.sim.network.chains.flatMap(({ chain }) => ['--rpc', `${chain.chainId}=${chain.rpcUrl}`]);
    const common = ['--service', world.service.url, ...rpc, '--emulated-device', '--auto-approve', '--trust-new-vaults', '--data-dir', dataDir];
    const client = world.chains.get(31338)!;
    const wallets = world.wallets.slice(0, 6);
    const before = await Promise.all(wallets.map((w) => client.getTransactionCount({ address: w.address as Hex })));

    const crashed = await runBatch([...common, '--wallets', '6', '--action', 'withdraw', '--vault', 'Delta Credit USDC', '--crash-after', '3']);
    expect(crashed.code, crashed.stderr).toBe(137);
    const batchId = crashed.lines.find((l) => l.startsWith('batch '))!.split(' ')[1]!;
    const atCrash = await journalOf(dataDir, batchId);
    const signedUnsent = atCrash.items.filter((i) => i.state === 'signed');
    expect(signedUnsent).toHaveLength(1);
    expect(atCrash.items.filter((i) => i.signed).length).toBe(3);

    // A console opening the same data folder sees the batch as interrupted, not running.
    const viewer = createSigningService({
      dataDir,
      journalKeys: keychainJournalKeys(dataDir),
      device: world.device,
      loadPortfolio: (w) => world.portfolio.load(w, null),
      chain: (id) => world.chains.get(id)!,
      service: async () => world.client,
      registry: new VaultRegistry(dataDir),
      firstSeen: { kind: 'pin-after-checks', by: 'the test world' },
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

  it('crashes on its own simulation, and --resume finishes the batch on that same simulation', async () => {
    const dataDir = path.join(world.dataDir, 'sim-crash');
    const common = ['--sim', '--auto-approve', '--data-dir', dataDir];
    const crashed = await runBatch([...common, '--wallets', '4', '--action', 'withdraw', '--vault', 'Delta Credit USDC', '--crash-after', '3']);
    expect(crashed.code, crashed.stderr).toBe(137);
    const batchId = crashed.lines.find((l) => l.startsWith('batch '))!.split(' ')[1]!;
    const atCrash = await journalOf(dataDir, batchId);
    expect(atCrash.items.filter((i) => i.signed)).toHaveLength(3);
    const signedUnsent = atCrash.items.filter((i) => i.state === 'signed');
    expect(signedUnsent).toHaveLength(1);

    // The simulation outlived the run, recorded beside the journal, with what the run sent on it:
    // each wallet's nonce is past its transactions sent, the signed one is not on chain.
    const sim = JSON.parse(await readFile(path.join(dataDir, 'simulation.json'), 'utf8')) as {
      pid: number;
      chains: { chainId: number; rpcUrl: string }[];
      batches: string[];
    };
    runnerSimulations.add(sim.pid);
    expect(isAlive(sim.pid)).toBe(true);
    expect(sim.batches).toEqual([batchId]);
    const chain = createPublicClient({ transport: http(sim.chains.find((c) => c.chainId === atCrash.vault.chainId)!.rpcUrl) });
    const wallets = [...new Set(atCrash.items.filter((i) => i.tx).map((i) => i.wallet))];
    const firstNonce = new Map(wallets.map((w) => [w, Math.min(...atCrash.items.filter((i) => i.wallet === w && i.tx).map((i) => i.tx!.nonce))]));
    for (const w of wallets) {
      const sent = atCrash.items.filter((i) => i.wallet === w && i.hash).length;
      expect(await chain.getTransactionCount({ address: w as Hex })).toBe(firstNonce.get(w)! + sent);
    }
    await expect(chain.getTransaction({ hash: signedUnsent[0]!.signed!.hash as Hex })).rejects.toThrow();

    // A second fresh run on that data folder would strand the batch: it is refused.
    const refused = await runBatch([...common, '--wallets', '2', '--action', 'claim']);
    expect(refused.code).toBe(2);
    expect(refused.stderr).toContain(`with batch ${batchId} unfinished`);
    expect(isAlive(sim.pid)).toBe(true);

    const resumed = await runBatch([...common, '--resume']);
    expect(resumed.code, resumed.stderr).toBe(0);
    expect(resumed.lines.find((l) => l.startsWith('simulation: '))).toContain(`(pid ${sim.pid})`);
    expect(resumed.lines).toContain(`resuming ${batchId} (withdraw on Delta Credit USDC)`);
    const counts = JSON.parse(resumed.lines.at(-1)!) as Record<string, number>;
    expect(counts.planned).toBe(atCrash.items.filter((i) => i.step !== 'none').length);
    expect(counts).toMatchObject({ signed: counts.planned, broadcast: counts.planned, confirmed: counts.planned, failed: 0, skipped: 0 });

    // Every item confirmed once, nothing signed twice: one device review and one signature per
    // item, the signed-but-unsent transaction sent as the bytes signed before the crash, and each
    // wallet's nonces used once each, in a row from where the crashed run started.
    const final = await journalOf(dataDir, batchId);
    expect(final.status).toBe('done');
    for (const item of final.items.filter((i) => i.tx)) {
      expect(item.state).toBe('confirmed');
      expect(item.receipt?.status).toBe('success');
      expect(item.history.filter((h) => h.state === 'on-device')).toHaveLength(1);
      expect(item.history.filter((h) => h.state === 'signed')).toHaveLength(1);
    }
    expect(final.items.find((i) => i.id === signedUnsent[0]!.id)!.hash).toBe(signedUnsent[0]!.signed!.hash);
    for (const i of atCrash.items.filter((x) => x.hash)) expect(final.items.find((x) => x.id === i.id)!.hash).toBe(i.hash);
    const sent = final.items.filter((i) => i.tx);
    expect(new Set(sent.map((i) => i.hash)).size).toBe(sent.length);
    for (const w of wallets) {
      const nonces = final.items.filter((i) => i.wallet === w && i.tx).map((i) => i.tx!.nonce);
      expect(nonces).toEqual(nonces.map((_, k) => firstNonce.get(w)! + k));
    }
    // Its batch done, the simulation is stopped and its record removed.
    expect(existsSync(path.join(dataDir, 'simulation.json'))).toBe(false);
    await expect.poll(() => isAlive(sim.pid), { timeout: 15_000 }).toBe(false);
  }, 180_000);

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
    expect(JSON.parse(run.lines.at(-1)!)).toEqual({ planned: 6, signed: 6, broadcast: 6, confirmed: 6, failed: 0, skipped: 0, held: 0 });
    // Done: nothing is left running for a resume.
    expect(existsSync(path.join(world.dataDir, 'sim-run', 'simulation.json'))).toBe(false);
  }, 90_000);
});
