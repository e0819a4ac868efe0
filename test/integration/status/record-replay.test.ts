import { promises as fs } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSimService, type SimService } from '../../../electron/demo/service';
import { spawnSimService, type SimProcess } from '../service/sim-process';
import { dataDirWithBook, runScript, runStatus, tempDir, walletsWithOpenRequests } from './run-status';

/**
 * `npm run service:record` against the simulated service, then `npm run sim:service -- --replay`
 * of what it wrote: `npm run status -- --json` shows the same figures against the replay as against
 * the original, and no file of the recording holds the key.
 */

let sim: SimService;
let replay: SimProcess | null = null;
let dataDir: string;
let out: string;

beforeAll(async () => {
  sim = await startSimService({ seed: 7, wallets: 30, port: 0 });
  dataDir = await dataDirWithBook(walletsWithOpenRequests(sim.store).wallets);
  out = path.join(await tempDir('vaultdesk-recording-'), 'recording');
});

afterAll(async () => {
  await replay?.stop();
  await sim?.close();
});

/** Every file under a folder, recursively. */
async function filesUnder(dir: string): Promise<string[]> {
  const entries = await fs.readdir(dir, { withFileTypes: true });
  const nested = await Promise.all(entries.map((e) => (e.isDirectory() ? filesUnder(path.join(dir, e.name)) : [path.join(dir, e.name)])));
  return nested.flat();
}

/** The figures status shows, without what differs between two runs (the time, the service's address). */
const figures = (json: Record<string, any>) => {
  const { generatedAt: _at, service: _service, ...rest } = json;
  // Times are compared apart (expectedTimes): a request waiting for an epoch whose buffer is over is
  // expected from now on, and the two runs may read the clock a second apart.
  return JSON.parse(JSON.stringify(rest), (key, value) => (key === 'expectedAt' && typeof value === 'number' ? 'a time' : value));
};

/** Every request's expected time in the status JSON, in order. */
const expectedTimes = (json: Record<string, any>): number[] => {
  const times: number[] = [];
  JSON.stringify(json, (key, value) => {
    if (key === 'expectedAt' && typeof value === 'number') times.push(value);
    return value;
  });
  return times;
};

