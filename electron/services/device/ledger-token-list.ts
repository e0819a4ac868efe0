/**
 * Ledger's signed ERC-20 descriptors, per chain, as Ledger publishes them in its maintained package
 * `@ledgerhq/cryptoassets-evm-signatures` (the blob hw-app-eth reads as `erc20-signatures.json`:
 * repeated [uint32 BE length][descriptor], base64). Ledger's importer writes, for each chain, the
 * tokens of its crypto-asset list it ranks first by market value, each signed with Ledger's token
 * key; any other token has no descriptor here and its approval is reviewed blind.
 *
 * Read from the installed package, one chain's file on its first use: nothing is fetched. Only
 * these files of the package are used (the packaged app ships only them, see electron.builder.yml).
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';

export const LEDGER_TOKEN_LIST_PACKAGE = '@ledgerhq/cryptoassets-evm-signatures';

/**
 * The day each version was published on npm (the registry's `time` for it), the date the list is
 * of: the package itself carries none. Add a line when the dependency is upgraded (a test checks
 * the installed version has one).
 */
const PUBLISHED: Readonly<Record<string, string>> = {
  '13.7.1': '2026-02-18',
};

interface LedgerTokenListRelease {
  package: string;
  version: string;
  /** YYYY-MM-DD, or null for a version without a recorded date. */
  published: string | null;
}

const require = createRequire(import.meta.url);
let packageDir: string | null = null;

function dir(): string {
  packageDir ??= path.dirname(require.resolve(`${LEDGER_TOKEN_LIST_PACKAGE}/package.json`));
  return packageDir;
}

function chainsDir(): string {
  return path.join(dir(), 'lib', 'data', 'evm');
}

/** The installed list's version and date. */
export function ledgerTokenListRelease(): LedgerTokenListRelease {
  const { version } = JSON.parse(readFileSync(path.join(dir(), 'package.json'), 'utf8')) as { version: string };
  return { package: LEDGER_TOKEN_LIST_PACKAGE, version, published: PUBLISHED[version] ?? null };
}

/** The chains the installed list has descriptors for, ascending. */
export function ledgerTokenListChains(): number[] {
  return readdirSync(chainsDir())
    .filter((name) => /^\d+$/.test(name) && existsSync(path.join(chainsDir(), name, 'erc20-signatures.json')))
    .map(Number)
    .sort((a, b) => a - b);
}

const lists = new Map<number, string | null>();

/** One chain's descriptors in the erc20-signatures format, or null when Ledger lists no token on it. */
export function ledgerSignatureList(chainId: number): string | null {
  if (!lists.has(chainId)) {
    const file = path.join(chainsDir(), String(chainId), 'erc20-signatures.json');
    lists.set(chainId, Number.isSafeInteger(chainId) && existsSync(file) ? (JSON.parse(readFileSync(file, 'utf8')) as string) : null);
  }
  return lists.get(chainId) ?? null;
}
