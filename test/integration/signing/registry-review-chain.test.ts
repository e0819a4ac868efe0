import type { Hex } from 'viem';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dispatch } from '../../../electron/runtime/dispatch';
import type { PortfolioVault } from '../../../shared/portfolio/schemas';
import type { VaultPinReview } from '../../../shared/registry/schemas';
import { startTestConsole, type TestConsole } from '../../support/console';
import { startRpcProxy, type RpcProxy } from './rpc-proxy';
import { startSigningWorld, type SigningWorld } from './world';

// Issue 31, finding 13: an RPC that starts lying about its chain id. The registry's review of a
// vault on that chain says so, naming both ids, instead of "No RPC is set".
let world: SigningWorld;
let alpha: PortfolioVault;
let rpc: RpcProxy;
let c: TestConsole;

beforeAll(async () => {
  world = await startSigningWorld({ wallets: 12 });
  alpha = (await world.load()).vaults.find((v) => v.name === 'Alpha Credit USDC')!;
  const chain = world.sim.network.chains.find(({ chain }) => chain.chainId === alpha.chain.chainId)!.chain;
  rpc = await startRpcProxy(chain.rpcUrl);
  c = await startTestConsole({
    startSimulation: async () => ({
      url: world.service.url,
      apiKey: world.service.apiKey,
      wallets: world.wallets.slice(0, 4).map((w, i) => ({ address: w.address as Hex, label: w.label, path: w.path, index: i })),
      localChains: world.sim.network.chains.map(({ chain: ch }) => ({
        chainId: ch.chainId,
        rpcUrl: ch.chainId === alpha.chain.chainId ? rpc.url : ch.rpcUrl,
        stop: async () => undefined,
      })),
      close: async () => undefined,
    }),
  });
}, 180_000);

afterAll(async () => {
  await c?.close();
  await rpc?.close();
  await world?.stop();
});

describe("the registry review of a vault whose chain's RPC answers for another chain", () => {
  it('says the RPC answers for another chain, with both ids', async () => {
    rpc.lieChainId = 1;
    const reviewed = await dispatch(c.runtime.handlers, 'registry.review', { vaultId: alpha.id }, { transport: 'browser' });
    expect(reviewed.ok, JSON.stringify(reviewed)).toBe(true);
    const review = (reviewed as { value: VaultPinReview }).value;
    expect(review.checks).toBeNull();
    expect(review.checkError).toContain(`answers for chain 1, not ${alpha.chain.chainId}`);
    expect(review.checkError).not.toContain('No RPC is set');
  });
});
