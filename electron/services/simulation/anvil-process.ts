import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import { createServer } from 'node:net';
import { delimiter, dirname, join } from 'node:path';

/**
 * One anvil process on 127.0.0.1, started and waited for: the local fork of a plan's chain and the
 * embedded simulation's chains both start anvil this way. The process belongs to this one: it is
 * killed when this process exits or is terminated (SIGINT, SIGTERM, SIGHUP), and by `stop()`.
 *
 * It lives with the services because both may import it: the simulation (electron/demo) may build on
 * services, while services never import the simulation.
 */

/** The anvil binary: the platform package the project ships (Linux x64), else Foundry's anvil on the PATH; null when neither is there. */
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

/** Asks the OS for a free port on 127.0.0.1 (anvil itself cannot be told to pick one). */
export function freePort(): Promise<number> {
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

// Every anvil this process started, so that none outlives it.
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
      // Keep the default behaviour (terminate) unless someone else handles the signal too.
      process.off(signal, onSignal);
      if (process.listenerCount(signal) === 0) process.kill(process.pid, signal);
    };
    process.on(signal, onSignal);
  }
}

interface AnvilProcess {
  port: number;
  rpcUrl: string;
  pid: number;
  readonly exited: boolean;
  /** Resolves once the process has exited. */
  readonly gone: Promise<void>;
  /** Stops the process (SIGTERM, SIGKILL after 2 s); resolves once it has exited. Safe to call twice. */
  stop(): Promise<void>;
}

/** Why an anvil did not become ready: it exited, or did not answer in time; its last output. */
interface AnvilStartFailure {
  port: number;
  exited: boolean;
  /** The end of what it wrote (stdout until it listened, and stderr). */
  output: string;
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/**
 * Spawns `binary` with `--host 127.0.0.1 --port PORT` and `args`, and waits until anvil says it
 * listens on that port and `ready` answers (not null) from its RPC. When it exits first or does not
 * answer within `timeoutMs`, it is killed and the error `failure` makes is thrown.
 */
export async function spawnAnvil<T>(options: {
  binary: string;
  args: readonly string[];
  port: number;
  timeoutMs: number;
  ready: (rpcUrl: string) => Promise<T | null>;
  failure: (why: AnvilStartFailure) => Error;
}): Promise<{ anvil: AnvilProcess; ready: T }> {
  const { port } = options;
  const child = spawn(options.binary, ['--host', '127.0.0.1', '--port', String(port), ...options.args], {
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  killAllOnExit();
  running.add(child);
  let tail = '';
  let listening = false;
  // The port was free when it was picked, but another process may bind it before this anvil does;
  // then that process would answer the readiness check. Only anvil's own line proves the port is ours.
  const listeningLine = `Listening on 127.0.0.1:${port}`;
  // Both pipes are read to their end: anvil logs every call, and a pipe nobody reads would stall it.
  child.stdout?.on('data', (chunk: Buffer) => {
    if (listening) return;
    tail = (tail + chunk.toString()).slice(-4000);
    if (tail.includes(listeningLine)) listening = true;
  });
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
  const deadline = Date.now() + options.timeoutMs;
  let answer: T | null = null;
  for (;;) {
    if (listening) answer = await options.ready(rpcUrl).catch(() => null);
    if (answer !== null) break;
    if (exited || Date.now() > deadline) {
      child.kill('SIGKILL');
      await gone;
      throw options.failure({ port, exited, output: tail.trim() });
    }
    await sleep(15);
  }
  const anvil: AnvilProcess = {
    port,
    rpcUrl,
    pid: child.pid ?? -1,
    gone,
    get exited() {
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
  return { anvil, ready: answer };
}
