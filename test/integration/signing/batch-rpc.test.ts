import { mkdtemp } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Hex } from 'viem';
import { batchOnWorld } from './headless';
import { signingWorldForFile, type SigningWorld } from './world';

// The headless runner against a service reaches a chain only through the RPC given with --rpc:
// the service's own RPC (which its chain records list) is never used to plan. Without one for the
// vault's chain, the run is refused naming the flag, and nothing is signed or sent.
let world: SigningWorld;

signingWorldForFile((w) => (world = w));

const runBatch = batchOnWorld(() => world);

describe('npm run batch -- --service … without --rpc for the vault’s chain', () => {
  it('refuses to plan, naming the flag, and sends nothing; with --rpc for that chain the same plan is made', async () => {
    const client = world.chains.get(31338)!;
    const wallets = world.wallets.slice(0, 3);
    const nonces = () => Promise.all(wallets.map((w) => client.getTransactionCount({ address: w.address as Hex })));
    const before = await nonces();
    const dataDir = await mkdtemp(path.join(os.tmpdir(), 'vaultdesk-batch-rpc-'));
    const common = ['--service', world.service.url, '--emulated-device', '--auto-approve', '--trust-new-vaults', '--data-dir', dataDir];
    const plan = ['--wallets', '3', '--action', 'withdraw', '--vault', 'Delta Credit USDC', '--export-unsigned', path.join(dataDir, 'out')];
    const [first] = world.sim.network.chains.filter(({ chain }) => chain.chainId === 31337);

    for (const rpc of [[], ['--rpc', `31337=${first!.chain.rpcUrl}`]]) {
      const refused = await runBatch([...common, ...rpc, ...plan]);
      expect(refused.code, refused.stderr).not.toBe(0);
      expect(refused.stderr).toContain('CHAIN_NO_RPC');
      expect(refused.stderr).toContain("Give this chain's RPC with --rpc 31338=URL");
      expect(refused.lines.some((l) => l.startsWith('batch '))).toBe(false);
    }
    expect(await nonces()).toEqual(before);

    const [second] = world.sim.network.chains.filter(({ chain }) => chain.chainId === 31338);
    const planned = await runBatch([...common, '--rpc', `31338=${second!.chain.rpcUrl}`, ...plan]);
    expect(planned.code, planned.stderr).toBe(0);
    expect(await nonces()).toEqual(before);
  });
});
