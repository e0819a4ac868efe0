import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { createPublicClient, http, type Hex } from 'viem';
import { startEmbeddedSimulation } from '../../electron/runtime/embedded-simulation';
import type { EmbeddedSimulation } from '../../electron/runtime/service-connection';
import { DeviceService } from '../../electron/services/device';
import { generateMnemonic } from '@scure/bip39';
import { wordlist } from '@scure/bip39/wordlists/english';
import { SIM_MNEMONIC } from '../../electron/demo/chain';
import { deriveAtPath } from '../../electron/demo/chain/accounts';
import { signAsPlanner } from '../support/bundle-fixture';
import { createEmulatedLedger, emulatorTransportFactory, type EmulatedLedger } from '../../electron/demo/ledger';
import type { TransportFactory } from '../../electron/services/device';
import type { Portfolio, PortfolioVault } from '../../shared/portfolio/schemas';
import { screenshot } from './support/browser';
import { bundleDeviceScreens, bundleSigningHash, bundleText, PLANNER_PATH, plannerHashes, seal, type UnsignedBundle } from '../../shared/bundles';
import { readSignedRegistry, registryHashes, verifyRegistrySignature } from '../../shared/registry/signed-file';
import { openConsolePage, outliving, type ConsolePage } from './support/console-page';
import { BLIND_SIGNING_ACK } from './support/signing';

// Offline review as operators do it, with two consoles: an online one on the demo plans a batch and
// exports it as an unsigned bundle; an offline-review install (no network, its own data folder and
// a Ledger holding the same seed) opens the file, shows its snapshot, reviews and signs it on the
// device, and saves the signed bundle; back online, the signed bundle is checked and sent, and the
// chain shows each transaction once.
const ctx = { transport: 'browser' as const };
const files = mkdtempSync(path.join(os.tmpdir(), 'vaultdesk-bundles-'));
let sim: EmbeddedSimulation;
let online: ConsolePage;
let offline: ConsolePage;
let before: Portfolio;
let vault: PortfolioVault;
let wallets: string[];
let unsignedFile: string;
let signedFile: string;
/** The block of the chain the planner's simulation forked, as the exported bundle carries it. */
let simulatedBlock: string;

/**
 * The planning desk's Ledger, on the online console: a seed of its own (the simulation's is public,
 * and an install outside the demo never trusts a key anyone can sign with). It signs as the planner
 * only: plan hashes and the registry file.
 */
const PLANNER_SEED = generateMnemonic(wordlist);
const planner = deriveAtPath(PLANNER_PATH, PLANNER_SEED);
/** The offline install's reviewer: the same seed's first wallet account, which the planner's path never is. */
const reviewer = deriveAtPath("44'/60'/0'/0/0");

/** The planning desk's Ledger as carried to the offline machine: unplugged until it shows the planner's address there. */
const plannerLedger = createEmulatedLedger({ mnemonic: PLANNER_SEED, app: 'Ethereum', blindSigning: true, locked: false, plugged: false });

/** One USB port: whichever of the Ledgers is plugged in answers there. */
function usbPort(...ledgers: EmulatedLedger[]): TransportFactory {
  return {
    listen(observer) {
      const subscriptions = ledgers.map((l) =>
        l.listen({ next: (event) => (event.type === 'add' ? observer.add(event.descriptor) : observer.remove(event.descriptor)) }),
      );
      return { unsubscribe: () => subscriptions.forEach((sub) => sub.unsubscribe()) };
    },
    open: () => (ledgers.find((l) => l.snapshot().plugged) ?? ledgers[0]!).open(),
  };
}

const chain = () => createPublicClient({ transport: http(sim.localChains.find((c) => c.chainId === vault.chain.chainId)!.rpcUrl) });
const nonces = () => Promise.all(wallets.map((w) => chain().getTransactionCount({ address: w as Hex })));

beforeAll(async () => {
  sim = await startEmbeddedSimulation({ drive: false });
  online = await openConsolePage({
    startSimulation: outliving(sim),
    startDevice: async () => {
      const emulator = createEmulatedLedger({ mnemonic: PLANNER_SEED, app: 'Ethereum', blindSigning: true, locked: false });
      const service = new DeviceService({ transports: emulatorTransportFactory(emulator) });
      await service.start();
      return { kind: 'emulated', service, emulator, stop: () => service.stop() };
    },
  });
  await online.page.locator('table[aria-label="Vault totals"] tbody tr').first().waitFor({ timeout: 90_000 });
  before = await online.c.runtime.handlers.portfolio.load({ groupId: null }, ctx);
  offline = await openConsolePage({
    offline: true,
    // The air-gapped machine's USB port: its own Ledger (the demo's seed, so it signs for its
    // lenders), or the planner's, plugged in there once to show the planner's address.
    startDevice: async () => {
      const emulator = createEmulatedLedger({ mnemonic: SIM_MNEMONIC, app: 'Ethereum', blindSigning: true, locked: false });
      const service = new DeviceService({ transports: usbPort(emulator, plannerLedger) });
      await service.start();
      return { kind: 'hid', service, emulator, stop: () => service.stop() };
    },
    startSimulation: () => Promise.reject(new Error('an offline install never starts the simulation')),
  });
}, 240_000);

afterAll(async () => {
  await offline?.close();
  await online?.close();
  await sim?.close();
});

/**
 * The operator's hands on the offline install's Ledger (a USB device, so no panel on its screen):
 * approves each review once its item is on the device, and waits until the item has left it,
 * until the batch is done.
 */
