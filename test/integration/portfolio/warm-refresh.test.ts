import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Address } from 'viem';
import { startLocalSimulation, type LocalSimulation } from '../../../electron/demo/indexer';
import { startSimService } from '../../../electron/demo/service';
import { lenderActions } from '../../../electron/demo/chain/lender';
import type { VaultDeployment } from '../../../electron/demo/chain/deploy';
import { startRpcRealismProxy, type RpcRealismProxy } from '../../../electron/demo/rpc-realism/proxy';
import { realismProfile } from '../../../electron/demo/rpc-realism/profile';
import { createServiceClient, type ServiceClient } from '../../../electron/services/service-client';
import { type PortfolioService } from '../../../electron/services/portfolio/portfolio';
import { createServiceGraph } from '../../../electron/runtime/service-graph';
import { rpc } from '../../../electron/services/simulation/fork';
import { LOG_SCAN_MAX_BLOCKS } from '../../../electron/services/portfolio/changed-since';
import { erc20Abi } from '../../../shared/abi';
import type { Portfolio } from '../../../shared/portfolio/schemas';

// The warm refresh (issue 36, item 3): after new blocks, a refresh reads again only the wallets the
// vaults' and tokens' logs name, and every vault's epoch state. Over a scripted day on the real
// pieces (two anvil chains with the protocol, the simulated service), what it shows must be
// exactly what a full read by a fresh console shows at the same block, after every step.
let sim: LocalSimulation;
let service: Awaited<ReturnType<typeof startSimService>>;
let client: ServiceClient;
/** The batch: twelve of the seeded wallets; the other four are outsiders that can still transact. */
let batch: { address: Address; label: string }[];
let outsiders: Address[];
/** The wall clock of the current step, the same for the warm and the full read (countdowns are read against it). */
let stepNow = 0;

beforeAll(async () => {
  // The indexer is refreshed by hand after each step, so the service holds still while both reads run.
  sim = await startLocalSimulation({ seed: 7, wallets: 16, pace: 'fast', drive: false, refreshMs: 3_600_000 });
  for (const d of sim.drivers) await d.stop();
  service = await startSimService({ store: sim.store, port: 0 });
  client = createServiceClient({ baseUrl: service.url, getApiKey: async () => service.apiKey });
  const seeded = sim.seeded.wallets.map((w, i) => ({ address: w.address, label: `W${i}` }));
  batch = seeded.slice(0, 12);
  outsiders = seeded.slice(12).map((w) => w.address);
}, 180_000);

afterAll(async () => {
  await service?.close().catch(() => undefined);
  await sim?.stop().catch(() => undefined);
});

const directUrl = (chainId: number) => sim.network.chains.find((c) => c.chain.chainId === chainId)!.chain.rpcUrl;
const chainOf = (vault: VaultDeployment) => sim.network.chains.find((c) => c.chain.chainId === vault.chainId)!;
const now = () => stepNow;

/** A full read at the chains' head by a fresh console (nothing remembered). */
const fullRead = () => createServiceGraph({ service: async () => client, rpcUrls: (id) => [directUrl(id)], portfolio: { now } }).portfolio.load(batch, null);

/** What a user reads: every vault, position and request figure (the refresh's cost and time aside). */
const figures = (view: Portfolio) => ({ vaults: view.vaults, positions: view.positions, requests: view.requests });
const failures = (view: Portfolio) => view.sources.filter((s) => !s.ok).map((s) => `${s.id}: ${s.error?.message}`);

async function expectSameAsFullRead(warm: PortfolioService): Promise<Portfolio> {
  stepNow = Math.floor(Date.now() / 1000);
  const view = await warm.load(batch, null);
  expect(failures(view)).toEqual([]);
  expect(figures(view)).toEqual(figures(await fullRead()));
  return view;
}

const transfer = (vault: VaultDeployment, token: Address, from: Address, to: Address, amount: bigint) =>
  chainOf(vault).chain.client.write({ from, to: token, abi: erc20Abi, functionName: 'transfer', args: [to, amount] });

