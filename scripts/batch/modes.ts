import { readFile, mkdir, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { DeviceService } from '../../electron/services/device';
import type { PortfolioService } from '../../electron/services/portfolio/portfolio';
import { BundleCalls, createBundleService, type BundleService } from '../../electron/services/bundles';
import { carryingCertifiedCalls } from '../../electron/runtime/ledger-service';
import { createSigningService, type SigningService } from '../../electron/services/signing';
import { derivationPath, isPlannerPath, PLANNER_PATH, PLANNER_PATH_REFUSAL } from '../../shared/device/paths';
import { countItems } from '../../shared/signing/counts';
import { SIGNING_ACTIONS, type Batch, type BatchCounts, type Plan, type Selection, type SigningAction } from '../../shared/signing/schemas';
import { readSignedBundle } from '../../shared/bundles/verify-signed';
import { bundleScreens } from '../../electron/services/bundles/device-screens';
import { AppError } from '../../shared/errors';
import { policyLines } from '../../shared/bundles/policy';
import { RegistryTransfer, VaultRegistry } from '../../electron/services/registry';
import { journalKeysIn } from '../../electron/services/secrets/journal-key';
import { KeychainSecretStore } from '../../electron/services/secrets/keychain-store';
import type { SignedRegistryExport } from '../../shared/registry/export-schemas';
import { forbidNetwork } from '../no-network-guard';
import { args, dataDirOf, fail, refuse, say } from './cli';
import { demoPlanners, importRegistryFile, printRegistryPreview, trustPlanners } from './records';
import { bundleSimulationLines, printProgress, problemLine, reviewLines } from './print';
import type { UnsignedBundle } from '../../shared/bundles/schemas';
import { deviceTransports, onlineServices, type World } from './services';
import { recordedSimulation, startRunnerSimulation, stopSimulation, unfinishedBatches } from './simulation';
import { pickVaults, reportUnlisted } from './vaults';

/** The runner's modes: plan, sign and send here; export an unsigned bundle; sign one offline; send a signed one. */

/** Plans the selected action on the vaults named, or the vault that suits it (and, when asked, signs the missing agreements first). */
export async function planAction(
  world: World,
  device: DeviceService,
  portfolio: PortfolioService,
  signing: SigningService,
  registry: VaultRegistry,
  action: SigningAction,
): Promise<Plan> {
  const count = Number(args.wallets ?? 5);
  const firstIndex = args['first-index'] !== undefined ? Number(args['first-index']) : world.firstIndex;
  const accounts = [];
  // The device service reads at most 100 accounts per request.
  for (let start = firstIndex; start < firstIndex + count; start += 100) {
    accounts.push(...(await device.discoverAccounts({ scheme: 'bip44', start, count: Math.min(100, firstIndex + count - start) })));
  }
  const wallets = accounts.map((a, i) => ({ address: a.address, label: `W${i}`, path: derivationPath('bip44', a.index) }));
  // The planner's key signs bundles and nothing else (the pipeline refuses it too).
  const atPlanner = wallets.find((w) => isPlannerPath(w.path));
  if (atPlanner) refuse({ ...PLANNER_PATH_REFUSAL, message: `${atPlanner.label} ${atPlanner.address}: ${PLANNER_PATH_REFUSAL.message}` });
  const view = await portfolio.load(
    wallets.map((w) => ({ address: w.address as `0x${string}`, label: w.label })),
    null,
  );
  // Pinned vaults the service stopped listing are frozen and named before anything is planned.
  const unlisted = await reportUnlisted(registry, view);
  const vaultIds = pickVaults(view, action, unlisted);
  // One vault: its plan; several (--vault repeated): one plan across them, one review, one batch or bundle.
  const planOn = (parts: Selection[]) => (parts.length === 1 ? signing.plan(parts[0]!) : signing.planAcrossVaults(parts));
  if (args['with-agreements'] && action !== 'agreements') {
    // Deposits need the lender agreements: sign the missing ones first, as a batch of its own.
    const agreements = await planOn(vaultIds.map((vaultId) => ({ vaultId, wallets, action: 'agreements' as const })));
    if (agreements.items.some((i) => i.message)) {
      const first = await signing.createBatch(agreements.id);
      await world.onBatch?.(first.id);
      say(`agreements batch ${first.id}`);
      await signing.run(first.id);
    }
  }
  const plan = await planOn(
    vaultIds.map((vaultId) => ({
      vaultId,
      wallets,
      action,
      ...(args.amount ? { amount: args.amount } : {}),
      approval: args.approval === 'unlimited' ? ('unlimited' as const) : ('exact' as const),
      ...(args['max-fee-gwei'] ? { maxFeeGwei: args['max-fee-gwei'] } : {}),
    })),
  );
  const on = plan.vaults && plan.vaults.length > 1 ? plan.vaults : [plan.vault];
  say(`plan ${plan.id}: ${action} on ${on.map((v) => `${v.name} (${v.state})`).join(' and ')}, ${plan.items.filter((i) => i.step !== 'none').length} to sign`);
  for (const w of plan.wallets.filter((x) => !x.ok)) say(`  skip ${w.label} ${w.address}: ${w.reason}`);
  for (const line of reviewLines({ ...plan, items: plan.items.filter((i) => i.review) })) say(line);
  return plan;
}

/** Plan and sign and send here (the signing issue's runner). */
export async function runHere(): Promise<void> {
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
    const plan = await planAction(s.world, s.device, s.portfolio, s.signing, s.registry, action!);
    // Headless runs are the operator's explicit choice: the acknowledgement is the command itself.
    batch = await s.signing.createBatch(plan, { acknowledgeBlindSigning: true });
    await s.world.onBatch?.(batch.id);
    say(`batch ${batch.id} journaled in ${path.join(s.dataDir, 'journals')}`);
  }
  const result = await s.signing.run(batch.id);
  const final = await s.signing.openBatch(batch.id);
  if (result.status !== 'done') say(`batch ${batch.id} ${result.status}: ${final.pause?.message ?? ''} ${final.pause?.action ?? ''}`.trim());
  const counts = countItems(final.items);
  await writeRegistry(s.registry, s.device);
  await s.stop();
  if (sim) {
    if (final.status === 'done' && (await unfinishedBatches(sim)).length === 0) await stopSimulation(sim);
    else say(`the simulation stays up for --sim --resume (pid ${sim.pid}); stop that process to drop the batch instead`);
  }
  say(JSON.stringify(counts));
  process.exit(0);
}