async function approveUntilDone(page: Page): Promise<void> {
  const device = offline.c.runtime.handlers.emulator;
  const done = page.locator('[data-testid="batch"][data-status="done"]');
  const onDevice = page.locator('.batch-items > li[data-state="on-device"]');
  const deadline = Date.now() + 180_000;
  const left = () => Math.max(deadline - Date.now(), 1);
  for (;;) {
    await done.or(onDevice).first().waitFor({ timeout: left() });
    if ((await done.count()) > 0) return;
    const itemId = await onDevice.first().getAttribute('data-item-id', { timeout: left() });
    await expect.poll(async () => (await device.snapshot({}, ctx)).pending !== null, { timeout: left() }).toBe(true);
    await device.command({ command: 'approve' }, ctx);
    await page.locator(`.batch-items > li[data-item-id="${itemId}"]:not([data-state="on-device"])`).waitFor({ timeout: left() });
  }
}

/**
 * The operator approves the one review the online console's Ledger (the demo's emulated one) shows,
 * once its two typed-data hashes are the ones the console showed before it asked.
 */
async function approveOnline(shown: { domainHash: string; messageHash: string }): Promise<void> {
  const device = online.c.runtime.handlers.emulator;
  await expect.poll(async () => (await device.snapshot({}, ctx)).pending !== null, { timeout: 60_000 }).toBe(true);
  const screens = (await device.snapshot({}, ctx)).pending!.screens;
  // Hashed EIP-712 opens with the blind-signing warning (app 1.12 and later), then the review.
  expect(screens.slice(0, 2).map((sc) => sc.title)).toEqual(['Blind signing ahead', 'Review typed message']);
  expect(screens.find((sc) => sc.title === 'Domain hash')?.value).toBe(shown.domainHash);
  expect(screens.find((sc) => sc.title === 'Message hash')?.value).toBe(shown.messageHash);
  await device.command({ command: 'approve' }, ctx);
}

/** Clicks a button that saves a file and keeps the file where the test can read it (approving the planner's signature online when asked). */
async function saveDownload(page: Page, button: RegExp | string, name: string, options: { plannerSigns?: { domainHash: string; messageHash: string } } = {}): Promise<string> {
  const [download] = await Promise.all([
    page.waitForEvent('download', { timeout: 90_000 }),
    page.getByRole('button', { name: button }).click(),
    options.plannerSigns ? approveOnline(options.plannerSigns) : Promise.resolve(),
  ]);
  const file = path.join(files, name === '' ? download.suggestedFilename() : name);
  await download.saveAs(file);
  return file;
}

/** Export unsigned bundle: the hashes shown first, then signed on the planner's Ledger (compared there) and saved. */
async function exportUnsigned(page: Page): Promise<string> {
  await page.getByRole('button', { name: 'Export unsigned bundle' }).click();
  await page.getByTestId('planner-preview').waitFor();
  const shown = {
    domainHash: (await page.getByTestId('planner-domain-hash').textContent())!,
    messageHash: (await page.getByTestId('planner-message-hash').textContent())!,
  };
  return saveDownload(page, 'Sign on the Ledger and save the bundle', '', { plannerSigns: shown });
}

describe('online: a reviewed plan leaves as an unsigned bundle', () => {
  it('exports the plan of queue withdrawals for two wallets, nothing signed', async () => {
    const page = online.page;
    vault = before.vaults.find(
      (v) =>
        v.cycle?.state === 'RUNNING' &&
        v.queue &&
        before.positions.filter((p) => p.vaultId === v.id && p.allowed && BigInt(p.trancheBalance ?? '0') > 0n).length >= 2,
    )!;
    expect(vault).toBeDefined();
    wallets = before.positions
      .filter((p) => p.vaultId === vault.id && p.allowed && BigInt(p.trancheBalance ?? '0') > 0n)
      .slice(0, 2)
      .map((p) => p.wallet);
    const group = await online.c.runtime.handlers.wallets.createGroup({ name: 'Cold storage' }, ctx);
    await online.c.runtime.handlers.wallets.setGroupMembers({ groupId: group.id, addresses: wallets, member: true }, ctx);
    await page.reload();
    await page.getByRole('combobox', { name: 'Batch of wallets' }).selectOption({ label: 'Cold storage (2)' });
    await expect.poll(() => page.locator('.screen-sub').first().textContent()).toContain('2 wallets');

    await page.getByRole('button', { name: 'Signing', exact: true }).click();
    await page.getByLabel('Operation vault').selectOption(vault.id);
    await page.getByLabel('Operation', { exact: true }).selectOption('withdraw');
    await page.getByLabel('everything each wallet can withdraw').check();
    await page.getByRole('button', { name: 'Review' }).click();
    await expect.poll(() => page.getByTestId('plan').textContent(), { timeout: 60_000 }).toContain(`withdrawals in ${vault.name}`);
    // Per wallet: the tranche approved to the queue, then the request.
    expect(await page.getByTestId('plan').locator('.plan-items > li').count()).toBe(4);

    const noncesBefore = await nonces();
    // First what the planner's Ledger will be asked to sign: the plan hash and the two hashes it shows.
    await page.getByRole('button', { name: 'Export unsigned bundle' }).click();
    const preview = page.getByTestId('planner-preview');
    await preview.waitFor();
    expect(await preview.textContent()).toContain(PLANNER_PATH);
    const shown = {
      planHash: (await page.getByTestId('planner-plan-hash').textContent())!,
      domainHash: (await page.getByTestId('planner-domain-hash').textContent())!,
      messageHash: (await page.getByTestId('planner-message-hash').textContent())!,
    };
    expect(shown.planHash).toMatch(/^sha256:[0-9a-f]{64}$/);
    // Nothing is on the device yet.
    expect((await online.c.runtime.handlers.emulator.snapshot({}, ctx)).pending).toBeNull();
    await preview.scrollIntoViewIfNeeded();
    await screenshot(page, 'bundle-planner-preview');
    unsignedFile = await saveDownload(page, 'Sign on the Ledger and save the bundle', '', { plannerSigns: shown });
    expect(path.basename(unsignedFile)).toMatch(/^vaultdesk-unsigned-\d{8}-\d{4}-withdraw-.+-4tx-[0-9a-f]{8}\.json$/);
    await expect.poll(() => page.getByTestId('bundle-saved').textContent()).toContain(path.basename(unsignedFile));
    // Which account signed it as planner.
    expect(await page.getByTestId('bundle-saved').textContent()).toContain(planner.address);
    const exported = JSON.parse(readFileSync(unsignedFile, 'utf8')) as UnsignedBundle;
    expect(exported.planner.address).toBe(planner.address);
    expect(exported.version).toBe(4);
    expect(plannerHashes(exported)).toMatchObject(shown);
    // The plan's simulation went with it: a fork of the demo's chain, each of the four transactions succeeding.
    expect(exported.simulation).toMatchObject({ status: 'simulated', chains: [{ chainId: vault.chain.chainId, method: 'fork' }] });
    expect(exported.simulation!.items.map((i) => i.ok)).toEqual([true, true, true, true]);
    simulatedBlock = exported.simulation!.chains[0]!.block!;
    // The plan stays for review; nothing went to the device or the chain.
    expect(await page.getByTestId('plan').count()).toBe(1);
    expect(await page.getByTestId('batch').count()).toBe(0);
    expect(await nonces()).toEqual(noncesBefore);
    await screenshot(page, 'bundle-exported');
    await page.getByRole('button', { name: 'Discard' }).click();
  });
});

