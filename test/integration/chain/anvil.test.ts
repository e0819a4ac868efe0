import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { createChainClient, startAnvil } from '../../../electron/demo/chain';

const here = dirname(fileURLToPath(import.meta.url));

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

async function waitUntil(check: () => boolean, ms: number): Promise<boolean> {
  const deadline = Date.now() + ms;
  while (Date.now() < deadline) {
    if (check()) return true;
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  return check();
}

describe('anvil processes', () => {
  it('start on 127.0.0.1 with the asked chain id, on distinct free ports', async () => {
    const [a, b] = await Promise.all([startAnvil({ chainId: 31337 }), startAnvil({ chainId: 31338 })]);
    try {
      expect(a.rpcUrl).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
      expect(a.port).not.toBe(b.port);
      expect(await createChainClient(31337, a.rpcUrl).publicClient.getChainId()).toBe(31337);
      expect(await createChainClient(31338, b.rpcUrl).publicClient.getChainId()).toBe(31338);
    } finally {
      await Promise.all([a.stop(), b.stop()]);
    }
    expect(isAlive(a.pid)).toBe(false);
    expect(isAlive(b.pid)).toBe(false);
  });

  it('die with the process that started them when it is terminated', async () => {
    const tsx = join(dirname(createRequire(import.meta.url).resolve('tsx/package.json')), 'dist', 'cli.mjs');
    const child = spawn(process.execPath, [tsx, join(here, 'fixtures', 'start-anvil.ts')], { stdio: ['ignore', 'pipe', 'inherit'] });
    const [line] = (await once(child.stdout!, 'data')) as [Buffer];
    const { pid } = JSON.parse(line.toString().split('\n')[0]!) as { pid: number };
    expect(isAlive(pid)).toBe(true);
    child.kill('SIGTERM');
    await once(child, 'exit');
    expect(await waitUntil(() => !isAlive(pid), 3000)).toBe(true);
  });

  it('never take for theirs a port that another process bound first, even one that answers JSON-RPC', async () => {
    // Another run's chain on the port this one picked: it answers eth_chainId like any anvil.
    const squatter = createServer((_req, res) => {
      res.setHeader('content-type', 'application/json');
      res.end(JSON.stringify({ jsonrpc: '2.0', id: 1, result: '0x7a69' }));
    });
    await new Promise<void>((resolve) => squatter.listen(0, '127.0.0.1', resolve));
    const port = (squatter.address() as AddressInfo).port;
    try {
      await expect(startAnvil({ chainId: 31337, port })).rejects.toMatchObject({ code: 'SIM_ANVIL_START_FAILED' });
    } finally {
      await new Promise((resolve) => squatter.close(resolve));
    }
  });
});
