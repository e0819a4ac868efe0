/**
 * The screens the Ethereum app shows for a transaction review, in order, for a given app version
 * and device model. The emulator displays exactly these, and the console shows the same list beside
 * its own decoded view of a request, so the operator can compare the device with the screen before
 * pressing a button.
 *
 * Read from app-ethereum's source at each tag: the Nano review until 1.17 in
 * `src_bagl/ui_flow_signTx.c`, the touchscreen one in `src_nbgl/ui_approve_tx.c` and, from 1.20,
 * `src/nbgl/ui_approve_tx.c` (the Nanos' too from 1.18), the ending in `ui_tx_simulation.c`
 * (`ui_tx_simulation_finish_str`), the amounts in `logic_signTx.c` / `logic_sign_tx.c`, the ERC-20
 * approval in `erc20_plugin.c`, the networks in `src/network.c` (see `networks.ts`). Where a version
 * changed a screen is `SCREEN_CHANGES` in `versions.ts`.
 *
 * The transaction hash is the keccak-256 of the *unsigned* serialized transaction, i.e. the hash
 * the device signs, not the hash the transaction gets once broadcast.
 */
import { screenLayout, type LedgerModel } from './models';
import { APP_NETWORKS } from './networks';
import type { DeviceScreen } from './state';
import { CURRENT_APP_VERSION, screensSince } from './versions';

export * from './message-screens';

/**
 * The newest app behaviour modelled here. A prediction made before the console has read the
 * device's version assumes it.
 */
export const MODELLED_APP_VERSION = CURRENT_APP_VERSION;

/** The Ethereum app's settings that add screens to a review (not readable over USB: the operator says). */
export interface AppDisplaySettings {
  /** "Nonce" (Settings › Nonce, "Display nonce in transactions"): a Nonce field before the fees. */
  displayNonce?: boolean;
  /** "Transaction hash" (from 1.18, "Always display the transaction hash"): the hash on every review. */
  displayHash?: boolean;
}

/** Which device a prediction is for: the app version (default the current one) and the model (default a Nano X). */
export interface ReviewTarget {
  appVersion?: string;
  model?: LedgerModel;
  settings?: AppDisplaySettings;
}

/** Whether the app knows this chain (it then has a name and a ticker for it). */
export function isKnownNetwork(chainId: number): boolean {
  return APP_NETWORKS.has(chainId);
}

/** The network's name as the app shows it: its own name for a chain it knows, else the bare chain id. */
export function networkName(chainId: number): string {
  return APP_NETWORKS.get(chainId)?.name ?? String(chainId);
}

/** The ticker the app writes beside amounts and fees on this chain. */
export function networkTicker(chainId: number, appVersion?: string): string {
  return APP_NETWORKS.get(chainId)?.ticker ?? (screensSince(appVersion, 'unknownTicker') ? '???' : 'ETH');
}

/** Base units (decimal string) as a `decimals`-decimal amount without trailing zeros: "10000000000000000" → "0.01". */
export function formatUnits(amount: string, decimals: number): string {
  const value = BigInt(amount);
  const unit = 10n ** BigInt(decimals);
  const whole = value / unit;
  const fraction = decimals === 0 ? '' : (value % unit).toString().padStart(decimals, '0').replace(/0+$/, '');
  return fraction ? `${whole}.${fraction}` : whole.toString();
}

/** Wei (decimal string) as an 18-decimal amount without trailing zeros: "10000000000000000" → "0.01". */
export function formatWei(wei: string): string {
  return formatUnits(wei, 18);
}

/** An amount with its ticker, on the side the app puts it: after from 1.20 ("0.01 ETH"), before until then ("ETH 0.01"). */
function amountText(ticker: string, amount: string, appVersion?: string): string {
  return screensSince(appVersion, 'amountTickerAfter') ? `${amount} ${ticker}` : `${ticker} ${amount}`;
}

/** The max fees with their ticker: after from 1.19.3 ("0.00012 ETH"), before until then. */
function feeText(ticker: string, fee: string, appVersion?: string): string {
  return screensSince(appVersion, 'feeTickerAfter') ? `${fee} ${ticker}` : `${ticker} ${fee}`;
}

/** The Nanos ran the BAGL interface until 1.17 (`src_bagl/`); from 1.18 every model runs NBGL. */
function usesBagl(target: ReviewTarget): boolean {
  return screenLayout(target.model) === 'nano' && !screensSince(target.appVersion, 'nbglOnNano');
}

