import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import { generateMnemonic } from '@scure/bip39';
import { wordlist } from '@scure/bip39/wordlists/english';
import { startEmbeddedSimulation } from '../../electron/runtime/embedded-simulation';
import type { EmbeddedSimulation } from '../../electron/runtime/service-connection';
import { DeviceService } from '../../electron/services/device';
import { SIM_MNEMONIC } from '../../electron/demo/chain';
import { deriveAtPath } from '../../electron/demo/chain/accounts';
import { createEmulatedLedger, emulatorTransportFactory } from '../../electron/demo/ledger';
import { PLANNER_PATH, type UnsignedBundle } from '../../shared/bundles';
import type { Portfolio, PortfolioVault } from '../../shared/portfolio/schemas';
import { screenshot } from './support/browser';
import { openConsolePage, outliving, type ConsolePage } from './support/console-page';
import { BLIND_SIGNING_ACK } from './support/signing';

// Bundles as a desk uses them: a withdrawal chosen in two vaults leaves the online console as one
// unsigned bundle (the planner's hashes in view before its Ledger asks; the plan then cannot be
// signed online, and the bundle is listed as awaited back); the offline install says its Overview
// has nothing to show offline, states the planner check with the bundle before any action, and,
// once it trusts the planner and holds the registry, reviews the plan grouped by vault and signs it.
const ctx = { transport: 'browser' as const };
const files = mkdtempSync(path.join(os.tmpdir(), 'vaultdesk-bundles-across-'));
let sim: EmbeddedSimulation;
let online: ConsolePage;
let offline: ConsolePage;
let before: Portfolio;
let vaults: PortfolioVault[];
let wallets: string[];
let unsignedFile: string;
let signedFile: string;