/** --export-unsigned FILE: plan, and write the unsigned bundle; nothing is signed. */
export async function exportUnsigned(target: string): Promise<void> {
  const action = args.action as SigningAction | undefined;
  if (!action || !SIGNING_ACTIONS.includes(action)) fail(`--action must be one of ${SIGNING_ACTIONS.join(', ')}`);
  if (args['with-agreements']) fail('--with-agreements signs here; export the agreements as a bundle of their own (--action agreements)');
  const s = await onlineServices();
  const plan = await planAction(s.world, s.device, s.portfolio, s.signing, s.registry, action);
  // What the planner's Ledger will show, printed before it asks: compare the two hashes on its screen.
  const preview = await s.bundles.prepareExport(plan.id);
  say(`planner: the Ledger signs this bundle's plan hash ${preview.planHash} as EIP-712 typed data (${preview.type}) in the domain ${JSON.stringify(preview.domain)}`);
  say(`  with its planner account ${preview.path}; approve on the device once it shows:`);
  say(`  domain hash ${preview.domainHash}`);
  say(`  message hash ${preview.messageHash}`);
  const file = await s.bundles.exportUnsigned(plan.id);
  const written = await bundlePath(target, file.fileName);
  await writeFile(written, file.content, { mode: 0o600 });
  say(`unsigned bundle ${written} (${file.checksum}): ${file.summary.transactions} transactions, ${file.summary.messages} agreements`);
  say(`  planner: ${file.summary.planner} (Ledger account ${s.bundles.plannerPath}) signed its plan hash; the offline install must trust this address`);
  // What the bundle carries of the plan's simulation (on a fork of the --rpc, or of the simulation's chain).
  const simulation = (JSON.parse(file.content) as Pick<UnsignedBundle, 'simulation'>).simulation ?? null;
  const labels = new Map(plan.items.map((i) => [i.id, i.label]));
  for (const line of bundleSimulationLines(simulation, labels, (id) => `chain ${id}`, 'export')) say(line);
  const counts = countItems(plan.items);
  await writeRegistry(s.registry, s.device);
  await s.stop();
  say(
    JSON.stringify({
      ...counts,
      file: written,
      checksum: file.checksum,
      simulated: simulation !== null && simulation.status !== 'not-simulated',
      vaults: file.summary.vaults.map((v) => v.name),
    }),
  );
  process.exit(0);
}

