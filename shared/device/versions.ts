/**
 * What the console relies on in the Ethereum app, and the first app version that does it (from the
 * app's change log). Checked before the device is asked to sign, so an older app is told plainly
 * instead of showing something the console did not promise.
 */
import type { AppErrorData } from '../errors';

export const APP_FEATURES = {
  /** EIP-1559 (type 2) and EIP-2930 (type 1) transactions: 1.9.0. */
  typedTransactions: '1.9.0',
  /** The text of an EIP-191 personal message on screen (before: only its hash): 1.9.19. */
  personalMessageText: '1.9.19',
  /** The blind-signing review shows the transaction hash (keccak-256 of the unsigned transaction): 1.14.0. */
  blindSigningHash: '1.14.0',
} as const;

export type AppFeature = keyof typeof APP_FEATURES;

/**
 * The Ethereum app version the screen predictions follow when the device's is not known yet, and
 * the one the emulated Ledger runs by default: the current release.
 */
export const CURRENT_APP_VERSION = '1.22.0';

/**
 * Where the app's review screens changed, read from app-ethereum's source at each tag (and its
 * change log): `src_bagl/` (Nano until 1.17), `src_nbgl/` and later `src/nbgl/` (Stax, Flex, Apex;
 * Nano from 1.18), `src/network.c`, `src/plugins/erc20/erc20_plugin.c`.
 */
const SCREEN_CHANGES = {
  /** "???" as the ticker on a chain the app does not know (before: the app's own, ETH). */
  unknownTicker: '1.10.4',
  /** "From" (the signing account) after the title; "Address" renamed "To". */
  fromScreen: '1.11.0',
  /** Hashed EIP-712 (E0 0C P2=00) opens with the blind-signing warning. */
  typedDataBlindWarning: '1.12.0',
  /** Blind reviews show the transaction hash and hide a zero amount; "Approve to" in ERC-20 approvals. */
  blindHash: '1.14.0',
  /** Stax/Flex: an ERC-20 approval ends "Sign transaction to approve ERC20 token?" (with "?"). */
  approvalQuestion: '1.16.0',
  /**
   * The Nanos move to NBGL: the hash is the last field ("Tx hash" on a Nano), reviews end "… sign
   * transaction", the hash setting appears, a personal message is text or hex.
   */
  nbglOnNano: '1.18.0',
  /** Fees read "0.00012 ETH" (ticker after). */
  feeTickerAfter: '1.19.3',
  /** Amounts read "0.01 ETH" too, and an ERC-20 approval's amount is titled "Approve". */
  amountTickerAfter: '1.20.0',
} as const;

type ScreenChange = keyof typeof SCREEN_CHANGES;

/** Whether this app version (the current one when unknown) shows the screens changed at `change`. */
export function screensSince(appVersion: string | undefined, change: ScreenChange): boolean {
  return compareVersions(appVersion ?? CURRENT_APP_VERSION, SCREEN_CHANGES[change]) >= 0;
}

const PURPOSE: Record<AppFeature, string> = {
  typedTransactions: 'EIP-1559 transactions',
  personalMessageText: 'showing the text of a message to sign',
  blindSigningHash: 'showing the transaction hash when blind signing, which you compare with Vaultdesk',
};

/** Compares dotted versions numerically ("1.9.19" < "1.14.0"); a pre-release suffix is ignored. */
export function compareVersions(a: string, b: string): number {
  const parts = (v: string) =>
    v
      .split(/[.-]/)
      .slice(0, 3)
      .map((p) => Number.parseInt(p, 10) || 0);
  const [x, y] = [parts(a), parts(b)];
  for (let i = 0; i < 3; i++) {
    const d = (x[i] ?? 0) - (y[i] ?? 0);
    if (d !== 0) return d;
  }
  return 0;
}

export function appSupports(version: string, feature: AppFeature): boolean {
  return compareVersions(version, APP_FEATURES[feature]) >= 0;
}

/** The features this app version lacks, oldest requirement first. */
export function missingFeatures(version: string): AppFeature[] {
  return (Object.keys(APP_FEATURES) as AppFeature[]).filter((f) => !appSupports(version, f));
}

/** The error for an app too old for `feature`: what it means and what to do. */
export function appTooOld(version: string, feature: AppFeature): AppErrorData {
  return {
    code: 'DEVICE_APP_TOO_OLD',
    message: `The Ethereum app on the Ledger is version ${version}; ${PURPOSE[feature]} needs ${APP_FEATURES[feature]} or later. Nothing was signed.`,
    action: 'Update the Ethereum app in Ledger Live (My Ledger, then Update), open it again and retry.',
    details: { appVersion: version, required: APP_FEATURES[feature] },
  };
}
