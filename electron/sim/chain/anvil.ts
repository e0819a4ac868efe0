import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import { createServer } from 'node:net';
import { delimiter, dirname, join } from 'node:path';
import { AppError } from '../../../shared/errors';

export interface AnvilOptions {
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
export function resolveAnvilBinary(): string {
  const require = createRequire(import.meta.url);
  const candidates: string[] = [];
  const platformPackage = `@foundry-rs/anvil-${process.platform}-${process.arch === 'x64' ? 'amd64' : process.arch}`;
  try {
    const manifest = require.resolve(`${platformPackage}/package.json`);
    candidates.push(join(dirname(manifest), 'bin', process.platform === 'win32' ? 'anvil.exe' : 'anvil'));
  } catch {
    // Not installed for this platform; try the PATH below.
  }
  // Elsewhere (macOS, Windows, Linux on ARM) the project ships no binary: use Foundry's anvil from the PATH.
  const exe = process.platform === 'win32' ? 'anvil.exe' : 'anvil';
  for (const dir of (process.env.PATH ?? '').split(delimiter)) if (dir) candidates.push(join(dir, exe));
  const found = candidates.find((path) => existsSync(path));
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
export function findFreePort(): Promise<number> {
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

// Every anvil this process started, so that they die with it.
const running = new Set<ChildProcess>();
let exitHooksInstalled = false;

function installExitHooks(): void {
  if (exitHooksInstalled) return;
  exitHooksInstalled = true;
  process.on('exit', () => {
    for (const child of running) child.kill('SIGKILL');
  });
  for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP'] as const) {
    const onSignal = (): void => {
      for (const child of running) child.kill('SIGKILL');
      running.clear();
      // Keep the default behaviour (terminate) unless someone else handles the signal too.
      process.off(signal, onSignal);
      if (process.listenerCount(signal) === 0) process.kill(process.pid, signal);
    };
    process.on(signal, onSignal);
  }
}

async function rpcReady(rpcUrl: string): Promise<boolean> {
  try {
    const response = await fetch(rpcUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'eth_chainId', params: [] }),
    });
    return response.ok;
  } catch {
    return false;
  }
}

const sleep = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));

async function startOnce(binary: string, options: AnvilOptions, port: number): Promise<AnvilHandle> {
  const args = [
    '--host',
    '127.0.0.1',
    '--port',
    String(port),
    '--chain-id',
    String(options.chainId),
    // Any address may send transactions: the seeder and the cycle driver act for lenders, the
    // manager and borrowers without holding their keys.
    '--auto-impersonate',
  ];
  if (options.genesisTimestamp !== undefined) args.push('--timestamp', String(options.genesisTimestamp));
  const child = spawn(binary, args, { stdio: ['ignore', 'pipe', 'pipe'] });
  installExitHooks();
  running.add(child);
  let stderr = '';
  child.stderr?.on('data', (chunk: Buffer) => {
    stderr = (stderr + chunk.toString()).slice(-4000);
  });
  // The port was free when it was picked, but another process (another test run on this machine)
  // may bind it before this anvil does; then that process would answer the readiness check. Only
  // anvil's own "Listening on" line proves the port is ours (when it is taken, anvil exits and the
  // caller tries another port). stdout is read to its end: anvil logs every call there, and a pipe
  // nobody reads would stall it.
  const listeningLine = `Listening on 127.0.0.1:${port}`;
  let stdoutTail = '';
  let listening = false;
  child.stdout?.on('data', (chunk: Buffer) => {
    if (listening) return;
    stdoutTail = (stdoutTail + chunk.toString()).slice(-4000);
    if (stdoutTail.includes(listeningLine)) listening = true;
  });
  const exited = new Promise<void>((resolve) => {
    child.once('exit', () => {
      running.delete(child);
      resolve();
    });
  });
  let hasExited = false;
  void exited.then(() => {
    hasExited = true;
  });

  const rpcUrl = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + (options.startTimeoutMs ?? 10_000);
  while (!listening || !(await rpcReady(rpcUrl))) {
    if (hasExited || Date.now() > deadline) {
      child.kill('SIGKILL');
      await exited;
      throw new AppError({
        code: 'SIM_ANVIL_START_FAILED',
        message: `The local chain ${options.chainId} did not start on port ${port}.`,
        details: { stderr: stderr.trim() },
      });
    }
    await sleep(15);
  }

  return {
    chainId: options.chainId,
    port,
    rpcUrl,
    pid: child.pid ?? -1,
    async stop() {
      if (hasExited) return;
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), 2000);
      await exited;
      clearTimeout(timer);
    },
  };
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