/** The bundle with one of its vault's contracts swapped everywhere (calldata, reviews, hashes) and sealed again. */
function swappedEverywhere(text: string, from: string, to: string): string {
  const hexFrom = from.slice(2).toLowerCase();
  const swapped = text.replace(new RegExp(from, 'gi'), to).replace(new RegExp(hexFrom, 'g'), to.slice(2).toLowerCase());
  const bundle = JSON.parse(swapped) as UnsignedBundle;
  for (const item of bundle.items) {
    if (item.kind !== 'transaction') continue;
    item.review.signingHash = bundleSigningHash(item.transaction);
    item.review.deviceScreens = bundleDeviceScreens(item.transaction);
  }
  return bundleText(seal<UnsignedBundle>(bundle));
}

/** The same, signed again with the planner's key: as if the planner's own machine had altered it. */
function swappedAndResigned(text: string, from: string, to: string): string {
  return bundleText(signAsPlanner(JSON.parse(swappedEverywhere(text, from, to)) as UnsignedBundle, planner.privateKey));
}

describe("the offline install's own records: registry and policy", () => {
  let onlineFingerprint: string;

  it('shows, as soon as the bundle is opened, that this install does not trust its planner: nothing to review or sign', async () => {
    const page = offline.page;
    await expect.poll(() => page.getByTestId('mode-banner').textContent()).toContain('OFFLINE');
    await page.getByTestId('bundle-input').setInputFiles(unsignedFile);
    const card = page.getByTestId('bundle-file');
    await card.waitFor();
    // Never "checked" with a Review and sign to press: the planner check is stated with the file.
    expect(await card.getByTestId('bundle-check').textContent()).toBe('planner not trusted');
    expect(await card.getByTestId('bundle-planner').getAttribute('data-planner-status')).toBe('refused');
    const refusal = card.locator('[role="alert"][data-error-code="BUNDLE_PLANNER_UNKNOWN"]');
    expect(await refusal.textContent()).toContain(planner.address);
    expect(await refusal.textContent()).toContain('Settings → Trusted planners');
    expect(await card.getByRole('button', { name: 'Review and sign' }).isDisabled()).toBe(true);
    await screenshot(page, 'offline-refused-planner-unknown');
    await card.getByRole('button', { name: 'Put away' }).click();
  });

  it('trusts the planner once its Ledger, plugged in here, showed the same address', async () => {
    const page = offline.page;
    await page.getByRole('button', { name: 'Settings', exact: true }).click();
    const card = page.getByTestId('trusted-planners-card');
    await card.waitFor();
    expect(await card.getByTestId('no-planner').count()).toBe(1);
    await card.getByLabel('Planner address').fill(planner.address);
    await card.getByLabel('Label').fill('Planning desk');
    expect(await card.getByLabel('Ledger path of the planner account').inputValue()).toBe(PLANNER_PATH);
    // The planner's Ledger is plugged in here in place of this install's own.
    const desk = offline.c.runtime.handlers.emulator;
    await desk.command({ command: 'unplug' }, ctx);
    plannerLedger.replug({ locked: false, app: 'Ethereum' });
    await card.getByRole('button', { name: 'Show on the Ledger and add' }).click();
    // The device shows the address to compare; the operator approves it there.
    await card.getByTestId('planner-on-device').waitFor();
    const shown = await plannerLedger.waitForConfirmation('verify-address');
    expect(shown.screens.find((sc) => sc.title === 'Address')?.value).toBe(planner.address);
    await screenshot(page, 'offline-planner-on-device');
    plannerLedger.approve();
    await card.getByTestId('planner-added').waitFor();
    plannerLedger.unplug();
    await desk.command({ command: 'replug' }, ctx);
    expect(await card.locator(`tr[data-planner="${planner.address}"]`).textContent()).toContain('Planning desk');
    expect(await card.locator(`tr[data-planner="${planner.address}"]`).textContent()).toContain('shown on its Ledger');
    await screenshot(page, 'offline-planner-trusted');
    await page.getByRole('button', { name: 'Bundles', exact: true }).click();
  });

  it('lists a public development key found in its trusted planners as ignored, to remove', async () => {
    const page = offline.page;
    // What a demo run of an earlier version left in the file: the simulation's planner, whose key is public.
    const simPlanner = deriveAtPath(PLANNER_PATH).address;
    const file = path.join(offline.c.dataDir, 'trusted-planners.json');
    const listed = JSON.parse(readFileSync(file, 'utf8')) as { planners: object[] };
    listed.planners.push({ address: simPlanner, label: "the simulation's planner", addedAt: '2026-11-01T00:00:00.000Z', checkedBy: 'simulation' });
    writeFileSync(file, JSON.stringify(listed));
    await page.getByRole('button', { name: 'Bundles', exact: true }).click();
    await page.getByRole('button', { name: 'Settings', exact: true }).click();
    const row = page.locator(`tr[data-planner="${simPlanner}"]`);
    expect(await row.getAttribute('data-ignored')).toBe('true');
    expect(await row.getByTestId('planner-ignored').textContent()).toContain("44'/60'/0'/1/0 of the public anvil/Hardhat test mnemonic");
    await page.getByTestId('trusted-planners-card').scrollIntoViewIfNeeded();
    await screenshot(page, 'offline-planner-public-key-ignored');
    await row.getByRole('button', { name: /^Remove/ }).click();
    await expect.poll(() => row.count()).toBe(0);
    expect(await page.locator(`tr[data-planner="${planner.address}"]`).count()).toBe(1);
    await page.getByRole('button', { name: 'Bundles', exact: true }).click();
  });

  it('refuses the bundle while its registry does not hold the vault', async () => {
    const page = offline.page;
    await page.getByTestId('bundle-input').setInputFiles(unsignedFile);
    await page.getByRole('button', { name: 'Review and sign' }).click();
    const refusal = page.locator('[role="alert"][data-error-code="BUNDLE_VAULT_NOT_PINNED"]');
    await refusal.waitFor();
    expect(await refusal.textContent()).toContain(vault.name);
    expect(await refusal.textContent()).toContain('export the vault registry');
    await screenshot(page, 'offline-refused-not-pinned');
  });

  it("imports the online install's registry, signed by its planner's Ledger, showing the same fingerprint on both", async () => {
    const online$ = online.page;
    await online$.getByRole('button', { name: 'Settings', exact: true }).click();
    // First what the planner's Ledger will sign for the registry file; nothing is on the device yet.
    await online$.getByRole('button', { name: 'Export the vault registry' }).click();
    const preview = online$.getByTestId('registry-preview');
    await preview.waitFor();
    expect(await preview.textContent()).toContain(PLANNER_PATH);
    const shown = {
      registryHash: (await online$.getByTestId('registry-hash').textContent())!,
      domainHash: (await online$.getByTestId('registry-domain-hash').textContent())!,
      messageHash: (await online$.getByTestId('registry-message-hash').textContent())!,
    };
    expect((await online.c.runtime.handlers.emulator.snapshot({}, ctx)).pending).toBeNull();
    await preview.scrollIntoViewIfNeeded();
    await screenshot(online$, 'online-registry-preview');
    const registryFile = await saveDownload(online$, 'Sign on the Ledger and save the registry', 'registry.json', { plannerSigns: shown });
    onlineFingerprint = (await online$.getByTestId('registry-fingerprint').textContent())!.match(/sha256:[0-9a-f]{64}/)![0];
    expect(await online$.getByTestId('registry-fingerprint').textContent()).toContain(planner.address);
    const { raw } = readSignedRegistry(readFileSync(registryFile, 'utf8'));
    expect(await verifyRegistrySignature(raw)).toBe(planner.address);
    expect(registryHashes(raw)).toMatchObject(shown);
    await screenshot(online$, 'online-registry-exported');

    const page = offline.page;
    await page.getByRole('button', { name: 'Settings', exact: true }).click();
    await page.getByTestId('registry-input').setInputFiles(registryFile);
    await expect.poll(() => page.getByTestId('registry-imported').textContent()).toContain(onlineFingerprint);
    expect(await page.getByTestId('registry-imported').textContent()).toContain(planner.address);
    await expect.poll(() => page.getByTestId('offline-registry-fingerprint').textContent()).toContain(onlineFingerprint);
    expect(await page.getByTestId('offline-registry-source').textContent()).toContain('Planning desk');
    expect(await page.getByTestId('offline-registry-vaults').textContent()).toContain(vault.name);
    await page.getByTestId('offline-registry-card').scrollIntoViewIfNeeded();
    await screenshot(page, 'offline-registry-imported');
  });

  it('refuses a bundle whose queue was swapped for 0x…dEaD everywhere and sealed again, naming both addresses', async () => {
    const page = offline.page;
    const dead = '0x000000000000000000000000000000000000dEaD';
    await page.getByRole('button', { name: 'Bundles', exact: true }).click();
    // Sealed again without the planner's key: the planner signature no longer matches.
    const unsignedSwap = path.join(files, 'swapped-unsigned.json');
    writeFileSync(unsignedSwap, swappedEverywhere(readFileSync(unsignedFile, 'utf8'), vault.queue!, dead));
    await page.getByTestId('bundle-input').setInputFiles(unsignedSwap);
    // Said as soon as the file is opened: nothing to review.
    const bySignature = page.getByTestId('bundle-file').locator('[role="alert"][data-error-code="BUNDLE_PLANNER_SIGNATURE"]');
    await bySignature.waitFor();
    expect(await bySignature.textContent()).toContain('changed after its planner signed it');
    expect(await page.getByRole('button', { name: 'Review and sign' }).isDisabled()).toBe(true);
    // Signed again with the planner's own key: the registry still names the queue and both addresses.
    const swapped = path.join(files, 'swapped.json');
    writeFileSync(swapped, swappedAndResigned(readFileSync(unsignedFile, 'utf8'), vault.queue!, dead));
    await page.getByTestId('bundle-input').setInputFiles(swapped);
    await page.getByRole('button', { name: 'Review and sign' }).click();
    const refusal = page.locator('[role="alert"][data-error-code="BUNDLE_REGISTRY_MISMATCH"]');
    await refusal.waitFor();
    expect(await refusal.textContent()).toContain(dead);
    expect(await refusal.textContent()).toContain('queue');
    expect((await refusal.textContent())!.toLowerCase()).toContain(vault.queue!.toLowerCase());
    await screenshot(page, 'offline-refused-swapped');
  });

  it('refuses a bundle over the fee limit of the policy edited in Settings, naming the rule', async () => {
    const page = offline.page;
    await page.getByRole('button', { name: 'Settings', exact: true }).click();
    const card = page.getByTestId('offline-policy-card');
    await card.waitFor();
    const field = card.getByLabel('Max fee per transaction (ETH)');
    const kept = await field.inputValue();
    await field.fill('0.000001');
    await card.getByRole('button', { name: 'Save the policy' }).click();
    await expect.poll(() => card.textContent()).toContain('Saved.');
    await screenshot(page, 'offline-policy-editor');

    await page.getByRole('button', { name: 'Bundles', exact: true }).click();
    await page.getByTestId('bundle-input').setInputFiles(unsignedFile);
    await page.getByRole('button', { name: 'Review and sign' }).click();
    const refusal = page.locator('[role="alert"][data-error-code="BUNDLE_POLICY"]');
    await refusal.waitFor();
    expect(await refusal.textContent()).toContain('max fee per transaction: the limit is 0.000001 ETH');
    expect(await refusal.textContent()).toMatch(/has \d+(\.\d+)? ETH/);
    await screenshot(page, 'offline-refused-policy');

    await page.getByRole('button', { name: 'Settings', exact: true }).click();
    await field.fill(kept);
    await card.getByRole('button', { name: 'Save the policy' }).click();
    await expect.poll(() => card.textContent()).toContain('Saved.');
    await page.getByRole('button', { name: 'Bundles', exact: true }).click();
  });

  it('refuses every bundle while the policy file is damaged, naming it, until the policy is saved again', async () => {
    const page = offline.page;
    const file = path.join(offline.c.dataDir, 'offline-policy.json');
    writeFileSync(file, readFileSync(file, 'utf8').slice(0, 30));
    await page.getByTestId('bundle-input').setInputFiles(unsignedFile);
    await page.getByRole('button', { name: 'Review and sign' }).click();
    const refusal = page.locator('[role="alert"][data-error-code="OFFLINE_RECORD_DAMAGED"]');
    await refusal.waitFor();
    expect(await refusal.textContent()).toContain(file);
    await screenshot(page, 'offline-refused-damaged-policy');

    // Settings says the same, and starts again from the default policy, which replaces the file once saved.
    await page.getByRole('button', { name: 'Settings', exact: true }).click();
    const card = page.getByTestId('offline-policy-card');
    await card.locator('[role="alert"][data-error-code="OFFLINE_RECORD_DAMAGED"]').waitFor();
    await card.scrollIntoViewIfNeeded();
    await screenshot(page, 'offline-policy-damaged');
    await card.getByRole('button', { name: 'Start again from the default policy' }).click();
    expect(await card.getByLabel('Max bundle age (days)').inputValue()).toBe('7');
    await card.getByRole('button', { name: 'Save the policy' }).click();
    await expect.poll(() => card.textContent()).toContain('Saved.');
    expect(await card.locator('[role="alert"]').count()).toBe(0);
    await page.getByRole('button', { name: 'Bundles', exact: true }).click();
  });
});

