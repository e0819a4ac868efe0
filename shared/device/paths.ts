/**
 * BIP-32 derivation paths for Ethereum accounts on a Ledger, and the three schemes wallets use.
 * Pure functions: both the device service and the renderer (account pickers) use them.
 */

export const HARDENED = 0x80000000;

/** The Ethereum app refuses paths deeper than this (the path header is one count byte ≤ 10). */
export const MAX_PATH_DEPTH = 10;

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
