/**
 * What will change, on the seeded simulation: plans simulated on a real anvil fork of the local
 * chain (the chain the console plans on stands for the operator's RPC), with the fallbacks and the
 * fork's lifecycle.
 */
import { spawn } from 'node:child_process';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Plan, Selection } from '../../../shared/signing/schemas';
import type { Portfolio } from '../../../shared/portfolio/schemas';
import { ForkSession, SimulationService, runningForkPids, simulatePlan, type SimulationDeps } from '../../../electron/services/simulation';
import { rpc } from '../../../electron/services/simulation/fork';
import { fromSnapshotEachTest, signAgreements, startNextEpoch, startSigningWorld, type SigningWorld } from '../signing/world';
import { alive, until } from './processes';
import { startLatencyProxy } from '../../bench/latency-proxy';

let world: SigningWorld;
let view: Portfolio;

beforeAll(async () => {
  world = await startSigningWorld({ wallets: 12 });
  view = await world.load();
});

afterAll(async () => {
  await world?.stop();
});

fromSnapshotEachTest(() => world);

const vault = (name: string) => view.vaults.find((v) => v.id === world.vaultId(view, name))!;
const rpcOf = (chainId: number) => world.sim.network.chains.filter((c) => c.chain.chainId === chainId).map((c) => c.chain.rpcUrl);
const deps: SimulationDeps = { rpcUrls: rpcOf };
const plan = (selection: Omit<Selection, 'wallets'> & { wallets?: Selection['wallets'] }): Promise<Plan> =>
  world.signing.plan({ wallets: world.wallets, ...selection });

