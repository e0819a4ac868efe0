import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { demoPageForFile } from './support/console-page';
import { openScreen } from './support/screens';
import { screenshot } from './support/browser';

// The list screens drawn from their folders (columns, toolbar and screen apart) and the small tables
// drawn by SimpleTable, at the desk's usual window and at the smallest one the console supports.
let page: Page;

demoPageForFile((_ui, p) => (page = p), 180_000);

const SIZES = [
  { width: 1440, height: 900 },
  { width: 1024, height: 700 },
] as const;

describe('the list screens and their one toolbar', () => {
  for (const size of SIZES) {
    it(`draws Positions, Requests and Transactions with one toolbar row above the table, inside a ${size.width}-pixel window`, async () => {
      await page.setViewportSize(size);
      for (const [name, search] of [
        ['Positions', 'Search positions'],
        ['Requests', 'Search requests'],
        ['Transactions', null],
      ] as const) {
        await openScreen(page, name);
        const table = page.getByRole('table', { name });
        await table.locator('[role="row"][data-row-id]').first().waitFor({ timeout: 60_000 });
        const toolbars = page.locator('.screen .table-toolbar');
        expect(await toolbars.count()).toBe(1);
        const bar = (await toolbars.first().boundingBox())!;
        expect(bar.x + bar.width).toBeLessThanOrEqual(size.width);
        expect(bar.y + bar.height).toBeLessThanOrEqual((await table.boundingBox())!.y);
        // The search box comes first in the row, where the screen has one; the filters follow it.
        if (search) expect(await toolbars.first().locator('input').first().getAttribute('aria-label')).toBe(search);
        expect(await toolbars.first().locator('select').count()).toBeGreaterThan(0);
        await screenshot(page, `screens-folders-${name.toLowerCase()}-${size.width}`);
      }
    }, 180_000);
  }
});

describe('the small tables', () => {
  it('name themselves and scope every header cell: the public vaults and the Ledger desk’s group bindings', async () => {
    await page.setViewportSize(SIZES[0]);
    await openScreen(page, 'Vaults');
    const vaults = page.getByRole('table', { name: 'Public vaults' });
    await vaults.locator('tbody tr').first().waitFor({ timeout: 60_000 });
    expect(await vaults.locator('thead th:not([scope="col"])').count()).toBe(0);

    await openScreen(page, 'Settings');
    const bindings = page.getByTestId('ledger-desk-bindings');
    await bindings.waitFor({ timeout: 60_000 });
    // Before SimpleTable this table had no name and its header cells no scope.
    expect(await bindings.getAttribute('aria-label')).toBe('Wallet groups and the Ledger each signs on');
    expect(await bindings.locator('thead th').count()).toBe(2);
    expect(await bindings.locator('thead th:not([scope="col"])').count()).toBe(0);
  }, 180_000);

  for (const size of SIZES) {
    it(`draws the Vaults and Operators tables at ${size.width} × ${size.height}`, async () => {
      await page.setViewportSize(size);
      for (const [name, table] of [
        ['Vaults', 'Public vaults'],
        ['Operators', 'Operators'],
      ] as const) {
        await openScreen(page, name);
        await page.getByRole('table', { name: table }).locator('tbody tr').first().waitFor({ timeout: 60_000 });
        await screenshot(page, `screens-folders-${name.toLowerCase()}-${size.width}`);
      }
    }, 180_000);
  }
});
