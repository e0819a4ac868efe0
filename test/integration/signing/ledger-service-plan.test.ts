/**
 * A real install's plan with Ledger's service as the descriptor source, over real HTTP (a local
 * server in the service's shapes, signing with the emulator's TEST key): the planner asks it for the
 * pinned vault's contracts, a deposit it certifies as Vaultdesk encodes it is reviewed in clear and
 * the emulated Ledger shows exactly that review; a service that is down leaves every call blind and
 * the plan works, with a note saying so.
 */
import { mkdtemp, readFile, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { beforeEach, expect, it } from 'vitest';
import type { Portfolio } from '../../../shared/portfolio/schemas';
import { simulatedLedgerService } from './simulated-ledger-registry';
import { batchOnWorld, emulatedRunFlags, lastLine } from './headless';
import { fromSnapshotEachTest, signAgreements, signingWorldForFile, type SigningWorld } from './world';

let world: SigningWorld, view: Portfolio;

const { cal, ledgerService, askAgain } = await simulatedLedgerService(() => world);

signingWorldForFile((w, v) => ([world, view] = [w, v]), { wallets: 12, ledgerService });
fromSnapshotEachTest(() => world);
beforeEach(() => {
  // Each test asks the service again.
  askAgain();
  cal.state.answer = 'certified';
  cal.state.requests.length = 0;
});

it("a deposit Ledger's service certifies as Vaultdesk encodes it is reviewed in clear, and the Ledger shows that review", async () => {
  const delta = view.vaults.find((v) => v.name.toLowerCase().includes('delta'))!;
  const wallets = world.wallets.slice(0, 2);
  await signAgreements(world, delta.id, wallets);
  world.reviews.length = 0;
  const plan = await world.signing.plan({ vaultId: delta.id, wallets, action: 'deposit', amount: '250.5', approval: 'exact' });
  expect(cal.state.requests.some((u) => u.pathname === '/v1/dapps')).toBe(true);
  expect(plan.warnings).toEqual([]);
  const deposits = plan.items.filter((i) => i.tx && i.step !== 'approve');
  expect(deposits.length).toBe(2);
  for (const d of deposits) expect(d.review).toMatchObject({ blindSigning: false });
  const predicted = deposits.map((d) => (d.review?.kind === 'transaction' ? d.review.deviceScreens : []));
  expect(predicted[0]).toContainEqual({ title: 'Interaction with', value: 'Pareto' });

  const batch = await world.signing.createBatch(plan, { acknowledgeBlindSigning: true });
  await world.signing.run(batch.id);
  const done = await world.signing.openBatch(batch.id);
  expect(done.items.filter((i) => i.step !== 'none').every((i) => i.state === 'confirmed')).toBe(true);
  for (const screens of predicted) expect(world.reviews).toContainEqual(screens);
}, 180_000);

it('with the service down, the plan still works: every call blind, and the review says why', async () => {
  cal.state.answer = 'error';
  // A vault the service was not asked about before (an earlier answer would stay in use).
  const claim = view.requests.find((r) => r.action?.kind === 'claim' && !view.vaults.find((v) => v.id === r.vaultId)!.name.toLowerCase().includes('delta'))!;
  const plan = await world.signing.plan({ vaultId: claim.vaultId, wallets: world.wallets, action: 'claim', requestIds: [claim.id] });
  expect(plan.warnings).toEqual([expect.stringMatching(/^Ledger's service \(127\.0\.0\.1:\d+\) could not be asked \(it answered HTTP 503\): this plan's vault calls are signed blind/)]);
  const [item] = plan.items.filter((i) => i.tx);
  expect(item!.review).toMatchObject({ kind: 'transaction', blindSigning: true });
  expect(plan.needsBlindSigningAck).toBe(true);
}, 120_000);

it("the headless runner asks it too, from the data folder's settings: an exported bundle carries the calls it certified", async () => {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'vaultdesk-runner-ledger-service-'));
  await writeFile(path.join(dataDir, 'settings.json'), JSON.stringify({ version: 1, serviceUrl: world.service.url, offline: false, ledgerService: { url: cal.url, signatures: 'test' } }));
  const run = await batchOnWorld(() => world)([
    ...emulatedRunFlags(world, world.service.url, dataDir),
    '--trust-new-vaults',
    '--wallets', '3',
    '--action', 'withdraw',
    '--vault', 'Delta Credit USDC',
    '--export-unsigned', path.join(dataDir, 'out'),
  ]);
  expect(run.code, run.stderr).toBe(0);
  expect(cal.state.requests.some((u) => u.pathname === '/v1/dapps')).toBe(true);
  type Item = { kind: string; transaction?: { data: string }; clearSigning?: { info: string } };
  const bundle = JSON.parse(await readFile(lastLine(run).file as string, 'utf8')) as { items: Item[] };
  // The queue's withdraw requests are the vault calls it certifies; the tranche's approvals are shown from token information.
  const isApproval = (i: Item) => i.transaction?.data.startsWith('0x095ea7b3');
  const calls = bundle.items.filter((i) => i.kind === 'transaction' && !isApproval(i));
  expect(calls.length).toBe(3);
  for (const call of calls) expect(call.clearSigning?.info).toMatch(/^0x[0-9a-f]+$/);
}, 240_000);
