import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { encodeAbiParameters, keccak256, numberToHex, type Hex, type PublicClient } from 'viem';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { epochQueueAbi, epochVaultAbi, strategyAbi } from '../../../shared/abi';
import { startScaledSimulation, type ScaledSimulation } from '../../../electron/demo/scale/simulation';
import { startSimService, type SimService } from '../../../electron/demo/service';
import { createServiceClient } from '../../../electron/services/service-client';
import { ServiceCatalog, VAULTS_TOKENS_CHAINS } from '../../../electron/services/catalog/catalog';
import { createRpcClient } from '../../../electron/services/chain/rpc-client';
import { epochVaultEntries, type EpochVaultEntry } from '../../../electron/services/portfolio/vault-entries';
import { readChain, standardRedeemHeld, walletKey, type ChainReadResult, type WalletChainState } from '../../../electron/services/portfolio/chain-state';
import { requestPhase } from '../../../shared/portfolio/request-phase';

// The portfolio reads every wallet of a vault through a lens placed by a state override; it must
// read exactly what one Multicall3 read per value reads, for every kind of pair, and fall back to
// Multicall3 when a node refuses (or ignores) state overrides.
const WALLETS = 40;
// A wallet the world has never seen: every value zero.
const STRANGER = '0x00000000000000000000000000000000c0ffee01' as const;
// Wallets given only a queue request (no balance), only a standard redeem to claim, only an instant one.
const QUEUED_ONLY = '0x00000000000000000000000000000000c0ffee02' as const;
const REDEEM_ONLY = '0x00000000000000000000000000000000c0ffee03' as const;
const INSTANT_ONLY = '0x00000000000000000000000000000000c0ffee04' as const;

const word = (v: bigint) => numberToHex(v, { size: 32 });
const mappingSlot = (key: Hex, slot: bigint) => keccak256(encodeAbiParameters([{ type: 'address' }, { type: 'uint256' }], [key, slot]));
const nestedSlot = (key: Hex, inner: bigint, slot: bigint) =>
  keccak256(encodeAbiParameters([{ type: 'uint256' }, { type: 'bytes32' }], [inner, mappingSlot(key, slot)]));

/**
 * Writes `value` into a public mapping of a contract for one wallet, finding the mapping's slot by
 * trying each declaration position until its getter answers the value (a real state, no transaction).
 */
async function writeMapping(
  client: PublicClient,
  contract: `0x${string}`,
  getter: () => Promise<bigint>,
  slotOf: (position: bigint) => Hex,
  value: bigint,
): Promise<void> {
  for (let p = 0n; p < 64n; p++) {
    const slot = slotOf(p);
    await client.request({ method: 'anvil_setStorageAt', params: [contract, slot, word(value)] } as never);
    if ((await getter()) === value) return;
    await client.request({ method: 'anvil_setStorageAt', params: [contract, slot, word(0n)] } as never);
  }
  throw new Error(`No storage slot of ${contract} makes its getter answer ${value}.`);
}

/** Gives the edge wallets their one kind of state in the first vault of each chain. */
async function writeEdgePairs(): Promise<void> {
  for (const { chain } of sim.network.chains) {
    const entry = entries.find((e) => e.chainId === chain.chainId)!;
    const client = chain.client.publicClient;
    const strategy =
      entry.strategy ??
      ((await client.readContract({ address: entry.epochVault, abi: epochVaultAbi, functionName: 'strategy' })) as `0x${string}`);
    const current = Number(await client.readContract({ address: strategy, abi: strategyAbi, functionName: 'epochNumber' })) + 1;
    const queueRead = (fn: 'userDepositsEpochs', wallet: `0x${string}`) =>
      client.readContract({
        address: entry.queue!,
        abi: epochQueueAbi,
        functionName: fn,
        args: [wallet, BigInt(current)],
      }) as Promise<bigint>;
    const strategyRead = (fn: 'withdrawsRequests' | 'instantWithdrawsRequests', wallet: `0x${string}`) =>
      client.readContract({ address: strategy, abi: strategyAbi, functionName: fn, args: [wallet] }) as Promise<bigint>;
    await writeMapping(
      client,
      entry.queue!,
      () => queueRead('userDepositsEpochs', QUEUED_ONLY),
      (p) => nestedSlot(QUEUED_ONLY, BigInt(current), p),
      7_000_000n,
    );
    await writeMapping(
      client,
      strategy,
      () => strategyRead('withdrawsRequests', REDEEM_ONLY),
      (p) => mappingSlot(REDEEM_ONLY, p),
      5_000_000n,
    );
    await writeMapping(
      client,
      strategy,
      () => strategyRead('instantWithdrawsRequests', INSTANT_ONLY),
      (p) => mappingSlot(INSTANT_ONLY, p),
      3_000_000n,
    );
  }
}

