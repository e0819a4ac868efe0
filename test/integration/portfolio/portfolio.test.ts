import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { epochQueueAbi, epochVaultAbi, erc20Abi } from '../../../shared/abi';
import { startLocalSimulation, type LocalSimulation } from '../../../electron/demo/indexer';
import { startSimService } from '../../../electron/demo/service';
import { createServiceClient } from '../../../electron/services/service-client';
import { type PortfolioService } from '../../../electron/services/portfolio/portfolio';
import { createServiceGraph } from '../../../electron/runtime/service-graph';
import type { Portfolio } from '../../../shared/portfolio/schemas';

// The real pieces: two anvil chains with the protocol, the seeded scenario, the indexer, and the
// simulated service over HTTP. The portfolio is checked against direct contract reads.
let sim: LocalSimulation;
let service: Awaited<ReturnType<typeof startSimService>>;
let portfolio: PortfolioService;
let view: Portfolio;
let wallets: { address: `0x${string}`; label: string }[];

beforeAll(async () => {
  sim = await startLocalSimulation({ seed: 3, wallets: 16, pace: 'fast' });
  for (const d of sim.drivers) await d.stop();
  service = await startSimService({ store: sim.store, port: 0 });
  const client = createServiceClient({ baseUrl: service.url, getApiKey: async () => service.apiKey });
  portfolio = createServiceGraph({ service: async () => client, rpcUrls: (id) => sim.network.chains.filter((c) => c.chain.chainId === id).map((c) => c.chain.rpcUrl) }).portfolio;
  wallets = sim.seeded.wallets.map((w, i) => ({ address: w.address as `0x${string}`, label: `W${i}` }));
  view = await portfolio.load(wallets, null);
}, 180_000);

afterAll(async () => {
  // The last tests stop a chain and the service on purpose; closing twice is harmless.
  await service?.close().catch(() => undefined);
  await sim?.stop().catch(() => undefined);
});

function chainOf(chainId: number) {
  return sim.network.chains.find((c) => c.chain.chainId === chainId)!.chain.client.publicClient;
}

