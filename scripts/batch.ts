/**
 * Headless batch runner: plans, journals, signs and sends a batch with the same services as the
 * console, without the UI.
 *
 *   npm run batch -- --sim --wallets 20 --action claim --auto-approve
 *   npm run batch -- --service https://… --rpc 1=https://… --wallets 5 --action agreements
 *
 * --sim starts the seeded local simulation (two anvil chains and the simulated service) with an
 * emulated Ledger holding the simulation's seed. --service uses a real service (the key from the
 * keychain, or VAULTDESK_API_KEY for scripted runs) and the Ledger on USB (or --emulated-device).
 * --with-agreements signs the vault's missing lender agreements first (deposits need them).
 * --crash-after N exits abruptly after N items are signed; --resume reopens the latest unfinished
 * batch of the data folder and finishes it against the same chains: with --service, the ones given;
 * with --sim, the simulation the interrupted run started, which runs in a process of its own (its
 * address in the data folder's simulation.json) until its batch is done.
 *
 * Offline review, in three runs (each its own process, on its own machine if need be):
 *   npm run batch -- --sim --wallets 6 --action withdraw --export-unsigned out/    (plan, export; nothing signed)
 *   npm run batch -- --offline --sign out/vaultdesk-unsigned-….json --out out/ --sim --auto-approve
 *   npm run batch -- --sim --broadcast out/vaultdesk-signed-….json                  (check, send, watch)
 * --offline opens no network connection at all (every attempt is refused and fails the run); with
 * --sim or --emulated-device it signs on the emulated Ledger holding the simulation's seed. With
 * --sim, --broadcast starts the simulation the bundle was planned on (its seed and wallet count),
 * so the same contracts, nonces and chain ids are there. A file that is refused ends the run with
 * exit code 2, its reason on stderr and as the last stdout line.
 *
 * Progress goes to stdout line by line; the last line is one JSON object
 * {planned, signed, broadcast, confirmed, failed, skipped} (plus the bundle's file and checksum
 * when one is written), or {"refused": {code, message, action}}.
 */
