import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { encodeFunctionData } from 'viem';
import { erc20Abi } from '../../shared/abi';
import type { Batch } from '../../shared/signing/schemas';
import { screenshot } from './support/browser';
import { closeDemoSigningWorld, openConsolePage, openDemoSigningWorld, outliving, type DemoSigningWorld } from './support/console-page';
import { leftBehind } from './support/data-folder';
import { asHex, chainOf } from './support/signing';

// A batch journaled on the demo, its journal edited on disk while the console was closed (an
// approval's calldata turned into approve(0x…dEaD, 2^256 − 1)): the restarted console lists it as
// refused, with what changed, and opening it shows the refusal instead of a batch to resume.
let world: DemoSigningWorld;
const ctx = { transport: 'browser' as const };
const DEAD = '0x000000000000000000000000000000000000dEaD';

beforeAll(async () => {
  world = await openDemoSigningWorld();
}, 180_000);

afterAll(async () => {
  await closeDemoSigningWorld(world);
});

describe('a journal changed on disk, in the console', () => {
  it('is listed as refused, naming the item and the field, and does not open', async () => {
    const handlers = world.ui.c.runtime.handlers;
    const holders = (vaultId: string) =>
      world.before.positions.filter((p) => p.vaultId === vaultId && p.allowed && BigInt(p.trancheBalance ?? '0') > 0n).map((p) => p.wallet);
    const vault = world.before.vaults.find((v) => v.cycle?.state === 'RUNNING' && v.queue && holders(v.id).length >= 2)!;
    const plan = await handlers.signing.plan({ vaultId: vault.id, action: 'withdraw', wallets: holders(vault.id).slice(0, 2) }, ctx);
    const batch = await handlers.signing.createBatch({ planId: plan.id, acknowledgeBlindSigning: true }, ctx);
    const approval = batch.items.findIndex((i) => i.step === 'approve');
    expect(approval).toBeGreaterThanOrEqual(0);
    const wallet = batch.items[approval]!.wallet;
    const chain = chainOf(world.sim, vault);
    const nonce = await chain.getTransactionCount({ address: asHex(wallet) });

    // The console is closed; its data folder is edited as anyone with write access to it could.
    const dataDir = leftBehind(world.ui.c.dataDir);
    await world.ui.close();
    const file = path.join(dataDir, 'demo', 'journals', `${batch.id}.json`);
    const journal = JSON.parse(await readFile(file, 'utf8')) as Batch;
    journal.items[approval]!.tx!.data = encodeFunctionData({ abi: erc20Abi, functionName: 'approve', args: [DEAD, (1n << 256n) - 1n] });
    await writeFile(file, JSON.stringify(journal, null, 2));

    world.ui = await openConsolePage({ startSimulation: outliving(world.sim), dataDir });
    const page = world.ui.page;
    await page.locator('table[aria-label="Vault totals"] tbody tr').first().waitFor({ timeout: 90_000 });
    await page.getByRole('button', { name: /^Signing/ }).click();
    const listed = page.locator(`.batch-list li[data-batch-id="${batch.id}"]`);
    const refused = listed.getByTestId('batch-refused');
    await refused.waitFor({ timeout: 30_000 });
    const words = `item ${approval + 1} (${batch.items[approval]!.label} approve, ${batch.items[approval]!.id}): tx.data (its calldata)`;
    expect(await refused.textContent()).toContain('was changed outside Vaultdesk');
    expect(await refused.textContent()).toContain(words);

    await listed.getByRole('button').click();
    const notice = page.getByRole('alert').filter({ hasText: 'was changed outside Vaultdesk' });
    await notice.waitFor({ timeout: 30_000 });
    expect(await notice.textContent()).toContain('block explorer');
    // No batch opens: nothing to start or resume from it.
    expect(await page.getByTestId('batch').count()).toBe(0);
    await screenshot(page, 'signing-journal-refused');
    expect(await chain.getTransactionCount({ address: asHex(wallet) })).toBe(nonce);
  }, 300_000);

  it('ran without page errors', () => {
    expect(world.ui.watched.errors).toEqual([]);
  });
});