let sim: ScaledSimulation;
let service: SimService;
let entries: EpochVaultEntry[];
let wallets: `0x${string}`[];
const proxies: Server[] = [];

/** Every request epoch up to the vault's current one: both paths read their prices and claims. */
const epochsOf = (all: EpochVaultEntry[]) => new Map(all.map((e) => [e.vault._id, new Set([1, 2, 3, 4])]));

function chainOf(chainId: number) {
  const chain = sim.network.chains.find((c) => c.chain.chainId === chainId)!;
  return chain.chain.rpcUrl;
}

async function read(
  chainId: number,
  options: { lens?: boolean; url?: string; walletsPerLensCall?: number; log?: { warn(m: string, f?: Record<string, unknown>): void } } = {},
) {
  const counter = { http: 0 };
  const client = createRpcClient({ chainId, name: `Chain ${chainId}`, url: options.url ?? chainOf(chainId) }, counter);
  const mine = entries.filter((e) => e.chainId === chainId);
  const read = () =>
    readChain(client, mine, wallets, epochsOf(mine), {
      ...(options.lens === false ? { lens: false } : {}),
      ...(options.walletsPerLensCall ? { walletsPerLensCall: options.walletsPerLensCall } : {}),
      ...(options.log ? { log: options.log } : {}),
    });
  return { result: await read(), again: read, counter };
}

/** A node in front of the chain that refuses state overrides, or silently drops them. */
async function nodeWithoutOverrides(target: string, mode: 'refuse' | 'ignore'): Promise<{ url: string; refused: () => number }> {
  let refused = 0;
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const body = JSON.parse(Buffer.concat(chunks).toString('utf8')) as
        { id: number; params?: unknown[] } | { id: number; params?: unknown[] }[];
      const items = Array.isArray(body) ? body : [body];
      const withOverride = items.filter((i) => (i.params?.length ?? 0) > 2);
      if (mode === 'refuse' && withOverride.length > 0) {
        refused += withOverride.length;
        const answer = items.map((i) => ({
          jsonrpc: '2.0',
          id: i.id,
          error: { code: -32602, message: 'state overrides are not supported' },
        }));
        res.setHeader('content-type', 'application/json');
        res.end(JSON.stringify(Array.isArray(body) ? answer : answer[0]));
        return;
      }
      for (const i of items) if (i.params && i.params.length > 2) i.params = i.params.slice(0, 2);
      void fetch(target, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) })
        .then(async (r) => {
          res.setHeader('content-type', 'application/json');
          res.end(await r.text());
        })
        .catch(() => res.destroy());
    });
  });
  proxies.push(server);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, refused: () => refused };
}

const isZero = (v: bigint | null) => v === 0n;
const positive = (v: bigint | null) => v !== null && v > 0n;

