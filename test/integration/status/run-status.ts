import { spawn } from 'node:child_process';
import { promises as fs } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { ROOT } from '../../support/paths';
import { WalletBook, walletBookDocument } from '../../../electron/services/wallets/wallet-book';
import type { SimStore } from '../../../electron/demo/service';

/** `npm run status` / `service:record` / `batch` as an operator runs them: a process of their own, their output and exit code. */

export interface CliRun {
  code: number | null;
  stdout: string;
  stderr: string;
  /** The last stdout line parsed, when it is JSON. */
  json: Record<string, any> | null;
}

/** A line of a Node stack trace (`    at fn (file.ts:1:2)`): never what an operator should see. */
export const STACK_LINE = /^\s+at .+:\d+:\d+\)?$/m;

export function runScript(script: string, args: string[], env: Record<string, string | undefined> = {}): Promise<CliRun> {
  return runCommand(path.join(ROOT, 'node_modules/.bin/tsx'), [script, ...args], env);
}

/** `npm run NAME -- …args`, exactly as typed at a shell. */
export function runNpm(name: string, args: string[], env: Record<string, string | undefined> = {}): Promise<CliRun> {
  return runCommand('npm', ['run', name, '--', ...args], env);
}

function runCommand(command: string, args: string[], env: Record<string, string | undefined>): Promise<CliRun> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, {
      cwd: ROOT,
      env: { ...process.env, VAULTDESK_API_KEY: undefined, ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d: Buffer) => (stdout += d.toString()));
    child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
    child.on('error', reject);
    child.on('exit', (code) => {
      const last = stdout.trim().split('\n').at(-1) ?? '';
      resolve({ code, stdout, stderr, json: parseJsonLine(last) });
    });
  });
}

function parseJsonLine(line: string): Record<string, any> | null {
  if (!line.startsWith('{')) return null;
  try {
    return JSON.parse(line) as Record<string, any>;
  } catch {
    return null;
  }
}

export const runStatus = (args: string[], env: Record<string, string | undefined> = {}) => runScript('scripts/status.ts', args, env);

export async function tempDir(prefix: string): Promise<string> {
  return fs.mkdtemp(path.join(os.tmpdir(), prefix));
}

/** A data folder whose wallet book holds these wallets, all in one group (and one more wallet outside it). */
export async function dataDirWithBook(wallets: readonly string[], group = 'Lenders', outsider?: string): Promise<string> {
  const dir = await tempDir('vaultdesk-status-');
  const book = new WalletBook(walletBookDocument(dir));
  await book.load();
  const { id } = await book.createGroup(group);
  for (const [i, address] of wallets.entries()) await book.add({ address, label: `Lender ${i + 1}`, groupIds: [id] });
  if (outsider) await book.add({ address: outsider, label: 'Outside the group' });
  return dir;
}

/** The public epoch vaults the portfolio follows (those with a token, chain and contract addresses). */
export function publicEpochVaults(store: SimStore) {
  return store.vaults.all().filter((v) => v.visibility === 'PUBLIC' && v.contractType === 'CDO_EPOCH');
}

/** Wallets with open requests in the public epoch vaults, and those open requests. */
export function walletsWithOpenRequests(store: SimStore) {
  const shown = new Set(publicEpochVaults(store).map((v) => v._id));
  const open = store.vaultRequests.all().filter((r) => r.status !== 'CLAIMED');
  const wallets = [...new Set(open.filter((r) => shown.has(r.vaultId)).map((r) => r.walletAddress))];
  const mine = new Set(wallets.map((w) => w.toLowerCase()));
  return {
    wallets,
    open: open.filter((r) => mine.has(r.walletAddress.toLowerCase())),
    shownOpen: open.filter((r) => shown.has(r.vaultId) && mine.has(r.walletAddress.toLowerCase())),
  };
}
