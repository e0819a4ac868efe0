/**
 * Portfolio benchmark: a full refresh of N wallets × M epoch vaults by the portfolio service,
 * against the local simulation (two anvil chains, the seeded scenario, the simulated service with
 * a fixed latency per response), next to a naive client that follows the spec's per-wallet call
 * sequence (see naive-client.ts).
 *
 *   npm run bench:portfolio -- --wallets 1000 --vaults 10 --latency 20 [--naive-sample 100] [--runs 3] [--seed 1]
 *
 * `ours` is the median of the warm refreshes (catalog cached, as on the console's refresh timer);
 * the cold first refresh is printed too. The naive client runs over `--naive-sample` wallets (0:
 * all of them); its per-wallet cost is then extrapolated linearly to all wallets and the output
 * says so (`naiveSampled`). `positionRecords` is the service's position records step that follows
 * a refresh (asked for the pairs with something in them, then reused from its cache), measured
 * apart: it is not part of `ours`. The last line printed is one JSON object with the figures.
 */
import os from 'node:os';
import { parseArgs } from 'node:util';
import type { Address } from 'viem';
import { startLocalSimulation, type LocalSimulation } from '../../electron/sim/indexer';
import { startSimService, type SimService } from '../../electron/sim/service';
import { createServiceClient } from '../../electron/services/service-client';
import { PortfolioService } from '../../electron/services/portfolio/portfolio';
import { PositionRecordCache, positionPairs } from '../../electron/services/portfolio/position-records';
import { NAIVE_CONCURRENCY, runNaiveClient } from './naive-client';

const { values } = parseArgs({
  options: {
    wallets: { type: 'string', default: '1000' },
    vaults: { type: 'string', default: '10' },
    latency: { type: 'string', default: '20' },
    'naive-sample': { type: 'string', default: '100' },
    runs: { type: 'string', default: '3' },
    seed: { type: 'string', default: '1' },
  },
});

const int = (name: string, value: string | undefined, min: number, max: number): number => {
  const n = Number(value);
  if (!Number.isInteger(n) || n < min || n > max) {
    console.error(`--${name} must be an integer from ${min} to ${max}`);
    process.exit(2);
  }
  return n;
};
const walletCount = int('wallets', values.wallets, 12, 5000);
const vaultCount = int('vaults', values.vaults, 2, 10);
const latencyMs = int('latency', values.latency, 0, 1000);
const sampleArg = int('naive-sample', values['naive-sample'], 0, walletCount);
const runs = int('runs', values.runs, 1, 10);
const seed = int('seed', values.seed, 0, 1_000_000);

const log = (line: string) => console.log(line);
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

let sim: LocalSimulation | null = null;
let service: SimService | null = null;

