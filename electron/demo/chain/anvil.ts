import { AppError } from '../../../shared/errors';
// One way to start anvil and wait for it, shared with the local forks of the simulation service.
import { findAnvil, freePort, spawnAnvil } from '../../services/simulation/anvil-process';

interface AnvilOptions {
  chainId: number;
  /** A free port is chosen when omitted. */
  port?: number;
  /** Genesis block timestamp (unix seconds); anvil uses the wall clock when omitted. */
  genesisTimestamp?: number;
  /** Milliseconds to wait for the RPC to answer. */
  startTimeoutMs?: number;
}

export interface AnvilHandle {
  chainId: number;
  port: number;
  rpcUrl: string;
  pid: number;
  /** Stops the process; resolves once it has exited. Safe to call twice. */
  stop(): Promise<void>;
}

/**
 * Finds the anvil binary: the platform package the project installs (Linux x64), then an anvil
 * on the PATH (Foundry's own install, for other platforms).
 */
function resolveAnvilBinary(): string {
  const found = findAnvil();
  if (!found) {
    throw new AppError({
      code: 'SIM_ANVIL_NOT_FOUND',
      message: 'The local chain cannot start: the anvil binary is not installed.',
      action: 'Run npm ci so that the anvil package for this platform is installed (on Linux x64 it ships with the project); elsewhere install Foundry\'s anvil and put it on the PATH.',
    });
  }
  return found;
}

/** Asks the OS for a free port on 127.0.0.1 (anvil itself cannot be told to pick one). */
const findFreePort = freePort;

async function chainIdAnswers(rpcUrl: string): Promise<true | null> {
  const response = await fetch(rpcUrl, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'eth_chainId', params: [] }),
  });
  return response.ok ? true : null;
}

async function startOnce(binary: string, options: AnvilOptions, port: number): Promise<AnvilHandle> {
  const args = [
    '--chain-id',
    String(options.chainId),
    // Any address may send transactions: the seeder and the cycle driver act for lenders, the
    // manager and borrowers without holding their keys.
    '--auto-impersonate',
  ];
  if (options.genesisTimestamp !== undefined) args.push('--timestamp', String(options.genesisTimestamp));
  // When the port is taken meanwhile, anvil exits and the caller tries another port.
  const { anvil } = await spawnAnvil({
    binary,
    args,
    port,
    timeoutMs: options.startTimeoutMs ?? 10_000,
    ready: chainIdAnswers,
    failure: ({ output }) =>
      new AppError({
        code: 'SIM_ANVIL_START_FAILED',
        message: `The local chain ${options.chainId} did not start on port ${port}.`,
        details: { stderr: output },
      }),
  });
  return { chainId: options.chainId, port, rpcUrl: anvil.rpcUrl, pid: anvil.pid, stop: () => anvil.stop() };
}

/**
 * Starts anvil on 127.0.0.1. The process belongs to this one: it is killed when this process
 * exits or is terminated. Without a given port, a free one is found (tried again, up to three
 * times in all, if another process takes it in between).
 */
export async function startAnvil(options: AnvilOptions): Promise<AnvilHandle> {
  const binary = resolveAnvilBinary();
  if (options.port !== undefined) return startOnce(binary, options, options.port);
  let lastError: unknown;
  for (let attempt = 0; attempt < 3; attempt++) {
    try {
      return await startOnce(binary, options, await findFreePort());
    } catch (error) {
      lastError = error;
    }
  }
  throw lastError;
}
