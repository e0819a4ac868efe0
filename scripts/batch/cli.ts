import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import type { BundleSource } from '../../shared/bundles';
import { plainText } from '../../shared/bundles/plain-text';
import { parseServiceLag } from '../../electron/demo/indexer/publish';
import { dataFolder } from '../../electron/services/storage/data-folder';

/** The runner's flags (see scripts/batch.ts): parsed once, strictly, for every mode. */
export const { values: args } = orUsage(() => parseArgs({
  options: {
    sim: { type: 'boolean', default: false },
    service: { type: 'string' },
    rpc: { type: 'string', multiple: true, default: [] },
    'emulated-device': { type: 'boolean', default: false },
    wallets: { type: 'string' },
    'first-index': { type: 'string' },
    action: { type: 'string' },
    // Repeatable: each --vault adds a vault, and a plan over several leaves as one bundle (or one batch).
    vault: { type: 'string', multiple: true },
    amount: { type: 'string' },
    approval: { type: 'string', default: 'exact' },
    'max-fee-gwei': { type: 'string' },
    'auto-approve': { type: 'boolean', default: false },
    'with-agreements': { type: 'boolean', default: false },
    'crash-after': { type: 'string' },
    resume: { type: 'boolean', default: false },
    batch: { type: 'string' },
    'data-dir': { type: 'string' },
    seed: { type: 'string' },
    'export-unsigned': { type: 'string' },
    offline: { type: 'boolean', default: false },
    sign: { type: 'string' },
    out: { type: 'string' },
    broadcast: { type: 'string' },
    'trust-new-vaults': { type: 'boolean', default: false },
    'export-registry': { type: 'string' },
    'forget-vault': { type: 'string' },
    registry: { type: 'string' },
    'accept-foreign-plan': { type: 'boolean', default: false },
    'trust-planner': { type: 'string', multiple: true, default: [] },
    'dry-run': { type: 'boolean', default: false },
    'service-lag': { type: 'string' },
  },
  strict: true,
}));

/** An unknown flag or a missing value: one line saying which, and the usage, never a stack trace. */
function orUsage<T>(parse: () => T): T {
  try {
    return parse();
  } catch (err) {
    process.stderr.write(`batch: ${(err as Error).message.split('\n')[0]}\n`);
    process.stderr.write(
      'usage: npm run batch -- (--sim | --service URL [--rpc CHAINID=URL]…) --action claim|deposit|withdraw|redeem|cancel|agreements [--wallets N] [--amount X] [--auto-approve] … (see scripts/batch.ts)\n' +
        '       npm run batch -- --offline [--sim --auto-approve] [--trust-planner ADDRESS]… --data-dir DIR --registry FILE --sign UNSIGNED --out DIR/\n',
    );
    process.exit(2);
  }
}

/** Every line printed is plain text: a bundle's or a registry's text cannot move the cursor or hide what follows. */
export const say = (line: string) => process.stdout.write(`${plainText(line)}\n`);

export function fail(message: string): never {
  process.stderr.write(`batch: ${message.split('\n').map((l) => plainText(l)).join('\n')}\n`);
  process.exit(2);
}

/**
 * A refused file (or any stop): the reason on stderr, and as the last stdout line for scripts. A
 * refusal that compares two sets (a vault taken for another one) prints them side by side first.
 */
export function refuse(err: { code?: string; message?: string; action?: string; details?: Record<string, unknown> }): never {
  const sideBySide = Array.isArray(err.details?.sideBySide) ? err.details.sideBySide.filter((l): l is string => typeof l === 'string') : [];
  for (const line of sideBySide) say(line);
  say(JSON.stringify({ refused: { code: err.code ?? 'UNEXPECTED', message: err.message ?? String(err), ...(err.action ? { action: err.action } : {}) } }));
  const table = sideBySide.length ? `\n${sideBySide.join('\n')}` : '';
  fail(`${err.code ? `${err.code}: ` : ''}${err.message ?? String(err)}${table}${err.action ? `\n  ${err.action}` : ''}`);
}

/** The simulation to start: the flags, else (for a bundle) the one it was planned on, else seed 3. */
export const simSeed = (bundle?: BundleSource | null) => Number(args.seed ?? (bundle?.kind === 'simulation' ? bundle.seed : null) ?? 3);
export const simWallets = (bundle?: BundleSource | null) =>
  Math.max(12, Number(args.wallets ?? (bundle?.kind === 'simulation' ? bundle.wallets : null) ?? 5));

export function dataDirOf(): string {
  return dataFolder(args['data-dir'], () => path.join(os.homedir(), '.vaultdesk-batch'));
}

/** When the --sim service records what the chains did (`snapshots`, the default, or seconds; see electron/demo/service/README.md). */
export function simServiceLag(): string {
  const raw = args['service-lag'] ?? 'snapshots';
  try {
    parseServiceLag(raw);
  } catch (error) {
    fail((error as Error).message);
  }
  return raw;
}
