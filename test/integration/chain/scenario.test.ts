import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { decodeFunctionResult, encodeFunctionData } from 'viem';
import {
  createCycleDriver,
  deployProtocol,
  defaultProtocolSpec,
  readVaultState,
  startChain,
  type LocalNetwork,
  type SeedResult,
  type SeededVault,
} from '../../../electron/demo/chain';
import { erc20Abi } from 'viem';
import { multicall3Abi, MULTICALL3_ADDRESS } from '../../../shared/abi/multicall3';
import {
  queueWithdrawAbi,
  simQueueAbi,
  simStrategyAbi,
  simVaultAbi,
  strategy2026Abi,
  writeOffAbi,
} from '../../../electron/demo/chain/simAbi';

const epochVaultAbi = simVaultAbi;
const epochQueueAbi = [...simQueueAbi, ...queueWithdrawAbi];
const strategyAbi = simStrategyAbi;
import { revertOf, startSeededNetwork, type SeededNetwork } from './helpers';

let network: LocalNetwork;
let seeded: SeedResult;
let find: SeededNetwork['find'];

beforeAll(async () => {
  ({ network, seeded, find } = await startSeededNetwork({ seed: 7, wallets: 30 }));
});

afterAll(async () => {
  await network?.stop();
});

/** Reads a lender's queue request and classifies it the way the console shows it. */
async function queueRequest(key: string, kind: 'deposit' | 'withdraw', role: keyof SeededVault['lenders'], e: bigint) {
  const { client, vault, story } = find(key);
  // Delta's deposits and withdrawals have a queue each.
  const q = { address: (kind === 'deposit' ? vault.depositQueue : vault.withdrawQueue)!, abi: epochQueueAbi } as const;
  const user = story.lenders[role];
  const read = client.publicClient;
  const amount = await read.readContract({
    ...q,
    functionName: kind === 'deposit' ? 'userDepositsEpochs' : 'userWithdrawalsEpochs',
    args: [user, e],
  });
  if (amount === 0n) return 'NONE';
  if (kind === 'deposit') {
    return (await read.readContract({ ...q, functionName: 'epochPrice', args: [e] })) === 0n ? 'PENDING' : 'CLAIMABLE';
  }
  const [price, pendingClaims, instant] = await Promise.all([
    read.readContract({ ...q, functionName: 'epochWithdrawPrice', args: [e] }),
    read.readContract({ ...q, functionName: 'epochPendingClaims', args: [e] }),
    read.readContract({ ...q, functionName: 'isEpochInstant', args: [e] }),
  ]);
  if (price === 0n) return 'PENDING';
  if (pendingClaims > 0n) return 'PROCESSED';
  return instant ? 'INSTANT_CLAIMABLE' : 'CLAIMABLE';
}

async function redeemRequest(key: string, role: keyof SeededVault['lenders']) {
  const { client, vault, story } = find(key);
  const s = { address: vault.strategy, abi: strategyAbi } as const;
  const user = story.lenders[role];
  const read = client.publicClient;
  const [standard, instant, last, epochNumber, allowInstant] = await Promise.all([
    read.readContract({ ...s, functionName: 'withdrawsRequests', args: [user] }),
    read.readContract({ ...s, functionName: 'instantWithdrawsRequests', args: [user] }),
    read.readContract({ ...s, functionName: 'lastWithdrawRequest', args: [user] }),
    read.readContract({ ...s, functionName: 'epochNumber' }),
    read.readContract({ address: vault.epochVault, abi: epochVaultAbi, functionName: 'allowInstantWithdraw' }),
  ]);
  if (instant > 0n) return allowInstant ? 'INSTANT_CLAIMABLE' : 'INSTANT_PENDING';
  if (standard > 0n) return epochNumber > last ? 'CLAIMABLE' : 'PENDING';
  if (vault.generations.strategy === 'CDO_EPOCH_STRATEGY_2026') {
    // A redeem filed while the rate is 0 waits in apr0Users for the stop's interest.
    const [principal] = await read.readContract({ address: vault.strategy, abi: strategy2026Abi, functionName: 'apr0Users', args: [user] });
    if (principal > 0n) return epochNumber > last ? 'APR0_CLAIMABLE' : 'APR0_PENDING';
  }
  return 'NONE';
}

