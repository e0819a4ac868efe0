import { expect } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import { createPublicClient, http, type Hex, type PublicClient } from 'viem';
import type { EmbeddedSimulation } from '../../../electron/runtime/service-connection';
import type { PortfolioVault } from '../../../shared/portfolio/schemas';
import type { Batch } from '../../../shared/signing/schemas';
import { screensForDevice } from '../../../renderer/src/device/predict-review';
import type { ConsolePage } from './console-page';
import { refreshUntil as refreshPortfolioUntil } from './screens';

/** The blind-signing acknowledgement, by its visible words (its accessible name starts with them). */
export const BLIND_SIGNING_ACK = /I will compare the hash the Ledger shows with the one shown here/;

/** The phase the Requests screen files a request under, for the service's status word a test names. */
const PHASE_OF_STATUS: Record<string, string> = { PENDING: 'pending', PROCESSED: 'processed', CLAIMABLE: 'claimable', INSTANT_CLAIMABLE: 'claimable' };

/**
 * What an operator does on the Signing screen and the emulated Ledger's panel, for tests that sign
 * batches through the console: each helper waits on what the screen shows, never on time alone.
 * `current` names the console open now (a test may restart it).
 */
export function signingUi(current: () => ConsolePage) {
  const ctx = { transport: 'browser' as const };
  const page = (): Page => current().page;
  const panel = (): Locator => page().getByTestId('device-panel');
  const batchStatus = (): Promise<string | null> => page().getByTestId('batch-status').textContent();
  const batchItems = (): Locator => page().locator('.batch-items > li');
  const itemStates = (): Promise<(string | null)[]> => batchItems().evaluateAll((els) => els.map((e) => e.getAttribute('data-state')));

  /** Waits until the device shows its next review (the items before it are done). */
  async function nextReview(): Promise<void> {
    await panel().getByRole('button', { name: 'Approve' }).waitFor({ timeout: 60_000 });
  }

  /**
   * Waits until item `index` of the batch is on the device and its review shows on the panel. The
   * panel's Approve button alone is not enough: right after a press it can still show the review
   * just approved, until the device's next state arrives.
   */
  async function reviewOf(index: number): Promise<void> {
    await expect.poll(async () => (await itemStates())[index], { timeout: 60_000 }).toBe('on-device');
    await nextReview();
  }

  /**
   * Approves the review on the device, then waits until its item has left the device. Until then
   * the panel may still show the review just approved (the device's state arrives first, the
   * item's once the journal is written): pressing again would approve nothing, or the next one.
   */
  async function approveShown(timeout: number): Promise<void> {
    const itemId = await page().locator('.batch-items > li[data-state="on-device"]').first().getAttribute('data-item-id', { timeout });
    await panel().getByRole('button', { name: 'Approve' }).click({ timeout });
    await page().locator(`.batch-items > li[data-item-id="${itemId}"]:not([data-state="on-device"])`).waitFor({ timeout });
  }

  /**
   * Approves every review the device shows until the batch shown reaches `status`: 'done', or
   * 'paused' after a pause asked for (it takes effect between items, so what is on the device is
   * approved first). Each step waits on what the screen shows; the ceiling is generous because a
   * busy machine is slow, not wrong.
   */
  async function approveUntil(status: 'done' | 'paused', within = 180_000): Promise<void> {
    const reached = page().locator(`[data-testid="batch"][data-status="${status}"]`);
    const approve = panel().getByRole('button', { name: 'Approve' });
    const deadline = Date.now() + within;
    for (;;) {
      try {
        await reached.or(approve).first().waitFor({ timeout: Math.max(deadline - Date.now(), 1) });
        if ((await reached.count()) > 0) return;
        await approveShown(Math.max(deadline - Date.now(), 1));
      } catch (err) {
        if (Date.now() < deadline) throw err;
        throw new Error(`the batch did not become ${status} in time (items: ${(await itemStates()).join(', ')})`, { cause: err });
      }
    }
  }

  /** Presses Approve on the device panel for every review that appears, until the batch is done. */
  const approveUntilDone = (): Promise<void> => approveUntil('done');

  /** A pause asked for takes effect between items: approves what is already on the device until then. */
  const untilPaused = (): Promise<void> => approveUntil('paused');

  /**
   * Waits until the batch shown is paused with a notice that says `text`. The notice comes with the
   * pause itself; an item's reason can say the same a moment before, while the batch still runs.
   */
  async function pausedWith(text: string): Promise<void> {
    await page().locator('[data-testid="batch"][data-status="paused"] [role="alert"]', { hasText: text }).waitFor({ timeout: 60_000 });
  }

  /** A named batch of wallets, made in the wallet book and picked in the console's batch selector. */
  async function useGroup(name: string, wallets: string[]): Promise<string> {
    const h = current().c.runtime.handlers;
    const group = await h.wallets.createGroup({ name }, ctx);
    await h.wallets.setGroupMembers({ groupId: group.id, addresses: wallets, member: true }, ctx);
    await page().getByRole('button', { name: 'Overview', exact: true }).click();
    await page().reload();
    await page().getByRole('combobox', { name: 'Batch of wallets' }).selectOption({ label: `${name} (${wallets.length})` });
    await expect.poll(() => page().locator('.screen-sub').first().textContent()).toContain(`${wallets.length} wallets`);
    return group.id;
  }

  /** Presses the portfolio's Refresh until `ready` holds (support/screens.ts). */
  const refreshUntil = (ready: () => Promise<boolean>, what: string) => refreshPortfolioUntil(page(), ready, what);

  /** The New operation form of the Signing screen, up to the plan review. */
  async function reviewOperation(options: {
    vault: PortfolioVault;
    action: 'deposit' | 'withdraw' | 'agreements';
    amount?: string;
    route?: RegExp;
    heading: string;
  }): Promise<void> {
    const p = page();
    await p.getByRole('button', { name: 'Signing', exact: true }).click();
    await p.getByLabel('Operation vault').selectOption(options.vault.id);
    await p.getByLabel('Operation', { exact: true }).selectOption(options.action);
    if (options.action === 'withdraw') await p.getByLabel('everything each wallet can withdraw').setChecked(options.amount === undefined);
    if (options.amount !== undefined) await p.getByLabel('Amount per wallet').fill(options.amount);
    if (options.route) await expect.poll(() => p.getByTestId('route').textContent()).toMatch(options.route);
    await p.getByRole('button', { name: 'Review' }).click();
    await expect.poll(() => p.getByTestId('plan').textContent(), { timeout: 60_000 }).toContain(`${options.heading} in ${options.vault.name}`);
  }

  /**
   * The Requests screen filtered to one vault, type and status, refreshed until it lists `rows`
   * requests (each offering `kind` when given).
   */
  async function showRequests(options: { vault: PortfolioVault; type: string; status: string; rows: number; kind?: 'claim' | 'cancel' }): Promise<Locator> {
    const p = page();
    await p.getByRole('button', { name: 'Requests', exact: true }).click();
    await p.getByLabel('Vault').selectOption({ label: options.vault.name });
    await p.getByLabel('Type').selectOption(options.type);
    const rows = p.locator('[role="table"][aria-label="Requests"] [data-row-id]');
    await refreshUntil(async () => {
      // The Status filter offers the requests' phases (shared/portfolio/request-phase.ts).
      const phase = PHASE_OF_STATUS[options.status] ?? options.status;
      const phases = await p.getByLabel('Status').locator('option').evaluateAll((els) => els.map((e) => (e as HTMLOptionElement).value));
      if (!phases.includes(phase)) return false;
      await p.getByLabel('Status').selectOption(phase);
      if ((await rows.count()) !== options.rows) return false;
      return !options.kind || (await rows.locator(`.action-${options.kind}`).count()) === options.rows;
    }, `${options.rows} ${options.type} requests ${options.status} in ${options.vault.name}${options.kind ? ` to ${options.kind}` : ''}`);
    return rows;
  }

  /** Those requests selected, and the plan of the claims or cancels they allow opened for review. */
  async function reviewRequests(options: { vault: PortfolioVault; type: string; status: string; rows: number; kind: 'claim' | 'cancel' }): Promise<void> {
    const p = page();
    await p.getByRole('button', { name: 'Requests', exact: true }).click();
    // A selection is kept across screens: start from none, so the plan holds these rows only.
    // The bar also goes by itself when a refresh drops the rows it held (claimed ones): a click
    // that finds it gone is fine, as long as nothing is selected after it.
    const earlier = p.getByTestId('request-selection');
    if (await earlier.isVisible()) await earlier.getByRole('button', { name: 'Clear' }).click({ timeout: 5_000 }).catch(() => undefined);
    await expect.poll(() => earlier.count()).toBe(0);
    await showRequests(options);
    await p.getByLabel('Select all rows shown').check();
    const label = `Review and sign ${options.rows} ${options.kind}${options.rows === 1 ? '' : 's'}`;
    await p.getByRole('button', { name: label }).click();
    await expect.poll(() => p.getByTestId('plan').textContent(), { timeout: 60_000 }).toContain(`${options.kind}s in ${options.vault.name}`);
  }

  /** Each transaction of the plan on screen as the review card shows it. */
  async function planCalls(): Promise<PlanCall[]> {
    return page()
      .getByTestId('plan')
      .locator('.plan-items > li')
      .evaluateAll((els) =>
        els.map((li) => {
          const line = li.querySelector('.review > .cell-sub')?.textContent ?? '';
          const [contract = '', functionName = ''] = line.split(' · ');
          const args: Record<string, string> = {};
          // Keyed by the ABI's name (the review shows the protocol's word, e.g. "Epoch" for `e`).
          for (const row of li.querySelectorAll('dl.args > div'))
            args[row.querySelector('dt')?.getAttribute('data-arg') ?? ''] = row.querySelector('dd')?.textContent ?? '';
          const spender = [...li.querySelectorAll('.review > .cell-sub')].map((e) => e.textContent ?? '').find((t) => t.startsWith('Spender: ')) ?? null;
          return {
            wallet: li.querySelector(':scope > .cell-sub')?.textContent ?? '',
            title: li.querySelector('.review > strong')?.textContent ?? '',
            contract: contract.replace(/\s*0x[0-9a-fA-F]{40}$/, ''),
            address: /0x[0-9a-fA-F]{40}/.exec(contract)?.[0] ?? '',
            functionName,
            args,
            spender,
            hash: li.querySelector('.blind code')?.textContent ?? null,
          };
        }),
      );
  }

  async function startSigning(): Promise<string> {
    const p = page();
    const ack = p.getByLabel(BLIND_SIGNING_ACK);
    const sign = p.getByRole('button', { name: /Sign \d+ on the Ledger/ });
    if (await ack.isVisible()) {
      // Contract calls are blind-signed: nothing starts before the operator says they will compare.
      expect(await sign.isDisabled()).toBe(true);
      await ack.check();
    }
    await sign.click();
    await expect.poll(() => p.getByTestId('batch').count()).toBe(1);
    return (await p.getByTestId('batch').getAttribute('data-batch-id'))!;
  }

  /** The screens the emulated Ledger shows now, as its panel lists them (title, then value). */
  async function screensOnDevice(): Promise<{ title: string; value?: string }[]> {
    return panel()
      .locator('.device-screen li')
      .evaluateAll((els) =>
        els.map((li) => {
          const value = li.querySelector('.screen-value')?.textContent;
          return { title: li.querySelector('.screen-title')?.textContent ?? '', ...(value ? { value } : {}) };
        }),
      );
  }

  /**
   * The review on the device is the one the console predicted for the item on it: a call
   * clear-signed from its descriptor shows exactly the predicted intent, fields, network and fees
   * (and no hash); a blind review shows the hash the console showed. Waits (with a ceiling) until
   * the panel shows that item's review, then compares.
   */
  async function expectDeviceShowsItsReview(): Promise<'clear' | 'blind'> {
    const onDevice = page().locator('.batch-items > li[data-state="on-device"]').first();
    const id = await onDevice.getAttribute('data-item-id', { timeout: 60_000 });
    const item = (await shownBatch()).items.find((i) => i.id === id);
    const review = item?.review;
    if (review?.kind !== 'transaction') throw new Error(`the item on the device (${id}) has no transaction review`);
    await nextReview();
    if (review.blindSigning) {
      await expect.poll(() => panel().locator('.device-screen').textContent(), { timeout: 60_000, message: 'the device shows the hash the review showed' }).toContain(review.signingHash);
      return 'blind';
    }
    // As the console shows it beside the item: an approval's review with its sender ("From").
    const predicted = screensForDevice(review, item!.wallet, { appVersion: null, model: null }).map((sc) => ({ title: sc.title, ...(sc.value ? { value: sc.value } : {}) }));
    await expect.poll(screensOnDevice, { timeout: 60_000, message: 'the device shows the clear-signed review the console predicted' }).toEqual(predicted);
    expect(await panel().locator('.device-screen').textContent()).not.toContain(review.signingHash);
    return 'clear';
  }

  /** The console's own record of the batch shown. */
  async function shownBatch(): Promise<Batch> {
    const id = (await page().getByTestId('batch').getAttribute('data-batch-id'))!;
    return current().c.runtime.handlers.signing.openBatch({ batchId: id }, ctx);
  }

  return {
    ctx,
    panel,
    batchStatus,
    batchItems,
    itemStates,
    nextReview,
    reviewOf,
    approveShown,
    approveUntilDone,
    untilPaused,
    pausedWith,
    useGroup,
    refreshUntil,
    reviewOperation,
    showRequests,
    reviewRequests,
    planCalls,
    startSigning,
    shownBatch,
    screensOnDevice,
    expectDeviceShowsItsReview,
  };
}