/** The hash's label: "TX hash" on a Nano S (BAGL), "Tx hash" on an NBGL Nano, else "Transaction hash". */
function hashTitle(target: ReviewTarget): string {
  if (usesBagl(target)) return target.model === 'nanoS' ? 'TX hash' : 'Transaction hash';
  return screenLayout(target.model) === 'nano' ? 'Tx hash' : 'Transaction hash';
}

/** The warning page a blind review opens with: BAGL's "Blind signing" step, NBGL's "Blind signing ahead". */
function blindWarningScreen(target: ReviewTarget): DeviceScreen {
  return { title: usesBagl(target) ? 'Blind signing' : 'Blind signing ahead' };
}

/**
 * The page the app shows instead of a review when a transaction needs blind signing and the setting
 * is off (it then answers 0x6A80): `ui_error_blind_signing` in `src_bagl/ui_flow.c` (Nano until
 * 1.17) and `ui_blind_signing.c` (NBGL; line breaks as spaces).
 */
export function blindSigningOffScreens(target: ReviewTarget): DeviceScreen[] {
  if (usesBagl(target)) return [{ title: 'Blind signing must be enabled in Settings' }];
  if (screenLayout(target.model) === 'nano') return [{ title: 'Blind signing must be enabled in settings' }];
  return [
    { title: 'This transaction cannot be clear-signed', value: 'Enable blind signing in the settings to sign this transaction.' },
    { title: 'Go to settings' },
    { title: 'Reject transaction' },
  ];
}

/**
 * The last two pages. BAGL: "Accept risk and send" (blind) or "Accept and send", then "Reject".
 * NBGL: "Accept risk and sign transaction" (blind) or "Sign transaction", a question on a touchscreen
 * ("…?"), then "Reject transaction". `suffix` is an approval's " to approve ERC20 token", which
 * only the touchscreen's ending repeats.
 */
function endingScreens(target: ReviewTarget, blind: boolean, suffix = ''): DeviceScreen[] {
  if (usesBagl(target)) return [{ title: blind ? 'Accept risk and send' : 'Accept and send' }, { title: 'Reject' }];
  const wallet = screenLayout(target.model) === 'wallet';
  // The approval's ending got its "?" at 1.16 (1.14-1.15 built it without); the others always had it.
  const question = wallet && (!suffix || screensSince(target.appVersion, 'approvalQuestion')) ? '?' : '';
  const finish = `${blind ? 'Accept risk and sign' : 'Sign'} transaction${wallet ? suffix : ''}${question}`;
  return [{ title: finish }, { title: 'Reject transaction' }];
}

interface TransactionReviewInput extends ReviewTarget {
  chainId: number;
  /** EIP-55 address; absent for a contract creation. */
  to?: string;
  /** wei, decimal string */
  value: string;
  dataPresent: boolean;
  /** gas limit × (maxFeePerGas or gasPrice), wei, decimal string */
  maxFee: string;
  /** keccak-256 of the unsigned serialized transaction, 0x-hex */
  signingHash: string;
  /** The signing account, shown as "From" (left out when not known yet). */
  from?: string;
  /** The transaction's nonce, shown when the app's Nonce setting is on. */
  nonce?: number;
}

/** The review of a transaction the app does not clear-sign: a transfer, or any call reviewed blind. */
export function transactionReviewScreens(tx: TransactionReviewInput): DeviceScreen[] {
  const ticker = networkTicker(tx.chainId, tx.appVersion);
  const withHash = screensSince(tx.appVersion, 'blindHash');
  const hashLast = screensSince(tx.appVersion, 'nbglOnNano');
  const bagl = usesBagl(tx);
  const hash: DeviceScreen = { title: hashTitle(tx), value: tx.signingHash.toLowerCase() };
  const screens: DeviceScreen[] = [];
  if (tx.dataPresent) screens.push(blindWarningScreen(tx));
  screens.push({ title: 'Review transaction' });
  // 1.14-1.17: the hash first; from 1.18 last, and on every review when the hash setting is on.
  if (tx.dataPresent && withHash && !hashLast) screens.push(hash);
  if (tx.from && screensSince(tx.appVersion, 'fromScreen')) screens.push({ title: 'From', value: tx.from });
  if (!tx.dataPresent || !withHash || BigInt(tx.value) !== 0n) {
    screens.push({ title: 'Amount', value: amountText(ticker, formatWei(tx.value), tx.appVersion) });
  }
  screens.push({ title: screensSince(tx.appVersion, 'fromScreen') ? 'To' : 'Address', value: tx.to ?? 'Contract' });
  if (tx.settings?.displayNonce && tx.nonce !== undefined) screens.push({ title: 'Nonce', value: String(tx.nonce) });
  const fees: DeviceScreen = { title: bagl ? 'Max Fees' : 'Max fees', value: feeText(ticker, formatWei(tx.maxFee), tx.appVersion) };
  const network: DeviceScreen[] = tx.chainId !== 1 ? [{ title: 'Network', value: networkName(tx.chainId) }] : [];
  // BAGL shows the network before the fees, NBGL after.
  screens.push(...(bagl ? [...network, fees] : [fees, ...network]));
  if (hashLast && (tx.dataPresent || tx.settings?.displayHash)) screens.push(hash);
  screens.push(...endingScreens(tx, tx.dataPresent));
  return screens;
}