import { spawn } from 'node:child_process';
import { openSync } from 'node:fs';
import { mkdir, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import type { PublicClient } from 'viem';
import { DeviceService, createHidTransportFactory, type TransportFactory } from '../electron/services/device';
import { PortfolioService } from '../electron/services/portfolio/portfolio';
import { ApiKeyVault } from '../electron/services/secrets/api-key';
import { KeychainSecretStore } from '../electron/services/secrets/keychain-store';
import { createServiceClient, type ServiceClient } from '../electron/services/service-client';
import { createBundleService, type BundleService } from '../electron/services/bundles';
import { createChainAccess, createSigningService, type SigningService } from '../electron/services/signing';
import { loadEpochHistory } from '../electron/services/catalog/vault-views';
import { writeFileAtomic } from '../electron/services/storage/atomic-file';
import { SIM_MNEMONIC, FIRST_WALLET_INDEX } from '../electron/sim/chain/accounts';
import { derivationPath } from '../shared/device/paths';
import { countItems } from '../shared/signing/counts';
import { SIGNING_ACTIONS, type Batch, type BatchCounts, type Plan, type SigningAction } from '../shared/signing/schemas';
import type { Portfolio } from '../shared/portfolio/schemas';
import type { BundleSource } from '../shared/bundle';
import type { SendCheck } from '../shared/bundle/ipc';
import { readSignedBundle } from '../shared/bundle/verify-signed';
import { AppError } from '../shared/errors';
import { forbidNetwork } from './no-network-guard';

const { values: args } = parseArgs({
  options: {
    sim: { type: 'boolean', default: false },
    service: { type: 'string' },
    rpc: { type: 'string', multiple: true, default: [] },
    'emulated-device': { type: 'boolean', default: false },
    wallets: { type: 'string' },
    'first-index': { type: 'string' },
    action: { type: 'string' },
    vault: { type: 'string' },
    amount: { type: 'string' },
    approval: { type: 'string', default: 'exact' },
    'max-fee-gwei': { type: 'string' },
    'auto-approve': { type: 'boolean', default: false },
    'with-agreements': { type: 'boolean', default: false },
    'crash-after': { type: 'string' },
    resume: { type: 'boolean', default: false },
    batch: { type: 'string' },
    'data-dir': { type: 'string' },
    seed: { type: 'string' },
    'export-unsigned': { type: 'string' },
    offline: { type: 'boolean', default: false },
    sign: { type: 'string' },
    out: { type: 'string' },
    broadcast: { type: 'string' },
  },
  strict: true,
});

const say = (line: string) => process.stdout.write(`${line}\n`);

function fail(message: string): never {
  process.stderr.write(`batch: ${message}\n`);
  process.exit(2);
}

/** A refused file (or any stop): the reason on stderr, and as the last stdout line for scripts. */
function refuse(err: { code?: string; message?: string; action?: string }): never {
  say(JSON.stringify({ refused: { code: err.code ?? 'UNEXPECTED', message: err.message ?? String(err), ...(err.action ? { action: err.action } : {}) } }));
  fail(`${err.code ? `${err.code}: ` : ''}${err.message ?? String(err)}${err.action ? `\n  ${err.action}` : ''}`);
}

/** The simulation to start: the flags, else (for a bundle) the one it was planned on, else seed 3. */
const simSeed = (bundle?: BundleSource | null) => Number(args.seed ?? (bundle?.kind === 'simulation' ? bundle.seed : null) ?? 3);
const simWallets = (bundle?: BundleSource | null) =>
  Math.max(12, Number(args.wallets ?? (bundle?.kind === 'simulation' ? bundle.wallets : null) ?? 5));

interface World {
  source: BundleSource;
  client: ServiceClient;
  chain: (chainId: number) => Promise<PublicClient>;
  transports: TransportFactory;
  rpcOverrides: Map<number, string>;
  firstIndex: number;
  /** Told of every batch journaled on this world (the runner's simulation keeps their ids). */
  onBatch?(batchId: string): Promise<void>;
  stop(): Promise<void>;
}

async function simWorld(planned: BundleSource | null = null): Promise<World> {
  const { startLocalSimulation } = await import('../electron/sim/indexer');
  const { startSimService } = await import('../electron/sim/service');
  const seed = simSeed(planned);
  const wallets = simWallets(planned);
  // No cycle driver: nothing moves the chains but this run, so every run from the same seed and
  // wallet count starts with the same contracts at the same addresses, the same nonces, balances
  // and requests, and the same cycle states (block numbers and times may differ).
  const sim = await startLocalSimulation({ seed, wallets, pace: 'fast', drive: false });
  const service = await startSimService({ store: sim.store, port: 0 });
  const client = createServiceClient({ baseUrl: service.url, getApiKey: async () => service.apiKey });
  const overrides = new Map(sim.network.chains.map(({ chain }) => [chain.chainId, chain.rpcUrl]));
  say(`simulation: seed ${seed}, ${wallets} wallets, chains ${[...overrides.keys()].join(', ')}, service ${service.url}`);
  return {
    source: { kind: 'simulation', seed, wallets },
    client,
    chain: createChainAccess({ service: async () => client, override: (id) => overrides.get(id) }),
    transports: await emulatedTransports(),
    rpcOverrides: overrides,
    firstIndex: FIRST_WALLET_INDEX,
    async stop() {
      await service.close();
      await sim.stop();
    },
  };
}

/**
 * The simulation of a signing run with --sim, and how --resume finds it again.
 *
 * A run killed in the middle of a batch leaves its journal in the data folder; resuming it needs
 * the very chains that journal was written against (the nonces it used, the transactions it sent).
 * So the simulation is not started inside the run but in a process of its own, detached: once a
 * batch is journaled on it, it outlives the run however that ends (an exception, a signal,
 * `kill -9`). Its address is kept beside the journals in `simulation.json`, `--resume --sim`
 * reconnects to it, and it is stopped once the batch run on it is done. Anvil's state files
 * (`--dump-state`, `--load-state`) would also survive a reboot, but the dump on exit never happens
 * when the run is killed, a periodic dump (`--state-interval`) can lag the journal (a transaction
 * the journal holds as confirmed would be missing from the reloaded chain, and the two would
 * disagree), and the indexer behind the simulated service reads past blocks and keeps its store in
 * memory. A live process keeps all of it exactly as the run left it; what it cannot survive is a
 * reboot, which the resume reports.
 */
interface RunnerSimulation {
  pid: number;
  seed: number;
  wallets: number;
  url: string;
  apiKey: string;
  chains: { chainId: number; rpcUrl: string }[];
  /** The batches journaled on it, newest last. */
  batches: string[];
}

const simulationFile = () => path.join(dataDirOf(), 'simulation.json');

async function readSimulation(): Promise<RunnerSimulation | null> {
  const text = await readFile(simulationFile(), 'utf8').catch(() => null);
  if (!text) return null;
  try {
    return JSON.parse(text) as RunnerSimulation;
  } catch {
    return null;
  }
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** Whether every chain of the record answers with its own chain id (a pid can be reused). */
async function chainsAnswer(sim: RunnerSimulation): Promise<boolean> {
  const answers = await Promise.all(
    sim.chains.map(async ({ chainId, rpcUrl }) => {
      try {
        const response = await fetch(rpcUrl, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'eth_chainId', params: [] }),
          signal: AbortSignal.timeout(5_000),
        });
        const body = (await response.json()) as { result?: string };
        return Number(body.result) === chainId;
      } catch {
        return false;
      }
    }),
  );
  return answers.every(Boolean);
}

