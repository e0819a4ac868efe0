import { existsSync } from 'node:fs';
import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { encodeFunctionData, type Hex } from 'viem';
import { erc20Abi } from '../../../shared/abi';
import type { Batch } from '../../../shared/signing/schemas';
import { batchOnWorld, emulatedRunFlags } from './headless';
import { signingWorldForFile, type SigningWorld } from './world';

// The journal attack end to end, headless: a batch is interrupted after its first signature, an
// approval's calldata in the journal file is edited to approve(0x…dEaD, 2^256 − 1), and the batch
// is resumed. The journal's seal (keyed by the OS keychain) refuses it, naming the item and the
// field: nothing is signed, nothing is sent, no allowance is set. Without a keychain nothing is
// journaled at all.
let world: SigningWorld;

signingWorldForFile((w) => (world = w));

const DEAD = '0x000000000000000000000000000000000000dEaD';
const runBatch = batchOnWorld(() => world);
const common = (dataDir: string) => [...emulatedRunFlags(world, world.service.url, dataDir), '--trust-new-vaults'];
const withdraw = ['--wallets', '2', '--action', 'withdraw', '--vault', 'Delta Credit USDC', '--amount', '1'];

const delta = async () => (await world.load()).vaults.find((v) => v.name === 'Delta Credit USDC')!;
const wallets = () => world.wallets.slice(0, 2);

async function chainState() {
  const vault = await delta();
  const client = world.chains.get(vault.chain.chainId)!;
  return {
    nonces: await Promise.all(wallets().map((w) => client.getTransactionCount({ address: w.address as Hex }))),
    allowances: await Promise.all(
      wallets().map((w) =>
        client.readContract({ address: vault.tranche.address as Hex, abi: erc20Abi, functionName: 'allowance', args: [w.address as Hex, DEAD] }),
      ),
    ),
  };
}

describe('a journal edited on disk, resumed headless', () => {
  it('is refused on --resume with the item and field named: nothing signed, nothing sent, no allowance set', async () => {
    const dataDir = path.join(world.dataDir, 'journal-attack');
    const before = await chainState();

    const crashed = await runBatch([...common(dataDir), ...withdraw, '--crash-after', '1']);
    expect(crashed.code, crashed.stderr).toBe(137);
    const batchId = crashed.lines.find((l) => l.startsWith('batch '))!.split(' ')[1]!;
    const file = path.join(dataDir, 'journals', `${batchId}.json`);
    const journal = JSON.parse(await readFile(file, 'utf8')) as Batch;
    expect(journal.items.filter((i) => i.tx).map((i) => `${i.label} ${i.step} ${i.state}`)).toEqual([
      'W0 approve signed',
      'W0 requestWithdraw waiting',
      'W1 approve waiting',
      'W1 requestWithdraw waiting',
    ]);

    // The attacker's edit: W1's approval now gives everything to 0x…dEaD.
    const target = journal.items.findIndex((i) => i.label === 'W1' && i.step === 'approve');
    journal.items[target]!.tx!.data = encodeFunctionData({ abi: erc20Abi, functionName: 'approve', args: [DEAD, (1n << 256n) - 1n] });
    await writeFile(file, JSON.stringify(journal, null, 2));

    const resumed = await runBatch([...common(dataDir), '--resume']);
    expect(resumed.code).toBe(2);
    const refused = (JSON.parse(resumed.lines.at(-1)!) as { refused: { code: string; message: string; action: string } }).refused;
    expect(refused.code).toBe('SIGNING_JOURNAL_TAMPERED');
    expect(refused.message).toContain(`The journal of batch ${batchId} (journals/${batchId}.json) was changed outside Vaultdesk`);
    expect(refused.message).toContain(`item ${target + 1} (W1 approve, ${journal.items[target]!.id}): tx.data (its calldata)`);
    expect(refused.action).toContain('block explorer');
    expect(resumed.stderr).toContain('SIGNING_JOURNAL_TAMPERED');
    // Nothing of the batch was signed or sent on the resume: no device review, no transaction.
    expect(resumed.lines.filter((l) => /^W\d+ \w+ (on-device|signed|broadcast|confirmed)\b/.test(l))).toEqual([]);
    expect(await chainState()).toEqual(before);
    // The file is left as the attacker left it, for inspection.
    expect(JSON.parse(await readFile(file, 'utf8')).items[target].tx.data).toBe(journal.items[target]!.tx!.data);
  }, 180_000);

  it('without a keychain, nothing is journaled, signed or sent, and the run says why', async () => {
    const dataDir = path.join(world.dataDir, 'no-keychain');
    const before = await chainState();
    const run = await runBatch([...common(dataDir), ...withdraw], { DBUS_SESSION_BUS_ADDRESS: 'unix:path=/nonexistent/vaultdesk-test-bus' });
    expect(run.code).toBe(2);
    const refused = (JSON.parse(run.lines.at(-1)!) as { refused: { code: string; message: string; action: string } }).refused;
    expect(refused).toMatchObject({
      code: 'SIGNING_JOURNAL_KEY_UNAVAILABLE',
      message: expect.stringMatching(/^The signing journal cannot be sealed or checked: .+\. Nothing was journaled, signed or sent\.$/),
      action: expect.stringContaining('Secret Service'),
    });
    expect(existsSync(path.join(dataDir, 'journals'))).toBe(false);
    expect(await chainState()).toEqual(before);
  }, 120_000);
});
