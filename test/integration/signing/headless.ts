import { runBatch, type BatchRun } from './run-batch';
import type { SigningWorld } from './world';

/** `npm run batch -- …args` as an operator of the world's service runs it: its key in the environment (`env` adds to it). */
export const batchOnWorld =
  (world: () => SigningWorld) =>
  (args: string[], env: Record<string, string> = {}): Promise<BatchRun> =>
    runBatch(args, { VAULTDESK_API_KEY: world().service.apiKey, ...env });

/** The run's last JSON line: its outcome (a batch's summary, or what it refused). */
export const lastLine = (run: BatchRun) => JSON.parse(run.lines.at(-1)!) as Record<string, any>;

/** `--rpc` for each of the world's chains. */
export const rpcFlags = (world: SigningWorld): string[] => world.sim.network.chains.flatMap(({ chain }) => ['--rpc', `${chain.chainId}=${chain.rpcUrl}`]);

/**
 * A headless run against `service` on the world's chains, in `dataDir`, with the emulated Ledger
 * approving every review: what each test adds is the action and what it is about.
 */
export const emulatedRunFlags = (world: SigningWorld, service: string, dataDir: string): string[] => [
  '--service',
  service,
  ...rpcFlags(world),
  '--emulated-device',
  '--auto-approve',
  '--data-dir',
  dataDir,
];
