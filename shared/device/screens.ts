/**
 * The screens the Ethereum app shows for each review, in order. The emulator displays exactly
 * these, and the console shows the same list beside its own decoded view of a request, so the
 * operator can compare the device with the screen before pressing a button.
 *
 * Modelled on the Ethereum app's NBGL transaction review (app-ethereum `ui_approve_tx.c`,
 * `logic_signTx.c`): a blind signing warning when the transaction carries data, the title, From
 * (the signing account, from 1.11.0), Amount (left out when data is present and the value is zero,
 * from 1.14.0), To ("Contract" for a creation), Max fees, Network (when not Ethereum mainnet: its
 * name, or the bare chain id when the app does not know it) and, when data is present, the
 * Transaction hash (from 1.14.0). That hash is the keccak-256 of the *unsigned* serialized
 * transaction, i.e. the hash the device signs, not the hash the transaction gets once broadcast.
 * Amounts carry the ticker first ("ETH 0.01"); on a chain the app does not know the ticker is
 * "???" (from 1.10.4; before, the app fell back to ETH).
 *
 * An ERC-20 `approve` whose token information was provided first (a descriptor signed by Ledger)
 * is shown in clear by the app's ERC-20 handling instead: "Review transaction to approve ERC20
 * token", From, Amount (the token's ticker and decimals, "Unlimited" for the largest value),
 * "Approve to" (the spender; "Address" before 1.14.0), Network, Max fees, and no hash.
 */
import type { DeviceScreen } from './state';
import { compareVersions } from './versions';

const NETWORKS: Readonly<Record<number, { name: string; ticker: string }>> = {
  1: { name: 'Ethereum', ticker: 'ETH' },
  10: { name: 'OP Mainnet', ticker: 'ETH' },
  56: { name: 'BNB Chain', ticker: 'BNB' },
  137: { name: 'Polygon', ticker: 'POL' },
  8453: { name: 'Base', ticker: 'ETH' },
  42161: { name: 'Arbitrum', ticker: 'ETH' },
  17000: { name: 'Holesky', ticker: 'ETH' },
  11155111: { name: 'Sepolia', ticker: 'ETH' },
};

/**
 * The newest app behaviour modelled here (the review of app 1.20 and later). A prediction made
 * before the console has read the device's version assumes it.
 */
export const MODELLED_APP_VERSION = '1.20.0';

/** Since when the app shows what (its change log). */
const SINCE = {
  /** An explicit "???" ticker on an unknown chain instead of the native ETH ticker. */
  unknownTicker: '1.10.4',
  /** The "From" screen with the signing account; "Address" renamed "To". */
  fromScreen: '1.11.0',
  /** The blind-signing review shows the hash and hides a zero amount; "Approve to" in ERC-20 approvals. */
  blindHash: '1.14.0',
} as const;

function since(appVersion: string | undefined, feature: keyof typeof SINCE): boolean {
  return compareVersions(appVersion ?? MODELLED_APP_VERSION, SINCE[feature]) >= 0;
}

/** Whether the app knows this chain (it then has a name and a ticker for it). */
export function isKnownNetwork(chainId: number): boolean {
  return NETWORKS[chainId] !== undefined;
}

/** The network's name as the app shows it: its own name for a chain it knows, else the bare chain id. */
export function networkName(chainId: number): string {
  return NETWORKS[chainId]?.name ?? String(chainId);
}

