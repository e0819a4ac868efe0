import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatUnits } from 'viem';
import { lenderActions, readVaultState } from '../../../electron/demo/chain';
import { startLocalSimulation, type LocalSimulation } from '../../../electron/demo/indexer';

// The demo's two local chains keep one clock: the banner's date and every date a screen shows
// must not depend on which chain a vault is on. Each step of the demo clock moves each chain's
// vaults on to their own deadlines; the chain that went furthest then sets the others' time.
// Before, the seeded chains started 3 days apart and drifted up to a month apart within two cycles.
let sim: LocalSimulation;

const blockTimes = () => Promise.all(sim.network.chains.map(({ chain }) => chain.client.now()));
const spread = (times: bigint[]) => Number(times.reduce((a, b) => (a > b ? a : b)) - times.reduce((a, b) => (a < b ? a : b)));
/** A chain's block time moves on with the wall clock between steps, a few seconds on a busy machine. */
const WITHIN_SECONDS = 60;

const epochs = () =>
  Promise.all(
    sim.network.chains.flatMap(({ chain, deployment }) =>
      deployment.vaults.map(async (v) => {
        const s = await readVaultState(chain.client, v);
        return { vault: v.key, epoch: s.epochNumber, state: s.state };
      }),
    ),
  );

beforeAll(async () => {
  sim = await startLocalSimulation({ seed: 5, wallets: 12, pace: 'fast', drive: false, refreshMs: 3_600_000 });
}, 240_000);

afterAll(async () => {
  await sim?.stop();
});

describe('the demo keeps one clock', () => {
  it('shows both chains at the same time once seeded and after every step of the demo clock, never going back, the vaults still cycling', async () => {
    const first = await epochs();
    const spreads = [spread(await blockTimes())];
    for (let step = 0; step < 6; step++) {
      const before = await blockTimes();
      await sim.clock.step();
      const after = await blockTimes();
      spreads.push(spread(after));
      after.forEach((t, i) => expect(t).toBeGreaterThanOrEqual(before[i]!));
    }
    expect(spreads.filter((s) => s > WITHIN_SECONDS)).toEqual([]);
    // Two whole cycles: every vault that has not defaulted is at least one epoch further on,
    // including those of the chain that caught up past a deadline.
    const last = await epochs();
    for (const vault of first.filter((v) => v.state !== 'DEFAULTED')) {
      const now = last.find((v) => v.vault === vault.vault)!;
      expect({ vault: now.vault, movedOn: now.epoch > vault.epoch }).toEqual({ vault: vault.vault, movedOn: true });
    }
  }, 240_000);

  it('keeps the chains together when each chain\'s driver ticks on its own (the fast pace)', async () => {
    const start = await epochs();
    for (const d of sim.drivers) d.start();
    try {
      // A few ticks of each loop (one a second at the fast pace): the vaults move on.
      await expect
        .poll(async () => (await epochs()).filter((v) => v.epoch > start.find((s) => s.vault === v.vault)!.epoch).length, { timeout: 120_000, interval: 250 })
        .toBeGreaterThanOrEqual(4);
    } finally {
      await Promise.all(sim.drivers.map((d) => d.stop()));
    }
    // The last tick has aligned the chains once its step was done.
    expect(spread(await blockTimes())).toBeLessThanOrEqual(WITHIN_SECONDS);
  }, 240_000);

  it('funds the instant redeems of a vault whose chain caught up past its end date, then stops it (never stuck on a refused stop)', async () => {
    const { chain, deployment } = sim.network.chains.find((c) => c.deployment.vaults.some((v) => v.key === 'alpha'))!;
    const vault = deployment.vaults.find((v) => v.key === 'alpha')!;
    const cycle = sim.drivers.find((d) => d.chainId === chain.chainId)!.vault('alpha');
    // A stop that lowers the rate by 3 points makes the buffer's redeems instant; every holder
    // redeems, more than the deposits the start can pay them from.
    while ((await cycle.read()).state !== 'RUNNING') await cycle.step();
    if (!(await cycle.read()).allowInstantWithdraw) await cycle.fundInstantWithdrawals();
    const apr = Number(formatUnits((await cycle.read()).unscaledApr, 18));
    await cycle.stopEpoch({ newAprPercent: apr - 3 });
    await cycle.processQueues();
    for (const wallet of sim.seeded.wallets) {
      const lender = lenderActions(chain.client, vault, wallet.address);
      if ((await lender.trancheBalance()) > 0n) await lender.redeem(0n);
    }
    await cycle.startEpoch();
    const started = await cycle.read();
    expect(started.pendingInstantWithdraws).toBeGreaterThan(0n);
    // The other chain's clock went past this epoch's end: the chain catches up.
    await chain.client.advanceTo(started.epochEndDate + 3600n);

    expect(await cycle.step()).toBe('fundInstantWithdrawals');
    expect(await cycle.step()).toBe('stopEpoch');
    const stopped = await cycle.read();
    expect({ state: stopped.state, epoch: stopped.epochNumber }).toEqual({ state: 'WAITING', epoch: started.epochNumber + 1n });
  }, 240_000);
});