describe('offline: the bundle is checked, reviewed, signed and saved', () => {
  it('refuses a bundle with one changed byte, naming what differs', async () => {
    const page = offline.page;
    await expect.poll(() => page.getByTestId('mode-banner').textContent()).toContain('OFFLINE');
    // An offline-review install opens on its bundles.
    await expect.poll(() => page.getByRole('button', { name: 'Bundles', exact: true }).getAttribute('aria-current')).toBe('page');
    // One hex digit of the first transaction's calldata (inside its amount) changed in transit.
    const text = readFileSync(unsignedFile, 'utf8');
    const at = text.indexOf('"data": "0x') + '"data": "0x'.length + 8 + 64 + 60;
    const tampered = path.join(files, 'tampered.json');
    writeFileSync(tampered, text.slice(0, at) + (text[at] === '1' ? '2' : '1') + text.slice(at + 1));
    await page.getByTestId('bundle-input').setInputFiles(tampered);
    const refusal = page.locator('[role="alert"][data-error-code^="BUNDLE_"]');
    await refusal.waitFor();
    expect(await refusal.getAttribute('data-error-code')).toBe('BUNDLE_CALLDATA_MISMATCH');
    expect(await refusal.textContent()).toContain('This file was not used.');
    expect(await refusal.textContent()).toMatch(/transaction 1/i);
    expect(await page.getByTestId('bundle-file').count()).toBe(0);
    await screenshot(page, 'bundle-refused');
  });

  it('opens the bundle and shows the snapshot it was planned from, marked with its time', async () => {
    const page = offline.page;
    await page.getByTestId('bundle-input').setInputFiles(unsignedFile);
    const card = page.getByTestId('bundle-file');
    await card.waitFor();
    expect(await card.textContent()).toContain(`Unsigned bundle: Withdrawals in ${vault.name}`);
    expect(await card.textContent()).toContain('4 transactions for 2 wallets');
    expect(await page.locator('[role="alert"]').count()).toBe(0);
    // Offline, this install signs; it never sends.
    expect(await page.getByRole('button', { name: 'Check and send' }).count()).toBe(0);
    await screenshot(page, 'bundle-opened-offline');

    await page.getByRole('button', { name: 'View snapshot' }).click();
    const banner = page.getByTestId('snapshot-time');
    await banner.waitFor();
    expect(await banner.textContent()).toMatch(/As of.*not current/);
    expect(await page.getByRole('heading', { name: `Snapshot: ${vault.name}` }).count()).toBe(1);
    // Both wallets as the plan read them, with their tranche balances from then.
    const rows = page.locator('table[aria-label="Wallets as of the snapshot"] tbody tr');
    expect(await rows.count()).toBe(2);
    for (const w of wallets) expect(await page.locator('table[aria-label="Wallets as of the snapshot"]').textContent()).toContain(w);
    expect(await page.locator('[aria-label="Vault as of the snapshot"]').textContent()).toContain('Epoch running');
    expect(await page.locator('table[aria-label="Epochs as of the snapshot"] tbody tr').count()).toBeGreaterThan(0);
    await screenshot(page, 'bundle-snapshot');
    // Scrolled down to the wallets, the time stays in sight.
    await page.locator('table[aria-label="Requests as of the snapshot"], table[aria-label="Wallets as of the snapshot"]').last().scrollIntoViewIfNeeded();
    expect(await banner.isVisible()).toBe(true);
    await screenshot(page, 'bundle-snapshot-wallets');
    await page.getByRole('button', { name: '← Bundles' }).click();
  });

  it('shows each request of the snapshot in the phase every screen uses, a date already past at the snapshot said overdue', async () => {
    const page = offline.page;
    const bundle = JSON.parse(readFileSync(unsignedFile, 'utf8')) as UnsignedBundle;
    const at = bundle.snapshot.block.timestamp;
    // The planner's snapshot with one request waiting past its expected date, and one claimable.
    bundle.snapshot.requests = [
      { id: 'r-late', wallet: bundle.wallets[0]!.address, type: 'WITHDRAW', status: 'PENDING', phase: 'pending', isInstant: false, epochNumber: 3, amount: '1000000000000000000', amountToken: 'tranche', requestedAt: at - 40 * 86_400, expectedAt: at - 2 * 86_400 },
      { id: 'r-ready', wallet: bundle.wallets[1]!.address, type: 'DEPOSIT', status: 'CLAIMABLE', phase: 'claimable', isInstant: false, epochNumber: 2, amount: '5000000', amountToken: 'underlying', requestedAt: at - 60 * 86_400, expectedAt: null },
    ];
    const file = path.join(files, 'snapshot-requests.json');
    writeFileSync(file, bundleText(signAsPlanner(bundle, planner.privateKey)));
    await page.getByTestId('bundle-input').setInputFiles(file);
    await page.getByTestId('bundle-file').waitFor();
    await page.getByRole('button', { name: 'View snapshot' }).click();
    const table = page.locator('table[aria-label="Requests as of the snapshot"]');
    await table.waitFor();
    const rows = table.locator('tbody tr');
    expect(await rows.nth(0).locator('[data-phase]').getAttribute('data-phase')).toBe('pending');
    expect(await rows.nth(0).locator('[data-overdue]').textContent()).toMatch(/, overdue at the snapshot$/);
    expect(await rows.nth(1).locator('[data-phase]').textContent()).toBe('claimable now');
    await table.scrollIntoViewIfNeeded();
    await screenshot(page, 'bundle-snapshot-requests');
    await page.getByRole('button', { name: '← Bundles' }).click();
    await page.getByTestId('bundle-input').setInputFiles(unsignedFile);
    await page.getByTestId('bundle-file').waitFor();
  });

  it("shows a planner's simulation in which an item reverted, and one without a simulation, holding neither", async () => {
    const page = offline.page;
    const variant = (name: string, edit: (b: UnsignedBundle) => void) => {
      const bundle = JSON.parse(readFileSync(unsignedFile, 'utf8')) as UnsignedBundle;
      edit(bundle);
      const file = path.join(files, name);
      // Signed again with the planner's key: the planner's own machine wrote it so.
      writeFileSync(file, bundleText(signAsPlanner(bundle, planner.privateKey)));
      return file;
    };
    const reverted = variant('simulated-revert.json', (b) => {
      Object.assign(b.simulation!.items[3]!, {
        ok: false,
        gasUsed: null,
        deltas: [],
        events: [],
        revert: { reason: 'Pausable: paused', error: { code: 'SIMULATION_REVERTED', message: 'Pausable: paused' } },
      });
    });
    await page.getByTestId('bundle-input').setInputFiles(reverted);
    await page.getByRole('button', { name: 'Review and sign' }).click();
    const plan = page.getByTestId('plan');
    await expect.poll(() => plan.textContent()).toContain(`withdrawals in ${vault.name}`);
    const fourth = plan.locator('.plan-items > li').nth(3).locator('[data-testid="what-will-change"][data-origin="bundle"]');
    expect(await fourth.getAttribute('data-state')).toBe('reverts');
    expect(await fourth.getByTestId('sim-revert').textContent()).toBe('Reverted when simulated online: Pausable: paused');
    expect(await plan.getByTestId('sim-reverts').textContent()).toContain('This install does not hold it');
    // Not held: the offline install's own checks decide, and signing stays open.
    await page.getByLabel(BLIND_SIGNING_ACK).check();
    expect(await page.getByRole('button', { name: 'Sign 4 on the Ledger' }).isEnabled()).toBe(true);
    // The review opens with its table: the fourth row's details, its simulation among them.
    await plan.getByRole('button', { name: /^Details: item 4,/ }).click();
    await fourth.scrollIntoViewIfNeeded();
    await screenshot(page, 'bundle-review-offline-simulated-revert');
    await page.getByRole('button', { name: 'Discard' }).click();

    const bare = variant('not-simulated.json', (b) => {
      delete b.simulation;
    });
    await page.getByRole('button', { name: 'Bundles', exact: true }).click();
    await page.getByTestId('bundle-input').setInputFiles(bare);
    await page.getByRole('button', { name: 'Review and sign' }).click();
    await expect.poll(() => plan.getByTestId('plan-simulation').textContent()).toContain('Not simulated by the planner');
    expect(await plan.locator('[data-testid="what-will-change"]').count()).toBe(0);
    await screenshot(page, 'bundle-review-offline-not-simulated');
    await page.getByRole('button', { name: 'Discard' }).click();
    await page.getByRole('button', { name: 'Bundles', exact: true }).click();
    await page.getByTestId('bundle-input').setInputFiles(unsignedFile);
    await page.getByTestId('bundle-file').waitFor();
  });

  it('reviews it on the Signing screen and signs it on the Ledger, sending nothing', async () => {
    const page = offline.page;
    const noncesBefore = await nonces();
    await page.getByRole('button', { name: 'Review and sign' }).click();
    const plan = page.getByTestId('plan');
    await expect.poll(() => plan.textContent()).toContain(`withdrawals in ${vault.name}`);
    expect(await page.getByTestId('plan-bundle').textContent()).toContain(path.basename(unsignedFile));
    expect(await plan.textContent()).toContain('nothing is sent from this install');
    expect(await plan.locator('.plan-items > li').count()).toBe(4);
    // No export from an offline install: the bundle already exists.
    expect(await page.getByRole('button', { name: 'Export unsigned bundle' }).count()).toBe(0);
    // The planner's simulation, beside each item and for the bundle, marked as information this install cannot check.
    const simulation = plan.locator('[data-testid="plan-simulation"][data-origin="bundle"]');
    expect(await simulation.getByTestId('sim-block').textContent()).toMatch(
      new RegExp(`^Simulated online at block ${simulatedBlock} of .+ \\(on a fork\\) — information, not proof: this install cannot check it\\.$`),
    );
    const items = plan.locator('[data-testid="what-will-change"][data-origin="bundle"]');
    expect(await items.count()).toBe(4);
    expect(await items.evaluateAll((els) => els.map((e) => e.getAttribute('data-state')))).toEqual(['ok', 'ok', 'ok', 'ok']);
    expect(await items.first().textContent()).toContain('Succeeded online');
    expect(await plan.getByRole('button', { name: 'Simulate again at the latest block' }).count()).toBe(0);
    await screenshot(page, 'bundle-review-offline');

    // A bundle carries no descriptors: the offline install signs every call blind, by its hash,
    // and nothing starts before the operator says they will compare it.
    expect(await page.getByTestId('plan-ledger-shows').textContent()).toMatch(/^The Ledger shows all 4 calls blind \(.+\): compare each one's hash\.$/);
    expect(await page.getByRole('button', { name: 'Sign 4 on the Ledger' }).isDisabled()).toBe(true);
    await page.getByLabel(BLIND_SIGNING_ACK).check();
    await page.getByRole('button', { name: 'Sign 4 on the Ledger' }).click();
    const batch = page.getByTestId('batch');
    await batch.waitFor();
    // The first call on the offline Ledger (a USB device, no panel here): a blind review whose hash
    // is the one the console pins beside it to compare.
    const device = offline.c.runtime.handlers.emulator;
    const pendingScreens = async () => (await device.snapshot({}, ctx)).pending?.screens ?? [];
    await expect.poll(async () => (await pendingScreens()).length, { timeout: 60_000, message: 'a review on the offline Ledger' }).toBeGreaterThan(0);
    const shownHash = page.getByTestId('batch-on-device-hash');
    await expect.poll(() => shownHash.textContent(), { timeout: 60_000, message: 'the hash to compare beside the item on the Ledger' }).toMatch(/^0x[0-9a-f]{64}$/);
    const onLedger = await pendingScreens();
    expect(onLedger[0]!.title).toMatch(/^Blind signing/);
    expect(onLedger.map((sc) => sc.value)).toContain(await shownHash.textContent());
    await screenshot(page, 'bundle-offline-blind-on-ledger');
    await approveUntilDone(page);
    const states = await page.locator('.batch-items > li').evaluateAll((els) => els.map((e) => e.getAttribute('data-state')));
    expect(states).toEqual(['signed', 'signed', 'signed', 'signed']);
    // Signed, never sent: no send or replace button, and the chain saw nothing.
    expect(await batch.getByRole('button', { name: /Send|Replace|Resume|Start/ }).count()).toBe(0);
    expect(await page.getByTestId('batch-offline').textContent()).toContain('Nothing is sent from this install');
    expect(await nonces()).toEqual(noncesBefore);

    signedFile = await saveDownload(page, 'Save signed bundle', '');
    expect(path.basename(signedFile)).toMatch(/^vaultdesk-signed-\d{8}-\d{4}-withdraw-.+-4tx-[0-9a-f]{8}\.json$/);
    await expect.poll(() => page.getByTestId('bundle-saved').textContent()).toContain('4 signed');
    await screenshot(page, 'bundle-signed-offline');
  });

  it('lists the batch on the Bundles screen, its signed bundle ready to save again', async () => {
    const page = offline.page;
    await page.getByRole('button', { name: 'Bundles', exact: true }).click();
    const list = page.getByLabel('Batches from bundles');
    await expect.poll(() => list.textContent()).toContain('4/4 signed');
    expect(await list.getByRole('button', { name: 'Save signed bundle' }).isEnabled()).toBe(true);
    // The batch keeps the snapshot of the bundle it was signed from.
    await list.getByRole('button', { name: 'View snapshot' }).click();
    await page.getByTestId('snapshot-time').waitFor();
    expect(await page.locator('table[aria-label="Wallets as of the snapshot"] tbody tr').count()).toBe(2);
    await page.getByRole('button', { name: '← Bundles' }).click();
    expect(offline.watched.errors).toEqual([]);
  });
});

describe('online again: the signed bundle is checked and sent', () => {
  it('checks each signature against its draft and the chain, then sends all four once', async () => {
    const page = online.page;
    const noncesBefore = await nonces();
    await page.getByRole('button', { name: 'Bundles', exact: true }).click();
    await page.getByTestId('bundle-input').setInputFiles(signedFile);
    const card = page.getByTestId('bundle-file');
    await card.waitFor();
    expect(await card.getAttribute('data-kind')).toBe('signed');
    expect(await card.textContent()).toContain('4 signed');
    // Who planned it (the planner's account) and who reviewed it offline (the offline Ledger's first wallet account).
    expect(await page.getByTestId('bundle-planner').textContent()).toContain(planner.address);
    expect(await page.getByTestId('bundle-reviewer').textContent()).toContain(reviewer.address);
    expect(reviewer.address).not.toBe(planner.address);
    await screenshot(page, 'bundle-opened-online');
    await page.getByRole('button', { name: 'Check and send' }).click();

    const batch = page.getByTestId('batch');
    await batch.waitFor();
    await expect.poll(() => page.getByTestId('send-checks').textContent(), { timeout: 30_000 }).toContain('All 4 signed transactions can be sent now.');
    await screenshot(page, 'bundle-send-checks');
    expect(await page.getByTestId('batch-from-bundle').textContent()).toContain(path.basename(signedFile));
    expect(await page.getByTestId('bundle-signers').textContent()).toContain(`reviewed and signed offline by ${reviewer.address}`);
    await page.getByRole('button', { name: 'Send 4 signed transactions' }).click();
    await expect.poll(() => page.getByTestId('batch-status').textContent(), { timeout: 120_000 }).toBe('done');
    const states = await page.locator('.batch-items > li').evaluateAll((els) => els.map((e) => e.getAttribute('data-state')));
    expect(states).toEqual(['confirmed', 'confirmed', 'confirmed', 'confirmed']);
    // Exactly the two transactions per wallet signed offline, no more.
    expect((await nonces()).map((n, i) => n - noncesBefore[i]!)).toEqual([2, 2]);
    const after = await online.c.runtime.handlers.portfolio.load({ groupId: null }, ctx);
    for (const w of wallets) {
      const p = after.positions.find((x) => x.vaultId === vault.id && x.wallet === w)!;
      expect(p.trancheBalance).toBe('0');
      expect(BigInt(p.pendingWithdraw ?? '0')).toBeGreaterThan(0n);
    }
    await screenshot(page, 'bundle-sent');
  });

  it('opening the same signed bundle again sends nothing twice', async () => {
    const page = online.page;
    const noncesBefore = await nonces();
    await page.getByRole('button', { name: 'Bundles', exact: true }).click();
    await page.getByTestId('bundle-input').setInputFiles(signedFile);
    await page.getByTestId('bundle-file').waitFor();
    await page.getByRole('button', { name: 'Check and send' }).click();
    await expect.poll(() => page.getByTestId('batch-status').textContent()).toBe('done');
    expect(await nonces()).toEqual(noncesBefore);
    expect(online.watched.errors).toEqual([]);
  });
});

describe('a signed bundle whose nonce was used meanwhile', () => {
  let cancelsUnsigned: string;
  let cancelsSigned: string;

  it('exports the cancels of those withdrawals from the Requests screen', async () => {
    const page = online.page;
    await page.getByRole('button', { name: 'Requests', exact: true }).click();
    await page.getByLabel('Vault').selectOption({ label: vault.name });
    await page.getByLabel('Status').selectOption('pending');
    const rows = page.locator('[role="table"][aria-label="Requests"] [data-row-id]');
    await expect.poll(() => rows.count(), { timeout: 30_000 }).toBe(2);
    await page.getByLabel('Select all rows shown').check();
    await page.getByRole('button', { name: 'Review and sign 2 cancels' }).click();
    await expect.poll(() => page.getByTestId('plan').textContent(), { timeout: 60_000 }).toContain(`cancels in ${vault.name}`);
    cancelsUnsigned = await exportUnsigned(page);
    expect(path.basename(cancelsUnsigned)).toMatch(/-cancel-.+-2tx-/);
    await page.getByRole('button', { name: 'Discard' }).click();
  });

  it('is signed offline as before', async () => {
    const page = offline.page;
    await page.getByRole('button', { name: 'Bundles', exact: true }).click();
    await page.getByTestId('bundle-input').setInputFiles(cancelsUnsigned);
    await page.getByRole('button', { name: 'Review and sign' }).click();
    await page.getByLabel(BLIND_SIGNING_ACK).check();
    await page.getByRole('button', { name: 'Sign 2 on the Ledger' }).click();
    await approveUntilDone(page);
    cancelsSigned = await saveDownload(page, 'Save signed bundle', '');
  });

  it('says which transaction can never be mined and what to do, and sends the other', async () => {
    // The second wallet sends something else from another tool before the bundle comes back.
    const [, second] = wallets;
    const used = await chain().getTransactionCount({ address: second as Hex });
    await chain().request({ method: 'anvil_setNonce' as never, params: [second, `0x${(used + 1).toString(16)}`] as never });

    const page = online.page;
    await page.getByRole('button', { name: 'Bundles', exact: true }).click();
    await page.getByTestId('bundle-input').setInputFiles(cancelsSigned);
    await page.getByRole('button', { name: 'Check and send' }).click();
    const checks = page.getByTestId('send-checks');
    await expect.poll(() => checks.textContent(), { timeout: 30_000 }).toContain('1 of 2 cannot be mined as signed');
    const problem = checks.locator('[data-error-code="TX_NONCE_USED"]');
    expect(await problem.textContent()).toContain(`nonce ${used}`);
    expect(await problem.textContent()).toContain('re-plan this wallet online');
    await screenshot(page, 'bundle-nonce-used');

    await page.getByRole('button', { name: 'Send 2 signed transactions' }).click();
    await expect.poll(() => page.getByTestId('batch-status').textContent(), { timeout: 120_000 }).toBe('done');
    const states = await page.locator('.batch-items > li').evaluateAll((els) => els.map((e) => e.getAttribute('data-state')));
    expect(states).toEqual(['confirmed', 'failed']);
    expect(await page.locator('.batch-items > li').nth(1).textContent()).toContain('already used');
    // The first wallet's withdrawal was cancelled: its tranche tokens are back.
    const after = await online.c.runtime.handlers.portfolio.load({ groupId: null }, ctx);
    expect(BigInt(after.positions.find((p) => p.vaultId === vault.id && p.wallet === wallets[0])!.trancheBalance ?? '0')).toBeGreaterThan(0n);
    await screenshot(page, 'bundle-sent-with-failure');
    expect(online.watched.errors).toEqual([]);
    expect(offline.watched.errors).toEqual([]);
  });
});