describe('portfolio on the local simulation', () => {
  it('lists every local epoch vault with its cycle state read from the chain', () => {
    const expected = sim.seeded.vaults.map((v) => v.expectedState).sort();
    expect(view.vaults.map((v) => v.cycle?.state).sort()).toEqual(expected);
    expect(view.vaults.every((v) => v.cycleSource === 'chain')).toBe(true);
    expect(view.sources.every((s) => s.ok)).toBe(true);
    expect(view.requests.every((r) => r.stale === false)).toBe(true);
  });

  it("traces each vault figure to its source: the chain's reads, and the TVL's USD value from the service", () => {
    for (const v of view.vaults) {
      expect(v.origins).toMatchObject({ apr: 'chain', price: 'chain', tvl: 'chain', instant: 'chain' });
      // A rate-at-stop vault's last rate is the service's record of the epoch (its lastEpochApr() is the 0 it was set at).
      expect(v.origins!.lastApr).toBe(v.apr.setAtStop ? 'service' : 'chain');
      expect(v.origins!.queues).toBe(v.queue ? 'chain' : null);
      expect(v.origins!.tvlUsd).toBe(v.tvl?.usd ? 'service' : null);
    }
    expect(view.vaults.some((v) => v.origins!.tvlUsd === 'service')).toBe(true);
  });

  it("refuses a chain whose RPC starts answering for another chain, saying both ids, and keeps reading the other", async () => {
    const first = sim.network.chains[0]!.chain;
    let lying = false;
    // The operator's RPC of the first chain, behind a node that one day answers eth_chainId for chain 1.
    const proxy = createServer((req, res) => {
      let body = '';
      req.on('data', (d: Buffer) => (body += d.toString()));
      req.on('end', () => {
        const answer = async (m: { id: number; method: string }) =>
          lying && m.method === 'eth_chainId'
            ? { jsonrpc: '2.0', id: m.id, result: '0x1' }
            : ((await (await fetch(first.rpcUrl, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(m) })).json()) as unknown);
        const message = JSON.parse(body) as { id: number; method: string } | { id: number; method: string }[];
        void (Array.isArray(message) ? Promise.all(message.map(answer)) : answer(message)).then((out) => {
          res.writeHead(200, { 'content-type': 'application/json' });
          res.end(JSON.stringify(out));
        });
      });
    });
    await new Promise<void>((resolve) => proxy.listen(0, '127.0.0.1', resolve));
    const proxyUrl = `http://127.0.0.1:${(proxy.address() as AddressInfo).port}`;
    try {
      const client = createServiceClient({ baseUrl: service.url, getApiKey: async () => service.apiKey });
      const rpcUrls = (id: number) => (id === first.chainId ? [proxyUrl] : sim.network.chains.filter((c) => c.chain.chainId === id).map((c) => c.chain.rpcUrl));
      const watched = createServiceGraph({ service: async () => client, rpcUrls }).portfolio;
      const honest = await watched.load(wallets, null);
      expect(honest.sources.find((s) => s.id === `chain:${first.chainId}`)!.ok).toBe(true);
      lying = true;
      const after = await watched.load(wallets, null);
      const refused = after.sources.find((s) => s.id === `chain:${first.chainId}`)!;
      expect(refused.ok).toBe(false);
      expect(refused.error).toMatchObject({ code: 'CHAIN_WRONG_ID', message: expect.stringContaining(`now answers for chain 1, not ${first.chainId}`) });
      // Its figures are the last ones read from its own chain, marked stale; the other chain is read as usual.
      const onFirst = after.positions.filter((p) => after.vaults.find((v) => v.id === p.vaultId)!.chain.chainId === first.chainId);
      expect(onFirst.length).toBeGreaterThan(0);
      expect(onFirst.every((p) => p.stale)).toBe(true);
      expect(after.sources.filter((s) => s.id.startsWith('chain:') && s !== refused).every((s) => s.ok)).toBe(true);
    } finally {
      await new Promise((resolve) => proxy.close(resolve));
    }
  });

  it('shows every wallet × vault with balances equal to direct reads', async () => {
    expect(view.positions).toHaveLength(view.vaults.length * wallets.length);
    for (const vault of view.vaults) {
      const client = chainOf(vault.chain.chainId);
      for (const w of wallets.slice(0, 6)) {
        const row = view.positions.find((p) => p.vaultId === vault.id && p.wallet === w.address)!;
        const [tranche, underlying, allowed] = await Promise.all([
          client.readContract({ address: vault.tranche.address as `0x${string}`, abi: erc20Abi, functionName: 'balanceOf', args: [w.address] }),
          client.readContract({ address: vault.underlying.address as `0x${string}`, abi: erc20Abi, functionName: 'balanceOf', args: [w.address] }),
          client.readContract({ address: vault.epochVault as `0x${string}`, abi: epochVaultAbi, functionName: 'isWalletAllowed', args: [w.address] }),
        ]);
        expect(row.trancheBalance).toBe(tranche.toString());
        expect(row.underlyingBalance).toBe(underlying.toString());
        expect(row.allowed).toBe(allowed);
      }
    }
  });

  it('lists pending queue requests with the amounts the queue holds, and offers the right action', async () => {
    const pending = view.requests.filter((r) => r.phase === 'pending' && (r.type === 'DEPOSIT' || r.type === 'WITHDRAW'));
    expect(pending.length).toBeGreaterThan(0);
    for (const r of pending) {
      const vault = view.vaults.find((v) => v.id === r.vaultId)!;
      const fn = r.type === 'DEPOSIT' ? 'userDepositsEpochs' : 'userWithdrawalsEpochs';
      const held = await chainOf(vault.chain.chainId).readContract({
        address: (r.type === 'DEPOSIT' ? vault.queue : vault.withdrawQueue) as `0x${string}`,
        abi: epochQueueAbi,
        functionName: fn,
        args: [r.wallet as `0x${string}`, BigInt(r.epochNumber!)],
      });
      expect(r.amount).toBe(held.toString());
      // The service's records carry no lpAmount: a withdrawal's tranche tokens are the queue's own figure.
      if (r.type === 'WITHDRAW') expect([r.amountToken, r.amountFrom]).toEqual(['tranche', 'chain']);
      if (r.type === 'WITHDRAW' && vault.cycle?.state !== 'DEFAULTED') expect(r.action?.functionName).toBe('deleteWithdrawRequest');
    }
    const claimable = view.requests.filter((r) => r.action?.kind === 'claim');
    expect(claimable.length).toBeGreaterThan(0);
    for (const r of claimable) {
      const position = view.positions.find((p) => p.vaultId === r.vaultId && p.wallet.toLowerCase() === r.wallet.toLowerCase())!;
      expect(position.claimable.some((c) => c.functionName === r.action!.functionName)).toBe(true);
    }
  });

  it('sends the requests soonest expected first, undated last, as the Requests screen first shows them', () => {
    const at = view.requests.map((r) => r.expectedAt ?? Number.MAX_SAFE_INTEGER);
    expect(view.requests.length).toBeGreaterThan(10);
    expect(new Set(at).size).toBeGreaterThan(1);
    expect(at).toEqual([...at].sort((a, b) => a - b));
  });

  it('costs a handful of HTTP requests and one RPC exchange or two per chain, not one per wallet', () => {
    const epochVaults = view.vaults.length;
    // Catalog (vaults, tokens, chains) and the latest blocks, which carry the open requests.
    expect(view.cost.http).toBe(4);
    expect(epochVaults).toBeGreaterThan(0);
    // Per chain: the head asked of three requests (the first with the chain id), the vaults' round,
    // the wallets' round and its follow-up, and the head's hash asked again at the end.
    expect(view.cost.rpc).toBeLessThanOrEqual(2 * (3 + 3 + 1));
  });

  it("takes each underlying token's decimals from the chain, not from the service's token record", async () => {
    // A service whose token records all say 18 decimals (or send none): amounts are parsed with the
    // chain's own decimals() all the same.
    const wrongDecimals = (async (input: RequestInfo | URL, init?: RequestInit) => {
      const response = await fetch(input, init);
      if (!String(input).includes('/v1/tokens')) return response;
      const body = (await response.json()) as { data: Record<string, unknown>[] };
      body.data = body.data.map((t, i) => ({ ...t, decimals: i % 2 === 0 ? 18 : null }));
      return new Response(JSON.stringify(body), { status: response.status, headers: { 'content-type': 'application/json' } });
    }) as typeof fetch;
    const client = createServiceClient({ baseUrl: service.url, getApiKey: async () => service.apiKey, fetch: wrongDecimals });
    const told = await createServiceGraph({ service: async () => client, rpcUrls: (id) => sim.network.chains.filter((c) => c.chain.chainId === id).map((c) => c.chain.rpcUrl) }).portfolio.load(wallets.slice(0, 2), null);
    expect(told.vaults.length).toBe(view.vaults.length);
    for (const vault of told.vaults) {
      const onChain = await chainOf(vault.chain.chainId).readContract({ address: vault.underlying.address as `0x${string}`, abi: erc20Abi, functionName: 'decimals' });
      expect(vault.underlying.decimals).toBe(Number(onChain));
    }
    expect(told.vaults.some((v) => v.underlying.decimals !== 18)).toBe(true);
  });

  it('marks a chain that stops answering as stale and keeps showing the rest', async () => {
    const [first] = sim.network.chains;
    await first!.chain.anvil.stop();
    const after = await portfolio.load(wallets, null);
    const down = after.sources.find((s) => s.id === `chain:${first!.chain.chainId}`)!;
    expect(down).toMatchObject({ ok: false, stale: true, error: { code: 'CHAIN_UNREACHABLE' } });
    expect(down.error?.message).toContain('did not answer');
    const other = after.sources.find((s) => s.id.startsWith('chain:') && s !== down)!;
    expect(other.ok).toBe(true);
    const downRows = after.positions.filter((p) => after.vaults.find((v) => v.id === p.vaultId)!.chain.chainId === first!.chain.chainId);
    expect(downRows.length).toBeGreaterThan(0);
    expect(downRows.every((p) => p.stale)).toBe(true);
    // The last good figures are still shown, marked stale.
    expect(downRows.some((p) => p.trancheBalance !== null)).toBe(true);
    expect(after.positions.filter((p) => !downRows.includes(p)).every((p) => !p.stale)).toBe(true);
    // The requests of its vaults follow its stale cycle; the others are current.
    const onDown = (vaultId: string) => after.vaults.find((v) => v.id === vaultId)!.chain.chainId === first!.chain.chainId;
    expect(after.requests.filter((r) => onDown(r.vaultId)).length).toBeGreaterThan(0);
    expect(after.requests.every((r) => r.stale === onDown(r.vaultId))).toBe(true);
  });

  it('reports the service as failed when it stops, with the chains still read', async () => {
    await service.close();
    const after = await portfolio.load(wallets, null);
    const svc = after.sources.find((s) => s.id === 'service')!;
    expect(svc.ok).toBe(false);
    expect(svc.stale).toBe(true);
    expect(svc.error?.message.length).toBeGreaterThan(10);
    expect(after.vaults.length).toBe(view.vaults.length);
    // Every request now comes from the service's last answer, and is marked so.
    expect(after.requests.length).toBeGreaterThan(0);
    expect(after.requests.filter((r) => r.source === 'service').every((r) => r.stale)).toBe(true);
    // The USD value of the TVL is still the service's last one: traced to it, so the screens mark it.
    expect(after.vaults.some((v) => v.tvl?.usd && v.origins?.tvlUsd === 'service')).toBe(true);
  });
});
