import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import { createServer } from 'node:net';
import { delimiter, dirname, join } from 'node:path';
import { AppError } from '../../../shared/errors';

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

/** The anvil binary: the platform package the project ships (Linux x64), else Foundry's anvil on the PATH. */
export function findAnvil(): string | null {
  const require = createRequire(import.meta.url);
  const candidates: string[] = [];
  try {
    const arch = process.arch === 'x64' ? 'amd64' : process.arch;
    candidates.push(
      join(
        dirname(require.resolve(`@foundry-rs/anvil-${process.platform}-${arch}/package.json`)),
        'bin',
        process.platform === 'win32' ? 'anvil.exe' : 'anvil',
      ),
    );
  } catch {
    // Not shipped for this platform: the PATH below.
  }
  const exe = process.platform === 'win32' ? 'anvil.exe' : 'anvil';
  for (const dir of (process.env.PATH ?? '').split(delimiter)) if (dir) candidates.push(join(dir, exe));
  return candidates.find((p) => existsSync(p)) ?? null;
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.unref();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}

// Every fork this process started, so that none outlives it.
const running = new Set<ChildProcess>();
let hooked = false;
function killAllOnExit(): void {
  if (hooked) return;
  hooked = true;
  process.on('exit', () => {
    for (const child of running) child.kill('SIGKILL');
  });
  for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP'] as const) {
    const onSignal = (): void => {
      for (const child of running) child.kill('SIGKILL');
      running.clear();
      process.off(signal, onSignal);
      if (process.listenerCount(signal) === 0) process.kill(process.pid, signal);
    };
    process.on(signal, onSignal);
  }
}

/** The pids of the forks this process holds now (for tests and the benchmark: none may be left). */
export function runningForkPids(): number[] {
  return [...running].map((c) => c.pid ?? -1);
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

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

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
  const port = await freePort();
  const args = [
    '--host',
    '127.0.0.1',
    '--port',
    String(port),
    '--fork-url',
    options.forkUrl,
    '--chain-id',
    String(options.chainId),
    '--no-rate-limit',
    // A chain's state can change without a new block (a local node's storage set by hand): a fork
    // read from a cache of that block would show the state before.
    '--no-storage-caching',
  ];
  const child = spawn(binary, args, { stdio: ['ignore', 'pipe', 'pipe'] });
  killAllOnExit();
  running.add(child);
  let tail = '';
  let listening = false;
  const keep = (chunk: Buffer) => {
    if (listening) return;
    tail = (tail + chunk.toString()).slice(-4000);
    // Only anvil's own line proves the port is ours (another process may have taken it meanwhile).
    if (tail.includes(`Listening on 127.0.0.1:${port}`)) listening = true;
  };
  // Both pipes are read to their end: anvil logs every call, and a pipe nobody reads would stall it.
  child.stdout?.on('data', keep);
  child.stderr?.on('data', (chunk: Buffer) => (tail = (tail + chunk.toString()).slice(-4000)));
  let exited = false;
  const gone = new Promise<void>((resolve) =>
    child.once('exit', () => {
      exited = true;
      running.delete(child);
      resolve();
    }),
  );
  const rpcUrl = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + (options.timeoutMs ?? 30_000);
  let block: bigint | null = null;
  while (block === null) {
    if (listening) block = await rpc<string>(rpcUrl, 'eth_blockNumber').then(BigInt, () => null);
    if (block !== null) break;
    if (exited || Date.now() > deadline) {
      child.kill('SIGKILL');
      await gone;
      throw new AppError({
        code: 'SIMULATION_FORK_FAILED',
        message: `The local fork of chain ${options.chainId} did not start${exited ? '' : ` within ${Math.round((options.timeoutMs ?? 30_000) / 1000)} s`}: ${lastLine(tail) || 'anvil said nothing'}.`,
        action: 'Check that the RPC of this chain in Settings → Chains answers (a fork reads the chain state through it).',
        details: { output: tail.trim().slice(-1000) },
      });
    }
    await sleep(20);
  }
  // The hash tells a later check whether the chain is still at this very block (not a reorg at its height).
  const header = await rpc<{ hash: string } | null>(rpcUrl, 'eth_getBlockByNumber', [`0x${block.toString(16)}`, false]).catch(() => null);
  const fork: Fork = {
    chainId: options.chainId,
    rpcUrl,
    pid: child.pid ?? -1,
    block,
    blockHash: header?.hash ?? '',
    startMs: Date.now() - started,
    get stopped() {
      return exited;
    },
    async stop() {
      if (exited) return;
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), 2000);
      await gone;
      clearTimeout(timer);
    },
  };
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
