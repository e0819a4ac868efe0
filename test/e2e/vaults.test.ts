import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { createServiceClient } from '../../electron/services/service-client';
import { serviceOnlySimulation, type TestConsole } from '../support/console';
import { openConsolePage, type ConsolePage } from './support/console-page';
import { ROOT } from '../support/paths';
import { bundledContracts } from '../../electron/runtime/bundled-contracts';
import { screenshot } from './support/browser';

let ui: ConsolePage;
let c: TestConsole;
let page: Page;
let watched: { errors: string[] };

beforeAll(async () => {
  ui = await openConsolePage({ startSimulation: serviceOnlySimulation }, 'Vaults');
  ({ c, page, watched } = ui);
});
afterAll(async () => {
  await ui?.close();
});

describe('Vaults screen in demo mode', () => {
  it('marks the console clearly as a demo on the embedded simulation', async () => {
    const banner = page.getByTestId('mode-banner');
    await expect.poll(() => banner.textContent()).toContain('DEMO');
    expect(await banner.textContent()).toContain('Nothing here is real money');
  });

  it('lists exactly the PUBLIC vaults of the service, each with its token and chain', async () => {
    // What the simulated service holds, read directly over HTTP with the same client.
    // The simulation starts in the background; the page waits for it, and so does this check.
    await expect.poll(() => c.simulation()).not.toBeNull();
    const active = await fetchAllFromService(c.simulation()!.url);
    const publicVaults = active.vaults.filter((v) => v.visibility === 'PUBLIC');
    expect(publicVaults.length).toBeGreaterThan(0);
    expect(active.vaults.length).toBeGreaterThan(publicVaults.length);

    const rows = page.locator('table[aria-label="Public vaults"] tbody tr');
    await expect.poll(() => rows.count(), { timeout: 15_000 }).toBe(publicVaults.length);
    const shownIds = await rows.evaluateAll((trs) => trs.map((tr) => tr.getAttribute('data-vault-id')));
    expect(shownIds.sort()).toEqual(publicVaults.map((v) => v._id).sort());

    for (const v of publicVaults) {
      const row = page.locator(`tr[data-vault-id="${v._id}"]`);
      const text = (await row.textContent()) ?? '';
      const token = active.tokens.find((t) => t._id === v.tokenId)!;
      const chain = active.chains.find((ch) => ch._id === v.chainId)!;
      expect(text).toContain(v.name);
      expect(text).toContain(token.symbol);
      expect(text).toContain(`${token.decimals} decimals`);
      expect(text).toContain(chain.name);
    }
    const hidden = active.vaults.length - publicVaults.length;
    expect(await page.locator('.screen-sub').first().textContent()).toContain(`${hidden} restricted or hidden not shown`);
    await screenshot(page, 'vaults-demo');
  });

  it('ran without page errors', () => {
    expect(watched.errors).toEqual([]);
  });
});

describe('the Electron build', () => {
  it('ships the compiled vault contracts beside the main bundle, for the demo', () => {
    const artifacts = bundledContracts(path.join(ROOT, 'out', 'main'));
    expect(artifacts).toBeDefined();
    expect(artifacts!.EpochVaultV4.bytecode.length).toBeGreaterThan(1000);
    expect(artifacts!.EpochVaultV4.abi.some((e) => 'name' in e && e.name === 'depositAA')).toBe(true);
  });
});

describe('the packaged renderer', () => {
  it('contains no network bridge', () => {
    const assets = path.join(ROOT, 'out', 'renderer', 'assets');
    const code = readdirSync(assets)
      .filter((f) => f.endsWith('.js'))
      .map((f) => readFileSync(path.join(assets, f), 'utf8'))
      .join('\n');
    expect(code).not.toContain('/bridge?token=');
    expect(code).not.toMatch(/new WebSocket\(/);
  });
});

/** Reads the catalog straight from the service the console is using, as the ground truth. */
async function fetchAllFromService(serviceUrl: string) {
  const apiKey = c.simulationKey();
  const client = createServiceClient({ baseUrl: serviceUrl, getApiKey: async () => apiKey });
  const [vaults, tokens, chains] = await Promise.all([client.listAll('vaults'), client.listAll('tokens'), client.listAll('chains')]);
  return { vaults, tokens, chains } as {
    vaults: Array<{ _id: string; name: string; visibility: string; tokenId: string; chainId: string }>;
    tokens: Array<{ _id: string; symbol: string; decimals: number }>;
    chains: Array<{ _id: string; name: string }>;
  };
}
