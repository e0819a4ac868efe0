/**
 * The signing pipeline on the local simulation: two anvil chains with the seeded scenario, the
 * simulated service over HTTP, the portfolio, and an emulated Ledger holding the simulation's
 * seed (so it signs for the seeded wallets) behind the real device service.
 */
import type { LedgerServiceSource } from '../../../electron/services/device/ledger-service/service-source';
import { carryingCertifiedCalls } from '../../../electron/runtime/ledger-service';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { Hex, PublicClient } from 'viem';
import { epochVaultAbi } from '../../../shared/abi';
import { afterAll, afterEach, beforeAll, beforeEach } from 'vitest';
import { createRpcClient } from '../../../electron/services/chain/rpc-client';
import { DeviceService } from '../../../electron/services/device';
import { DeviceFleet } from '../../../electron/services/device/device-fleet';
import { WalletDevices } from '../../../electron/services/device/wallet-devices';
import { demoClearSigning } from '../../../electron/runtime/demo-clear-signing';
import type { LedgerBinding } from '../../../shared/device/desk';
import { type PortfolioService } from '../../../electron/services/portfolio/portfolio';
import { createServiceGraph } from '../../../electron/runtime/service-graph';
import { createServiceClient, type ServiceClient } from '../../../electron/services/service-client';
import { createSigningService, type SigningService } from '../../../electron/services/signing';
import { VaultRegistry } from '../../../electron/services/registry';
import { SimulationService, signingSimulations } from '../../../electron/services/simulation';
import type { Logger } from '../../../electron/services/log/logger';
import { SIM_MNEMONIC } from '../../../electron/demo/chain/accounts';
import { startLocalSimulation, type LocalSimulation } from '../../../electron/demo/indexer';
import { createEmulatedLedger, emulatorTransportFactory, type EmulatedLedger } from '../../../electron/demo/ledger';
import { startSimService } from '../../../electron/demo/service';
import type { Portfolio } from '../../../shared/portfolio/schemas';
import type { DeviceScreen } from '../../../shared/device/state';
import type { SelectionWallet } from '../../../shared/signing/schemas';
import { keychainJournalKeys } from '../../support/journal-keys';

export interface SigningWorld {
  sim: LocalSimulation;
  service: Awaited<ReturnType<typeof startSimService>>;
  client: ServiceClient;
  portfolio: PortfolioService;
  ledger: EmulatedLedger;
  device: DeviceService;
  chains: Map<number, PublicClient>;
  /** What the chains were asked, by the portfolio and the pipeline alike: HTTP requests and the JSON-RPC calls in them. */
  rpc: RpcTally;
  dataDir: string;
  signing: SigningService;
  /** With `simulations`: the console's simulation service, wired to the pipeline as the console wires it. */
  simulations: SimulationService | null;
  wallets: SelectionWallet[];
  /**
   * The operator's hand on the device: called for every review the Ledger shows; "approve" (the
   * default) and "reject" press the button, "hold" leaves the review for the test to handle.
   */
  onReview: (screens: DeviceScreen[], count: number) => 'approve' | 'reject' | 'hold' | Promise<'approve' | 'reject' | 'hold'>;
  /** Reviews shown so far. */
  reviews: DeviceScreen[][];
  load(): Promise<Portfolio>;
  /** Vault id of the seeded story (alpha, beta…), by its name in the catalog. */
  vaultId(portfolio: Portfolio, name: string): string;
  snapshot(): Promise<() => Promise<void>>;
  stop(): Promise<void>;
  /**
   * With `desk`: a second Ledger on the same desk (another seed, a Stax), both behind one device
   * fleet, and the pipeline signing through the wallet groups' bindings (`bindings`, `groups`).
   */
  desk?: { second: EmulatedLedger; fleet: DeviceFleet; bindings: LedgerBinding[]; groups: Map<string, { id: string; name: string }[]> };
}

/** Requests to the chains' RPCs: HTTP requests, JSON-RPC calls, and the calls per method. */
export interface RpcTally {
  http: number;
  calls: number;
  methods: Record<string, number>;
}

/** A fetch that tallies what it carries to the chains (a JSON-RPC batch is one HTTP request and several calls). */
function tallyingFetch(tally: RpcTally): typeof fetch {
  return async (input, init) => {
    tally.http++;
    const body = typeof init?.body === 'string' ? (JSON.parse(init.body) as { method?: string } | { method?: string }[]) : [];
    for (const message of Array.isArray(body) ? body : [body]) {
      tally.calls++;
      const method = message.method ?? '?';
      tally.methods[method] = (tally.methods[method] ?? 0) + 1;
    }
    return fetch(input, init);
  };
}

