import { parseArgs } from 'node:util';
import { generateDataset, startSimService } from '../service';
import { SimStore } from '../service/store';
import { parseRealism, parseWildFaultRate } from '../service/wild/flag';
import { startRealismProxies } from '../rpc-realism/chains';
import { parseRpcRealism } from '../rpc-realism/profile';
import { parseServiceLag } from './publish';
import { startLocalSimulation } from './simulation';

/**
 * The simulation on local chains: two anvil chains with the protocol, the seeded scenario, the
 * cycle driver, the indexer and the simulated service serving what the indexer writes.
 *   tsx electron/demo/indexer/cli.ts --port 0 [--seed N] [--wallets N] [--pace demo|fast] [--dataset] [--api-key K]
 *     [--realism strict|wild] [--wild-fault-rate P] [--service-lag snapshots|SECONDS] [--rpc-realism off|provider]
 * `--rpc-realism provider` puts the RPC realism proxy before each chain: the printed `rpcUrl`s are
 * the proxies' (the indexer and the cycle driver keep the chains' own; see electron/demo/rpc-realism/README.md).
 * `--service-lag` says when the service records what the chains did: `snapshots` (the default,
 * like the real service: about daily in the chain's clock plus on activity) or every record a
 * number of seconds after the indexer read it (see "Service lag" in electron/demo/service/README.md).
 * `--dataset` adds the generated (off-chain) dataset next to the local vaults; `--realism wild`
 * serves it the way a real service may (see electron/demo/service/README.md). The first stdout
 * line is one JSON object `{"url", "apiKey", "rpcUrl", "chainId", "chains", "realism"}`; it runs
 * until SIGINT/SIGTERM.
 */

const { values } = parseArgs({
  options: {
    port: { type: 'string', default: '0' },
    seed: { type: 'string', default: '1' },
    wallets: { type: 'string', default: '24' },
    pace: { type: 'string', default: 'demo' },
    dataset: { type: 'boolean', default: false },
    'api-key': { type: 'string' },
    realism: { type: 'string', default: 'strict' },
    'wild-fault-rate': { type: 'string' },
    'service-lag': { type: 'string', default: 'snapshots' },
    'rpc-realism': { type: 'string', default: 'off' },
  },
  strict: true,
});

function integer(name: string, raw: string, min: number, max: number): number {
  const value = Number(raw);
  if (!Number.isInteger(value) || value < min || value > max) {
    process.stderr.write(`--${name} must be an integer between ${min} and ${max}, got '${raw}'\n`);
    process.exit(2);
  }
  return value;
}

const pace = values.pace;
if (pace !== 'demo' && pace !== 'fast') {
  process.stderr.write(`--pace must be demo or fast, got '${pace}'\n`);
  process.exit(2);
}
const seed = integer('seed', values.seed, 0, 2 ** 31);
const wallets = integer('wallets', values.wallets, 12, 10_000);
const realism = parseRealism(values.realism);
const rpcRealism = parseRpcRealism(values['rpc-realism']);
const wildFaultRate = parseWildFaultRate(values['wild-fault-rate']);
const serviceLag = (() => {
  try {
    return parseServiceLag(values['service-lag']);
  } catch (error) {
    process.stderr.write(`${(error as Error).message}\n`);
    process.exit(2);
  }
})();

const store = values.dataset ? generateDataset({ seed }) : new SimStore();
const simulation = await startLocalSimulation({ seed, wallets, pace, store, serviceLag });
const service = await startSimService({
  store,
  port: integer('port', values.port, 0, 65_535),
  ...(values['api-key'] ? { apiKey: values['api-key'] } : {}),
  seed,
  realism,
  ...(wildFaultRate !== undefined ? { wildFaultRate } : {}),
});

const proxies = await startRealismProxies(simulation.network.chains.map(({ chain }) => chain), rpcRealism, seed);
const chains = proxies.chains;
process.stdout.write(
  `${JSON.stringify({ url: service.url, apiKey: service.apiKey, rpcUrl: chains[0]!.rpcUrl, chainId: chains[0]!.chainId, chains, realism })}\n`,
);

let closing = false;
const shutdown = (): void => {
  if (closing) return;
  closing = true;
  Promise.all([service.close(), proxies.close(), simulation.stop()]).then(
    () => process.exit(0),
    () => process.exit(1),
  );
};
process.on('SIGINT', shutdown);
process.on('SIGTERM', shutdown);
