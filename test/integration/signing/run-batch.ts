import { spawn } from 'node:child_process';
import path from 'node:path';

export const ROOT = path.resolve(__dirname, '../../..');

export interface BatchRun {
  code: number | null;
  lines: string[];
  stderr: string;
}

/** `npm run batch -- …args` in a child process of its own, as an operator runs it. */
export function runBatch(args: string[], env: Record<string, string>): Promise<BatchRun> {
  return new Promise((resolve, reject) => {
    const child = spawn(path.join(ROOT, 'node_modules/.bin/tsx'), ['scripts/batch.ts', ...args], {
      cwd: ROOT,
      env: { ...process.env, ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let out = '';
    let err = '';
    child.stdout.on('data', (d: Buffer) => (out += d.toString()));
    child.stderr.on('data', (d: Buffer) => (err += d.toString()));
    child.on('error', reject);
    child.on('exit', (code) => resolve({ code, lines: out.trim().split('\n'), stderr: err }));
  });
}