/** --offline --sign FILE --out SIGNED: check the bundle, show the review, sign on the device, write the signed bundle. */
export async function signOffline(file: string, out: string): Promise<void> {
  // Before anything else: from here on no connection can be opened.
  const guard = forbidNetwork();
  const offline = (what: string) => async (): Promise<never> => {
    throw new AppError({ code: 'OFFLINE', message: `This run is offline: ${what} is not available.` });
  };
  const device = new DeviceService({ transports: await deviceTransports(), autoOpenEthereum: true, idleReleaseMs: 60_000 });
  await device.start();
  const dataDir = dataDirOf();
  // The offline install's root of trust for addresses: a damaged file refuses the review, never reads as empty.
  const registry = new VaultRegistry(dataDir, undefined, { failClosed: true });
  const bundleCalls = new BundleCalls();
  const signing = createSigningService({
    dataDir,
    // The keychain is local (no network): the offline journals are sealed like the online ones.
    journalKeys: journalKeysIn(new KeychainSecretStore(), dataDir),
    // The calls accepted from the bundle's carried clear-signing data go to the Ledger with their jobs.
    device: carryingCertifiedCalls(device, bundleCalls),
    loadPortfolio: offline('the portfolio'),
    chain: offline('the chain'),
    service: offline('the service'),
    registry,
    firstSeen: { kind: 'refuse', action: 'An offline install pins no vault: run again with --registry FILE, the registry the online install exported (--export-registry), and compare its fingerprint.' },
  });
  // A demo run's planners are trusted in memory: a later run on the same folder without --sim trusts none of them.
  const demo = await demoPlanners();
  const bundles: BundleService = createBundleService({ dataDir, signing, chain: offline('the chain'), source: offline('the service'), registry, device, demoPlanners: demo, bundleCalls });
  await trustPlanners(bundles, demo);
  // The online install's signed export, verified against the planners trusted above and pinned into this data folder.
  if (args.registry) await importRegistryFile(registry, bundles, args.registry);
  printProgress(signing);
  const text = await readFile(file, 'utf8');
  const imported = await bundles.importUnsigned(text, path.basename(file)).catch(refuse);
  const b = imported.bundle;
  say(`bundle ${path.basename(file)} (${b.checksum}) checked: signed by its planner ${b.planner}, every transaction decoded again and matches its stated action`);
  say(`review: ${b.action} on ${b.vault.name} (chain ${b.vault.chainId}), ${b.transactions} transactions, ${b.messages} agreements, planned from the chain as of ${b.snapshotTakenAt}`);
  for (const line of reviewLines(imported.plan)) say(line);
  const chainName = (id: number) => (id === imported.snapshot.vault.chainId ? `${imported.snapshot.vault.chainName} (chain ${id})` : `chain ${id}`);
  const labels = new Map(imported.plan.items.map((i) => [i.id, i.label]));
  for (const line of bundleSimulationLines(imported.simulation, labels, chainName, 'offline')) say(line);
  for (const warning of imported.plan.warnings) say(`  note: ${warning}`);
  say(`  this install's policy (${path.join(dataDir, 'offline-policy.json')}): ${policyLines(await bundles.policy.read().catch(refuse)).join('; ')}`);
  let batchId = imported.batchId;
  if (batchId) say(`resuming batch ${batchId}: what is signed stays signed`);
  else {
    // Headless runs are the operator's explicit choice: the acknowledgement is the command itself.
    batchId = (await signing.createBatch(imported.plan.id, { acknowledgeBlindSigning: true })).id;
    say(`batch ${batchId} journaled in ${path.join(dataDir, 'journals')}`);
  }
  const result = await signing.run(batchId);
  const counts = countItems((await signing.openBatch(batchId)).items);
  // The signed bundle names the reviewer's account, read from the device: saved before it is let go.
  const signed = result.status === 'done' ? await bundles.exportSigned(batchId).catch(refuse) : null;
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
  if (!signed) return refuse({ code: 'SIGNING_PAUSED', message: `Batch ${batchId} is not done.` });
  const written = await bundlePath(out, signed.fileName);
  await writeFile(written, signed.content, { mode: 0o600 });
  say(`signed bundle ${written} (${signed.checksum}): ${signed.summary.signed} of ${b.transactions + b.messages} signed, reviewer ${signed.summary.reviewer}`);
  say(JSON.stringify({ ...counts, file: written, checksum: signed.checksum }));
  process.exit(0);
}

