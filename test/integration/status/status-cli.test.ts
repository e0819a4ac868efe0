import { promises as fs } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiKeyVault } from '../../../electron/services/secrets/api-key';
import { KeychainSecretStore } from '../../../electron/services/secrets/keychain-store';
import { startSimService, type SimService } from '../../../electron/demo/service';
import {
  dataDirWithBook,
  publicEpochVaults,
  runNpm,
  runScript,
  runStatus,
  STACK_LINE,
  tempDir,
  walletsWithOpenRequests,
} from './run-status';

/**
 * `npm run status` as an operator runs it: the service saved in the console's settings and its key
 * in the keychain (as Settings saves it), the wallets of the wallet book or of one group, the
 * human output and the JSON line; and the one-line answers to a mistake or to a service that
 * cannot be read. The chains of the simulated service's catalog are not reachable here, so every
 * cycle comes from the service and each chain is named as failing: a degraded portfolio, exit 0.
 */

let sim: SimService;
let dataDir: string;
let wallets: string[];
let expected: { vaults: number; requests: number };
const keychain = new ApiKeyVault(new KeychainSecretStore());

beforeAll(async () => {
  sim = await startSimService({ seed: 3, wallets: 40, port: 0 });
  const found = walletsWithOpenRequests(sim.store);
  wallets = found.wallets;
  expected = { vaults: publicEpochVaults(sim.store).length, requests: found.shownOpen.length };
  dataDir = await dataDirWithBook(wallets, 'Lenders', '0x000000000000000000000000000000000000dEaD');
  await fs.writeFile(path.join(dataDir, 'settings.json'), JSON.stringify({ version: 1, serviceUrl: sim.url, offline: false }));
  await keychain.save(sim.url, sim.apiKey);
});

afterAll(async () => {
  await keychain.remove(sim.url).catch(() => false);
  await sim.close();
});

