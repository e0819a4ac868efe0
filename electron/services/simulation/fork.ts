import { AppError } from '../../../shared/errors';
import { findAnvil, freePort, spawnAnvil } from './anvil-process';

/**
 * A local fork of one chain: anvil started with `--fork-url` on the operator's RPC, at its latest
 * block, on 127.0.0.1. It holds no key and sends nothing anywhere but reads to that RPC. The
 * process belongs to this one: it is killed with it (exit, SIGINT, SIGTERM, SIGHUP) and by `stop()`.
 */

export interface Fork {
  chainId: number;
  rpcUrl: string;
  pid: number;
  /** The block the fork was taken at. */
  block: bigint;
  /** That block's hash (the chain's own: a fork serves its first block as the chain has it). */
  blockHash: string;
  /** Milliseconds from spawn to the first answer. */
  startMs: number;
  stop(): Promise<void>;
  readonly stopped: boolean;
}

;

// The forks this process holds now (the embedded simulation's chains are not forks).
const forks = new Set<Fork>();

/** The pids of the forks this process holds now (for tests and the benchmark: none may be left). */
export function runningForkPids(): number[] {
  return [...forks].map((f) => f.pid);
}

/** One JSON-RPC call to a fork (anvil's own methods, which viem's public actions do not name). */
export async function rpc<T>(url: string, method: string, params: unknown[] = []): Promise<T> {
  const response = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params }),
  });
  const body = (await response.json()) as { result?: T; error?: { message?: string } };
  if (body.error) throw new Error(body.error.message ?? `${method} failed`);
  return body.result as T;
}

/**
 * Starts a fork of the chain behind `forkUrl` at its latest block. Refuses with a clear error when
 * anvil is not installed, or when the fork does not answer within `timeoutMs` (the RPC refuses
 * archive reads, is unreachable, or is slow); its last words are in the error's details.
 */
export async function startFork(options: { chainId: number; forkUrl: string; timeoutMs?: number; anvil?: string | null }): Promise<Fork> {
  const binary = options.anvil === undefined ? findAnvil() : options.anvil;
  if (!binary) {
    throw new AppError({
      code: 'SIMULATION_NO_ANVIL',
      message: 'No local fork can start: the anvil binary is not installed.',
      action: "Install Foundry's anvil and put it on the PATH (on Linux x64 it ships with the console).",
    });
  }
  const started = Date.now();
  const timeoutMs = options.timeoutMs ?? 30_000;
  const { anvil, ready: block } = await spawnAnvil({
    binary,
    port: await freePort(),
    args: [
      '--fork-url',
      options.forkUrl,
      '--chain-id',
      String(options.chainId),
      '--no-rate-limit',
      // A chain's state can change without a new block (a local node's storage set by hand): a fork
      // read from a cache of that block would show the state before.
      '--no-storage-caching',
    ],
    timeoutMs,
    ready: (rpcUrl) => rpc<string>(rpcUrl, 'eth_blockNumber').then(BigInt),
    failure: ({ exited, output }) =>
      new AppError({
        code: 'SIMULATION_FORK_FAILED',
        message: `The local fork of chain ${options.chainId} did not start${exited ? '' : ` within ${Math.round(timeoutMs / 1000)} s`}: ${lastLine(output) || 'anvil said nothing'}.`,
        action: 'Check that the RPC of this chain in Settings → Chains answers (a fork reads the chain state through it).',
        details: { output: output.slice(-1000) },
      }),
  });
  // The hash tells a later check whether the chain is still at this very block (not a reorg at its height).
  const header = await rpc<{ hash: string } | null>(anvil.rpcUrl, 'eth_getBlockByNumber', [`0x${block.toString(16)}`, false]).catch(() => null);
  const fork: Fork = {
    chainId: options.chainId,
    rpcUrl: anvil.rpcUrl,
    pid: anvil.pid,
    block,
    blockHash: header?.hash ?? '',
    startMs: Date.now() - started,
    get stopped() {
      return anvil.exited;
    },
    stop: () => anvil.stop(),
  };
  forks.add(fork);
  void anvil.gone.then(() => forks.delete(fork));
  return fork;
}

/** anvil's last meaningful line (an RPC error, a refused fork), without its log prefix. */
function lastLine(text: string): string {
  const lines = text
    .split('\n')
    .map((l) => l.trim())
    .filter(Boolean);
  const error = [...lines].reverse().find((l) => /error|failed|refused/i.test(l));
  return (error ?? lines.at(-1) ?? '').slice(0, 300);
}