/** A vault with both queues, waiting between epochs, and batch wallets that hold its tranche and its underlying. */
async function pickVault(view: Portfolio) {
  for (const [index, { deployment }] of sim.network.chains.entries()) {
    for (const vault of deployment.vaults) {
      if (!vault.depositQueue || !vault.withdrawQueue || vault.spec.rateAtStop || vault.writeOff) continue;
      const cycle = sim.drivers[index]!.vault(vault.key);
      if ((await cycle.read()).state !== 'WAITING') continue;
      const vaultId = view.vaults.find((v) => v.epochVault.toLowerCase() === vault.epochVault.toLowerCase())?.id;
      const rows = view.positions.filter((p) => p.vaultId === vaultId);
      const holders = rows.filter((p) => BigInt(p.trancheBalance ?? '0') > 10n ** 18n).map((p) => p.wallet as Address);
      const funded = rows.filter((p) => p.allowed && BigInt(p.underlyingBalance ?? '0') > 10n ** 21n && !holders.includes(p.wallet as Address)).map((p) => p.wallet as Address);
      if (holders.length >= 3 && funded.length >= 2) return { vault, holders, funded, cycle };
    }
  }
  throw new Error('No waiting vault with both queues, tranche holders and funded wallets in the batch.');
}

describe('the warm refresh', () => {
  it('equals a full read after every step of a scripted day, reading only the wallets the logs name', async () => {
    const warm = createServiceGraph({ service: async () => client, rpcUrls: (id) => [directUrl(id)], portfolio: { now } }).portfolio;
    const first = await expectSameAsFullRead(warm);
    const { vault, holders, funded, cycle } = await pickVault(first);
    const chainId = vault.chainId;
    const otherChain = sim.network.chains.find((c) => c.chain.chainId !== chainId)!.chain.chainId;
    const [h1, h2, h3] = holders as [Address, Address, Address];
    const [f1, f2] = funded as [Address, Address];
    const unit = 10n ** 18n;
    const token = vault.token.address;
    /** One step of the day, then the warm refresh against a full read, and how the warm one read this chain. */
    const step = async (what: string, act: () => Promise<unknown>) => {
      await act();
      await sim.indexer.refresh();
      await expectSameAsFullRead(warm);
      return { what, read: warm.howRead(chainId) };
    };
    const warmOf = (wallets: number) => ({ kind: 'warm', wallets, blocks: expect.any(Number), logs: expect.any(Number) });

    // Tranche tokens between two batch wallets, to an outsider and back: only the wallets named.
    expect((await step('tranche between wallets', () => transfer(vault, vault.tranche, h1, h2, unit))).read).toEqual(warmOf(2));
    expect((await step('tranche to an outsider', () => transfer(vault, vault.tranche, h2, outsiders[0]!, unit / 2n))).read).toEqual(warmOf(1));
    expect((await step('tranche from an outsider', () => transfer(vault, vault.tranche, outsiders[0]!, h3, unit / 4n))).read).toEqual(warmOf(1));
    // An outsider's own transfer names no batch wallet: nothing is read again but the vaults.
    expect((await step('outsider to outsider', () => transfer(vault, vault.tranche, outsiders[0]!, outsiders[1]!, unit / 8n))).read).toEqual(warmOf(0));
    // An approval names its owner.
    expect((await step('an approval', () => chainOf(vault).chain.client.write({ from: f1, to: token, abi: erc20Abi, functionName: 'approve', args: [vault.epochVault, 12345n] }))).read).toEqual(warmOf(1));
    // Between epochs: a direct deposit and a redeem request.
    const decimals = BigInt(vault.token.decimals);
    expect((await step('a direct deposit', () => lenderActions(chainOf(vault).chain.client, vault, f1).depositAA(100n * 10n ** decimals))).read).toEqual(warmOf(1));
    expect((await step('a redeem request', () => lenderActions(chainOf(vault).chain.client, vault, h1).redeem(unit / 2n))).read).toEqual(warmOf(1));
    // The epoch starts (the vault pauses: its own event): every wallet of the chain is read.
    expect((await step('the epoch starts', () => cycle.startEpoch())).read).toMatchObject({ kind: 'full' });
    // While it runs: queue requests, a cancel, and the other chain's vaults untouched.
    // A queue request's epoch is the current one (the vault's epoch number + 1), as the queue keys it.
    const requestEpoch = BigInt((await cycle.read()).epochNumber) + 1n;
    expect((await step('a queued deposit', () => lenderActions(chainOf(vault).chain.client, vault, f2).queueDeposit(50n * 10n ** decimals))).read).toEqual(warmOf(1));
    expect((await step('a queued withdrawal', () => lenderActions(chainOf(vault).chain.client, vault, h2).queueWithdraw(unit / 4n))).read).toEqual(warmOf(1));
    expect(warm.howRead(otherChain)).toMatchObject({ kind: 'warm', wallets: 0 });
    // The epoch stops: the queues are processed, rates set; then the claims.
    // The cycle goes on as the driver runs it (instant withdrawals funded, then the stop, the queues
    // processed), compared after each of its steps, until the vault waits again.
    // The stop changes the epoch, so at least that step reads every wallet again.
    const cycleReads: string[] = [];
    const runCycle = async () => {
      for (let i = 0; i < 6 && (await cycle.read()).state !== 'WAITING'; i++) cycleReads.push((await step('the cycle steps on', () => cycle.step())).read!.kind);
      expect((await cycle.read()).state).toBe('WAITING');
    };
    await runCycle();
    expect(cycleReads).toContain('full');
    expect((await step('the redeem is claimed', () => lenderActions(chainOf(vault).chain.client, vault, h1).claimRedeem())).read).toEqual(warmOf(1));
    expect((await step('the queued deposit is claimed', () => lenderActions(chainOf(vault).chain.client, vault, f2).claimDeposit(requestEpoch))).read).toEqual(warmOf(1));
    // A processed withdrawal is paid at the end of the next epoch: one more cycle, then its claim.
    await step('the next epoch starts', () => cycle.startEpoch());
    await runCycle();
    expect((await step('the queued withdrawal is claimed', () => lenderActions(chainOf(vault).chain.client, vault, h2).claimWithdraw(requestEpoch))).read).toEqual(warmOf(1));
    // A new batch is a new read.
    const smaller = batch.slice(0, 8);
    const view = await warm.load(smaller, null);
    expect(failures(view)).toEqual([]);
    expect(warm.howRead(chainId)).toMatchObject({ kind: 'full', reason: expect.stringMatching(/batch/) });
  }, 300_000);

  it('reads in full after a gap longer than the log range, and after a reorganisation', async () => {
    const warm = createServiceGraph({ service: async () => client, rpcUrls: (id) => [directUrl(id)], portfolio: { now } }).portfolio;
    await expectSameAsFullRead(warm);
    const chainId = sim.network.chains[0]!.chain.chainId;
    const url = directUrl(chainId);
    await rpc(url, 'anvil_mine', [`0x${(LOG_SCAN_MAX_BLOCKS + 1).toString(16)}`]);
    await expectSameAsFullRead(warm);
    expect(warm.howRead(chainId)).toMatchObject({ kind: 'full', reason: expect.stringMatching(/gap/) });

    // The block last read is replaced by another with a batch wallet's transfer that the logs of the
    // new blocks alone would not show: the refresh must notice and read everything.
    const snapshot = await rpc(url, 'evm_snapshot', []);
    await rpc(url, 'evm_mine', []);
    await expectSameAsFullRead(warm);
    await rpc(url, 'evm_revert', [snapshot]);
    const vault = sim.network.chains[0]!.deployment.vaults[0]!;
    await transfer(vault, vault.token.address, batch[0]!.address, outsiders[0]!, 1n);
    await rpc(url, 'evm_mine', []);
    await expectSameAsFullRead(warm);
    expect(warm.howRead(chainId)).toMatchObject({ kind: 'full', reason: expect.stringMatching(/reorganisation/) });
  }, 180_000);

  it('reads in full when the node refuses the log scan', async () => {
    const chainId = sim.network.chains[0]!.chain.chainId;
    // The chain's node answers every eth_getLogs with a provider's range refusal.
    const refusing: typeof fetch = async (input, init) => {
      const body = typeof init?.body === 'string' ? init.body : '';
      if (body.includes('"eth_getLogs"')) {
        const calls = JSON.parse(body) as { id: number }[] | { id: number };
        const refuse = (c: { id: number }) => ({ jsonrpc: '2.0', id: c.id, error: { code: -32005, message: 'query returned more than 10000 results' } });
        return new Response(JSON.stringify(Array.isArray(calls) ? calls.map(refuse) : refuse(calls)), { headers: { 'Content-Type': 'application/json' } });
      }
      return fetch(input, init);
    };
    const warm = createServiceGraph({ service: async () => client, rpcUrls: (id) => [directUrl(id)], fetchFn: refusing, portfolio: { now } }).portfolio;
    await expectSameAsFullRead(warm);
    const vault = sim.network.chains[0]!.deployment.vaults[0]!;
    await transfer(vault, vault.token.address, batch[1]!.address, batch[2]!.address, 1n);
    await expectSameAsFullRead(warm);
    expect(warm.howRead(chainId)).toMatchObject({ kind: 'full', reason: expect.stringMatching(/did not scan the logs.*10000 results/) });
  }, 180_000);

  it('scans a node that caps eth_getLogs ranges in ranges that fit, and keeps its cap', async () => {
    const chainId = sim.network.chains[0]!.chain.chainId;
    // A provider's free tier: eth_getLogs over at most 2 blocks, refused in Alchemy's wording.
    const proxy = await startRpcRealismProxy(directUrl(chainId), { seed: 3, logsRangeCap: 2 });
    try {
      const rpcUrls = (id: number) => [id === chainId ? proxy.url : directUrl(id)];
      const warm = createServiceGraph({ service: async () => client, rpcUrls, portfolio: { now } }).portfolio;
      await expectSameAsFullRead(warm);
      const vault = sim.network.chains[0]!.deployment.vaults[0]!;
      // Five blocks: the scan of them is refused once, then asked in ranges of two blocks.
      for (let i = 0; i < 5; i++) await transfer(vault, vault.token.address, batch[7]!.address, batch[8 + (i % 2)]!.address, 1n);
      await expectSameAsFullRead(warm);
      expect(warm.howRead(chainId)).toMatchObject({ kind: 'warm', blocks: 5, wallets: 3 });
      expect(proxy.stats.logRangesRefused).toBeGreaterThan(0);
      const refused = proxy.stats.logRangesRefused;
      for (let i = 0; i < 3; i++) await transfer(vault, vault.token.address, batch[8]!.address, batch[9]!.address, 1n);
      await expectSameAsFullRead(warm);
      expect(warm.howRead(chainId)).toMatchObject({ kind: 'warm', blocks: 3, wallets: 2 });
      // The cap was kept: the second scan was not refused.
      expect(proxy.stats.logRangesRefused).toBe(refused);
    } finally {
      await proxy.close();
    }
  }, 180_000);

  it('reads in full when the node that scanned the logs is behind the head', async () => {
    const chainId = sim.network.chains[0]!.chain.chainId;
    // The log scan lands on a node a block behind: it has no head block, and its logs stop before it.
    const behind: typeof fetch = async (input, init) => {
      const body = typeof init?.body === 'string' ? init.body : '';
      if (!body.includes('"eth_getLogs"')) return fetch(input, init);
      const calls = JSON.parse(body) as { id: number; method: string; params: unknown[] }[];
      const head = calls.find((c) => c.method === 'eth_getBlockByNumber' && c.id === 1)!.params[0] as string;
      const earlier = `0x${(Number(head) - 1).toString(16)}`;
      const sent = calls.map((c) => (c.method === 'eth_getLogs' ? { ...c, params: [{ ...(c.params[0] as object), toBlock: earlier }] } : c));
      const answers = (await (await fetch(input, { ...init, body: JSON.stringify(sent) })).json()) as { id: number; result: unknown }[];
      return new Response(JSON.stringify(answers.map((a) => (a.id === 1 ? { ...a, result: null } : a))), { headers: { 'Content-Type': 'application/json' } });
    };
    const warm = createServiceGraph({ service: async () => client, rpcUrls: (id) => [directUrl(id)], fetchFn: behind, portfolio: { now } }).portfolio;
    await expectSameAsFullRead(warm);
    const vault = sim.network.chains[0]!.deployment.vaults[0]!;
    await transfer(vault, vault.token.address, batch[5]!.address, batch[6]!.address, 1n);
    await expectSameAsFullRead(warm);
    expect(warm.howRead(chainId)).toMatchObject({ kind: 'full', reason: expect.stringMatching(/behind the head/) });
  }, 180_000);

  it('equals a full read through a provider-like RPC for a few steps', async () => {
    const proxies = new Map<number, RpcRealismProxy>();
    for (const [i, { chain }] of sim.network.chains.entries()) {
      // `--rpc-realism provider`: latency, rate limits in every provider's wording, a gas cap, a size cap, small batches, a node behind.
      proxies.set(chain.chainId, await startRpcRealismProxy(chain.rpcUrl, realismProfile('provider', 40 + i)!));
    }
    try {
      const warm = createServiceGraph({ service: async () => client, rpcUrls: (id) => [proxies.get(id)!.url], portfolio: { now } }).portfolio;
      await expectSameAsFullRead(warm);
      const vault = sim.network.chains[0]!.deployment.vaults[0]!;
      const chainId = vault.chainId;
      await transfer(vault, vault.token.address, batch[3]!.address, batch[4]!.address, 2n);
      await expectSameAsFullRead(warm);
      expect(warm.howRead(chainId)).toMatchObject({ kind: 'warm', wallets: 2 });
      await transfer(vault, vault.token.address, batch[4]!.address, outsiders[1]!, 1n);
      await expectSameAsFullRead(warm);
      expect(warm.howRead(chainId)).toMatchObject({ kind: 'warm', wallets: 1 });
    } finally {
      await Promise.all([...proxies.values()].map((p) => p.close()));
    }
  }, 180_000);
});
