import { mkdtempSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dispatch } from '../../../electron/runtime/dispatch';
import { createChainRpcsFeature } from '../../../electron/runtime/features/chain-rpcs';
import type { Handlers } from '../../../electron/runtime/handlers';
import { ChainPool } from '../../../electron/services/chain/pool';
import { FileLogger } from '../../../electron/services/log/logger';
import { ChainRpcBook } from '../../../electron/services/settings/chain-rpcs';
import { settingsDocument } from '../../../electron/services/settings/settings';
import { startAnvil, type AnvilHandle } from '../../../electron/demo/chain/anvil';
import type { ChainRpcs, RpcAdded, RpcTest } from '../../../shared/chains/schemas';
import type { ConsoleMode } from '../../../shared/ipc/schemas';
import type { ResourceItem } from '../../../shared/service';

// Settings → Chains over real HTTP: two anvil chains, a port nothing listens on, and a web server
// that is not an RPC. An address is added for a chain only when it answers for that chain; the
// answer says how old the chain's latest block is; the addresses are kept in the settings file, in
// order, and the chain pool reads through them.

const ctx = { transport: 'electron' as const };
const AN_HOUR = 3600;
let one: AnvilHandle;
let other: AnvilHandle;
let notRpc: Server;
let notRpcUrl: string;
let dataDir: string;
let mode: ConsoleMode = 'live';
let handlers: Handlers;
let book: ChainRpcBook;

const chainRecord = (chainID: number, name: string, https: string[]) =>
  ({ _id: `c${chainID}`, chainID, name, RPCs: https.map((u) => ({ https: u })) }) as unknown as ResourceItem<'chains'>;

/** A loopback port nothing listens on. */
async function deadPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise((resolve) => server.close(resolve));
  return port;
}

async function call<T>(method: string, input: unknown): Promise<T> {
  const answer = (await dispatch(handlers, method as never, input, ctx)) as { ok: true; value: T } | { ok: false; error: unknown };
  if (!answer.ok) throw Object.assign(new Error('refused'), answer.error as object);
  return answer.value;
}

beforeAll(async () => {
  // The first chain's latest block is an hour old: a node that stopped following its chain shows so.
  one = await startAnvil({ chainId: 31337, genesisTimestamp: Math.floor(Date.now() / 1000) - AN_HOUR });
  other = await startAnvil({ chainId: 31338 });
  notRpc = createServer((_req, res) => res.writeHead(200, { 'content-type': 'text/html' }).end('<html>a web page</html>'));
  await new Promise<void>((resolve) => notRpc.listen(0, '127.0.0.1', resolve));
  notRpcUrl = `http://127.0.0.1:${(notRpc.address() as { port: number }).port}`;
  dataDir = mkdtempSync(path.join(os.tmpdir(), 'vaultdesk-chains-'));
  book = new ChainRpcBook(settingsDocument(dataDir));
  handlers = createChainRpcsFeature({
    book,
    mode: () => mode,
    chainRecords: async () => [
      chainRecord(31337, 'Local one', [one.rpcUrl, 'https://rpc.one.example']),
      chainRecord(31338, 'Local other', [other.rpcUrl]),
    ],
    demoChains: async () => (mode === 'demo' ? [{ chainId: 31337, rpcUrl: one.rpcUrl }] : null),
    log: new FileLogger(path.join(dataDir, 'logs', 'vaultdesk.log')),
  }).handlers as Handlers;
}, 60_000);

afterAll(async () => {
  await one?.stop();
  await other?.stop();
  await new Promise((resolve) => notRpc?.close(resolve));
});

