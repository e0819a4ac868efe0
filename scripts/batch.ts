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
 * batch of the data folder and finishes it (against the same chains: not with a fresh --sim).
 *
 * Progress goes to stdout line by line; the last line is one JSON object
 * {planned, signed, broadcast, confirmed, failed, skipped}.
 */
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import type { PublicClient } from 'viem';
import { DeviceService, createHidTransportFactory, type TransportFactory } from '../electron/services/device';
import { PortfolioService } from '../electron/services/portfolio/portfolio';
import { ApiKeyVault } from '../electron/services/secrets/api-key';
import { KeychainSecretStore } from '../electron/services/secrets/keychain-store';
import { createServiceClient, type ServiceClient } from '../electron/services/service-client';
import { createChainAccess, createSigningService } from '../electron/services/signing';
import { SIM_MNEMONIC, FIRST_WALLET_INDEX } from '../electron/sim/chain/accounts';
import { derivationPath } from '../shared/device/paths';
import { countItems } from '../shared/signing/counts';
import { SIGNING_ACTIONS, type Batch, type SigningAction } from '../shared/signing/schemas';
import type { Portfolio } from '../shared/portfolio/schemas';

const { values: args } = parseArgs({
  options: {
    sim: { type: 'boolean', default: false },
    service: { type: 'string' },
    rpc: { type: 'string', multiple: true, default: [] },
    'emulated-device': { type: 'boolean', default: false },
    wallets: { type: 'string', default: '5' },
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
    seed: { type: 'string', default: '3' },
  },
  strict: true,
});

const say = (line: string) => process.stdout.write(`${line}\n`);

function fail(message: string): never {
  process.stderr.write(`batch: ${message}\n`);
  process.exit(2);
}

interface World {
  client: ServiceClient;
  chain: (chainId: number) => Promise<PublicClient>;
  transports: TransportFactory;
  rpcOverrides: Map<number, string>;
  firstIndex: number;
  stop(): Promise<void>;
}

async function simWorld(): Promise<World> {
  const { startLocalSimulation } = await import('../electron/sim/indexer');
  const { startSimService } = await import('../electron/sim/service');
  const sim = await startLocalSimulation({ seed: Number(args.seed), wallets: Math.max(12, Number(args.wallets)), pace: 'fast' });
  for (const d of sim.drivers) await d.stop();
  const service = await startSimService({ store: sim.store, port: 0 });
  const client = createServiceClient({ baseUrl: service.url, getApiKey: async () => service.apiKey });
  const overrides = new Map(sim.network.chains.map(({ chain }) => [chain.chainId, chain.rpcUrl]));
  say(`simulation: chains ${[...overrides.keys()].join(', ')}, service ${service.url}`);
  return {
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
    client,
    chain: createChainAccess({ service: async () => client, override: (id) => overrides.get(id) }),
    transports: args['emulated-device'] ? await emulatedTransports() : createHidTransportFactory(),
    rpcOverrides: overrides,
    firstIndex: args['emulated-device'] ? FIRST_WALLET_INDEX : 0,
    async stop() {},
  };
}

async function emulatedTransports(): Promise<TransportFactory> {
  const { createEmulatedLedger, emulatorTransportFactory } = await import('../electron/sim/ledger');
  const ledger = createEmulatedLedger({ mnemonic: SIM_MNEMONIC, blindSigning: true, autoApprove: args['auto-approve'] });
  if (!args['auto-approve']) say('emulated Ledger: nobody presses its buttons without --auto-approve; reviews will time out');
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

async function main(): Promise<void> {
  if (!args.sim && !args.service) fail('choose --sim or --service URL');
  const action = args.action as SigningAction | undefined;
  if (!args.resume && (!action || !SIGNING_ACTIONS.includes(action))) fail(`--action must be one of ${SIGNING_ACTIONS.join(', ')}`);
  const dataDir = args['data-dir'] ?? process.env.VAULTDESK_DATA_DIR ?? path.join(os.homedir(), '.vaultdesk-batch');

  const world = args.sim ? await simWorld() : await serviceWorld(args.service!);
  const device = new DeviceService({ transports: world.transports, autoOpenEthereum: true, idleReleaseMs: 60_000 });
  await device.start();
  const portfolio = new PortfolioService({
    service: async () => world.client,
    rpcUrl: (chainId, fromCatalog) => world.rpcOverrides.get(chainId) ?? fromCatalog,
  });
  const signing = createSigningService({
    dataDir,
    device,
    loadPortfolio: (w) => portfolio.load(w, null),
    chain: world.chain,
    service: async () => world.client,
    receiptPollingMs: args.sim || args['emulated-device'] ? 100 : 2_000,
  });

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

  let batch: Batch;
  if (args.resume) {
    const batches = await signing.listBatches();
    const target = args.batch ? batches.find((b) => b.id === args.batch) : batches.find((b) => b.status !== 'done');
    if (!target) fail(`no unfinished batch in ${dataDir}`);
    say(`resuming ${target.id} (${target.action} on ${target.vaultName})`);
    batch = await signing.openBatch(target.id);
  } else {
    const count = Number(args.wallets);
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
    const vaultId = pickVault(view, action!);
    if (args['with-agreements'] && action !== 'agreements') {
      // Deposits need the lender agreements: sign the missing ones first, as a batch of its own.
      const agreements = await signing.plan({ vaultId, wallets, action: 'agreements' });
      if (agreements.items.some((i) => i.message)) {
        const first = await signing.createBatch(agreements.id);
        say(`agreements batch ${first.id}`);
        await signing.run(first.id);
      }
    }
    const plan = await signing.plan({
      vaultId,
      wallets,
      action: action!,
      ...(args.amount ? { amount: args.amount } : {}),
      approval: args.approval === 'unlimited' ? 'unlimited' : 'exact',
      ...(args['max-fee-gwei'] ? { maxFeeGwei: args['max-fee-gwei'] } : {}),
    });
    say(
      `plan ${plan.id}: ${action} on ${plan.vault.name} (${plan.vault.state}), ${plan.items.filter((i) => i.step !== 'none').length} to sign`,
    );
    for (const w of plan.wallets.filter((x) => !x.ok)) say(`  skip ${w.label} ${w.address}: ${w.reason}`);
    // Headless runs are the operator's explicit choice: the acknowledgement is the command itself.
    batch = await signing.createBatch(plan, { acknowledgeBlindSigning: true });
    say(`batch ${batch.id} journaled in ${path.join(dataDir, 'journals')}`);
  }

  const result = await signing.run(batch.id);
  if (result.status !== 'done') {
    const final = await signing.openBatch(batch.id);
    say(`batch ${batch.id} ${result.status}: ${final.pause?.message ?? ''} ${final.pause?.action ?? ''}`.trim());
  }
  const counts = countItems((await signing.openBatch(batch.id)).items);
  await device.stop();
  await world.stop();
  say(JSON.stringify(counts));
  process.exit(0);
}

main().catch((err: unknown) => {
  const e = err as { code?: string; message?: string };
  fail(`${e.code ? `${e.code}: ` : ''}${e.message ?? String(err)}`);
});