async function unfinishedBatches(sim: RunnerSimulation): Promise<string[]> {
  const open: string[] = [];
  for (const id of sim.batches) {
    const text = await readFile(path.join(dataDirOf(), 'journals', `${id}.json`), 'utf8').catch(() => null);
    if (text && (JSON.parse(text) as { status?: string }).status !== 'done') open.push(id);
  }
  return open;
}

async function stopSimulation(sim: RunnerSimulation): Promise<void> {
  if (isAlive(sim.pid)) {
    process.kill(sim.pid, 'SIGTERM');
    const deadline = Date.now() + 15_000;
    while (isAlive(sim.pid) && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 100));
    if (isAlive(sim.pid)) process.kill(sim.pid, 'SIGKILL');
  }
  await rm(simulationFile(), { force: true });
}

/**
 * A simulation started by this run and holding no batch yet: a run that stops before journaling
 * one (a bad option, a vault not found, an error) leaves nothing to resume there, so it goes too.
 */
let dropOnExit: RunnerSimulation | null = null;
process.on('exit', () => {
  if (dropOnExit && isAlive(dropOnExit.pid)) process.kill(dropOnExit.pid, 'SIGTERM');
});

/** Starts the run's simulation in a detached process and waits until it has written its address. */
async function startRunnerSimulation(): Promise<RunnerSimulation> {
  const earlier = await readSimulation();
  if (earlier && isAlive(earlier.pid) && (await chainsAnswer(earlier))) {
    const open = await unfinishedBatches(earlier);
    if (open.length) {
      fail(
        `the simulation of an earlier run is still up for this data folder (pid ${earlier.pid}) with batch ${open.at(-1)} unfinished; ` +
          'finish it with --sim --resume, or stop that process to start afresh (its batch cannot be resumed then)',
      );
    }
    // Nothing left to resume on it: it is only in the way.
    await stopSimulation(earlier);
  } else if (earlier) await rm(simulationFile(), { force: true });

  const file = simulationFile();
  await mkdir(path.dirname(file), { recursive: true });
  const log = openSync(path.join(path.dirname(file), 'simulation.log'), 'a');
  const host = fileURLToPath(new URL('./batch-simulation.ts', import.meta.url));
  // Loaded through tsx like this script, however this script itself was started.
  const tsx = pathToFileURL(createRequire(import.meta.url).resolve('tsx')).href;
  const child = spawn(process.execPath, ['--import', tsx, host, '--seed', String(simSeed()), '--wallets', String(simWallets()), '--out', file], {
    detached: true,
    stdio: ['ignore', log, log],
  });
  child.unref();
  let exited: number | null = null;
  child.once('exit', (code) => (exited = code ?? 1));
  const deadline = Date.now() + 180_000;
  for (;;) {
    const sim = await readSimulation();
    if (sim && sim.pid === child.pid) {
      dropOnExit = sim;
      return sim;
    }
    if (exited !== null) fail(`the simulation did not start (exit code ${exited}); see ${path.join(path.dirname(file), 'simulation.log')}`);
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      fail('the simulation did not start within 3 minutes');
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** The simulation a crashed or paused --sim run left for --resume. */
async function recordedSimulation(): Promise<RunnerSimulation> {
  const sim = await readSimulation();
  if (!sim) fail(`no simulation of an earlier --sim run is recorded in ${dataDirOf()}: nothing to resume on it`);
  if (!isAlive(sim.pid) || !(await chainsAnswer(sim))) {
    await rm(simulationFile(), { force: true });
    fail(
      `the simulation of the interrupted run (pid ${sim.pid}) is gone, and the chains its batch was signed for with it; ` +
        'its journal cannot be finished: start a new batch with --sim',
    );
  }
  return sim;
}

async function runnerSimWorld(sim: RunnerSimulation): Promise<World> {
  const client = createServiceClient({ baseUrl: sim.url, getApiKey: async () => sim.apiKey });
  const overrides = new Map(sim.chains.map((c) => [c.chainId, c.rpcUrl]));
  say(`simulation: seed ${sim.seed}, ${sim.wallets} wallets, chains ${[...overrides.keys()].join(', ')}, service ${sim.url} (pid ${sim.pid})`);
  return {
    source: { kind: 'simulation', seed: sim.seed, wallets: sim.wallets },
    client,
    chain: createChainAccess({ service: async () => client, override: (id) => overrides.get(id) }),
    transports: await emulatedTransports(),
    rpcOverrides: overrides,
    firstIndex: FIRST_WALLET_INDEX,
    async onBatch(batchId) {
      sim.batches.push(batchId);
      await writeFileAtomic(simulationFile(), `${JSON.stringify(sim, null, 2)}\n`);
      // From now on it holds a journaled batch: it stays up, whatever way this run ends.
      dropOnExit = null;
    },
    // The simulation outlives this run; runHere stops it once its batch is done.
    async stop() {},
  };
}

async function serviceWorld(url: string): Promise<World> {
  const overrides = new Map<number, string>();
  for (const pair of args.rpc ?? []) {
    const [id, rpc] = pair.split('=');
    if (!id || !rpc || !Number.isInteger(Number(id))) fail(`--rpc takes chainId=url, got "${pair}"`);
    overrides.set(Number(id), rpc);
  }
  const envKey = process.env.VAULTDESK_API_KEY;
  const vault = envKey ? null : new ApiKeyVault(new KeychainSecretStore());
  const client = createServiceClient({ baseUrl: url, getApiKey: async () => envKey ?? (await vault!.read(url)) });
  return {
    source: { kind: 'service', url },
    client,
    chain: createChainAccess({ service: async () => client, override: (id) => overrides.get(id) }),
    transports: args['emulated-device'] ? await emulatedTransports() : createHidTransportFactory(),
    rpcOverrides: overrides,
    firstIndex: args['emulated-device'] ? FIRST_WALLET_INDEX : 0,
    async stop() {},
  };
}

/** The device: the emulated Ledger (holding the simulation's seed) or the one on USB. */
async function deviceTransports(): Promise<TransportFactory> {
  return args.sim || args['emulated-device'] ? emulatedTransports() : createHidTransportFactory();
}

async function emulatedTransports(): Promise<TransportFactory> {
  const { createEmulatedLedger, emulatorTransportFactory } = await import('../electron/sim/ledger');
  const ledger = createEmulatedLedger({ mnemonic: SIM_MNEMONIC, blindSigning: true, autoApprove: args['auto-approve'] });
  const signsHere = !args['export-unsigned'] && !args.broadcast;
  if (signsHere && !args['auto-approve']) say('emulated Ledger: nobody presses its buttons without --auto-approve; reviews will time out');
  return emulatorTransportFactory(ledger);
}

/** The vault the action makes sense on, when --vault does not name one. */
function pickVault(view: Portfolio, action: SigningAction): string {
  if (args.vault) {
    const wanted = args.vault.toLowerCase();
    const found = view.vaults.find((v) => v.id === args.vault || v.name.toLowerCase().includes(wanted));
    if (!found) fail(`no vault matches "${args.vault}"`);
    return found.id;
  }
  const state = (id: string) => view.vaults.find((v) => v.id === id)?.cycle?.state;
  const score = (id: string): number => {
    const requests = view.requests.filter((r) => r.vaultId === id);
    switch (action) {
      case 'claim':
        return requests.filter((r) => r.action?.kind === 'claim').length;
      case 'cancel':
        return requests.filter((r) => r.action?.kind === 'cancel').length;
      case 'deposit':
      case 'redeem':
        return state(id) === 'WAITING' ? 1 : 0;
      case 'withdraw':
        return state(id) === 'RUNNING' ? 1 : 0;
      case 'agreements':
        return view.vaults.find((v) => v.id === id)!.lenderSignatureIds.length;
    }
  };
  const best = [...view.vaults].sort((a, b) => score(b.id) - score(a.id))[0];
  if (!best) fail('the catalog has no epoch vault');
  return best.id;
}

/** Where a bundle goes: into a folder under its own name, or to the path given. */
async function bundlePath(target: string, fileName: string): Promise<string> {
  const isDir = target.endsWith('/') || (await stat(target).catch(() => null))?.isDirectory();
  const file = isDir ? path.join(target, fileName) : target;
  await mkdir(path.dirname(file), { recursive: true });
  return file;
}

function dataDirOf(): string {
  return args['data-dir'] ?? process.env.VAULTDESK_DATA_DIR ?? path.join(os.homedir(), '.vaultdesk-batch');
}

function printProgress(signing: SigningService): void {
  const crashAfter = args['crash-after'] !== undefined ? Number(args['crash-after']) : null;
  let signedNow = 0;
  signing.subscribe((event) => {
    if (event.type !== 'item') return;
    const { item } = event;
    say(
      `${item.label} ${item.step} ${item.state}${item.tx ? ` nonce ${item.tx.nonce}` : ''}${item.hash ? ` ${item.hash}` : ''}${item.reason ? ` (${item.reason})` : ''}`,
    );
    if (item.state === 'signed' && (item.signed || item.signature)) {
      signedNow++;
      // The journal already holds the signed bytes: leave like a killed process would.
      if (crashAfter !== null && signedNow >= crashAfter) process.exit(137);
    }
  });
}

/** Plans the selected action on the vault that suits it (and, when asked, signs the missing agreements first). */
async function planAction(world: World, device: DeviceService, portfolio: PortfolioService, signing: SigningService, action: SigningAction): Promise<Plan> {
  const count = Number(args.wallets ?? 5);
  const firstIndex = args['first-index'] !== undefined ? Number(args['first-index']) : world.firstIndex;
  const accounts = [];
  // The device service reads at most 100 accounts per request.
  for (let start = firstIndex; start < firstIndex + count; start += 100) {
    accounts.push(...(await device.discoverAccounts({ scheme: 'bip44', start, count: Math.min(100, firstIndex + count - start) })));
  }
  const wallets = accounts.map((a, i) => ({ address: a.address, label: `W${i}`, path: derivationPath('bip44', a.index) }));
  const view = await portfolio.load(
    wallets.map((w) => ({ address: w.address as `0x${string}`, label: w.label })),
    null,
  );
  const vaultId = pickVault(view, action);
  if (args['with-agreements'] && action !== 'agreements') {
    // Deposits need the lender agreements: sign the missing ones first, as a batch of its own.
    const agreements = await signing.plan({ vaultId, wallets, action: 'agreements' });
    if (agreements.items.some((i) => i.message)) {
      const first = await signing.createBatch(agreements.id);
      await world.onBatch?.(first.id);
      say(`agreements batch ${first.id}`);
      await signing.run(first.id);
    }
  }
  const plan = await signing.plan({
    vaultId,
    wallets,
    action,
    ...(args.amount ? { amount: args.amount } : {}),
    approval: args.approval === 'unlimited' ? 'unlimited' : 'exact',
    ...(args['max-fee-gwei'] ? { maxFeeGwei: args['max-fee-gwei'] } : {}),
  });
  say(`plan ${plan.id}: ${action} on ${plan.vault.name} (${plan.vault.state}), ${plan.items.filter((i) => i.step !== 'none').length} to sign`);
  for (const w of plan.wallets.filter((x) => !x.ok)) say(`  skip ${w.label} ${w.address}: ${w.reason}`);
  return plan;
}

/** The online services of the runner: the world (simulation or service), the device, the pipeline and the bundles. */
async function onlineServices(planned: BundleSource | null = null, runnerSim: RunnerSimulation | null = null) {
  const world = runnerSim ? await runnerSimWorld(runnerSim) : args.sim ? await simWorld(planned) : await serviceWorld(args.service!);
  const device = new DeviceService({ transports: world.transports, autoOpenEthereum: true, idleReleaseMs: 60_000 });
  await device.start();
  const portfolio = new PortfolioService({
    service: async () => world.client,
    rpcUrl: (chainId, fromCatalog) => world.rpcOverrides.get(chainId) ?? fromCatalog,
  });
  const dataDir = dataDirOf();
  const signing = createSigningService({
    dataDir,
    device,
    loadPortfolio: (w) => portfolio.load(w, null),
    chain: world.chain,
    service: async () => world.client,
    receiptPollingMs: args.sim || args['emulated-device'] ? 100 : 2_000,
  });
  const bundles = createBundleService({
    dataDir,
    signing,
    chain: world.chain,
    source: () => world.source,
    epochHistory: async (vaultId) => (await loadEpochHistory(world.client, vaultId)).epochs,
  });
  printProgress(signing);
  return {
    world,
    device,
    portfolio,
    signing,
    bundles,
    dataDir,
    async stop() {
      await device.stop();
      await world.stop();
    },
  };
}

/** Plan and sign and send here (the signing issue's runner). */
async function runHere(): Promise<void> {
  const action = args.action as SigningAction | undefined;
  if (!args.resume && (!action || !SIGNING_ACTIONS.includes(action))) fail(`--action must be one of ${SIGNING_ACTIONS.join(', ')}`);
  const sim = args.sim ? (args.resume ? await recordedSimulation() : await startRunnerSimulation()) : null;
  const s = await onlineServices(null, sim);
  let batch: Batch;
  if (args.resume) {
    const batches = await s.signing.listBatches();
    // On the run's simulation, only a batch journaled on it can be finished there.
    const candidates = sim ? batches.filter((b) => sim.batches.includes(b.id)) : batches;
    const target = args.batch ? candidates.find((b) => b.id === args.batch) : candidates.find((b) => b.status !== 'done');
    if (!target) fail(`no unfinished batch ${sim ? 'of this simulation ' : ''}in ${s.dataDir}`);
    say(`resuming ${target.id} (${target.action} on ${target.vaultName})`);
    batch = await s.signing.openBatch(target.id);
  } else {
    const plan = await planAction(s.world, s.device, s.portfolio, s.signing, action!);
    // Headless runs are the operator's explicit choice: the acknowledgement is the command itself.
    batch = await s.signing.createBatch(plan, { acknowledgeBlindSigning: true });
    await s.world.onBatch?.(batch.id);
    say(`batch ${batch.id} journaled in ${path.join(s.dataDir, 'journals')}`);
  }
  const result = await s.signing.run(batch.id);
  const final = await s.signing.openBatch(batch.id);
  if (result.status !== 'done') say(`batch ${batch.id} ${result.status}: ${final.pause?.message ?? ''} ${final.pause?.action ?? ''}`.trim());
  const counts = countItems(final.items);
  await s.stop();
  if (sim) {
    if (final.status === 'done' && (await unfinishedBatches(sim)).length === 0) await stopSimulation(sim);
    else say(`the simulation stays up for --sim --resume (pid ${sim.pid}); stop that process to drop the batch instead`);
  }
  say(JSON.stringify(counts));
  process.exit(0);
}

/** --export-unsigned FILE: plan, and write the unsigned bundle; nothing is signed. */
async function exportUnsigned(target: string): Promise<void> {
  const action = args.action as SigningAction | undefined;
  if (!action || !SIGNING_ACTIONS.includes(action)) fail(`--action must be one of ${SIGNING_ACTIONS.join(', ')}`);
  if (args['with-agreements']) fail('--with-agreements signs here; export the agreements as a bundle of their own (--action agreements)');
  const s = await onlineServices();
  const plan = await planAction(s.world, s.device, s.portfolio, s.signing, action);
  const file = await s.bundles.exportUnsigned(plan.id);
  const written = await bundlePath(target, file.fileName);
  await writeFile(written, file.content);
  say(`unsigned bundle ${written} (${file.checksum}): ${file.summary.transactions} transactions, ${file.summary.messages} agreements`);
  const counts = countItems(plan.items);
  await s.stop();
  say(JSON.stringify({ ...counts, file: written, checksum: file.checksum }));
  process.exit(0);
}

function reviewLines(plan: Plan): string[] {
  const lines: string[] = [];
  for (const [n, item] of plan.items.entries()) {
    const r = item.review;
    if (!r) {
      lines.push(`  skip ${item.label} ${item.wallet}: ${item.reason ?? ''}`);
      continue;
    }
    if (r.kind === 'message') {
      lines.push(`  #${n + 1} ${item.label} ${item.wallet}: ${r.title} (personal_sign)`);
      continue;
    }
    lines.push(
      `  #${n + 1} ${item.label} ${item.wallet} nonce ${r.nonce}: ${r.title} — ${r.functionName} on ${r.contract.name} ${r.contract.address}; max fee ${r.fees.maxFeeDisplay}; the device shows hash ${r.signingHash}`,
    );
  }
  return lines;
}

/** --offline --sign FILE --out SIGNED: check the bundle, show the review, sign on the device, write the signed bundle. */
async function signOffline(file: string, out: string): Promise<void> {
  // Before anything else: from here on no connection can be opened.
  const guard = forbidNetwork();
  const offline = (what: string) => async (): Promise<never> => {
    throw new AppError({ code: 'OFFLINE', message: `This run is offline: ${what} is not available.` });
  };
  const device = new DeviceService({ transports: await deviceTransports(), autoOpenEthereum: true, idleReleaseMs: 60_000 });
  await device.start();
  const dataDir = dataDirOf();
  const signing = createSigningService({ dataDir, device, loadPortfolio: offline('the portfolio'), chain: offline('the chain'), service: offline('the service') });
  const bundles: BundleService = createBundleService({ dataDir, signing, chain: offline('the chain'), source: offline('the service') });
  printProgress(signing);
  const text = await readFile(file, 'utf8');
  const imported = await bundles.importUnsigned(text, path.basename(file)).catch(refuse);
  const b = imported.bundle;
  say(`bundle ${path.basename(file)} (${b.checksum}) checked: every transaction decoded again and matches its stated action`);
  say(`review: ${b.action} on ${b.vault.name} (chain ${b.vault.chainId}), ${b.transactions} transactions, ${b.messages} agreements, planned from the chain as of ${b.snapshotTakenAt}`);
  for (const line of reviewLines(imported.plan)) say(line);
  let batchId = imported.batchId;
  if (batchId) say(`resuming batch ${batchId}: what is signed stays signed`);
  else {
    // Headless runs are the operator's explicit choice: the acknowledgement is the command itself.
    batchId = (await signing.createBatch(imported.plan.id, { acknowledgeBlindSigning: true })).id;
    say(`batch ${batchId} journaled in ${path.join(dataDir, 'journals')}`);
  }
  const result = await signing.run(batchId);
  const counts = countItems((await signing.openBatch(batchId)).items);
  await device.stop();
  if (guard.attempts.length) refuse({ code: 'OFFLINE_NETWORK_USED', message: `A network connection was attempted and refused: ${guard.attempts.join(', ')}.` });
  if (result.status !== 'done') {
    const final = await signing.openBatch(batchId);
    refuse({
      code: final.pause?.code ?? 'SIGNING_PAUSED',
      message: `Batch ${batchId} paused: ${final.pause?.message ?? 'not every item is signed.'}`,
      action: `${final.pause?.action ?? ''} Run the same command again to go on: nothing signed is signed again.`.trim(),
    });
  }
  const signed = await bundles.exportSigned(batchId);
  const written = await bundlePath(out, signed.fileName);
  await writeFile(written, signed.content);
  say(`signed bundle ${written} (${signed.checksum}): ${signed.summary.signed} of ${b.transactions + b.messages} signed`);
  say(JSON.stringify({ ...counts, file: written, checksum: signed.checksum }));
  process.exit(0);
}

function problemLine(check: SendCheck): string {
  return `  ${check.label} ${check.wallet} nonce ${check.nonce}: ${check.problem ? `${check.problem.code}: ${check.problem.message} ${check.problem.action ?? ''}` : 'ready to send'}`;
}

/** --broadcast SIGNED: check the signed bundle, journal it, send it and watch the receipts. */
async function broadcast(file: string): Promise<void> {
  const text = await readFile(file, 'utf8');
  // The checks need no chain: a refused file starts nothing. With --sim, the simulation started is
  // the one the bundle was planned on.
  const { bundle } = await readSignedBundle(text).catch(refuse);
  const s = await onlineServices(args.sim ? bundle.unsigned.snapshot.source : null);
  const imported = await s.bundles.importSigned(text, path.basename(file)).catch(async (err: unknown) => {
    await s.stop();
    return refuse(err as AppError);
  });
  const counts0: BatchCounts = countItems(imported.batch.items);
  say(
    `bundle ${path.basename(file)} (${imported.bundle.checksum}) checked: ${counts0.signed} signed by their wallets, each exactly its reviewed draft; batch ${imported.batch.id}${imported.created ? ' journaled' : ' (imported before)'}`,
  );
  for (const check of imported.checks) say(problemLine(check));
  const result = await s.signing.run(imported.batch.id);
  const final = await s.signing.openBatch(imported.batch.id);
  if (result.status !== 'done') say(`batch ${final.id} ${result.status}: ${final.pause?.message ?? ''} ${final.pause?.action ?? ''}`.trim());
  for (const item of final.items.filter((i) => i.state === 'failed' || (i.state === 'skipped' && i.step !== 'none'))) {
    say(`  ${item.label} ${item.step}${item.tx ? ` nonce ${item.tx.nonce}` : ''} ${item.state}: ${item.reason ?? ''}${item.error?.action ? ` ${item.error.action}` : ''}`);
  }
  const counts = countItems(final.items);
  await s.stop();
  say(JSON.stringify(counts));
  process.exit(0);
}

async function main(): Promise<void> {
  if (args.offline || args.sign) {
    if (!args.offline || !args.sign || !args.out) fail('signing a bundle is the offline step: --offline --sign FILE --out SIGNED');
    if (args.service || args.broadcast || args['export-unsigned']) fail('--offline takes no service, chain or other step');
    return signOffline(args.sign, args.out);
  }
  if (!args.sim && !args.service) fail('choose --sim or --service URL');
  if (args.broadcast) return broadcast(args.broadcast);
  if (args['export-unsigned']) return exportUnsigned(args['export-unsigned']);
  return runHere();
}

main().catch((err: unknown) => refuse(err as { code?: string; message?: string; action?: string }));
