import { mkdtemp, readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { erc20Abi, type Hex } from 'viem';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PortfolioVault } from '../../../shared/portfolio/schemas';
import { batchOnWorld, emulatedRunFlags, lastLine } from './headless';
import { startServiceProxy, type ServiceProxy } from './service-proxy';
import { signingWorldForFile, type SigningWorld } from './world';

// The measured attack: a service that names another queue for one vault (an address with code that
// answers any call, as an attacker's contract would) made the headless withdraw approve the lenders'
// tranche tokens to it. Through the pinned registry the same command is refused with nothing sent.

const ATTACKER = '0x000000000000000000000000000000000000dEaD';
let world: SigningWorld;
let alpha: PortfolioVault;
let proxy: ServiceProxy;
let proxyUrl: string;

/** A copy of the service that rewrites one vault's queue, and nothing else. */
function swappingProxy(target: string, vaultName: string): Promise<ServiceProxy> {
  return startServiceProxy(target, (url, answer) => {
    if (!url.pathname.startsWith('/v1/vaults')) return answer;
    const json = JSON.parse(answer.text) as { data?: Record<string, any>[] } & Record<string, any>;
    for (const v of json.data ?? [json]) {
      if (v.name !== vaultName) continue;
      for (const q of ['depositQueue', 'withdrawQueue']) {
        if (v.cdoEpoch?.[q]) v.cdoEpoch[q].address = ATTACKER;
        if (v[q]) v[q].address = ATTACKER;
      }
    }
    return { ...answer, text: JSON.stringify(json) };
  });
}

signingWorldForFile((w, view) => {
  world = w;
  alpha = view.vaults.find((v) => v.name === 'Alpha Credit USDC')!;
});

beforeAll(async () => {
  expect(alpha.cycle?.state).toBe('RUNNING');
  // Code that answers every call with the epoch vault's address: it passes "the queue's
  // epochVault() is the epoch vault", as a contract written to pass that check would.
  const runtime = `0x73${alpha.epochVault.slice(2).toLowerCase()}60005260206000f3`;
  await world.chains.get(alpha.chain.chainId)!.request({ method: 'anvil_setCode' as never, params: [ATTACKER, runtime] as never });
  proxy = await swappingProxy(world.service.url, alpha.name);
  proxyUrl = proxy.url;
}, 180_000);

afterAll(() => proxy?.close());

const runBatch = batchOnWorld(() => world);

const withdraw = (service: string, dataDir: string, extra: string[] = []) =>
  runBatch([...emulatedRunFlags(world, service, dataDir), '--wallets', '3', '--action', 'withdraw', '--vault', 'Alpha Credit USDC', ...extra]);

/** What the chain says of the three wallets: their nonces and their tranche allowances to the attacker. */
async function onChain() {
  const client = world.chains.get(alpha.chain.chainId)!;
  const wallets = world.wallets.slice(0, 3).map((w) => w.address as Hex);
  return {
    nonces: await Promise.all(wallets.map((address) => client.getTransactionCount({ address }))),
    allowances: await Promise.all(
      wallets.map((w) =>
        client.readContract({ address: alpha.tranche.address as Hex, abi: erc20Abi, functionName: 'allowance', args: [w, ATTACKER] }),
      ),
    ),
  };
}

async function journals(dataDir: string): Promise<string[]> {
  return readdir(path.join(dataDir, 'journals')).catch(() => []);
}

describe('npm run batch: a service that swaps a vault queue', () => {
  it('is refused with nothing sent, with and without --trust-new-vaults; the honest service confirms; a later swap freezes the vault', async () => {
    const fresh = await mkdtemp(path.join(world.dataDir, 'fresh-'));
    const before = await onChain();

    const untrusted = await withdraw(proxyUrl, fresh);
    expect(untrusted.code, untrusted.stderr).toBe(2);
    expect(lastLine(untrusted).refused).toMatchObject({
      code: 'REGISTRY_VAULT_NOT_PINNED',
      action: expect.stringContaining('--trust-new-vaults'),
    });

    const trusted = await withdraw(proxyUrl, fresh, ['--trust-new-vaults']);
    expect(trusted.code, trusted.stderr).toBe(2);
    const refusal = lastLine(trusted).refused as { code: string; message: string };
    expect(refusal.code, refusal.message).toBe('REGISTRY_CHECKS_FAILED');
    expect(refusal.message).toContain("The deposit queue's underlying() is the underlying");
    expect(refusal.message).toContain('The deposit queue refuses a function it does not have');
    expect(await journals(fresh)).toEqual([]);
    expect(await onChain()).toEqual(before);
    expect(before.allowances).toEqual([0n, 0n, 0n]);

    // The honest service: first-seen vault pinned after its checks, the withdrawal confirmed, and
    // the printed review says where the tranche tokens go.
    const honestDir = await mkdtemp(path.join(world.dataDir, 'honest-'));
    const honest = await withdraw(world.service.url, honestDir, ['--trust-new-vaults', '--export-registry', `${honestDir}/`]);
    expect(honest.code, honest.stderr).toBe(0);
    expect(lastLine(honest)).toMatchObject({ planned: 6, confirmed: 6, failed: 0 });
    expect(honest.lines.join('\n')).toMatch(
      new RegExp(
        `spender: withdraw queue of Alpha Credit USDC ${alpha.queue} \\(pinned on \\d{4}-\\d{2}-\\d{2}, checked on chain at block \\d+\\)`,
        'i',
      ),
    );
    const exported = honest.lines.find((l) => l.startsWith('vault registry '))!;
    expect(exported).toMatch(/1 vaults, fingerprint sha256:[0-9a-f]{64}/);
    // The file the offline install imports: the registry, signed by the planner's Ledger.
    const { registry } = JSON.parse(await readFile(exported.split(' ')[2]!.replace(/:$/, ''), 'utf8')) as {
      registry: { vaults: { name: string; contracts: { queue: string } }[] };
    };
    expect(registry.vaults.map((v) => [v.name, v.contracts.queue.toLowerCase()])).toEqual([[alpha.name, alpha.queue!.toLowerCase()]]);

    // The same data folder, now through the swapping service: the vault freezes, whatever the flags,
    // and stays frozen when the service names the pinned set again.
    const afterHonest = await onChain();
    const swapped = await withdraw(proxyUrl, honestDir, ['--trust-new-vaults']);
    expect(swapped.code, swapped.stderr).toBe(2);
    expect(lastLine(swapped).refused.code).toBe('REGISTRY_VAULT_FROZEN');
    expect(lastLine(swapped).refused.message).toContain(`queue: pinned ${alpha.queue}, now ${ATTACKER}`);
    const again = await withdraw(world.service.url, honestDir, ['--trust-new-vaults']);
    expect(lastLine(again).refused.code).toBe('REGISTRY_VAULT_FROZEN');
    expect(await onChain()).toEqual(afterHonest);
    expect(afterHonest.allowances).toEqual([0n, 0n, 0n]);
  }, 600_000);
});