describe('service:record and sim:service --replay', () => {
  it('records the reads for the wallet book without the key, and status shows the same against the replay', async () => {
    const recorded = await runScript('scripts/service-record.ts', ['--service', sim.url, '--out', out, '--data-dir', dataDir], {
      VAULTDESK_API_KEY: sim.apiKey,
    });
    expect(recorded.code, recorded.stderr).toBe(0);
    expect(recorded.json).toMatchObject({ out, failedReads: [] });
    expect(recorded.json!.answers).toBeGreaterThan(20);
    expect(recorded.stdout).toContain('read transactions');

    const files = await filesUnder(out);
    expect(files.length).toBe(recorded.json!.answers + 1);
    for (const file of files) expect(await fs.readFile(file, 'utf8'), file).not.toContain(sim.apiKey);

    replay = await spawnSimService(['--replay', out]);
    const [original, replayed] = await Promise.all([
      runStatus(['--service', sim.url, '--data-dir', dataDir, '--json'], { VAULTDESK_API_KEY: sim.apiKey }),
      runStatus(['--service', replay.url, '--data-dir', dataDir, '--json'], { VAULTDESK_API_KEY: replay.apiKey }),
    ]);
    expect(original.code, original.stderr).toBe(0);
    expect(replayed.code, replayed.stderr).toBe(0);
    expect(original.json!.requests).toBeGreaterThan(3);
    expect(figures(replayed.json!)).toEqual(figures(original.json!));
    const [originalTimes, replayedTimes] = [expectedTimes(original.json!), expectedTimes(replayed.json!)];
    expect(replayedTimes).toHaveLength(originalTimes.length);
    replayedTimes.forEach((t, i) => expect(Math.abs(t - originalTimes[i]!)).toBeLessThanOrEqual(5));

    // Anything the recording does not hold is refused by name, and the replay wants its own key.
    const missing = await fetch(`${replay.url}/v1/vaults?limit=7`, { headers: { authorization: `Bearer ${replay.apiKey}` } });
    expect(missing.status).toBe(404);
    expect(await missing.json()).toMatchObject({ code: 'NOT_RECORDED', message: 'GET /v1/vaults?limit=7 is not in the recording' });
    expect((await fetch(`${replay.url}/v1/vaults`, { headers: { authorization: `Bearer ${sim.apiKey}` } })).status).toBe(401);
  }, 240_000);

  it('shows the same vaults, requests and claims against the recording rewritten into the official shapes, with nothing set aside', async () => {
    // The recording of the test above, rewritten as the protocol's docs and client define the records:
    // latest blocks with and without `_id`, requests without `lpAmount`, campaigns naming their vaults
    // in `rules[].vaultIds`, transactions without status, chain, epoch or USD.
    const official = path.join(await tempDir('vaultdesk-official-'), 'recording');
    await fs.cp(out, official, { recursive: true });
    const index = JSON.parse(await fs.readFile(path.join(official, 'recording.json'), 'utf8')) as { answers: { path: string; file: string }[] };
    const rewrites: Record<string, (record: Record<string, any>, i: number) => Record<string, any>> = {
      '/v1/vault-latest-blocks': ({ _id, ...block }, i) => ({
        ...(i % 2 === 1 ? { _id } : {}),
        ...block,
        ...(Array.isArray(block.requests) ? { requests: block.requests.map(({ _id: _r, lpAmount: _lp, ...r }: Record<string, any>) => r) } : {}),
      }),
      '/v1/vault-requests': ({ _id: _r, lpAmount: _lp, ...r }) => r,
      '/v1/campaigns': ({ vaultIds, rules, ...c }) => ({ ...c, rules: [...(Array.isArray(rules) ? rules : []), ...(vaultIds ? [{ code: 'DEPOSIT', vaultIds }] : [])] }),
      '/v1/transactions': ({ status: _s, chainId: _c, epochId: _e, amountUSD: _u, ...t }) => t,
    };
    let rewritten = 0;
    for (const answer of index.answers) {
      const rewrite = rewrites[answer.path];
      if (!rewrite) continue;
      const file = path.join(official, answer.file);
      const body = JSON.parse(await fs.readFile(file, 'utf8'));
      if (!Array.isArray(body?.data)) continue;
      body.data = body.data.map(rewrite);
      rewritten += body.data.length;
      await fs.writeFile(file, JSON.stringify(body));
    }
    expect(rewritten).toBeGreaterThan(10);
    const officialReplay = await spawnSimService(['--replay', official]);
    try {
      const [original, replayed] = await Promise.all([
        runStatus(['--service', sim.url, '--data-dir', dataDir, '--json'], { VAULTDESK_API_KEY: sim.apiKey }),
        runStatus(['--service', officialReplay.url, '--data-dir', dataDir, '--json'], { VAULTDESK_API_KEY: officialReplay.apiKey }),
      ]);
      expect(replayed.code, replayed.stderr).toBe(0);
      expect(replayed.json!.rejected).toBe(0);
      const pick = (json: Record<string, any>) => ({
        vaults: (json.vaultList as { id: string; figures: { requests: unknown } }[]).map((v) => [v.id, v.figures.requests]),
        requests: json.requests,
        claims: (json.walletList as { address: string; claimable: unknown[] }[]).map((w) => [w.address, w.claimable]),
      });
      expect(pick(replayed.json!)).toEqual(pick(original.json!));
    } finally {
      await officialReplay.stop();
    }
  }, 240_000);

  it('refuses a folder that holds other files, and --replay of a folder that is not a recording', async () => {
    const busy = await tempDir('vaultdesk-busy-');
    await fs.writeFile(path.join(busy, 'notes.txt'), 'mine');
    const [record, serve] = await Promise.all([
      runScript('scripts/service-record.ts', ['--service', sim.url, '--out', busy, '--data-dir', dataDir], {
        VAULTDESK_API_KEY: sim.apiKey,
      }),
      runScript('electron/demo/service/cli.ts', ['--replay', busy]),
    ]);
    expect(record.code).toBe(1);
    expect(record.stderr.trim().split('\n')).toEqual([expect.stringMatching(/already holds other files/)]);
    expect(await fs.readFile(path.join(busy, 'notes.txt'), 'utf8')).toBe('mine');
    expect(serve.code).toBe(2);
    expect(serve.stderr.trim().split('\n')).toEqual([expect.stringMatching(/^--replay: .*recording\.json could not be read/)]);
  }, 120_000);
});
