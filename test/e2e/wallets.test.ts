import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { serviceOnlySimulation, startTestConsole, type TestConsole } from '../support/console';
import { openConsolePage, type ConsolePage } from './support/console-page';
import { screenshot } from './support/browser';
import { screenshotsAtDeskSizes } from './support/four-shots';

const A = '0xCbA98362e199c41E1864D0923AF9646d3A648451';
const B = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8';
const C = '0x3C44CdDdB6a900fa2b585dd299e03d12FA4293BC';
const D = '0x90F79bf6EB2c4f870365E785982E1f101E93b906';

let ui: ConsolePage;
let c: TestConsole;
let page: Page;
let watched: { errors: string[] };

beforeAll(async () => {
  ui = await openConsolePage({ startSimulation: serviceOnlySimulation }, 'Wallets');
  ({ c, page, watched } = ui);
  page.on('dialog', (d) => void d.accept());
});
afterAll(async () => {
  await ui?.close();
});

const rows = () => page.locator('[role="table"][aria-label="Wallets"] [data-row-id]');

describe('Wallets screen', () => {
  it('starts empty and says how to begin', async () => {
    await expect.poll(() => page.getByText('No wallets yet').count()).toBe(1);
  });

  it('flags a mistyped checksum as it is typed and will not add it', async () => {
    await page.getByLabel('Address').fill(A.replace('CbA', 'CBA'));
    await expect.poll(() => page.getByRole('alert').textContent()).toContain('checksum');
    expect(await page.getByRole('button', { name: 'Add wallet' }).isDisabled()).toBe(true);
  });

  it('adds a watch-only wallet with its label', async () => {
    await page.getByLabel('Address').fill(A.toLowerCase());
    await page.getByLabel('Label').fill('Treasury EU');
    await page.getByRole('button', { name: 'Add wallet' }).click();
    await expect.poll(() => rows().count()).toBe(1);
    expect(await rows().first().textContent()).toContain(A);
    expect(await rows().first().textContent()).toContain('Treasury EU');
    expect(await page.getByLabel('Address').inputValue()).toBe('');
  });

  it('imports a CSV and reports every skipped row with its line and reason', async () => {
    const csv = ['address,label,notes,groups', `${B},Desk 2,,Fund II`, `${C},Desk 3,"note, quoted",Fund II`, '0xnothex,bad,,', `${A},Treasury EU renamed,,`].join('\n');
    await page.getByTestId('csv-input').setInputFiles({ name: 'wallets.csv', mimeType: 'text/csv', buffer: Buffer.from(csv) });
    // The file renames a wallet of the book: shown first, imported once confirmed.
    const preview = page.getByTestId('import-preview');
    await expect.poll(() => preview.locator('table[aria-label="Wallets renamed by the import"] tbody tr').allTextContents()).toEqual([`${A}Treasury EUTreasury EU renamed`]);
    expect(await preview.textContent()).toContain('address (required)');
    await preview.getByRole('button', { name: 'Import and rename' }).click();
    const report = page.getByTestId('import-report');
    await expect.poll(() => report.textContent()).toContain('2 added, 1 updated, 1 skipped');
    const skipped = report.locator('table[aria-label="Skipped rows"] tbody tr');
    expect(await skipped.count()).toBe(1);
    expect(await skipped.first().textContent()).toMatch(/^4.*0xnothex.*40 hexadecimal/);
    expect(await report.textContent()).toContain('New groups: Fund II');
    await expect.poll(() => rows().count()).toBe(3);
    await screenshot(page, 'wallets-import-report');
    // The whole report as a file: every row with its line, outcome and reason.
    const [download] = await Promise.all([page.waitForEvent('download'), report.getByRole('button', { name: 'Download the report (CSV)' }).click()]);
    expect(download.suggestedFilename()).toMatch(/^vaultdesk-wallet-import-\d{8}-\d{6}\.csv$/);
    const lines = readFileSync((await download.path())!, 'utf8').trim().split('\n');
    expect(lines).toHaveLength(5);
    expect([lines[0], lines[1], lines[2], lines[4]]).toEqual(['line,address,outcome,reason', `2,${B},added,`, `3,${C},added,`, `5,${A},updated,`]);
    expect(lines[3]).toMatch(/^4,0xnothex,skipped,.*40 hexadecimal/);
  });

  it('refuses a CSV over the size limit before reading it, says the limit and what to do, and keeps working', async () => {
    const line = `${B},Desk 2,,Fund II\n`;
    const big = Buffer.from(`address,label,notes,groups\n${line.repeat(Math.ceil((1.5 * 1024 * 1024) / line.length))}`);
    await page.getByTestId('csv-input').setInputFiles({ name: 'all-wallets.csv', mimeType: 'text/csv', buffer: big });
    const alert = page.locator('[data-error-code="CSV_TOO_LARGE"]');
    await expect.poll(() => alert.textContent()).toContain('The file all-wallets.csv is 1.5 MiB, more than the 1 MiB a CSV import takes at once.');
    expect(await alert.textContent()).toContain('Split it into files of at most 1 MiB (and 10,000 rows) and import them one after the other.');
    expect(await page.getByTestId('import-report').count()).toBe(0);
    await screenshot(page, 'wallets-csv-too-large');

    // Nothing was sent: the connection to the console still answers, and a file within the limit imports.
    const small = ['address,label,notes,groups', `${B},Desk 2,,Fund II`].join('\n');
    await page.getByTestId('csv-input').setInputFiles({ name: 'wallets.csv', mimeType: 'text/csv', buffer: Buffer.from(small) });
    await expect.poll(() => page.getByTestId('import-report').textContent()).toMatch(/0 added/);
    expect(await alert.count()).toBe(0);
    await expect.poll(() => rows().count()).toBe(3);
    await page.getByTestId('import-report').getByRole('button').first().click();
  });

  it('shows a group as a batch and acts on a selection', async () => {
    await page.getByRole('button', { name: /^Fund II/ }).click();
    await expect.poll(() => rows().count()).toBe(2);
    await page.getByRole('button', { name: /^All wallets/ }).click();
    await page.getByLabel('Select Treasury EU renamed', { exact: true }).check();
    await page.getByLabel('Group to change').selectOption({ label: 'Fund II' });
    await page.getByRole('button', { name: 'Add to group' }).click();
    await expect.poll(() => page.getByRole('button', { name: /^Fund II/ }).textContent()).toContain('3');
  });

  it('edits the label and notes of one wallet', async () => {
    await page.getByRole('button', { name: 'Edit label and notes' }).click();
    await page.getByLabel('Wallet label').fill('Treasury EU renamed');
    await page.getByLabel('Wallet notes').fill('signs on desk 1');
    await page.getByRole('button', { name: 'Save' }).click();
    await expect.poll(() => page.locator(`[data-row-id="${A}"]`).textContent()).toContain('signs on desk 1');
    await page.getByLabel('Select Treasury EU renamed', { exact: true }).uncheck();
  });

  it('exports the group as CSV with every column', async () => {
    await page.getByRole('button', { name: /^Fund II/ }).click();
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Export CSV' }).click()]);
    expect(download.suggestedFilename()).toMatch(/^vaultdesk-wallets-fund-ii-\d{4}-\d{2}-\d{2}\.csv$/);
    const text = readFileSync((await download.path())!, 'utf8');
    const lines = text.trim().split('\n');
    expect(lines[0]).toBe('address,label,notes,groups,source,ledgerPath');
    expect(lines).toHaveLength(4);
    expect(text).toContain(`${C},Desk 3,"note, quoted",Fund II,watch,`);
    expect(text).toContain(`${A},Treasury EU renamed,signs on desk 1,Fund II,watch,`);
  });

  it('keeps the book across a restart of the console', async () => {
    await page.getByLabel('Address').fill(D);
    await page.getByRole('button', { name: 'Add wallet' }).click();
    await expect.poll(() => page.getByText(`${D.slice(0, 10)}`).count()).toBeGreaterThan(0);
    await screenshot(page, 'wallets-group');
    const dataDir = c.dataDir;
    await c.close();
    c = ui.c = await startTestConsole({ dataDir, startSimulation: serviceOnlySimulation });
    await page.goto(c.shell.launchUrl);
    await page.getByRole('button', { name: 'Wallets', exact: true }).click();
    await expect.poll(() => rows().count()).toBe(4);
    await page.getByRole('button', { name: /^Fund II/ }).click();
    await expect.poll(() => rows().count()).toBe(4);
  });

  it('lists the rows it will skip before importing, and lets the wallets of the book keep their labels', async () => {
    const E = '0x15d34AAf54267DB7D7c367839AAf71A00a2C6A65';
    await page.getByRole('button', { name: /^All wallets/ }).click();
    const csv = ['address,label,notes,groups', `${A},Someone else,,`, '0xnothex,bad,,', `${E},Desk 5,,`, `${E},Desk 5 twice,,`].join('\n');
    await page.getByTestId('csv-input').setInputFiles({ name: 'more.csv', mimeType: 'text/csv', buffer: Buffer.from(csv) });
    const preview = page.getByTestId('import-preview');
    await expect.poll(() => preview.locator('strong').first().textContent()).toBe('more.csv: 4 rows, 2 to import, 2 to skip, 1 of which renames a wallet of the book.');
    // Before anything is imported: each bad row with its line and the reason the import gives.
    const bad = preview.locator('table[aria-label="Rows the import will skip"] tbody tr');
    expect(await bad.allTextContents()).toEqual([
      expect.stringMatching(/^30xnothex.*40 hexadecimal/),
      `5${E}The same address appears earlier in the file.`,
    ]);
    expect(await rows().count()).toBe(4);
    await screenshotsAtDeskSizes(page, 'wallets-import-preview');
    await preview.getByRole('button', { name: 'Import and keep the current labels' }).click();
    const report = page.getByTestId('import-report');
    await expect.poll(() => report.textContent()).toContain('1 added, 1 updated, 2 skipped');
    await expect.poll(() => rows().count()).toBe(5);
    expect(await page.locator(`[data-row-id="${A}"]`).textContent()).toContain('Treasury EU renamed');
    expect(await page.locator(`[data-row-id="${E}"]`).textContent()).toContain('Desk 5');
  });

  it('ran without page errors', () => {
    expect(watched.errors).toEqual([]);
  });
});
