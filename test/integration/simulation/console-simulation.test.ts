/**
 * What will change as the console's runtime wires it (demo mode, its own simulated chains): a
 * plan's forks start when signing.plan keeps it, before simulation.run is asked; simulation.run
 * finds a plan across vaults; and starting the batch stops the forks.
 */
import { rm } from 'node:fs/promises';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { ConsoleRuntime } from '../../../electron/runtime';
import { startEmbeddedSimulation, type DemoSimulation } from '../../../electron/runtime/embedded-simulation';
import { runningForkPids } from '../../../electron/services/simulation';
import type { Portfolio } from '../../../shared/portfolio/schemas';
import { until } from './processes';
import { startTestRuntime } from '../../support/test-runtime';

const ctx = { transport: 'browser' as const };
let sim: DemoSimulation;
let runtime: ConsoleRuntime;
let dataDir: string;

beforeAll(async () => {
  sim = await startEmbeddedSimulation({ drive: false });
  ({ runtime, dataDir } = await startTestRuntime('console-simulation', { startSimulation: async () => ({ ...sim, close: async () => undefined }) }));
}, 180_000);

afterAll(async () => {
  await runtime?.close();
  await sim?.close();
  if (dataDir) await rm(dataDir, { recursive: true, force: true });
});

it('starts a plan’s forks when it is planned, simulates a plan across vaults by id, and stops its forks when its batch starts', async () => {
  const h = runtime.handlers;
  // The demo fills its wallet book once its simulation is up.
  let view: Portfolio | null = null;
  const deadline = Date.now() + 120_000;
  const claimsOf = (p: Portfolio) => p.requests.filter((r) => r.action?.kind === 'claim');
  while (!view || new Set(claimsOf(view).map((r) => r.vaultId)).size < 2) {
    if (Date.now() > deadline) throw new Error('the demo shows no claims in two vaults');
    view = await h.portfolio.load({ groupId: null }, ctx);
  }
  const vaults = [...new Set(claimsOf(view).map((r) => r.vaultId))].slice(0, 2);
  const parts = vaults.map((vaultId) => {
    const claims = claimsOf(view!).filter((r) => r.vaultId === vaultId);
    return { vaultId, wallets: [...new Set(claims.map((r) => r.wallet))], requestIds: claims.map((r) => r.id) };
  });
  const forksBefore = runningForkPids().length;

  const plan = await h.signing.plan({ vaultId: vaults[0]!, action: 'claim', wallets: parts.flatMap((p) => p.wallets), parts }, ctx);
  expect(plan.vaults?.map((v) => v.id)).toEqual(vaults);
  const chains = new Set(plan.items.filter((i) => i.tx).map((i) => i.chainId));
  // Nobody asked for the simulation: the forks of the plan's chains start in the background.
  await until(() => runningForkPids().length === forksBefore + chains.size, 'the plan’s forks to start in the background');
  const pids = runningForkPids();

  const result = await h.simulation.run({ planId: plan.id }, ctx);
  expect(result.status).toBe('simulated');
  // The review ran on the forks started with the plan.
  expect(runningForkPids()).toEqual(pids);
  const toSign = plan.items.filter((i) => i.tx && i.state === 'waiting');
  expect(result.items.map((i) => i.itemId)).toEqual(toSign.map((i) => i.id));
  expect(result.items.every((i) => i.ok)).toBe(true);

  await h.signing.createBatch({ planId: plan.id, acknowledgeBlindSigning: true }, ctx);
  await until(() => runningForkPids().length === forksBefore, 'the plan’s forks to stop once its batch starts');
}, 240_000);