beforeAll(async () => {
  sim = await startScaledSimulation({ seed: 4, wallets: WALLETS, vaults: 4 });
  service = await startSimService({ store: sim.store, port: 0 });
  const client = createServiceClient({ baseUrl: service.url, getApiKey: async () => service.apiKey });
  entries = epochVaultEntries(await new ServiceCatalog().read(client, VAULTS_TOKENS_CHAINS, { now: Date.now() }));
  await writeEdgePairs();
  wallets = [...sim.seeded.wallets.map((w) => w.address as `0x${string}`), STRANGER, QUEUED_ONLY, REDEEM_ONLY, INSTANT_ONLY];
}, 600_000);

afterAll(async () => {
  for (const p of proxies) p.close();
  await service?.close().catch(() => undefined);
  await sim?.stop().catch(() => undefined);
});

describe('the portfolio lens', () => {
  it('reads every wallet × vault exactly as one Multicall3 read per value does', async () => {
    expect(entries).toHaveLength(4);
    const chainIds = [...new Set(entries.map((e) => e.chainId))];
    // Two vaults of one chain share an underlying token: the lens reads a wallet's balance of it once.
    const sharing = chainIds.filter((id) => {
      const mine = entries.filter((e) => e.chainId === id);
      return new Set(mine.map((e) => e.underlying.toLowerCase())).size < mine.length;
    });
    expect(sharing.length).toBeGreaterThan(0);
    const all: WalletChainState[] = [];
    for (const chainId of chainIds) {
      const { result: byMulticall } = await read(chainId, { lens: false });
      const { result: byLens, counter } = await read(chainId);
      expect(byMulticall.via).toBe('multicall');
      expect(byLens.via).toBe('lens');
      expect(byLens.lensRefused).toBeNull();
      expect(byLens.failed).toBe(byMulticall.failed);
      expect([...byLens.wallets.entries()]).toEqual([...byMulticall.wallets.entries()]);
      // Split into calls of a few wallets each (the last one shorter), the answer is the same.
      const { result: bySlices } = await read(chainId, { walletsPerLensCall: 7 });
      expect(bySlices.via).toBe('lens');
      expect([...bySlices.wallets.entries()]).toEqual([...byMulticall.wallets.entries()]);
      // The vaults' queue figures ride in the same round and are the same too.
      expect([...byLens.vaults.entries()]).toEqual([...byMulticall.vaults.entries()]);
      // The head, asked of three requests (a node behind a load balancer answers an older one), the
      // vault state, then one round: the lens chunks and the queue reads together; and a follow-up
      // for the standard redeems no service record announced (here: every one).
      expect(counter.http).toBeLessThanOrEqual(3 + 3);
      all.push(...byMulticall.wallets.values());
    }
    // The world holds the pairs that are easy to miss when skipping "empty" ones.
    const requestsOnly = all.filter(
      (w) => isZero(w.trancheBalance) && [w.pendingDeposit, w.pendingWithdraw, w.redeemRequest, w.instantRedeemRequest].some(positive),
    );
    const trancheOnly = all.filter(
      (w) => positive(w.trancheBalance) && [w.pendingDeposit, w.pendingWithdraw, w.redeemRequest, w.instantRedeemRequest].every(isZero),
    );
    const instantOnly = all.filter((w) => isZero(w.trancheBalance) && isZero(w.redeemRequest) && positive(w.instantRedeemRequest));
    const redeemOnly = all.filter(
      (w) =>
        isZero(w.trancheBalance) &&
        isZero(w.pendingDeposit) &&
        isZero(w.pendingWithdraw) &&
        [w.redeemRequest, w.instantRedeemRequest].some(positive),
    );
    const empty = all.filter((w) =>
      [w.trancheBalance, w.pendingDeposit, w.pendingWithdraw, w.redeemRequest, w.instantRedeemRequest].every(isZero),
    );
    console.log(
      `pairs: ${all.length}; requests with zero balance ${requestsOnly.length}, tranche only ${trancheOnly.length}, redeem/claim only ${redeemOnly.length} (instant ${instantOnly.length}), empty ${empty.length}`,
    );
    expect(requestsOnly.length).toBeGreaterThan(0);
    expect(trancheOnly.length).toBeGreaterThan(0);
    expect(redeemOnly.length).toBeGreaterThan(0);
    expect(instantOnly.length).toBeGreaterThan(0);
    expect(empty.length).toBeGreaterThan(0);
  }, 300_000);

  it("reads the last redeem epoch of a standard redeem only the chain shows, so its phase is the contract's", async () => {
    const entry = entries[0]!;
    const client = createRpcClient({ chainId: entry.chainId, name: 'chain', url: chainOf(entry.chainId) }, { http: 0 });
    const strategy = (await client.readContract({ address: entry.epochVault, abi: epochVaultAbi, functionName: 'strategy' })) as `0x${string}`;
    const [epochNumber, last] = await Promise.all([
      client.readContract({ address: strategy, abi: strategyAbi, functionName: 'epochNumber' }) as Promise<bigint>,
      client.readContract({ address: strategy, abi: strategyAbi, functionName: 'lastWithdrawRequest', args: [REDEEM_ONLY] }) as Promise<bigint>,
    ]);
    // The redeem was filed before the strategy's last completed epoch: the contract pays it now.
    expect(epochNumber > last).toBe(true);
    for (const lens of [true, false]) {
      const { result } = await read(entry.chainId, { lens });
      const vault = result.vaults.get(entry.vault._id)!;
      expect(vault.lastWithdrawRequest.get(REDEEM_ONLY.toLowerCase())).toBe(last);
      const wallet = result.wallets.get(walletKey(entry.vault._id, REDEEM_ONLY))!;
      const facts = {
        held: standardRedeemHeld(wallet),
        strategyEpoch: vault.epochNumber,
        lastRequestEpoch: vault.lastWithdrawRequest.get(REDEEM_ONLY.toLowerCase()) ?? null,
        poolClosed: vault.epochEndDate === 0,
        allowInstantWithdraw: vault.allowInstantWithdraw,
      };
      expect(requestPhase({ type: 'REDEEM', status: 'PENDING', isInstant: false }, facts)).toBe('claimable');
    }
  }, 300_000);

  it('falls back to Multicall3, and says so, when the node refuses state overrides', async () => {
    const chainId = entries[0]!.chainId;
    const node = await nodeWithoutOverrides(chainOf(chainId), 'refuse');
    const warnings: { message: string; fields?: Record<string, unknown> }[] = [];
    const log = {
      warn: (message: string, fields?: Record<string, unknown>) => void warnings.push({ message, ...(fields ? { fields } : {}) }),
    };
    const { result, again } = await read(chainId, { url: node.url, log });
    const { result: byMulticall } = await read(chainId, { lens: false });
    expect(result.via).toBe('multicall');
    expect(result.lensRefused).toMatch(/state overrides are not supported/);
    expect([...result.wallets.entries()]).toEqual([...byMulticall.wallets.entries()]);
    expect(warnings).toHaveLength(1);
    expect(warnings[0]!.message).toMatch(/did not run the portfolio lens.*Multicall3/);
    expect(String(warnings[0]!.fields?.reason)).toMatch(/state overrides are not supported/);
    // The next refresh on this node does not ask again.
    const refusedBefore = node.refused();
    const next: ChainReadResult = await again();
    expect(next.via).toBe('multicall');
    expect(node.refused()).toBe(refusedBefore);
    expect(warnings).toHaveLength(1);
  }, 300_000);

  it('falls back to Multicall3 when the node silently drops the state override', async () => {
    const chainId = entries[0]!.chainId;
    const node = await nodeWithoutOverrides(chainOf(chainId), 'ignore');
    const { result } = await read(chainId, { url: node.url });
    const { result: byMulticall } = await read(chainId, { lens: false });
    expect(result.via).toBe('multicall');
    expect(result.lensRefused).toMatch(/ignored the state override/);
    expect([...result.wallets.entries()]).toEqual([...byMulticall.wallets.entries()]);
  }, 300_000);
});
