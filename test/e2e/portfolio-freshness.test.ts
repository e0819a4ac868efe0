import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BrowserContext, Page } from 'playwright-core';
import { createChainClient } from '../../electron/demo/chain';
import type { Portfolio } from '../../shared/portfolio/schemas';
import type { TestConsole } from '../support/console';
import { openChromium, screenshot, watchPage } from './support/browser';
import { openDemoPage } from './support/console-page';

// The demo with its cycle drivers held still, reached through a switch in front of the service:
// the service can stop answering (503 on every request, as an overloaded gateway would) or answer
// slowly, while the local chains keep answering. The console's own handler is the ground truth.
let c: TestConsole;
let browser: BrowserContext;
let page: Page;
let watched: { errors: string[] };
let truth: Portfolio;
const ctx = { transport: 'browser' as const };
const service = { down: false, delayMs: 0 };

const serviceFetch: typeof fetch = async (input, init) => {
  const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
  if (url.includes('/v1/')) {
    if (service.down) {
      const body = { code: 'SERVICE_UNAVAILABLE', message: 'The service is overloaded', statusCode: 503 };
      return new Response(JSON.stringify(body), { status: 503, headers: { 'content-type': 'application/json' } });
    }
    if (service.delayMs > 0 && url.includes('/v1/vault-latest-blocks'))
      await new Promise((resolve) => setTimeout(resolve, service.delayMs));
  }
  return fetch(input, init);
};

const labelOf = (wallet: string) => truth.wallets.find((w) => w.address.toLowerCase() === wallet.toLowerCase())?.label ?? '';
const go = (screen: string) => page.getByRole('button', { name: screen, exact: true }).click();
// The header's refresh: the vault page has another for the service's profile of the vault.
const refresh = () => page.locator('.screen-header').getByRole('button', { name: 'Refresh', exact: true }).first().click();

beforeAll(async () => {
  ({ c, browser, page, watched } = await openDemoPage({ fetch: serviceFetch }));
  truth = await c.runtime.handlers.portfolio.load({ groupId: null }, ctx);
}, 180_000);

afterAll(async () => {
  await browser?.close();
  await c?.close();
});

describe('refresh on a timer, with progress', () => {
  let timed: BrowserContext;
  let p: Page;
  const loads: number[] = [];

  beforeAll(async () => {
    // A page of its own with a clock the test moves: 30 s pass in an instant, and only when told.
    timed = await openChromium();
    p = await timed.newPage();
    p.on('websocket', (ws) =>
      ws.on('framesent', (frame) => {
        if (String(frame.payload).includes('"method":"portfolio.load"')) loads.push(Date.now());
      }),
    );
    await p.clock.install();
    await p.goto(c.shell.launchUrl);
    await p.locator('table[aria-label="Vault totals"] tbody tr').first().waitFor({ timeout: 60_000 });
  });
  afterAll(async () => {
    service.delayMs = 0;
    await timed?.close();
  });

  it('refreshes by itself every 30 s, showing progress while it runs, and not once the box is unticked', async () => {
    const freshness = p.locator('.freshness').first();
    const progress = p.getByRole('progressbar', { name: 'Refreshing' });
    const button = p.getByRole('button', { name: /^Refresh/ });
    // The refreshes of the page's start are over (the demo's wallet book may trigger a second one).
    await expect
      .poll(
        async () => {
          const seen = loads.length;
          await new Promise((resolve) => setTimeout(resolve, 1_000));
          return seen === loads.length && (await progress.count()) === 0;
        },
        { timeout: 30_000 },
      )
      .toBe(true);
    await p.clock.pauseAt(Date.now() + 1_000);
    // Ticked again with the clock still, so the 30 s count from now.
    const every = p.getByLabel('every 30 s');
    expect(await every.isChecked()).toBe(true);
    await every.uncheck();
    await every.check();
    const before = loads.length;
    const updatedBefore = await freshness.textContent();

    // Not a moment early: 29 s after the last tick nothing has been asked for.
    service.delayMs = 2_500;
    await p.clock.fastForward(29_000);
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(loads.length).toBe(before);

    await p.clock.fastForward(1_500);
    await expect.poll(() => loads.length, { timeout: 15_000 }).toBe(before + 1);
    // While the service answers slowly, the page says it is refreshing.
    await expect.poll(() => progress.count(), { timeout: 15_000 }).toBe(1);
    await expect.poll(() => button.getAttribute('aria-busy'), { timeout: 15_000 }).toBe('true');
    expect(await button.textContent()).toBe('Refreshing…');
    expect(await button.isDisabled()).toBe(true);
    await screenshot(p, 'overview-refreshing');
    await expect.poll(() => progress.count(), { timeout: 30_000 }).toBe(0);
    expect(await button.textContent()).toBe('Refresh');
    await expect.poll(() => freshness.textContent(), { timeout: 15_000 }).not.toBe(updatedBefore);

    // Unticked, the timer stops.
    service.delayMs = 0;
    await every.uncheck();
    const afterUntick = loads.length;
    await p.clock.fastForward(31_000);
    await p.clock.fastForward(31_000);
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(loads.length).toBe(afterUntick);
  });
});