/** The token as the provided descriptor names it. */
interface ApprovalToken {
  ticker: string;
  decimals: number;
}

interface ApprovalReviewInput extends ReviewTarget {
  chainId: number;
  token: ApprovalToken;
  /** The spender, EIP-55. */
  spender: string;
  /** Token base units, decimal string. */
  amount: string;
  /** gas limit × (maxFeePerGas or gasPrice), wei, decimal string */
  maxFee: string;
  from?: string;
  nonce?: number;
  /** A network the host gave the app (E0 30): its name and ticker stand for a chain the table lacks. */
  network?: { name: string; ticker: string };
}

const MAX_UINT256 = (1n << 256n) - 1n;

/** The amount of an approval as the app writes it: "Unlimited USDC" for the largest value, else "1.5 USDC" ("USDC 1.5" before 1.20). */
function approvalAmountText(token: ApprovalToken, amount: string, appVersion?: string): string {
  if (BigInt(amount) === MAX_UINT256) return `Unlimited ${token.ticker}`;
  return amountText(token.ticker, formatUnits(amount, token.decimals), appVersion);
}

/**
 * The clear-signed review of an ERC-20 `approve` after its token information was provided: the
 * app's ERC-20 plugin ("ERC20 token", operation "Approve"). No hash, no blind-signing warning.
 */
export function approvalReviewScreens(a: ApprovalReviewInput): DeviceScreen[] {
  // The app looks a chain up among the networks it was given first, then in its table.
  const ticker = a.network?.ticker ?? networkTicker(a.chainId, a.appVersion);
  const bagl = usesBagl(a);
  const fees: DeviceScreen = { title: bagl ? 'Max Fees' : 'Max fees', value: feeText(ticker, formatWei(a.maxFee), a.appVersion) };
  const network: DeviceScreen[] = a.chainId !== 1 ? [{ title: 'Network', value: a.network?.name ?? networkName(a.chainId) }] : [];
  const from: DeviceScreen[] = a.from && screensSince(a.appVersion, 'fromScreen') ? [{ title: 'From', value: a.from }] : [];
  const amount: DeviceScreen = {
    title: screensSince(a.appVersion, 'amountTickerAfter') ? 'Approve' : 'Amount',
    value: approvalAmountText(a.token, a.amount, a.appVersion),
  };
  const spender: DeviceScreen = { title: screensSince(a.appVersion, 'blindHash') ? 'Approve to' : 'Address', value: a.spender };
  if (bagl) {
    // `ux_approve_tx(fromPlugin)`: the plugin's name and operation, From, its fields, then the fixed ones.
    const nonce: DeviceScreen[] = a.settings?.displayNonce && a.nonce !== undefined ? [{ title: 'Nonce', value: String(a.nonce) }] : [];
    return [
      { title: 'Review transaction' },
      { title: 'ERC20 token', value: 'Approve' },
      ...from,
      amount,
      spender,
      ...nonce,
      ...network,
      fees,
      ...endingScreens(a, false),
    ];
  }
  const suffix = ' to approve ERC20 token';
  return [{ title: `Review transaction${suffix}` }, ...from, amount, spender, ...network, fees, ...endingScreens(a, false, suffix)];
}

/**
 * Adds the "From" screen (the signing account) to a review predicted before the account was
 * known, as the app shows it from 1.11.0: after the title (and after a hash shown first).
 */
export function withSender(screens: DeviceScreen[], from: string, appVersion?: string): DeviceScreen[] {
  if (!screensSince(appVersion, 'fromScreen') || screens.some((s) => s.title === 'From')) return screens;
  let at = screens.findIndex((s) => s.title.startsWith('Review transaction'));
  if (at < 0) return screens;
  const next = screens[at + 1];
  if (next && (next.title === 'Transaction hash' || next.title === 'TX hash')) at += 1;
  if (next && next.title === 'ERC20 token') at += 1;
  return [...screens.slice(0, at + 1), { title: 'From', value: from }, ...screens.slice(at + 1)];
}