const PLANNER_SEED = generateMnemonic(wordlist);
const planner = deriveAtPath(PLANNER_PATH, PLANNER_SEED);

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
    startDevice: async () => {
      const emulator = createEmulatedLedger({ mnemonic: SIM_MNEMONIC, app: 'Ethereum', blindSigning: true, locked: false });
      const service = new DeviceService({ transports: emulatorTransportFactory(emulator) });
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

/** True when the element's box lies within the window: seen without scrolling. */
const inView = (locator: Locator) =>
  locator.evaluate((el) => {
    const r = el.getBoundingClientRect();
    return r.top >= 0 && r.top < window.innerHeight && r.height > 0;
  });

/** Approves the one typed-data review the online (planner's) Ledger shows, once its hashes are those shown on screen. */
async function approveOnline(shown: { domainHash: string; messageHash: string }): Promise<void> {
  const device = online.c.runtime.handlers.emulator;
  await expect.poll(async () => (await device.snapshot({}, ctx)).pending !== null, { timeout: 60_000 }).toBe(true);
  const screens = (await device.snapshot({}, ctx)).pending!.screens;
  expect(screens.find((sc) => sc.title === 'Domain hash')?.value).toBe(shown.domainHash);
  expect(screens.find((sc) => sc.title === 'Message hash')?.value).toBe(shown.messageHash);
  await device.command({ command: 'approve' }, ctx);
}

async function saveDownload(page: Page, button: string, plannerSigns?: { domainHash: string; messageHash: string }): Promise<string> {
  const [download] = await Promise.all([
    page.waitForEvent('download', { timeout: 90_000 }),
    page.getByRole('button', { name: button }).click(),
    plannerSigns ? approveOnline(plannerSigns) : Promise.resolve(),
  ]);
  const file = path.join(files, download.suggestedFilename());
  await download.saveAs(file);
  return file;
}

/** The offline operator approves each review on its Ledger until the batch is done. */
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

describe('online: a plan across two vaults leaves as one bundle', () => {
  it('shows the planner hashes in view before the Ledger asks, and exports one bundle with a snapshot per vault', async () => {
    const page = online.page;
    // Two vaults a wallet can withdraw from now, with wallets holding tranche tokens in both.
    const holders = (v: PortfolioVault) =>
      new Set(before.positions.filter((p) => p.vaultId === v.id && p.allowed && BigInt(p.trancheBalance ?? '0') > 0n).map((p) => p.wallet));
    const open = before.vaults.filter((v) => v.cycle && !v.cycle.paused && v.cycle.state !== 'DEFAULTED' && holders(v).size > 0);
    const pair = open.flatMap((a) => open.filter((b) => b.id > a.id).map((b) => [a, b] as const)).find(([a, b]) => [...holders(a)].some((w) => holders(b).has(w)));
    expect(pair).toBeDefined();
    vaults = [...pair!];
    wallets = [...holders(vaults[0]!)].filter((w) => holders(vaults[1]!).has(w)).slice(0, 2);
    const group = await online.c.runtime.handlers.wallets.createGroup({ name: 'Across desk' }, ctx);
    await online.c.runtime.handlers.wallets.setGroupMembers({ groupId: group.id, addresses: wallets, member: true }, ctx);
    await page.reload();
    await page.getByRole('combobox', { name: 'Batch of wallets' }).selectOption({ label: `Across desk (${wallets.length})` });
    await page.getByRole('button', { name: 'Signing', exact: true }).click();
    const form = page.getByRole('form', { name: 'New operation' });
    await page.getByLabel('Operation vault').selectOption(vaults[0]!.id);
    await page.getByLabel('Operation', { exact: true }).selectOption('withdraw');
    await page.getByLabel('everything each wallet can withdraw').check();
    await form.getByRole('button', { name: '+ Add another vault' }).click();
    await form.getByLabel('Vault 2 of the operation').selectOption(vaults[1]!.id);
    await form.getByRole('button', { name: /^Review/ }).click();
    const plan = page.getByTestId('plan');
    await expect.poll(() => plan.locator('h2').textContent(), { timeout: 120_000 }).toMatch(/(withdrawals|redeems) in 2 vaults/);
    for (const v of vaults) expect(await plan.locator(`section[data-vault-id="${v.id}"]`).count()).toBe(1);

    // What the planner's Ledger will sign, in view as soon as it is asked for: nothing on the device yet.
    await page.getByRole('button', { name: 'Export unsigned bundle' }).click();
    const preview = page.getByTestId('planner-preview');
    await preview.waitFor();
    await expect.poll(() => inView(preview)).toBe(true);
    expect((await online.c.runtime.handlers.emulator.snapshot({}, ctx)).pending).toBeNull();
    const shown = {
      domainHash: (await page.getByTestId('planner-domain-hash').textContent())!,
      messageHash: (await page.getByTestId('planner-message-hash').textContent())!,
    };
    await screenshot(page, 'bundles-across-planner-preview');
    unsignedFile = await saveDownload(page, 'Sign on the Ledger and save the bundle', shown);
    expect(path.basename(unsignedFile)).toMatch(/^vaultdesk-unsigned-\d{8}-\d{4}-(withdraw|redeem)-.+-and-1-more-\d+tx-[0-9a-f]{8}\.json$/);
    const bundle = JSON.parse(readFileSync(unsignedFile, 'utf8')) as UnsignedBundle;
    expect(bundle.vaults!.map((v) => v.id)).toEqual(vaults.map((v) => v.id));
    expect(bundle.snapshots!.map((s) => s.vault.id)).toEqual(vaults.map((v) => v.id));
  }, 300_000);

  it('keeps the exported plan from being signed here, saying why beside the button', async () => {
    const page = online.page;
    const sign = page.getByRole('button', { name: /^Sign \d+ on the Ledger$/ });
    expect(await sign.isDisabled()).toBe(true);
    const why = page.getByTestId('plan-sign-exported');
    expect(await why.textContent()).toContain(path.basename(unsignedFile));
    expect(await why.textContent()).toContain('signed on the offline install');
    // In the action bar that stays in view, and it names the button's reason.
    expect(await inView(why)).toBe(true);
    expect(await sign.getAttribute('aria-describedby')).toBe(await why.getAttribute('id'));
    await screenshot(page, 'bundles-across-sign-exported');
    await page.getByRole('button', { name: 'Discard' }).click();
  });

  it('lists the exported bundle as awaiting return, with its vaults, items, time and file', async () => {
    const page = online.page;
    await page.getByRole('button', { name: 'Bundles', exact: true }).click();
    const row = page.locator('table[aria-label="Exported bundles"] tbody tr').first();
    await expect.poll(() => row.getAttribute('data-state')).toBe('awaiting');
    const text = (await row.textContent())!;
    for (const v of vaults) expect(text).toContain(v.name);
    expect(text).toContain(path.basename(unsignedFile));
    expect(text).toContain('awaiting return');
    expect(text).toMatch(/\d+ transactions/);
    await screenshot(page, 'bundles-across-exported-list');
    // Kept across a restart: the same list is read from the data folder.
    expect((await online.c.runtime.handlers.bundles.exported({}, ctx))[0]).toMatchObject({ fileName: path.basename(unsignedFile), state: 'awaiting' });
  });
});

describe('offline: nothing to refresh, the planner check first, then the plan by vault', () => {
  it('says the Overview is not available offline, with no failed refresh, no RPC advice and no auto-refresh', async () => {
    const page = offline.page;
    await expect.poll(() => page.getByTestId('mode-banner').textContent()).toContain('OFFLINE');
    await page.getByRole('button', { name: 'Overview', exact: true }).click();
    const notice = page.getByTestId('not-available-offline');
    await notice.waitFor();
    expect(await notice.textContent()).toContain('Not available offline');
    const auto = page.getByRole('checkbox', { name: /every 30 s/ });
    expect(await auto.isChecked()).toBe(false);
    expect(await auto.isDisabled()).toBe(true);
    expect(await page.locator('[role="alert"]').count()).toBe(0);
    expect(await page.locator('.no-rpc').count()).toBe(0);
    expect(await page.getByRole('button', { name: 'Refresh', exact: true }).count()).toBe(0);
    await screenshot(page, 'bundles-across-offline-overview');
  });

  it('states an untrusted planner with the bundle: never "checked", Review and sign off with the reason beside it', async () => {
    const page = offline.page;
    await page.getByRole('button', { name: 'Bundles', exact: true }).click();
    await page.getByTestId('bundle-input').setInputFiles(unsignedFile);
    const card = page.getByTestId('bundle-file');
    await card.waitFor();
    expect(await card.getByTestId('bundle-check').textContent()).toBe('planner not trusted');
    const review = card.getByRole('button', { name: 'Review and sign' });
    expect(await review.isDisabled()).toBe(true);
    const why = card.getByTestId('review-refused-why');
    expect(await why.isVisible()).toBe(true);
    expect(await why.textContent()).toContain(planner.address);
    expect(await review.getAttribute('aria-describedby')).toBe(await why.getAttribute('id'));
    for (const v of vaults) expect(await card.locator('h2').textContent()).toContain(v.name);
    await screenshot(page, 'bundles-across-offline-untrusted');
    await card.getByRole('button', { name: 'Put away' }).click();
  });

  it('once it trusts the planner and holds the registry, reviews the plan grouped by vault and signs it', async () => {
    const page = offline.page;
    // The planner trusted as a scripted desk does (compared beforehand), and the online registry imported, signed by it.
    writeFileSync(
      path.join(offline.c.dataDir, 'trusted-planners.json'),
      `${JSON.stringify({ schemaVersion: 1, planners: [{ address: planner.address, label: 'Planning desk', addedAt: new Date().toISOString(), checkedBy: 'command-line' }] })}\n`,
    );
    const preview = await online.c.runtime.handlers.registry.prepareExport({}, ctx);
    const [registry] = await Promise.all([online.c.runtime.handlers.registry.export({}, ctx), approveOnline(preview)]);
    await offline.c.runtime.handlers.registry.import({ content: registry.content, fileName: registry.fileName }, ctx);

    await page.getByTestId('bundle-input').setInputFiles(unsignedFile);
    const card = page.getByTestId('bundle-file');
    await expect.poll(() => card.getByTestId('bundle-check').textContent()).toBe('checked');
    await card.getByRole('button', { name: 'Review and sign' }).click();
    const plan = page.getByTestId('plan');
    await expect.poll(() => plan.locator('h2').textContent(), { timeout: 60_000 }).toMatch(/(withdrawals|redeems) in 2 vaults/);
    for (const v of vaults) expect(await plan.locator(`section[data-vault-id="${v.id}"] h3`).textContent()).toContain(v.name);
    await screenshot(page, 'bundles-across-offline-review');
    // The snapshot it was planned from, one per vault, each chosen in turn.
    await page.getByRole('button', { name: 'View the snapshot it was planned from' }).click();
    await page.getByTestId('snapshot-time').waitFor();
    expect(await page.locator('#snapshot-title').textContent()).toContain(vaults[0]!.name);
    await page.getByLabel('Vault of the snapshot').selectOption({ label: vaults[1]!.name });
    await expect.poll(() => page.locator('#snapshot-title').textContent()).toContain(vaults[1]!.name);
    await screenshot(page, 'bundles-across-offline-snapshot');
    await page.getByRole('button', { name: 'Signing', exact: true }).click();
    await plan.waitFor();
    const ack = page.getByLabel(BLIND_SIGNING_ACK);
    if ((await ack.count()) > 0) await ack.check();
    await page.getByRole('button', { name: /^Sign \d+ on the Ledger$/ }).click();
    await page.getByTestId('batch').waitFor();
    await approveUntilDone(page);
    const states = await page.locator('.batch-items > li').evaluateAll((els) => els.map((e) => e.getAttribute('data-state')));
    expect(states.filter((s) => s !== 'skipped').every((s) => s === 'signed')).toBe(true);
    expect(offline.watched.errors).toEqual([]);
  });
});

describe('online again: a bundle abandoned meanwhile is refused until the operator resumes it', () => {
  it('refuses its signed bundle saying when it was abandoned and what to do, then takes it back with Resume', async () => {
    signedFile = await saveDownload(offline.page, 'Save signed bundle');
    const page = online.page;
    await page.getByRole('button', { name: 'Bundles', exact: true }).click();
    const row = page.locator(`table[aria-label="Exported bundles"] tbody tr[data-checksum^="sha256:"]`).filter({ hasText: path.basename(unsignedFile) });
    await row.getByRole('button', { name: 'Abandon' }).click();
    await expect.poll(() => row.getAttribute('data-state')).toBe('abandoned');

    await page.getByTestId('bundle-input').setInputFiles(signedFile);
    await page.getByTestId('bundle-file').waitFor();
    await page.getByRole('button', { name: 'Check and send' }).click();
    const refusal = page.locator('[role="alert"][data-error-code="BUNDLE_ABANDONED"]');
    await refusal.waitFor({ timeout: 60_000 });
    const text = (await refusal.textContent())!;
    expect(text).toMatch(/This bundle was marked abandoned on \d{4}-\d{2}-\d{2} \d{2}:\d{2} UTC/);
    expect(text).toContain('un-abandon it first: Bundles → Exported bundles → Resume');
    expect(text).toContain('discard the file');
    expect(await online.c.runtime.handlers.bundles.exported({}, ctx)).toContainEqual(expect.objectContaining({ fileName: path.basename(unsignedFile), state: 'abandoned', batchId: null }));
    await screenshot(page, 'bundles-across-abandoned-refused');

    await row.scrollIntoViewIfNeeded();
    await screenshot(page, 'bundles-across-abandoned-row');
    // Taken back on its row: awaited again, and the same file now goes through.
    await row.getByRole('button', { name: 'Resume' }).click();
    await expect.poll(() => row.getAttribute('data-state')).toBe('awaiting');
    expect(await refusal.count()).toBe(0);
    await page.getByRole('button', { name: 'Check and send' }).click();
    await expect
      .poll(async () => (await online.c.runtime.handlers.bundles.exported({}, ctx)).find((b) => b.fileName === path.basename(unsignedFile))?.state, { timeout: 60_000 })
      .toBe('returned');
    expect(online.watched.errors).toEqual([]);
  }, 180_000);
});