export async function startSigningWorld(
  options: { wallets?: number; vaults?: number; simulations?: boolean; log?: Logger; desk?: boolean; clearSigning?: boolean; ledgerService?: LedgerServiceSource } = {},
): Promise<SigningWorld> {
  const sim = await startLocalSimulation({ seed: 3, wallets: options.wallets ?? 12, pace: 'fast', ...(options.vaults ? { vaults: options.vaults } : {}) });
  for (const d of sim.drivers) await d.stop();
  const service = await startSimService({ store: sim.store, port: 0 });
  const client = createServiceClient({ baseUrl: service.url, getApiKey: async () => service.apiKey });
  const rpc: RpcTally = { http: 0, calls: 0, methods: {} };
  const fetchFn = tallyingFetch(rpc);
  const portfolio = createServiceGraph({
    service: async () => client,
    fetchFn,
    rpcUrls: (id) => sim.network.chains.filter((c) => c.chain.chainId === id).map((c) => c.chain.rpcUrl),
  }).portfolio;
  const ledger = createEmulatedLedger({ mnemonic: SIM_MNEMONIC, blindSigning: true, ...(options.desk ? { descriptor: 'ledger-a', serialNumber: 'A1B2C3' } : {}) });
  const second = options.desk ? createEmulatedLedger({ model: 'stax', blindSigning: true, descriptor: 'ledger-b', serialNumber: 'D4E5F6' }) : null;
  // With `clearSigning`: the demo's own source (its vaults' descriptors, tokens and chains, test-certified), as the console's demo has it.
  const calldataDescriptors = options.clearSigning ? demoClearSigning(sim.network.chains.map((c) => c.deployment)) : undefined;
  const limits = { confirmTimeoutMs: 10_000, commandTimeoutMs: 3_000, idleReleaseMs: 60_000, reenumerationTimeoutMs: 2_000, openTimeoutMs: 500, ...(calldataDescriptors ? { calldataDescriptors } : {}) };
  const fleet = second ? new DeviceFleet({ transports: emulatorTransportFactory([ledger, second]), ...limits }) : null;
  const device = fleet ? fleet.serviceFor() : new DeviceService({ transports: emulatorTransportFactory(ledger), ...limits });
  await (fleet ?? device).start();
  const desk = fleet && second ? { second, fleet, bindings: [] as LedgerBinding[], groups: new Map<string, { id: string; name: string }[]>() } : undefined;
  const signingDevice = carryingCertifiedCalls(
    desk ? new WalletDevices({ desk: async () => desk.fleet, bindings: async () => desk.bindings, groupsOf: async (w) => desk.groups.get(w.toLowerCase()) ?? [] }) : device,
    options.ledgerService,
  );
  const counter = { http: 0 };
  const chains = new Map<number, PublicClient>(
    sim.network.chains.map(({ chain }) => [
      chain.chainId,
      createRpcClient({ chainId: chain.chainId, name: `Local ${chain.chainId}`, url: chain.rpcUrl }, counter, { fetchFn }),
    ]),
  );
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'vaultdesk-signing-'));
  const wallets = sim.seeded.wallets.map((w, i) => ({ address: w.address, label: `W${i}`, path: `44'/60'/0'/0/${w.index}` }));
  // The same check before the device as the console's: forks of the local chain stand for the operator's RPC.
  const simulations = options.simulations
    ? new SimulationService({
        findPlan: (planId) => signing.planToSimulate(planId),
        rpcUrls: (id) => sim.network.chains.filter((c) => c.chain.chainId === id).map((c) => c.chain.rpcUrl),
      })
    : null;
  const signing: SigningService = createSigningService({
    dataDir,
    journalKeys: keychainJournalKeys(dataDir),
    device: signingDevice,
    loadPortfolio: (w, maxAgeMs) => portfolio.viewOf(w, maxAgeMs),
    chain: (id) => chains.get(id)!,
    service: async () => client,
    registry: new VaultRegistry(dataDir),
    firstSeen: { kind: 'pin-after-checks', by: 'the test world' },
    receiptPollingMs: 50,
    receiptTimeoutMs: 20_000,
    ...(simulations ? signingSimulations(simulations) : {}),
    ...(options.log ? { log: options.log } : {}),
    ...(calldataDescriptors ? { calldataDescriptors } : options.ledgerService ? { calldataDescriptors: options.ledgerService } : {}),
  });
  const world: SigningWorld = {
    sim,
    service,
    client,
    portfolio,
    ledger,
    device,
    chains,
    rpc,
    dataDir,
    signing,
    simulations,
    wallets,
    ...(desk ? { desk } : {}),
    onReview: () => 'approve',
    reviews: [],
    load: () =>
      portfolio.load(
        wallets.map((w) => ({ address: w.address as `0x${string}`, label: w.label })),
        null,
      ),
    vaultId(view, name) {
      const vault = view.vaults.find((v) => v.name.toLowerCase().includes(name.toLowerCase()));
      if (!vault) throw new Error(`no vault named ${name}: ${view.vaults.map((v) => v.name).join(', ')}`);
      return vault.id;
    },
    async snapshot() {
      const ids = await Promise.all(
        sim.network.chains.map(({ chain }) => chain.client.publicClient.request({ method: 'evm_snapshot' } as never) as Promise<string>),
      );
      return async () => {
        await Promise.all(
          sim.network.chains.map(({ chain }, i) => chain.client.publicClient.request({ method: 'evm_revert', params: [ids[i]] } as never)),
        );
        await sim.indexer.refresh();
      };
    },
    async stop() {
      await simulations?.close();
      await (fleet ?? device).stop().catch(() => undefined);
      await service.close().catch(() => undefined);
      await sim.stop().catch(() => undefined);
      await rm(dataDir, { recursive: true, force: true });
    },
  };
  ledger.subscribe((event) => {
    if (event.type !== 'awaiting-confirmation') return;
    const screens = ledger.pendingConfirmation?.screens ?? [];
    world.reviews.push(screens);
    void Promise.resolve(world.onReview(screens, world.reviews.length)).then((decision) => {
      if (decision === 'hold' || !ledger.pendingConfirmation) return;
      if (decision === 'approve') ledger.approve();
      else ledger.reject();
    });
  });
  return world;
}

