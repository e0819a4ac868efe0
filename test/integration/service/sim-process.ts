import { spawn, type ChildProcess } from 'node:child_process';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';

/** Runs the standalone simulated service (the CLI) and reads its first stdout line. */

const root = fileURLToPath(new URL('../../../', import.meta.url));

export interface SimProcess {
  url: string;
  apiKey: string;
  child: ChildProcess;
  /** Sends SIGTERM and resolves with the exit code. */
  stop(): Promise<number | null>;
}

export function spawnSimService(args: string[]): Promise<SimProcess> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'electron/demo/service/cli.ts', ...args], {
    cwd: root,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stderr = '';
  child.stderr!.on('data', (chunk: Buffer) => {
    stderr += chunk.toString();
  });
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  return new Promise((resolve, reject) => {
    const lines = createInterface({ input: child.stdout! });
    const timer = setTimeout(() => reject(new Error(`no first line within 30 s; stderr: ${stderr}`)), 30_000);
    child.once('exit', (code) => reject(new Error(`exited with ${code} before its first line; stderr: ${stderr}`)));
    lines.once('line', (line) => {
      clearTimeout(timer);
      const { url, apiKey } = JSON.parse(line) as { url: string; apiKey: string };
      resolve({
        url,
        apiKey,
        child,
        stop: () => {
          if (child.exitCode === null) child.kill('SIGTERM');
          return exited;
        },
      });
    });
  });
}
