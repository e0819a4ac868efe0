import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { deriveAccount } from '../../../electron/demo/chain/accounts';
import { bundleText, plannerHash, readSignedBundle } from '../../../shared/bundles';
import { ACCOUNTS, makeUnsigned, registryText } from '../../support/bundle-fixture';
import { runBatch as spawnBatch } from '../signing/run-batch';

// The headless offline review of agreements: every agreement text is printed in full, line by
// line, before the device signs it; a text that resembles a Vaultdesk message is refused before
// anything reaches the device, whoever planned the bundle.
let dir: string;

beforeAll(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'vaultdesk-runner-agreements-'));
  await writeFile(path.join(dir, 'registry.json'), registryText());
});

afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

const runBatch = (args: string[]) => spawnBatch(args, { VAULTDESK_API_KEY: '' });
const last = (run: { lines: string[] }) => JSON.parse(run.lines.at(-1)!) as Record<string, any>;

/** Two wallets of the emulated Ledger's seed, so that its device signs for them. */
const WALLETS = [10, 11].map((i, n) => ({ address: deriveAccount(i).address, label: `Lender ${n + 1}`, path: `44'/60'/0'/0/${i}`, nonce: 0 }));

async function signOffline(name: string, agreementText: string) {
  const file = path.join(dir, `${name}.json`);
  await writeFile(file, bundleText(makeUnsigned('agreements', WALLETS, { agreementText })));
  return runBatch([
    '--offline', '--emulated-device', '--auto-approve', '--sign', file, '--out', path.join(dir, `${name}-signed`) + '/',
    '--registry', path.join(dir, 'registry.json'), '--trust-planner', ACCOUNTS.planner.address, '--data-dir', path.join(dir, name),
  ]);
}

describe('npm run batch -- --offline --sign: agreements', () => {
  it('prints each agreement text in full before the device signs it', async () => {
    const text = 'Master Loan Agreement, version 1.4\n\n1. The lender accepts the epoch terms.\n2. Claims are paid after the epoch ends.';
    const run = await signOffline('honest', text);
    expect(run.code, run.stderr).toBe(0);
    for (const [n, wallet] of WALLETS.entries()) {
      const head = run.lines.findIndex((l) => l.startsWith(`  #${n + 1} ${wallet.label} ${wallet.address}: `));
      expect(head).toBeGreaterThanOrEqual(0);
      expect(run.lines[head]).toContain(`personal_sign by this wallet of the text below, ${text.length} bytes, 4 lines`);
      expect(run.lines.slice(head + 1, head + 5)).toEqual(text.split('\n').map((l) => `      | ${l}`));
    }
    // Printed before the device was asked.
    const printed = run.lines.findIndex((l) => l === '      | 2. Claims are paid after the epoch ends.');
    expect(printed).toBeLessThan(run.lines.findIndex((l) => l.includes('on-device')));
    const { bundle } = await readSignedBundle(await readFile(last(run).file, 'utf8'));
    expect(bundle.items.map((i) => i.state)).toEqual(['signed', 'signed']);
  });

  it('refuses an agreement carrying the planner text of another bundle, before the device', async () => {
    const crafted = makeUnsigned('deposit');
    const run = await signOffline('hostile', `Terms of service\nVaultdesk unsigned bundle ${plannerHash(crafted)}`);
    expect(run.code).toBe(2);
    expect(last(run).refused).toMatchObject({ code: 'BUNDLE_AGREEMENT_REFUSED', message: expect.stringContaining('resembles a message of Vaultdesk itself') });
    expect(run.lines.some((l) => l.includes('on-device'))).toBe(false);
  });
});