/** The ticker the app puts before amounts and fees on this chain. */
export function networkTicker(chainId: number, appVersion?: string): string {
  return NETWORKS[chainId]?.ticker ?? (since(appVersion, 'unknownTicker') ? '???' : 'ETH');
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

export interface TransactionReviewInput {
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
  /** The Ethereum app's version (default: the newest behaviour modelled). */
  appVersion?: string;
}

/** The final pages of every transaction review. */
const SIGN_OR_REJECT: DeviceScreen[] = [{ title: 'Sign transaction' }, { title: 'Reject transaction' }];

export function transactionReviewScreens(tx: TransactionReviewInput): DeviceScreen[] {
  const ticker = networkTicker(tx.chainId, tx.appVersion);
  const withHash = since(tx.appVersion, 'blindHash');
  const screens: DeviceScreen[] = [];
  if (tx.dataPresent) screens.push({ title: 'Blind signing ahead' });
  screens.push({ title: 'Review transaction' });
  if (tx.from && since(tx.appVersion, 'fromScreen')) screens.push({ title: 'From', value: tx.from });
  if (!tx.dataPresent || !withHash || BigInt(tx.value) !== 0n) {
    screens.push({ title: 'Amount', value: `${ticker} ${formatWei(tx.value)}` });
  }
  screens.push({ title: since(tx.appVersion, 'fromScreen') ? 'To' : 'Address', value: tx.to ?? 'Contract' });
  screens.push({ title: 'Max fees', value: `${ticker} ${formatWei(tx.maxFee)}` });
  if (tx.chainId !== 1) screens.push({ title: 'Network', value: networkName(tx.chainId) });
  if (tx.dataPresent && withHash) screens.push({ title: 'Transaction hash', value: tx.signingHash.toLowerCase() });
  screens.push(...SIGN_OR_REJECT);
  return screens;
}

/** The token as the provided descriptor names it. */
export interface ApprovalToken {
  ticker: string;
  decimals: number;
}

export interface ApprovalReviewInput {
  chainId: number;
  token: ApprovalToken;
  /** The spender, EIP-55. */
  spender: string;
  /** Token base units, decimal string. */
  amount: string;
  /** gas limit × (maxFeePerGas or gasPrice), wei, decimal string */
  maxFee: string;
  from?: string;
  appVersion?: string;
}

const MAX_UINT256 = (1n << 256n) - 1n;

/** The amount of an approval as the app writes it: "Unlimited USDC" for the largest value, else "USDC 1.5". */
export function approvalAmountText(token: ApprovalToken, amount: string): string {
  if (BigInt(amount) === MAX_UINT256) return `Unlimited ${token.ticker}`;
  return `${token.ticker} ${formatUnits(amount, token.decimals)}`;
}

/** The clear-signed review of an ERC-20 `approve` after its token information was provided. */
export function approvalReviewScreens(a: ApprovalReviewInput): DeviceScreen[] {
  const ticker = networkTicker(a.chainId, a.appVersion);
  const screens: DeviceScreen[] = [{ title: 'Review transaction', value: 'to approve ERC20 token' }];
  if (a.from && since(a.appVersion, 'fromScreen')) screens.push({ title: 'From', value: a.from });
  screens.push({ title: 'Amount', value: approvalAmountText(a.token, a.amount) });
  screens.push({ title: since(a.appVersion, 'blindHash') ? 'Approve to' : 'Address', value: a.spender });
  if (a.chainId !== 1) screens.push({ title: 'Network', value: networkName(a.chainId) });
  screens.push({ title: 'Max fees', value: `${ticker} ${formatWei(a.maxFee)}` });
  screens.push(...SIGN_OR_REJECT);
  return screens;
}

/**
 * Adds the "From" screen (the signing account) to a review predicted before the account was
 * known, as the app shows it from 1.11.0: right after the title.
 */
export function withSender(screens: DeviceScreen[], from: string, appVersion?: string): DeviceScreen[] {
  if (!since(appVersion, 'fromScreen') || screens.some((s) => s.title === 'From')) return screens;
  const title = screens.findIndex((s) => s.title === 'Review transaction');
  if (title < 0) return screens;
  return [...screens.slice(0, title + 1), { title: 'From', value: from }, ...screens.slice(title + 1)];
}

/** How the app shows a personal message: its text when printable ASCII, else its hex. */
export function messageDisplayText(bytes: Uint8Array): string {
  const printable = bytes.every((b) => (b >= 0x20 && b < 0x7f) || b === 0x0a);
  if (printable) return String.fromCharCode(...bytes);
  return `0x${Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('')}`;
}

export function personalMessageScreens(message: Uint8Array): DeviceScreen[] {
  return [
    { title: 'Review message' },
    { title: 'Message', value: messageDisplayText(message) },
    { title: 'Sign message' },
    { title: 'Reject' },
  ];
}

export function typedDataHashScreens(domainHash: string, messageHash: string): DeviceScreen[] {
  return [
    { title: 'Review typed message' },
    { title: 'Domain hash', value: domainHash.toLowerCase() },
    { title: 'Message hash', value: messageHash.toLowerCase() },
    { title: 'Sign message' },
    { title: 'Reject' },
  ];
}

export function addressScreens(address: string): DeviceScreen[] {
  return [{ title: 'Verify Ethereum address' }, { title: 'Address', value: address }, { title: 'Approve' }, { title: 'Reject' }];
}

export function openAppScreens(appName: string): DeviceScreen[] {
  return [{ title: 'Open application', value: appName }, { title: 'Accept' }, { title: 'Reject' }];
}