describe('a plan simulated on a fork', () => {
  it('claims: every item succeeds and pays its wallet the token it claims, at the fork’s block, and the fork is stopped after', async () => {
    const candidates = view.vaults.filter((v) => view.requests.some((r) => r.vaultId === v.id && r.action?.kind === 'claim'));
    const target = candidates[0]!;
    const claims = await plan({ vaultId: target.id, action: 'claim' });
    const txItems = claims.items.filter((i) => i.tx);
    expect(txItems.length).toBeGreaterThan(0);
    const result = await simulatePlan(claims, deps);
    expect(result.status).toBe('simulated');
    expect(result.chains).toEqual([
      expect.objectContaining({ chainId: target.chain.chainId, method: 'fork', block: expect.stringMatching(/^\d+$/), fundedGas: [] }),
    ]);
    expect(result.items).toHaveLength(txItems.length);
    for (const item of result.items) {
      expect(item, item.call).toMatchObject({ ok: true, revert: null, gasUsed: expect.stringMatching(/^[1-9]\d*$/) });
      const gained = item.deltas.filter(
        (d) => d.wallet.toLowerCase() === item.wallet.toLowerCase() && d.token !== 'native' && BigInt(d.amount) > 0n,
      );
      expect(gained.length, `${item.call} pays ${item.wallet}`).toBeGreaterThan(0);
      expect(item.deltas.find((d) => d.wallet === item.wallet && d.token === 'native')!.amount).toMatch(/^-\d+$/);
      expect(item.events[0]).toMatchObject({ kind: 'claim', text: expect.stringMatching(/receives \d/) });
    }
    // Nothing moved on the real chain, and no fork is left running.
    expect(runningForkPids()).toEqual([]);
    const again = await plan({ vaultId: target.id, action: 'claim' });
    expect(again.items.filter((i) => i.tx)).toHaveLength(txItems.length);
  });

  it('a deposit shows the underlying leaving each wallet and the tranche arriving; paused between plan and review, it will revert with the decoded reason', async () => {
    const beta = vault('beta');
    const wallets = world.wallets.slice(1, 3);
    await signAgreements(world, beta.id, wallets);
    const deposits = await plan({ vaultId: beta.id, action: 'deposit', amount: '10', wallets });
    const session = new ForkSession(deps);
    try {
      const before = await simulatePlan(deposits, deps, { session });
      const actions = before.items.filter((i) => i.call === 'epochVault.depositAA');
      expect(actions).toHaveLength(2);
      for (const item of actions) {
        const own = item.deltas.filter((d) => d.wallet === item.wallet);
        expect(own).toEqual(
          expect.arrayContaining([
            expect.objectContaining({ token: beta.underlying.address, amount: '-10000000' }),
            expect.objectContaining({ token: beta.tranche.address, amount: expect.stringMatching(/^[1-9]\d*$/) }),
          ]),
        );
        expect(item.events[0]!.text).toMatch(/^Deposit of 10 \S+ into the vault: receives/);
      }
      const approvals = before.items.filter((i) => i.call === 'underlying.approve');
      for (const a of approvals) expect(a.allowances[0]).toMatchObject({ owner: a.wallet, spender: beta.epochVault, after: '10000000' });
      // The deposit spends the allowance the approval set (no event says so: it is read on the fork).
      expect(actions[0]!.allowances[0]).toMatchObject({ before: '10000000', after: '0' });
      expect(before.totals.perToken).toEqual(
        expect.arrayContaining([expect.objectContaining({ token: beta.underlying.address, amount: '-20000000' })]),
      );
      const forkPid = runningForkPids()[0]!;

      // The manager starts the epoch between plan and review: the vault is paused for deposits.
      await startNextEpoch(world, beta);
      // The kept fork was taken before: a fresh session forks the chain as it is now.
      const stale = await simulatePlan(deposits, deps, { session });
      expect(stale.items.every((i) => i.ok)).toBe(true);
      expect(runningForkPids()).toEqual([forkPid]);
      const after = await simulatePlan(deposits, deps);
      const reverted = after.items.filter((i) => i.call === 'epochVault.depositAA');
      for (const item of reverted) {
        expect(item).toMatchObject({
          ok: false,
          ran: true,
          deltas: [],
          revert: { reason: 'Pausable: paused', error: { code: 'TX_REVERTED', message: 'The vault is paused.' } },
        });
      }
      expect(Number(after.chains[0]!.block)).toBeGreaterThan(Number(before.chains[0]!.block));
    } finally {
      await session.close();
    }
    expect(runningForkPids()).toEqual([]);
  });

  it('an action whose approval reverts is not run, and says which step it waits for', async () => {
    const beta = vault('beta');
    const wallets = world.wallets.slice(1, 2);
    await signAgreements(world, beta.id, wallets);
    const deposits = await plan({ vaultId: beta.id, action: 'deposit', amount: '10', wallets });
    const approve = deposits.items.find((i) => i.step === 'approve')!;
    // An approval to the wrong contract cannot be built by the planner: break its call data instead.
    const broken = {
      ...deposits,
      items: deposits.items.map((i) => (i.id === approve.id ? { ...i, tx: { ...i.tx!, to: beta.epochVault, data: '0xdeadbeef' } } : i)),
    };
    const result = await simulatePlan(broken, deps);
    const [first, second] = result.items;
    expect(first).toMatchObject({ ok: false, ran: true });
    expect(second).toMatchObject({
      ok: false,
      ran: false,
      revert: { error: { code: 'SIMULATION_DEPENDENCY_FAILED', message: expect.stringContaining(approve.id) } },
    });
  });
});

describe('a fork of a remote chain', () => {
  it('runs the plan on the fork when the RPC answers each request 50 ms late, the wallets’ gas given on the fork', async () => {
    const candidates = view.vaults.filter((v) => view.requests.some((r) => r.vaultId === v.id && r.action?.kind === 'claim'));
    const claims = await plan({ vaultId: candidates[0]!.id, action: 'claim' });
    const origin = rpcOf(candidates[0]!.chain.chainId)[0]!;
    // Wallets without ETH: the fork gives them their gas first, as it does for new wallets.
    const wallets = [...new Set(claims.items.filter((i) => i.tx).map((i) => i.wallet))];
    for (const w of wallets) await rpc(origin, 'anvil_setBalance', [w, '0x0']);
    const proxy = await startLatencyProxy(origin, 50);
    try {
      const result = await simulatePlan(claims, { rpcUrls: () => [proxy.url] });
      expect(result.chains[0]).toMatchObject({ method: 'fork', reason: null });
      expect(result.chains[0]!.fundedGas.map((f) => f.wallet).sort()).toEqual([...wallets].sort());
      expect(result.items).toHaveLength(claims.items.filter((i) => i.tx).length);
      expect(result.items.every((i) => i.ok)).toBe(true);
      // The fork read the chain through the slow RPC.
      expect(proxy.requests).toBeGreaterThan(0);
    } finally {
      await proxy.close();
    }
  }, 120_000);
});