describe('Settings → Chains: testing and adding an RPC', () => {
  it('lists the service’s chains with no RPC in use and the service’s RPCs as suggestions only', async () => {
    const view = await call<ChainRpcs>('settings.chainRpcs', {});
    expect(view.chains).toEqual([
      { chainId: 31337, name: 'Local one', rpcs: [], setBy: 'operator', suggestions: [one.rpcUrl, 'https://rpc.one.example'] },
      { chainId: 31338, name: 'Local other', rpcs: [], setBy: 'operator', suggestions: [other.rpcUrl] },
    ]);
    await expect(new ChainPool({ rpcUrls: (id) => book.urls(id) }).client(31337)).rejects.toMatchObject({ code: 'CHAIN_NO_RPC' });
  });

  it('refuses another chain’s RPC, naming the chain it serves, and saves nothing', async () => {
    const { test, chains } = await call<RpcAdded>('settings.addRpc', { chainId: 31337, url: other.rpcUrl });
    expect(test).toMatchObject({ ok: false, code: 'RPC_WRONG_CHAIN', answeredChainId: 31338, blockNumber: null });
    expect(test.message).toBe(`${new URL(other.rpcUrl).host} serves chain 31338, not chain 31337: it was not added.`);
    expect(test.action).toBe('Enter an RPC of chain 31337, or add this one under chain 31338.');
    expect(chains.chains[0]!.rpcs).toEqual([]);
    expect(await book.urls(31337)).toEqual([]);
  });

  it('says what went wrong with an address that does not answer, is not an RPC, or is plain http off this machine', async () => {
    const port = await deadPort();
    const dead = await call<RpcTest>('settings.testRpc', { chainId: 31337, url: `http://127.0.0.1:${port}` });
    expect(dead).toMatchObject({
      ok: false,
      code: 'RPC_UNREACHABLE',
      action: 'Check the address (and that the node runs), then test it again.',
    });
    expect(dead.message).toBe(`127.0.0.1:${port} did not answer as an RPC: the connection was refused.`);
    const page = await call<RpcTest>('settings.testRpc', { chainId: 31337, url: notRpcUrl });
    expect(page).toMatchObject({ ok: false, code: 'RPC_UNREACHABLE', message: expect.stringContaining('its answer is not JSON-RPC') });
    const clear = await call<RpcTest>('settings.addRpc', { chainId: 31337, url: 'http://rpc.one.example' });
    expect(clear).toMatchObject({ test: { ok: false, code: 'RPC_NOT_HTTPS', latencyMs: 0 } });
    expect(await book.urls(31337)).toEqual([]);
  });

  it('accepts the chain’s own RPC with its latest block and that block’s age, and keeps it in order in the settings file', async () => {
    const { test, chains } = await call<RpcAdded>('settings.addRpc', { chainId: 31337, url: `  ${one.rpcUrl}  ` });
    expect(test).toMatchObject({ ok: true, code: null, answeredChainId: 31337, url: one.rpcUrl, blockNumber: '0' });
    expect(test.blockAgeSeconds).toBeGreaterThanOrEqual(AN_HOUR);
    expect(test.blockAgeSeconds).toBeLessThan(AN_HOUR + 120);
    expect(test.message).toMatch(/^Chain 31337, latest block 0, (60|61|62) min old\.$/);
    // Taken: no longer a suggestion.
    expect(chains.chains[0]).toMatchObject({ rpcs: [one.rpcUrl], suggestions: ['https://rpc.one.example'] });

    // A second address, then the order changed: the settings file keeps it for the next start.
    const second = 'http://localhost:' + new URL(one.rpcUrl).port;
    expect((await call<RpcAdded>('settings.addRpc', { chainId: 31337, url: second })).test.ok).toBe(true);
    await call<ChainRpcs>('settings.moveRpc', { chainId: 31337, url: second, direction: 'up' });
    const saved = JSON.parse(await readFile(path.join(dataDir, 'settings.json'), 'utf8')) as { rpcs: Record<string, string[]> };
    expect(saved.rpcs['31337']).toEqual([second, one.rpcUrl]);
    expect(await new ChainRpcBook(settingsDocument(dataDir)).urls(31337)).toEqual([second, one.rpcUrl]);
    expect((await call<RpcAdded>('settings.addRpc', { chainId: 31337, url: second })).test).toMatchObject({
      ok: false,
      code: 'RPC_DUPLICATE',
    });

    // The chain pool reads through them.
    const client = await new ChainPool({ rpcUrls: (id) => book.urls(id) }).client(31337);
    expect(await client.getChainId()).toBe(31337);

    const after = await call<ChainRpcs>('settings.removeRpc', { chainId: 31337, url: second });
    expect(after.chains[0]!.rpcs).toEqual([one.rpcUrl]);
  });

  it('in the demo, shows the local chains the demo set itself and adds nothing', async () => {
    mode = 'demo';
    try {
      const view = await call<ChainRpcs>('settings.chainRpcs', {});
      expect(view.chains).toEqual([{ chainId: 31337, name: 'Local one', rpcs: [one.rpcUrl], setBy: 'demo', suggestions: [] }]);
      await expect(call('settings.addRpc', { chainId: 31338, url: other.rpcUrl })).rejects.toMatchObject({ code: 'RPC_DEMO' });
    } finally {
      mode = 'live';
    }
  });
});
