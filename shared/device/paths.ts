/**
 * BIP-32 derivation paths for Ethereum accounts on a Ledger, and the three schemes wallets use.
 * Pure functions: both the device service and the renderer (account pickers) use them.
 */

const HARDENED = 0x80000000;

/** The Ethereum app refuses paths deeper than this (the path header is one count byte ≤ 10). */
const MAX_PATH_DEPTH = 10;

/**
 * - `ledger-live`: Ledger Live's scheme, one hardened account per index: 44'/60'/x'/0/0.
 * - `legacy`: MyEtherWallet's legacy Ledger scheme: 44'/60'/0'/x.
 * - `bip44`: the standard BIP-44 address index (MetaMask and most software wallets): 44'/60'/0'/0/x.
 */
export type DerivationScheme = 'ledger-live' | 'legacy' | 'bip44';

export const DERIVATION_SCHEMES: readonly DerivationScheme[] = ['ledger-live', 'legacy', 'bip44'];

export const DERIVATION_SCHEME_LABELS: Record<DerivationScheme, string> = {
  'ledger-live': "Ledger Live (44'/60'/x'/0/0)",
  legacy: "Legacy / MEW (44'/60'/0'/x)",
  bip44: "BIP-44 (44'/60'/0'/0/x)",
};

/** The path of account `index` (0-based) in a scheme, in the `44'/60'/…` text form hw-app-eth takes. */
export function derivationPath(scheme: DerivationScheme, index: number): string {
  if (!Number.isInteger(index) || index < 0 || index >= HARDENED) {
    throw new RangeError(`Account index must be an integer between 0 and ${HARDENED - 1}, got ${index}`);
  }
  switch (scheme) {
    case 'ledger-live':
      return `44'/60'/${index}'/0/0`;
    case 'legacy':
      return `44'/60'/0'/${index}`;
    case 'bip44':
      return `44'/60'/0'/0/${index}`;
  }
}

/**
 * Parses `44'/60'/0'/0/0` (an optional leading `m/`; `'`, `h` or `H` mark a hardened step) into
 * the uint32 components the device expects. Throws on anything hw-app-eth would silently skip.
 */
export function parseBip32Path(path: string): number[] {
  const text = path.trim().replace(/^m\//, '');
  if (text === '') throw new Error('Derivation path is empty');
  const parts = text.split('/');
  if (parts.length > MAX_PATH_DEPTH) {
    throw new Error(`Derivation path has ${parts.length} levels; the device accepts at most ${MAX_PATH_DEPTH}`);
  }
  return parts.map((part) => {
    const match = /^(\d+)(['hH]?)$/.exec(part);
    if (!match) throw new Error(`Invalid derivation path step "${part}" in "${path}"`);
    const value = Number(match[1]);
    if (value >= HARDENED) throw new Error(`Derivation path step "${part}" is out of range`);
    return match[2] ? value + HARDENED : value;
  });
}

/** The inverse of `parseBip32Path`, without the `m/` prefix. */
export function formatBip32Path(components: readonly number[]): string {
  return components.map((c) => (c >= HARDENED ? `${c - HARDENED}'` : String(c))).join('/');
}

/** The device's path encoding: `[count][uint32 BE …]`. */
export function encodeBip32Path(components: readonly number[]): Uint8Array {
  const out = new Uint8Array(1 + components.length * 4);
  const view = new DataView(out.buffer);
  out[0] = components.length;
  components.forEach((c, i) => view.setUint32(1 + i * 4, c >>> 0, false));
  return out;
}

/**
 * The planner's account: the one key that signs unsigned bundles' plan hashes (EIP-712, see
 * shared/bundles/planner.ts), and nothing else. It is the first address of the BIP-44 *change*
 * chain, `44'/60'/0'/1/0`: none of the three schemes above ever derives it (Ledger Live moves the
 * account level, legacy has four levels, BIP-44 moves the last one on the external chain 0), so no
 * wallet the desk imports, discovers or plans with is this key, and a signature a wallet gives a
 * service (a lender agreement, a transaction) is never one of the planner's. A wallet at this path
 * is refused by the wallet book, by the planning of a batch (console and headless) and by the
 * device delivery of a batch item.
 */
export const PLANNER_PATH = "44'/60'/0'/1/0";

/** True when `path` is the planner's account, however it is spelled (`m/`, `'` or `h`). */
export function isPlannerPath(path: string): boolean {
  try {
    return formatBip32Path(parseBip32Path(path)) === PLANNER_PATH;
  } catch {
    return false;
  }
}

/** Why a wallet may not sit at the planner's path: one text for the wallet book, the planner and the runner. */
export const PLANNER_PATH_REFUSAL = {
  code: 'WALLET_PLANNER_PATH',
  message: `${PLANNER_PATH} is the planner's account: it signs unsigned bundles and nothing else, so it cannot be a wallet of a batch.`,
  action: "Use another account of the Ledger for this wallet (Ledger Live 44'/60'/x'/0/0, legacy 44'/60'/0'/x or BIP-44 44'/60'/0'/0/x).",
} as const;