describe('a service that stops answering', () => {
  let running: Portfolio['vaults'][number];

  it('keeps the last epoch history on the vault page marked not current, and marks the figures only the service gives', async () => {
    running = truth.vaults.find((v) => v.cycle?.state === 'RUNNING' && v.tvl?.usd)!;
    expect(running).toBeDefined();
    await page.locator(`tr[data-vault-id="${running.id}"] button.link-button`).click();
    const history = page.getByTestId('epoch-history');
    await expect.poll(() => history.getAttribute('data-state'), { timeout: 15_000 }).toBe('current');
    expect(await history.textContent()).toMatch(/Updated \d/);

    service.down = true;
    await refresh();
    const alert = page.locator('[data-failed-source="service"]');
    await expect.poll(() => alert.textContent(), { timeout: 60_000 }).toContain('Credit vault service: not current');
    expect(await alert.textContent()).toMatch(/503|unavailable|overloaded/i);
    // The chains still answer: they are not named as failed.
    for (const chainId of new Set(truth.vaults.map((v) => v.chain.chainId))) {
      expect(await page.locator(`[data-source="chain:${chainId}"]`).getAttribute('class')).toContain('source-ok');
    }

    await expect.poll(() => history.getAttribute('data-state'), { timeout: 60_000 }).toBe('stale');
    expect(await history.textContent()).toMatch(/Not current: from \d/);
    expect(await history.locator('table[aria-label="Epoch history"] tbody tr').count()).toBeGreaterThan(0);
    // The TVL's USD value comes only from the service; the chain's figures stay current.
    await expect.poll(() => page.locator('[data-figure="tvlUsd"]').getAttribute('data-figure-state'), { timeout: 15_000 }).toBe('stale');
    expect(await page.locator('[data-figure="tvlUsd"]').textContent()).toContain('not current');
    for (const fact of ['Cycle', 'Share price', 'TVL', 'Deposit queue']) {
      expect(await page.locator(`[data-fact="${fact}"]`).getAttribute('data-fact-state')).toBe('current');
    }
    expect(await page.locator('[data-fact-source="service"]').textContent()).toContain('not answering');
    await screenshot(page, 'vault-page-service-down');
  });

  it("marks the Overview's claims, which come from the service's records, and not the chains' figures", async () => {
    await go('Overview');
    const down = await c.runtime.handlers.portfolio.load({ groupId: null }, ctx);
    expect(down.sources.find((s) => s.id === 'service')).toMatchObject({ ok: false, stale: true });
    const withRequests = truth.vaults.filter((v) => down.requests.some((r) => r.vaultId === v.id && r.stale));
    expect(withRequests.length).toBeGreaterThan(0);
    for (const v of withRequests) {
      const row = page.locator(`tr[data-vault-id="${v.id}"]`);
      await expect.poll(() => row.locator('td[data-claimable] [data-stale]').count(), { timeout: 30_000 }).toBe(1);
      expect((await row.getAttribute('class')) ?? '').not.toContain('stale-row');
    }
    await screenshot(page, 'overview-service-down');
  });

  it('marks the rows kept from the service on Positions and Requests, and still shows the rest', async () => {
    const down = await c.runtime.handlers.portfolio.load({ groupId: null }, ctx);
    // Every request from the service's records is kept from its last answer; what only the chain holds is current.
    expect(down.requests.length).toBe(truth.requests.length);
    expect(down.requests.filter((r) => r.source === 'service').every((r) => r.stale)).toBe(true);
    expect(down.requests.filter((r) => r.source === 'chain').every((r) => !r.stale)).toBe(true);
    expect(down.positions.every((p) => !p.stale)).toBe(true);

    await go('Requests');
    const stale = down.requests.find((r) => r.stale)!;
    await page.getByLabel('Search requests').fill(labelOf(stale.wallet));
    const mark = page.locator(`[data-row-id="${stale.id}"] [data-stale="row"]`);
    await expect.poll(() => mark.count(), { timeout: 30_000 }).toBe(1);
    expect(await mark.getAttribute('title')).toMatch(
      /^Not current: Credit vault service did not answer on the last refresh; this is from its answer of \d/,
    );
    await page.getByLabel('Search requests').fill('');
    await expect
      .poll(() => page.locator('[role="table"][aria-label="Requests"] [data-stale="row"]').count(), { timeout: 15_000 })
      .toBeGreaterThan(3);
    await screenshot(page, 'requests-service-down');

    // On Positions, the chain's balances stay current; the requests and claims taken from the
    // service's records, and the service's position records, are marked.
    await go('Positions');
    const pair = down.positions.find(
      (p) =>
        p.claimable.length > 0 &&
        down.requests.some(
          (r) => r.stale && r.vaultId === p.vaultId && r.wallet.toLowerCase() === p.wallet.toLowerCase() && r.action?.kind === 'claim',
        ),
    )!;
    expect(pair).toBeDefined();
    await page.getByLabel('Search positions').fill(pair.wallet);
    const row = page.locator(`[data-row-id="${pair.vaultId}:${pair.wallet}"]`);
    await expect.poll(() => row.locator('.stale-cell [data-stale="figure"]').count(), { timeout: 30_000 }).toBeGreaterThan(0);
    expect(await row.locator('[data-stale="row"]').count()).toBe(0);
    await expect.poll(() => row.locator('[data-record-state]').getAttribute('data-record-state'), { timeout: 60_000 }).toBe('stale');
    const vault = truth.vaults.find((v) => v.id === pair.vaultId)!;
    expect(await row.textContent()).toContain(vault.tranche.symbol);
    await screenshot(page, 'positions-service-down');
    await page.getByLabel('Search positions').fill('');
  });

  it('clears every mark on the first refresh after the service answers again', async () => {
    service.down = false;
    await refresh();
    await expect.poll(() => page.locator('[data-failed-source]').count(), { timeout: 60_000 }).toBe(0);
    await expect.poll(() => page.locator('[data-stale]').count(), { timeout: 60_000 }).toBe(0);
    await go('Requests');
    await expect
      .poll(() => page.locator('[role="table"][aria-label="Requests"] [data-row-id]').count(), { timeout: 15_000 })
      .toBeGreaterThan(3);
    expect(await page.locator('[data-stale]').count()).toBe(0);
    await go('Overview');
    await page.locator(`tr[data-vault-id="${running.id}"] button.link-button`).click();
    await expect.poll(() => page.getByTestId('epoch-history').getAttribute('data-state'), { timeout: 30_000 }).toBe('current');
    expect(await page.locator('[data-figure="tvlUsd"]').getAttribute('data-figure-state')).toBe('current');
    expect(await page.locator('[data-stale]').count()).toBe(0);
  });
});

