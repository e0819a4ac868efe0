import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startLocalSimulation, type LocalSimulation } from '../../../electron/demo/indexer';
import { startScaledSimulation, type ScaledSimulation } from '../../../electron/demo/scale/simulation';
import { startSimService, type SimService } from '../../../electron/demo/service';
import { createServiceClient } from '../../../electron/services/service-client';
import { createServiceGraph } from '../../../electron/runtime/service-graph';
import { PositionRecordCache, positionPairs } from '../../../electron/services/portfolio/position-records';
import type { Portfolio } from '../../../shared/portfolio/schemas';
import type { PositionRecords } from '../../../shared/positions/schemas';

// The benchmark's large worlds are seeded mostly by writing state. Whatever the console reads of a
// small world seeded that way must equal what it reads of the same world seeded transaction by
// transaction: balances, credentials, allowances, queue and redeem state, requests, and the
// service's position records.
const WALLETS = 50;

interface Read {
  view: Portfolio;
  records: PositionRecords;
}

async function readThroughConsole(
  { store, network }: Pick<LocalSimulation, 'store' | 'network'>,
  addresses: string[],
): Promise<{ read: Read; service: SimService }> {
  const service = await startSimService({ store, port: 0 });
  const client = createServiceClient({ baseUrl: service.url, getApiKey: async () => service.apiKey });
  // The chains are read through the world's own RPCs, as an operator would set them.
  const rpcUrls = (id: number) => network.chains.filter((c) => c.chain.chainId === id).map((c) => c.chain.rpcUrl);
  const portfolio = createServiceGraph({ service: async () => client, rpcUrls }).portfolio;
  const view = await portfolio.load(
    addresses.map((address, i) => ({ address: address as `0x${string}`, label: `W${i}` })),
    null,
  );
  const records = await new PositionRecordCache().load(client, null, positionPairs(view));
  return { read: { view, records }, service };
}

/** What a user sees per wallet and vault, without the times (the two worlds were mined at other moments). */
const positionsOf = (view: Portfolio) =>
  view.positions
    .map((p) => ({ ...p, claimable: p.claimable }))
    .sort((a, b) => `${a.vaultId}${a.wallet}`.localeCompare(`${b.vaultId}${b.wallet}`));
const requestsOf = (view: Portfolio) =>
  view.requests
    .map((r) => ({
      wallet: r.wallet,
      vaultId: r.vaultId,
      type: r.type,
      status: r.status,
      amount: r.amount,
      epoch: r.epochNumber,
      instant: r.isInstant,
    }))
    .sort((a, b) => JSON.stringify(a).localeCompare(JSON.stringify(b)));
const recordsOf = (records: PositionRecords) =>
  records.rows
    .map((r) => ({
      wallet: r.wallet,
      vaultId: r.vaultId,
      balance: r.record?.balance,
      deposits: r.record?.deposits,
      pending: r.record?.pendingDeposits,
      error: r.error?.code ?? null,
    }))
    .sort((a, b) => `${a.vaultId}${a.wallet}`.localeCompare(`${b.vaultId}${b.wallet}`));

let bySender: LocalSimulation;
let byState: ScaledSimulation;
let services: SimService[] = [];
let sent: Read;
let written: Read;

beforeAll(async () => {
  // One world after the other: both at once would double the load on a busy machine.
  bySender = await startLocalSimulation({ seed: 4, wallets: WALLETS, drive: false, refreshMs: 24 * 3600_000 });
  const a = await readThroughConsole(
    bySender,
    bySender.seeded.wallets.map((w) => w.address),
  );
  sent = a.read;
  services.push(a.service);
  byState = await startScaledSimulation({ seed: 4, wallets: WALLETS, vaults: 5 });
  const b = await readThroughConsole(
    byState,
    byState.seeded.wallets.map((w) => w.address),
  );
  written = b.read;
  services.push(b.service);
}, 600_000);

afterAll(async () => {
  for (const s of services) await s.close().catch(() => undefined);
  services = [];
  await bySender?.stop().catch(() => undefined);
  await byState?.stop().catch(() => undefined);
});

describe('a world seeded by writing state reads as one seeded by transactions', () => {
  it('has the same wallets, vaults and cycle states', () => {
    expect(byState.seeded.wallets.map((w) => w.address)).toEqual(bySender.seeded.wallets.map((w) => w.address));
    expect(written.view.vaults.map((v) => [v.id, v.cycle?.state])).toEqual(sent.view.vaults.map((v) => [v.id, v.cycle?.state]));
    expect(written.view.sources.every((s) => s.ok)).toBe(true);
  });

  it('shows every wallet × vault with the same balances, credentials, allowances and queue state', () => {
    const mine = positionsOf(written.view);
    expect(mine).toHaveLength(WALLETS * 5);
    // The pooled deposits are there: many wallets hold tranche tokens they never sent a transaction for.
    expect(mine.filter((p) => BigInt(p.trancheBalance ?? '0') > 0n).length).toBeGreaterThan(40);
    expect(mine).toEqual(positionsOf(sent.view));
  });

  it('lists the same requests with the same statuses and amounts', () => {
    expect(requestsOf(written.view).length).toBeGreaterThan(10);
    expect(requestsOf(written.view)).toEqual(requestsOf(sent.view));
  });

  it("gives the same position records from the service, the pooled depositors' included", () => {
    expect(recordsOf(written.records).length).toBeGreaterThan(40);
    expect(recordsOf(written.records)).toEqual(recordsOf(sent.records));
  });
});