describe('when no fork can start', () => {
  it('falls back to the RPC’s eth_simulateV1 and says so', async () => {
    const candidates = view.vaults.filter((v) => view.requests.some((r) => r.vaultId === v.id && r.action?.kind === 'claim'));
    const claims = await plan({ vaultId: candidates[0]!.id, action: 'claim' });
    const result = await simulatePlan(claims, { ...deps, anvil: null });
    expect(result.chains[0]).toMatchObject({ method: 'eth_simulateV1', reason: expect.stringContaining('anvil binary is not installed') });
    for (const item of result.items)
      expect(item.deltas.some((d) => d.wallet === item.wallet && d.token !== 'native' && BigInt(d.amount) > 0n)).toBe(true);
  });

  it('without a fork or an RPC that simulates, the result says "not simulated" with the reason, and nothing throws', async () => {
    const candidates = view.vaults.filter((v) => view.requests.some((r) => r.vaultId === v.id && r.action?.kind === 'claim'));
    const claims = await plan({ vaultId: candidates[0]!.id, action: 'claim' });
    const none = await simulatePlan(claims, { rpcUrls: () => [] });
    expect(none).toMatchObject({ status: 'not-simulated', items: [] });
    expect(none.chains[0]!.reason).toMatch(/^Not simulated: the local fork could not start: No RPC of yours is set for chain \d+/);
    // An RPC that answers nothing useful: the fork cannot start and eth_simulateV1 is not there.
    const dead = await simulatePlan(claims, { rpcUrls: () => ['http://127.0.0.1:9'], anvil: null });
    expect(dead.status).toBe('not-simulated');
    expect(dead.chains[0]!.reason).toMatch(/Not simulated: .*anvil.*eth_simulateV1/);
  });
});

describe('the simulation service behind simulation.run', () => {
  it('simulates a kept plan by id on a fork started while it is reviewed, reuses it, and stops it when released', async () => {
    const candidates = view.vaults.filter((v) => view.requests.some((r) => r.vaultId === v.id && r.action?.kind === 'claim'));
    const claims = await plan({ vaultId: candidates[0]!.id, action: 'claim' });
    const service = new SimulationService({ ...deps, findPlan: (id) => world.signing.planForExport(id).plan });
    service.prepare(claims);
    await until(() => runningForkPids().length === 1, 'the fork to start in the background');
    const [pid] = runningForkPids();
    const first = await service.simulate(claims.id);
    const second = await service.simulate(claims.id);
    // The same fork, and the second run starts from the fork's first state again: the same result.
    expect(runningForkPids()).toEqual([pid]);
    expect(second.items.map((i) => [i.ok, i.deltas])).toEqual(first.items.map((i) => [i.ok, i.deltas]));
    expect(first.items.every((i) => i.ok)).toBe(true);
    await service.release(claims.id);
    expect(runningForkPids()).toEqual([]);
    expect(alive(pid!)).toBe(false);
    await expect(service.simulate('plan-unknown')).rejects.toMatchObject({ code: 'SIGNING_PLAN_NOT_FOUND' });
    const offline = new SimulationService({ ...deps, findPlan: (id) => world.signing.planForExport(id).plan, offline: () => true });
    await expect(offline.simulate(claims.id)).rejects.toMatchObject({ code: 'SIMULATION_OFFLINE' });
    await service.close();
  });
});

describe('the fork’s process', () => {
  it('dies with the process that started it, even when that one is terminated', async () => {
    const rpcUrl = world.sim.network.chains[0]!.chain.rpcUrl;
    const child = spawn(
      path.resolve(__dirname, '../../../node_modules/.bin/tsx'),
      [path.resolve(__dirname, '../../fixtures/fork-child.ts'), rpcUrl],
      { stdio: ['ignore', 'pipe', 'pipe'] },
    );
    let out = '';
    child.stdout.on('data', (d: Buffer) => (out += d.toString()));
    await until(() => /fork pid \d+/.test(out), 'the fork to start');
    const pid = Number(/fork pid (\d+)/.exec(out)![1]);
    expect(alive(pid)).toBe(true);
    child.kill('SIGTERM');
    await until(() => !alive(pid), 'the fork to stop with its owner');
  });
});