describe('a vault running past its end date', () => {
  it('says so on the Overview and the vault page, waiting for the manager to stop the epoch', async () => {
    const vault = truth.vaults.find((v) => v.cycle?.state === 'RUNNING')!;
    const local = c.simulation()!.localChains.find((ch) => ch.chainId === vault.chain.chainId)!;
    // The chain's clock passes the epoch's end; nobody stops the epoch (the cycle driver is held still).
    await createChainClient(local.chainId, local.rpcUrl).advanceTo(BigInt(vault.cycle!.epochEnd! + 90));

    await go('Overview');
    await refresh();
    const row = page.locator(`tr[data-vault-id="${vault.id}"]`);
    await expect
      .poll(() => row.locator('[data-cycle-state]').getAttribute('data-cycle-state'), { timeout: 60_000 })
      .toBe('RUNNING_PAST_END');
    const after = await c.runtime.handlers.portfolio.load({ groupId: null }, ctx);
    const cycle = after.vaults.find((v) => v.id === vault.id)!.cycle!;
    expect(cycle).toMatchObject({ state: 'RUNNING_PAST_END', nextEvent: { kind: 'awaitingStop', at: vault.cycle!.epochEnd } });
    const text = (await row.textContent()) ?? '';
    expect(text).toContain('Running past end');
    expect(text).toMatch(/Epoch over: waiting for the manager to stop it\s*\d+m \d+s ago/);
    await screenshot(page, 'overview-running-past-end');

    await row.locator('button.link-button').click();
    const next = page.locator('[data-fact="Cycle"] [data-next-event]');
    await expect.poll(() => next.getAttribute('data-next-event'), { timeout: 15_000 }).toBe('awaitingStop');
    expect(await next.textContent()).toMatch(/^Epoch over: waiting for the manager to stop it \d+m \d+s ago \(/);
    expect(await next.locator('time').getAttribute('datetime')).toBe(new Date(vault.cycle!.epochEnd! * 1000).toISOString());
    expect(await page.locator('[data-fact="Cycle"]').textContent()).toContain('Running past end');
    expect(await page.locator('[data-fact="Epoch"]').textContent()).toContain(`#${vault.cycle!.epochNumber + 1} past its end date`);
    await screenshot(page, 'vault-page-running-past-end');
  });

  it('ran without page errors', () => {
    expect(watched.errors).toEqual([]);
  });
});

describe('a batch picked while the first refresh still loads', () => {
  it('is shown once its own refresh is done, not at the timer’s next tick', async () => {
    const wallets = truth.wallets.slice(0, 2).map((w) => w.address);
    const group = await c.runtime.handlers.wallets.createGroup({ name: 'Picked early' }, ctx);
    await c.runtime.handlers.wallets.setGroupMembers({ groupId: group.id, addresses: wallets, member: true }, ctx);
    const early = await browser.newPage();
    const earlyWatched = watchPage(early);
    try {
      // The service answers slowly, so the page's first refresh (of every wallet) still loads when
      // the operator picks a batch, as on a busy machine.
      service.delayMs = 2_500;
      await early.goto(c.shell.launchUrl);
      await early.getByRole('combobox', { name: 'Batch of wallets' }).selectOption({ label: 'Picked early (2)' });
      const picked = Date.now();
      await expect.poll(() => early.locator('.screen-sub').first().textContent(), { timeout: 60_000 }).toContain('2 wallets');
      // The batch's own refresh (the service's delay and a moment), well before the 30 s tick that
      // would otherwise have been the first to load it.
      expect(Date.now() - picked).toBeLessThan(20_000);
      expect(earlyWatched.errors).toEqual([]);
    } finally {
      service.delayMs = 0;
      await early.close();
    }
  });
});