async function main(): Promise<void> {
  const setupStarted = performance.now();
  log(`setting up: ${walletCount} wallets, ${vaultCount} epoch vaults over 2 anvil chains, service latency ${latencyMs} ms`);
  // No cycle driver and no indexer timer while measuring: the chains and the store stay still.
  sim = await startLocalSimulation({ seed, wallets: walletCount, vaults: vaultCount, pace: 'fast', refreshMs: 24 * 3600_000 });
  for (const d of sim.drivers) await d.stop();
  service = await startSimService({ store: sim.store, port: 0, latencyMs });
  log(`setup done in ${((performance.now() - setupStarted) / 1000).toFixed(1)} s (seeding ${(sim.seeded.ms / 1000).toFixed(1)} s)`);

  const svc = service;
  const wallets = sim.seeded.wallets.map((w, i) => ({ address: w.address as Address, label: `W${i}` }));

  // Ours.
  const client = createServiceClient({ baseUrl: svc.url, getApiKey: async () => svc.apiKey });
  const portfolio = new PortfolioService({ service: async () => client, rpcUrls: (id) => sim!.network.chains.filter((c) => c.chain.chainId === id).map((c) => c.chain.rpcUrl) });
  const cold = await portfolio.load(wallets, null);
  const vaultsShown = cold.vaults.length;
  if (vaultsShown !== vaultCount) throw new Error(`The portfolio shows ${vaultsShown} epoch vaults, expected ${vaultCount}.`);
  const failed = cold.sources.filter((s) => !s.ok);
  if (failed.length > 0) throw new Error(`Sources failed: ${failed.map((s) => `${s.id}: ${s.error?.message}`).join('; ')}`);
  log(
    `ours cold: ${cold.cost.ms} ms, ${cold.cost.http} HTTP + ${cold.cost.rpc} RPC requests ` +
      `(${cold.positions.length} positions, ${cold.requests.length} requests)`,
  );
  const warm: { ms: number; http: number; rpc: number }[] = [];
  let lastView = cold;
  for (let i = 0; i < runs; i++) {
    const view = await portfolio.load(wallets, null);
    warm.push(view.cost);
    lastView = view;
    log(`ours warm #${i + 1}: ${view.cost.ms} ms, ${view.cost.http} HTTP + ${view.cost.rpc} RPC requests`);
  }

  // The service's position records: a step of their own after the refresh, not part of it (see
  // position-records.ts). Cold: every pair with something in it; warm: the next refresh's, from the cache.
  const records = new PositionRecordCache();
  const recordsCold = await records.load(client, null, positionPairs(cold));
  const recordsWarm = await records.load(client, null, positionPairs(lastView));
  const positionRecords = {
    pairs: cold.positions.length,
    asked: recordsCold.rows.length,
    failed: recordsCold.rows.filter((r) => r.error).length,
    cold: recordsCold.cost,
    warm: recordsWarm.cost,
  };
  log(
    `position records: ${positionRecords.asked} of ${positionRecords.pairs} pairs asked; cold ${recordsCold.cost.ms} ms, ` +
      `${recordsCold.cost.http} HTTP; warm ${recordsWarm.cost.ms} ms, ${recordsWarm.cost.http} HTTP`,
  );
  const oursMs = median(warm.map((w) => w.ms));
  const ours = { ms: oursMs, http: warm.find((w) => w.ms === oursMs)!.http, rpc: warm.find((w) => w.ms === oursMs)!.rpc };

  // Naive.
  const sample = sampleArg === 0 ? walletCount : sampleArg;
  const vaultIds = cold.vaults.map((v) => v.id);
  log(
    `naive client: ${sample} of ${walletCount} wallets × ${vaultIds.length} vaults, ${NAIVE_CONCURRENCY} requests in flight per origin …`,
  );
  // The fixed part (chains listed once) is measured with no wallet, the rest scales per wallet.
  const fixed = await runNaiveClient({ serviceUrl: svc.url, apiKey: svc.apiKey, wallets: [], vaultIds });
  const measured = await runNaiveClient({
    serviceUrl: svc.url,
    apiKey: svc.apiKey,
    wallets: wallets.slice(0, sample).map((w) => w.address),
    vaultIds,
  });
  if (measured.errors > 0) throw new Error(`The naive client failed ${measured.errors} of ${measured.pairs} sequences.`);
  log(
    `naive measured: ${measured.ms} ms, ${measured.http} HTTP + ${measured.rpc} RPC requests for ${measured.pairs} wallet × vault sequences`,
  );
  const scale = walletCount / sample;
  const extrapolate = (total: number, base: number) => Math.round(base + (total - base) * scale);
  const naive = {
    ms: extrapolate(measured.ms, fixed.ms),
    http: extrapolate(measured.http, fixed.http),
    rpc: extrapolate(measured.rpc, fixed.rpc),
  };
  if (sample < walletCount)
    log(`naive extrapolated linearly from ${sample} to ${walletCount} wallets: ${naive.ms} ms, ${naive.http} HTTP + ${naive.rpc} RPC`);

  const round2 = (x: number) => Math.round(x * 100) / 100;
  const result = {
    wallets: walletCount,
    vaults: vaultsShown,
    latencyMs,
    ours,
    oursCold: cold.cost,
    positionRecords,
    naive,
    ...(sample < walletCount ? { naiveSampled: sample } : {}),
    naiveConcurrency: NAIVE_CONCURRENCY,
    // Other work on this machine while measuring (1-minute load average at the end, 2 cores).
    loadAverage: Math.round(os.loadavg()[0]! * 10) / 10,
    requestRatio: round2((naive.http + naive.rpc) / (ours.http + ours.rpc)),
    timeRatio: round2(naive.ms / ours.ms),
  };
  console.log(JSON.stringify(result));
}

async function shutdown(): Promise<void> {
  await service?.close().catch(() => undefined);
  await sim?.stop().catch(() => undefined);
}

main()
  .then(shutdown)
  .then(() => process.exit(0))
  .catch(async (err: unknown) => {
    console.error(err instanceof Error ? (err.stack ?? err.message) : String(err));
    await shutdown();
    process.exit(1);
  });