describe('npm run status', () => {
  it('reads the saved service with the key from the keychain and shows the wallet book: vaults, requests, failing chains', async () => {
    expect(expected.requests).toBeGreaterThan(3);
    const run = await runStatus(['--data-dir', dataDir]);
    expect(run.stderr).toBe('');
    expect(run.code).toBe(0);
    for (const vault of publicEpochVaults(sim.store)) expect(run.stdout).toContain(String(vault.name));
    expect(run.stdout).toMatch(/epoch ends in \d+d \d\dh/);
    expect(run.stdout).toContain(`Wallets (${wallets.length + 1}): ${expected.requests} open requests`);
    expect(run.stdout).toMatch(/pending +deposit [\d,.]+ USD[CT]/);
    expect(run.stdout).toContain('Ethereum (chain:1): Ethereum did not answer');
    expect(run.stdout).toContain('Records set aside: none');
  });

  it('ends with one JSON object with --json, and --group picks a group of the book', async () => {
    const run = await runNpm('status', ['--data-dir', dataDir, '--group', 'lenders', '--json']);
    expect(run.code).toBe(0);
    expect(run.json).toMatchObject({ vaults: expected.vaults, requests: expected.requests, rejected: 0, wallets: wallets.length });
    expect(run.json!.sources).toContainEqual({ id: 'service', label: 'Credit vault service', ok: true, stale: false, message: 'answered' });
    expect(run.json!.sources.find((s: { id: string }) => s.id === 'chain:1')).toMatchObject({
      ok: false,
      message: expect.stringContaining('did not answer'),
    });
  });

  it('gives per vault, in --json, the requests by type and phase in token units and USD, the rates and the TVL with their source and block', async () => {
    const run = await runStatus(['--data-dir', dataDir, '--json']);
    expect(run.code).toBe(0);
    const { shownOpen } = walletsWithOpenRequests(sim.store);
    // The chains are not reachable: phases follow the service's words, amounts its records (no lpAmount:
    // a withdrawal stays in the underlying its record states, never read as tranche tokens).
    const phaseOf = (r: { type: string; status: string }) =>
      r.status === 'PENDING' ? 'pending' : r.status === 'PROCESSED' ? (r.type === 'DEPOSIT' ? 'claimable' : r.type === 'WITHDRAW' ? 'processed' : 'pending') : 'claimable';
    let withdrawals = 0;
    for (const v of run.json!.vaultList as { id: string; figures: any; underlying: { symbol: string } }[]) {
      const block = sim.store.latestVaultBlock(v.id)!;
      for (const type of ['DEPOSIT', 'WITHDRAW', 'REDEEM']) {
        for (const phase of ['pending', 'processed', 'claimable']) {
          const mine = shownOpen.filter((r) => r.vaultId === v.id && r.type === type && phaseOf(r) === phase);
          const f = v.figures.requests[type][phase];
          expect(f.count).toBe(mine.length);
          const total = mine.reduce((s, r) => s + BigInt(r.amount), 0n);
          if (mine.length > 0) {
            expect(f.amounts).toEqual([expect.objectContaining({ amount: total.toString(), symbol: v.underlying.symbol })]);
            // USD at the snapshot's own price: TVL.USD × amount / TVL.token.
            expect(f.amounts[0].usd).toBe(((total * BigInt(block.TVL!.USD!)) / BigInt(block.TVL!.token!)).toString());
          }
          if (type === 'WITHDRAW') withdrawals += mine.length;
        }
      }
      expect(v.figures.tvl).toMatchObject({ amount: block.TVL!.token, usd: block.TVL!.USD, source: 'service', block: block.block.number });
      expect(v.figures.usdPrice).toMatchObject({ block: block.block.number, at: block.block.timestamp });
      expect(v.figures.rates.net).toBe(block.APRs?.NET ?? null);
    }
    expect(withdrawals).toBeGreaterThan(0);
    const anyWithdrawal = (run.json!.walletList as { requests: { type: string; amountFrom: string; symbol: string }[] }[])
      .flatMap((w) => w.requests)
      .find((r) => r.type === 'WITHDRAW')!;
    expect(anyWithdrawal.amountFrom).toBe('service');
  });

  it('takes --wallet instead of the book, and VAULTDESK_API_KEY instead of the keychain', async () => {
    const run = await runStatus(['--data-dir', dataDir, '--service', sim.url, '--wallet', wallets[0]!, '--json'], {
      VAULTDESK_API_KEY: sim.apiKey,
    });
    expect(run.code).toBe(0);
    const mine = walletsWithOpenRequests(sim.store).shownOpen.filter((r) => r.walletAddress.toLowerCase() === wallets[0]!.toLowerCase());
    expect(run.json).toMatchObject({ wallets: 1, requests: mine.length });
  });

  it('exits 1 with one line when nothing can be read: no key, a wrong key, no service', async () => {
    const elsewhere = await tempDir('vaultdesk-status-');
    const cases = [
      {
        args: ['--data-dir', elsewhere, '--service', 'http://127.0.0.1:9/'],
        env: {},
        says: /No API key for http:\/\/127\.0\.0\.1:9\/ is in the keychain/,
      },
      { args: ['--data-dir', dataDir, '--json'], env: { VAULTDESK_API_KEY: 'sim_wrong' }, says: /API key/i },
      { args: ['--data-dir', elsewhere], env: {}, says: /No service address is saved/ },
      { args: ['--data-dir', elsewhere, '--service', 'http://127.0.0.1:9'], env: { VAULTDESK_API_KEY: 'k' }, says: /could not be reached/ },
    ];
    const runs = await Promise.all(cases.map((c) => runStatus(c.args, c.env)));
    for (const [i, c] of cases.entries()) {
      const run = runs[i]!;
      expect(run.code, run.stderr).toBe(1);
      expect(run.stderr.trim().split('\n')).toHaveLength(1);
      expect(run.stderr).toMatch(c.says);
      expect(run.stderr).toMatch(/^status: nothing could be read: /);
      expect(run.stdout + run.stderr).not.toMatch(STACK_LINE);
    }
  }, 180_000);

  it('answers an unknown flag or a bad value with a usage line, not a stack trace; batch too', async () => {
    const cases: Array<[string, string[], RegExp]> = [
      ['scripts/status.ts', ['--bogus'], /Unknown option '--bogus'/],
      ['scripts/status.ts', ['--wallet', '0x1234'], /--wallet 0x1234: An address is 0x followed by 40 hexadecimal characters/],
      ['scripts/status.ts', ['--rpc', 'mainnet'], /--rpc takes CHAINID=URL/],
      ['scripts/status.ts', ['--service', 'http://10.1.2.3'], /https:\/\//],
      [
        'scripts/status.ts',
        ['--data-dir', dataDir, '--group', 'Nobody'],
        /--group "Nobody" is not a group of the wallet book .*groups: "Lenders"/,
      ],
      ['scripts/status.ts', ['--wallet', wallets[0]!, '--group', 'Lenders'], /either --wallet addresses or --group NAME/],
      ['scripts/status.ts', ['--json=yes'], /--json/],
      ['scripts/service-record.ts', ['--service', sim.url], /--out DIR is required/],
      ['scripts/batch.ts', ['--sim', '--walets', '3'], /Unknown option '--walets'/],
      ['scripts/batch.ts', ['--sim', '--action'], /--action <value>' argument missing/],
    ];
    const runs = await Promise.all(cases.map(([script, args]) => runScript(script, args)));
    for (const [i, [script, args, says]] of cases.entries()) {
      const run = runs[i]!;
      expect(run.code, `${script} ${args.join(' ')}: ${run.stderr}`).toBe(2);
      const lines = run.stderr.trim().split('\n');
      // The message, then the usage: one line, or one per way of running (batch's online and offline runs).
      expect(lines[0]).toMatch(says);
      expect(lines[1]).toMatch(/^usage: npm run (status|service:record|batch) -- /);
      for (const more of lines.slice(2)) expect(more).toMatch(/^ {7}npm run batch -- /);
      expect(run.stdout + run.stderr).not.toMatch(STACK_LINE);
    }
  }, 180_000);
});
