import { spawn, spawnSync } from 'node:child_process';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';

/** `npm run sim:service -- --realism strict|wild`: the first stdout line and what is served. */

const root = fileURLToPath(new URL('../../../', import.meta.url));
const cli = ['--import', 'tsx', 'electron/demo/service/cli.ts'];
const stops: (() => void)[] = [];
afterEach(() => stops.splice(0).forEach((stop) => stop()));

async function firstLine(args: string[]): Promise<Record<string, unknown>> {
  const child = spawn(process.execPath, [...cli, '--port', '0', '--wallets', '5', '--seed', '5', ...args], { cwd: root, stdio: ['ignore', 'pipe', 'inherit'] });
  stops.push(() => child.kill('SIGTERM'));
  const line = await new Promise<string>((resolve, reject) => {
    createInterface({ input: child.stdout }).once('line', resolve);
    child.once('exit', (code) => reject(new Error(`exited with ${code}`)));
  });
  return JSON.parse(line) as Record<string, unknown>;
}

const get = (first: Record<string, unknown>, path: string) =>
  fetch(`${String(first.url)}${path}`, { headers: { authorization: `Bearer ${String(first.apiKey)}` } });

describe('sim:service --realism', () => {
  it('is strict by default: the first line keeps its keys and adds realism, unknown parameters are a 400', async () => {
    const first = await firstLine([]);
    expect(Object.keys(first)).toEqual(['url', 'apiKey', 'realism']);
    expect(first.realism).toBe('strict');
    expect((await get(first, '/v1/vaults?nonsense=1')).status).toBe(400);
  }, 60_000);

  it('serves wild answers repeatably for a seed', async () => {
    const [a, b] = await Promise.all([firstLine(['--realism', 'wild', '--wild-fault-rate', '0']), firstLine(['--realism', 'wild', '--wild-fault-rate', '0'])]);
    expect(a.realism).toBe('wild');
    const answerA = await get(a, '/v1/vaults?nonsense=1&limit=150');
    expect(answerA.status).toBe(200);
    const textA = await answerA.text();
    expect(JSON.parse(textA).data.length).toBeLessThanOrEqual(100);
    expect(await (await get(b, '/v1/vaults?nonsense=1&limit=150')).text()).toBe(textA);
  }, 60_000);

  it('refuses an unknown realism with one line and exit code 2', () => {
    const run = spawnSync(process.execPath, [...cli, '--realism', 'chaotic'], { cwd: root, encoding: 'utf8' });
    expect(run.status).toBe(2);
    expect(run.stderr.trim()).toBe("--realism must be strict or wild, got 'chaotic'");
  }, 60_000);
});