/** --broadcast SIGNED: check the signed bundle, journal it, send it and watch the receipts. */
export async function broadcast(file: string): Promise<void> {
  const text = await readFile(file, 'utf8');
  // The checks need no chain: a refused file starts nothing. With --sim, the simulation started is
  // the one the bundle was planned on.
  const { bundle } = await readSignedBundle(text, bundleScreens).catch(refuse);
  const s = await onlineServices(args.sim ? bundle.unsigned.snapshot.source : null);
  const imported = await s.bundles.importSigned(text, path.basename(file), { acceptForeign: args['accept-foreign-plan'] }).catch(async (err: unknown) => {
    await s.stop();
    return refuse(err as AppError);
  });
  const counts0: BatchCounts = countItems(imported.batch.items);
  say(
    `bundle ${path.basename(file)} (${imported.bundle.checksum}) checked: ${counts0.signed} signed by their wallets, each exactly its reviewed draft; batch ${imported.batch.id}${imported.created ? ' journaled' : ' (imported before)'}`,
  );
  say(`  planned by ${imported.bundle.planner}, reviewed and signed offline by ${imported.bundle.reviewer ?? 'an unnamed reviewer'}`);
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

/**
 * Where a bundle goes: into a folder under its own name, or to the path given. Bundles and registry
 * files are the operator's records: written 0600, in a folder created 0700 when it is new.
 */
async function bundlePath(target: string, fileName: string): Promise<string> {
  const isDir = target.endsWith('/') || (await stat(target).catch(() => null))?.isDirectory();
  const file = isDir ? path.join(target, fileName) : target;
  await mkdir(path.dirname(file), { recursive: true, mode: 0o700 });
  return file;
}

/**
 * --export-registry FILE: the data folder's pinned vault registry, signed by the planner's Ledger
 * (what it will sign printed before it asks), written with its fingerprint.
 */
async function writeRegistry(registry: VaultRegistry, device: Pick<DeviceService, 'signTypedDataHash'>): Promise<SignedRegistryExport | null> {
  const target = args['export-registry'];
  if (!target) return null;
  const transfer = new RegistryTransfer(registry);
  printRegistryPreview(await transfer.prepareExport());
  const exported = await transfer.export((p, hashes) => device.signTypedDataHash(p, hashes)).catch(refuse);
  const written = await bundlePath(target, exported.fileName);
  await writeFile(written, exported.content, { mode: 0o600 });
  say(`vault registry ${written}: ${exported.vaults} vaults, fingerprint ${exported.fingerprint}, signed by the planner ${exported.planner} (Ledger account ${PLANNER_PATH})`);
  return { ...exported, fileName: written };
}

/** --export-registry FILE with no action: only the export, signed on the device; no service or chain. */
export async function exportRegistryOnly(): Promise<void> {
  const registry = new VaultRegistry(dataDirOf());
  const device = new DeviceService({ transports: await deviceTransports(), autoOpenEthereum: true, idleReleaseMs: 60_000 });
  await device.start();
  const exported = await writeRegistry(registry, device);
  await device.stop();
  say(JSON.stringify({ vaults: exported!.vaults, fingerprint: exported!.fingerprint, file: exported!.fileName, planner: exported!.planner }));
  process.exit(0);
}