export interface PlanCall {
  /** The wallet's label. */
  wallet: string;
  title: string;
  /** The contract's name as the review gives it ("Delta Credit USDC queue", "USDC token"…). */
  contract: string;
  address: string;
  functionName: string;
  /** Decoded arguments by name, as displayed. */
  args: Record<string, string>;
  spender: string | null;
  /** The hash the Ledger shows when it blind-signs. */
  hash: string | null;
}

/** Every transaction of the batch sent once, and no wallet's nonce used twice. */
export function expectEachNonceOnce(batch: Batch): void {
  const txs = batch.items.filter((i) => i.hash);
  expect(new Set(txs.map((i) => i.hash)).size).toBe(txs.length);
  expect(new Set(txs.map((i) => `${i.wallet.toLowerCase()}:${i.tx!.nonce}`)).size).toBe(txs.length);
  // Signed once each: a review rejected on the device and approved later is one signature.
  for (const item of txs) expect(item.history.filter((h) => h.state === 'signed')).toHaveLength(1);
}

/** A viem client on the simulation's local chain of a vault: the ground truth the tests compare with. */
export function chainOf(sim: EmbeddedSimulation, vault: PortfolioVault): PublicClient {
  const local = sim.localChains.find((c) => c.chainId === vault.chain.chainId);
  if (!local) throw new Error(`no local chain ${vault.chain.chainId}`);
  return createPublicClient({ transport: http(local.rpcUrl) }) as PublicClient;
}

export const asHex = (address: string): Hex => address as Hex;

/**
 * The manager pauses a demo epoch vault between epochs, as its own pause would: the demo contracts
 * model no guardian, so the `paused` flag is set in storage (the first storage variable of
 * EpochVaultState: the lowest byte of slot 0).
 */
export async function pauseEpochVault(chain: PublicClient, epochVault: string): Promise<void> {
  const slot = await chain.getStorageAt({ address: asHex(epochVault), slot: '0x0' });
  const paused = (BigInt(slot ?? '0x0') | 1n).toString(16).padStart(64, '0');
  await chain.request({ method: 'anvil_setStorageAt', params: [epochVault, '0x0', `0x${paused}`] } as never);
}
