import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startEmbeddedSimulation, type DemoSimulation } from '../../../electron/runtime/embedded-simulation';
import { ROOT } from '../../support/paths';
import { dataDirWithBook } from './run-status';

// `npm run status -- --watch`: the monitoring a desk runs beside the console. It reads the batch
// again every few seconds and prints each alert of its vaults once, as the console's bell does;
// the demo's clock is stepped here to move the vaults on.
let sim: DemoSimulation;
let child: ChildProcess | null = null;

beforeAll(async () => {
  sim = await startEmbeddedSimulation({ drive: false });
}, 240_000);

afterAll(async () => {
  child?.kill('SIGKILL');
  await sim?.close();
});

describe('status --watch', () => {
  it('prints the first summary, then one JSON line per alert as the vaults change, and ends cleanly on Ctrl-C', async () => {
    const dataDir = await dataDirWithBook(sim.wallets.map((w) => w.address));
    const rpcs = sim.localChains.flatMap((c) => ['--rpc', `${c.chainId}=${c.rpcUrl}`]);
    child = spawn(path.join(ROOT, 'node_modules/.bin/tsx'), ['scripts/status.ts', '--service', sim.url, ...rpcs, '--data-dir', dataDir, '--json', '--watch', '--every', '1'], {
      cwd: ROOT,
      env: { ...process.env, VAULTDESK_API_KEY: sim.apiKey },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    const lines: Array<Record<string, unknown>> = [];
    let stderr = '';
    let buffered = '';
    child.stdout!.on('data', (d: Buffer) => {
      buffered += d.toString();
      const parts = buffered.split('\n');
      buffered = parts.pop() ?? '';
      for (const line of parts) if (line.startsWith('{')) lines.push(JSON.parse(line) as Record<string, unknown>);
    });
    child.stderr!.on('data', (d: Buffer) => (stderr += d.toString()));
    const exited = new Promise<number | null>((resolve) => child!.on('exit', (code) => resolve(code)));

    // The summary first (the same line `status --json` prints), then the watch.
    await expect.poll(() => lines.length, { timeout: 180_000, interval: 500 }).toBeGreaterThan(0);
    expect(lines[0]).toHaveProperty('vaults');
    const alerts = () => lines.filter((l) => typeof l.alert === 'string');
    const phaseAlerts = () => alerts().filter((l) => l.alert === 'epoch-started' || l.alert === 'epoch-ended');
    expect(phaseAlerts()).toEqual([]);

    await sim.local.clock.step();
    await expect.poll(() => phaseAlerts().length, { timeout: 180_000, interval: 500 }).toBeGreaterThan(0);
    const first = phaseAlerts()[0]!;
    expect(first.title).toMatch(/epoch \d+ (started|ended)$/);
    expect(typeof first.vaultId).toBe('string');
    // Each alert is printed once, however many refreshes still show it.
    const ids = alerts().map((a) => a.id);
    expect(new Set(ids).size).toBe(ids.length);

    child.kill('SIGINT');
    expect(await exited).toBe(0);
    expect(stderr).not.toMatch(/^\s+at .+:\d+:\d+\)?$/m);
  }, 420_000);
});
