/**
 * The simulation of a headless `--sim` signing run, hosted in a process of its own that the run
 * starts detached (see scripts/batch/simulation.ts): the seeded local chains, the
 * indexer and the simulated service, with no cycle driver.
 *
 *   tsx scripts/batch-simulation.ts --seed N --wallets N [--service-lag snapshots|SECONDS] --out DATA_DIR/simulation.json
 *
 * Once everything answers it writes the --out file (atomically): its pid, seed and wallet count,
 * the service's address and key (generated for this run, not a user secret) and each chain's RPC
 * address. It runs until SIGTERM or SIGINT, then stops its chains and removes the file.
 */
import { rm } from 'node:fs/promises';
import { parseArgs } from 'node:util';
import { writeFileAtomic } from '../electron/services/storage/atomic-file';
import { parseServiceLag, startLocalSimulation } from '../electron/demo/indexer';
import { startSimService } from '../electron/demo/service';

const { values } = parseArgs({
  options: {
    seed: { type: 'string', default: '3' },
    wallets: { type: 'string', default: '12' },
    'service-lag': { type: 'string', default: 'snapshots' },
    out: { type: 'string' },
  },
  strict: true,
});

if (!values.out) {
  process.stderr.write('batch-simulation: --out FILE is required\n');
  process.exit(2);
}
const out = values.out;
const seed = Number(values.seed);
const wallets = Number(values.wallets);

const simulation = await startLocalSimulation({ seed, wallets, pace: 'fast', drive: false, serviceLag: parseServiceLag(values['service-lag']) });
const service = await startSimService({ store: simulation.store, port: 0 });

let closing = false;
const shutdown = (): void => {
  if (closing) return;
  closing = true;
  Promise.all([service.close(), simulation.stop()])
    .then(() => rm(out, { force: true }))
    .then(
      () => process.exit(0),
      () => process.exit(1),
    );
};
process.on('SIGINT', shutdown);
process.on('SIGTERM', shutdown);

await writeFileAtomic(
  out,
  `${JSON.stringify(
    {
      pid: process.pid,
      seed,
      wallets,
      url: service.url,
      apiKey: service.apiKey,
      chains: simulation.network.chains.map(({ chain }) => ({ chainId: chain.chainId, rpcUrl: chain.rpcUrl })),
      batches: [],
    },
    null,
    2,
  )}\n`,
);
process.stdout.write(`simulation ready: seed ${seed}, ${wallets} wallets, service ${service.url}\n`);
