/**
 * `npm run batch -- --sim --wallets 20 --action claim --dry-run`, as an operator runs it: one
 * simulated item per claim, each successful and paying its wallet, nothing signed, no fork left.
 */
import { execFileSync } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, expect, it } from 'vitest';
import type { DryRunLine } from '../../../shared/simulation';
import { runBatch } from '../signing/run-batch';

let dataDir: string;
afterAll(async () => {
  if (dataDir) await rm(dataDir, { recursive: true, force: true });
});

/** anvil processes forking from a local chain now (the run's own must all be gone). */
const forks = () => {
  try {
    return execFileSync('pgrep', ['-f', '--', '--fork-url http://127.0.0.1'], { encoding: 'utf8' }).trim().split('\n').filter(Boolean);
  } catch {
    return [];
  }
};

it('plans the claims, simulates each on a fork, prints one successful item per claim paying its wallet, and signs nothing', async () => {
  dataDir = await mkdtemp(path.join(os.tmpdir(), 'vaultdesk-dry-run-'));
  const before = new Set(forks());
  const run = await runBatch(['--sim', '--wallets', '20', '--action', 'claim', '--dry-run', '--data-dir', dataDir], {});
  expect(run.code, run.stderr).toBe(0);
  const planned = Number(/, (\d+) to sign$/m.exec(run.lines.join('\n'))![1]);
  expect(planned).toBeGreaterThan(0);
  expect(run.lines.some((l) => /^chain \d+: simulated on a local fork at block \d+$/.test(l))).toBe(true);
  const last = JSON.parse(run.lines.at(-1)!) as DryRunLine;
  expect(last.signed).toBe(0);
  expect(last.items).toHaveLength(planned);
  for (const item of last.items) {
    expect(item.call).toMatch(/claim/i);
    expect(item.simulation).toMatchObject({ ok: true, revert: null, gasUsed: expect.stringMatching(/^[1-9]\d*$/) });
    const paid = item.simulation.deltas.filter((d) => d.wallet === item.wallet && d.token !== 'native' && /^[1-9]\d*$/.test(d.amount));
    expect(paid.length, `${item.call} pays ${item.wallet}`).toBeGreaterThan(0);
    for (const d of item.simulation.deltas) expect(Object.keys(d).sort()).toEqual(['amount', 'symbol', 'token', 'wallet']);
  }
  // No journal: nothing was signed; and the run's fork is gone with it.
  expect(run.lines.some((l) => l.startsWith('batch '))).toBe(false);
  expect(forks().filter((pid) => !before.has(pid))).toEqual([]);
}, 240_000);