describe('seeded scenario on two chains', () => {
  it('runs two chains with their own chain ids and Multicall3 at the canonical address', async () => {
    const ids = await Promise.all(network.chains.map(({ chain }) => chain.client.publicClient.getChainId()));
    expect(ids).toEqual([31337, 31338]);
    for (const { chain } of network.chains) {
      const code = await chain.client.publicClient.getCode({ address: MULTICALL3_ADDRESS });
      expect(code && code.length > 2).toBe(true);
    }
    expect(seeded.wallets).toHaveLength(30);
  });

  it('leaves every vault in the cycle state its story names', async () => {
    const states = await Promise.all(
      network.chains.flatMap(({ chain, deployment }) =>
        deployment.vaults.map(async (v) => [v.key, (await readVaultState(chain.client, v)).state] as const),
      ),
    );
    expect(Object.fromEntries(states)).toEqual({
      alpha: 'RUNNING',
      beta: 'WAITING',
      gamma: 'DEFAULTED',
      delta: 'RUNNING',
      epsilon: 'WAITING',
    });
    for (const v of seeded.vaults) expect(Object.fromEntries(states)[v.key]).toBe(v.expectedState);
  });

  it('holds queue requests in every state', async () => {
    expect(await queueRequest('alpha', 'deposit', 'L6', 3n)).toBe('PENDING');
    expect(await queueRequest('alpha', 'withdraw', 'L2', 3n)).toBe('PENDING');
    expect(await queueRequest('alpha', 'deposit', 'L7', 1n)).toBe('CLAIMABLE');
    expect(await queueRequest('alpha', 'deposit', 'L6', 1n)).toBe('NONE'); // claimed
    expect(await queueRequest('alpha', 'deposit', 'L8', 2n)).toBe('NONE'); // cancelled
    expect(await queueRequest('alpha', 'withdraw', 'L4', 2n)).toBe('INSTANT_CLAIMABLE');
    expect(await queueRequest('alpha', 'withdraw', 'L1', 1n)).toBe('NONE'); // claimed
    expect(await queueRequest('delta', 'withdraw', 'L4', 2n)).toBe('PROCESSED');
    expect(await queueRequest('delta', 'withdraw', 'L1', 1n)).toBe('CLAIMABLE');
    expect(await queueRequest('beta', 'deposit', 'L0', 2n)).toBe('PENDING');
    expect(await queueRequest('beta', 'withdraw', 'L4', 2n)).toBe('PENDING');
    // Epsilon's queue is prefunded: the stop priced its deposits; L8 cancelled before the window.
    expect(await queueRequest('epsilon', 'deposit', 'L0', 2n)).toBe('CLAIMABLE');
    expect(await queueRequest('epsilon', 'deposit', 'L8', 2n)).toBe('NONE');
  });

  it('holds standard and instant redeems, pending, claimable and claimed', async () => {
    expect(await redeemRequest('alpha', 'L5')).toBe('INSTANT_CLAIMABLE');
    expect(await redeemRequest('alpha', 'L0')).toBe('NONE'); // claimed instantly
    expect(await redeemRequest('alpha', 'L3')).toBe('CLAIMABLE'); // standard, left for the running epoch
    expect(await redeemRequest('beta', 'L3')).toBe('APR0_CLAIMABLE'); // rate set at the stop
    expect(await redeemRequest('delta', 'L5')).toBe('PENDING');
    expect(await redeemRequest('epsilon', 'L5')).toBe('INSTANT_PENDING');
    expect(await redeemRequest('gamma', 'L3')).toBe('PENDING'); // never paid: the vault defaulted
  });

  it('the claimable requests can really be claimed, the pending ones cannot', async () => {
    const alpha = find('alpha');
    const delta = find('delta');
    const onQueue = (v: ReturnType<typeof find>, role: keyof SeededVault['lenders'], functionName: string, e: bigint) =>
      revertOf(v.client, {
        account: v.story.lenders[role],
        address: (functionName === 'claimDepositRequest' ? v.vault.depositQueue : v.vault.withdrawQueue)!,
        abi: epochQueueAbi,
        functionName,
        args: [e],
      });
    expect(await onQueue(alpha, 'L7', 'claimDepositRequest', 1n)).toBe('no revert');
    expect(await onQueue(alpha, 'L4', 'claimWithdrawRequest', 2n)).toBe('no revert');
    expect(await onQueue(delta, 'L1', 'claimWithdrawRequest', 1n)).toBe('no revert');
    expect(await onQueue(delta, 'L4', 'claimWithdrawRequest', 2n)).toBe('NotAllowed');
    expect(
      await revertOf(alpha.client, {
        account: alpha.story.lenders.L5,
        address: alpha.vault.epochVault,
        abi: epochVaultAbi,
        functionName: 'claimInstantWithdrawRequest',
      }),
    ).toBe('no revert');
    // Delta's standard redeem is paid once the running epoch completes: not yet.
    expect(
      await revertOf(delta.client, {
        account: delta.story.lenders.L5,
        address: delta.vault.epochVault,
        abi: epochVaultAbi,
        functionName: 'claimWithdrawRequest',
      }),
    ).toBe('NotAllowed');
    // Alpha's epoch-2 redeem is claimable while epoch 3 runs.
    expect(
      await revertOf(alpha.client, {
        account: alpha.story.lenders.L3,
        address: alpha.vault.epochVault,
        abi: epochVaultAbi,
        functionName: 'claimWithdrawRequest',
      }),
    ).toBe('no revert');
  });

  it('leaves a write-off request open on gamma', async () => {
    const gamma = find('gamma');
    const [tranches, underlyings] = await gamma.client.publicClient.readContract({
      address: gamma.vault.writeOff!,
      abi: writeOffAbi,
      functionName: 'userRequests',
      args: [gamma.story.lenders.L7],
    });
    expect(tranches).toBeGreaterThan(0n);
    expect(underlyings).toBeGreaterThan(0n);
  });

  it('allows only credentialed wallets in KYC vaults and everyone in a vault without keyring', async () => {
    const alpha = find('alpha');
    const delta = find('delta');
    for (const wallet of seeded.wallets.slice(0, 10)) {
      const inAlpha = await alpha.client.publicClient.readContract({
        address: alpha.vault.epochVault,
        abi: epochVaultAbi,
        functionName: 'isWalletAllowed',
        args: [wallet.address],
      });
      const inDelta = await delta.client.publicClient.readContract({
        address: delta.vault.epochVault,
        abi: epochVaultAbi,
        functionName: 'isWalletAllowed',
        args: [wallet.address],
      });
      expect(inAlpha).toBe(wallet.allowed);
      expect(inDelta).toBe(true);
    }
    expect(seeded.wallets.filter((w) => !w.allowed).length).toBe(6);
  });

  it('one aggregate3 call reads every wallet balance, as the console batches them', async () => {
    const { client, vault } = find('alpha');
    const calls = seeded.wallets.map((w) => ({
      target: vault.tranche,
      allowFailure: false,
      callData: encodeFunctionData({ abi: erc20Abi, functionName: 'balanceOf', args: [w.address] }),
    }));
    const { result: results } = await client.publicClient.simulateContract({
      address: MULTICALL3_ADDRESS,
      abi: multicall3Abi,
      functionName: 'aggregate3',
      args: [calls],
    });
    const viaMulticall = results.map((r) => decodeFunctionResult({ abi: erc20Abi, functionName: 'balanceOf', data: r.returnData }));
    const direct = await Promise.all(
      seeded.wallets.map((w) =>
        client.publicClient.readContract({
          address: vault.tranche,
          abi: erc20Abi,
          functionName: 'balanceOf',
          args: [w.address],
        }),
      ),
    );
    expect(viaMulticall).toEqual(direct);
    // viem's own batching finds Multicall3 through the chain definition, on both chains.
    for (const { chain, deployment } of network.chains) {
      const vault = deployment.vaults[0]!;
      const batched = await chain.client.publicClient.multicall({
        contracts: seeded.wallets.map(
          (w) => ({ address: vault.tranche, abi: erc20Abi, functionName: 'balanceOf', args: [w.address] }) as const,
        ),
        allowFailure: false,
      });
      expect(batched).toHaveLength(seeded.wallets.length);
    }
    expect(direct.filter((b) => b > 0n).length).toBeGreaterThan(8);
  });

  it('deploys at the same addresses on every fresh chain', async () => {
    const fresh = await startChain({ chainId: 31337 });
    try {
      const again = await deployProtocol(fresh.client, defaultProtocolSpec(0));
      const first = network.chains[0]!.deployment;
      const addresses = (v: (typeof first.vaults)[number]) => [v.epochVault, v.tranche, v.strategy, v.depositQueue, v.withdrawQueue, v.writeOff];
      expect(again.vaults.map(addresses)).toEqual(first.vaults.map(addresses));
      expect(again.tokens).toEqual(first.tokens);
      const other = network.chains[1]!.deployment;
      expect(other.tokens.USDC!.address).not.toBe(first.tokens.USDC!.address);
    } finally {
      await fresh.stop();
    }
    let alive = true;
    try {
      process.kill(fresh.anvil.pid, 0);
    } catch {
      alive = false;
    }
    expect(alive).toBe(false);
  });

  it('the fast pace moves epochs on by itself (start, instant funding, stop)', async () => {
    const { chain, deployment } = network.chains[1]!;
    const events: string[] = [];
    const driver = createCycleDriver(chain.client, deployment, {
      pace: 'fast',
      epochWallMs: 300,
      onEvent: (e) => events.push(`${e.vault}:${e.action}`),
    });
    const before = await readVaultState(chain.client, deployment.vaults[0]!);
    driver.start();
    const deadline = Date.now() + 15_000;
    let after = before;
    while (Date.now() < deadline && after.epochNumber < before.epochNumber + 2n) {
      await new Promise((resolve) => setTimeout(resolve, 100));
      after = await readVaultState(chain.client, deployment.vaults[0]!);
    }
    await driver.stop();
    expect(after.epochNumber).toBeGreaterThanOrEqual(before.epochNumber + 2n);
    expect(events.filter((e) => e.endsWith(':error'))).toEqual([]);
    expect(events).toContain('epsilon:startEpoch');
  });
});