/**
 * One signing world for a test file: started before its tests with its portfolio loaded (the
 * files' set-up for twelve wallets), stopped after them; `set` hands both to the file.
 */
export function signingWorldForFile(
  set: (world: SigningWorld, view: Portfolio) => void,
  options: { wallets?: number; vaults?: number; desk?: boolean; clearSigning?: boolean; ledgerService?: LedgerServiceSource } = { wallets: 12 },
): void {
  let world: SigningWorld | undefined;
  beforeAll(async () => {
    world = await startSigningWorld(options);
    set(world, await world.load());
  }, 120_000);
  afterAll(async () => {
    await world?.stop();
  });
}

/**
 * Each test starts from the seeded scenario (evm_snapshot before it, evm_revert after it), with a
 * device that approves every review and no review counted yet. `cleanup` runs before the revert.
 */
export function fromSnapshotEachTest(world: () => SigningWorld, cleanup?: () => void): void {
  let restore: (() => Promise<void>) | null = null;
  beforeEach(async () => {
    restore = await world().snapshot();
    world().onReview = () => 'approve';
    world().reviews.length = 0;
  });
  afterEach(async () => {
    cleanup?.();
    await restore?.();
  });
}

/** The manager starts the vault's next epoch (the vault pauses itself for it), as the cycle driver would: a new block. */
export async function startNextEpoch(world: SigningWorld, vault: Portfolio['vaults'][number]): Promise<void> {
  const chain = world.sim.network.chains.find((c) => c.chain.chainId === vault.chain.chainId)!;
  const deployed = chain.deployment.vaults.find((d) => d.epochVault.toLowerCase() === vault.epochVault.toLowerCase())!;
  await chain.chain.client.write({
    from: deployed.manager,
    to: vault.epochVault as Hex,
    abi: epochVaultAbi,
    functionName: 'startEpoch',
    args: [],
  });
}

/** Signs the lender agreements of a vault these wallets still miss (deposits need them). */
export async function signAgreements(world: SigningWorld, vaultId: string, wallets: SelectionWallet[]): Promise<void> {
  const plan = await world.signing.plan({ vaultId, wallets, action: 'agreements' });
  if (!plan.items.some((i) => i.message)) return;
  const batch = await world.signing.createBatch(plan.id, { acknowledgeBlindSigning: true });
  await world.signing.run(batch.id);
}
