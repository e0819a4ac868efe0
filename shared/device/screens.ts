/**
 * The screens the Ethereum app shows for each review, in order. The emulator displays exactly
 * these, and the console shows the same list beside its own decoded view of a request, so the
 * operator can compare the device with the screen before pressing a button.
 *
 * Modelled on the Ethereum app's transaction review (app-ethereum `ui_approve_tx`): a blind
 * signing warning when the transaction carries data, then Amount (left out when data is present
 * and the value is zero), To, Max fees, Network (when not Ethereum mainnet) and, when data is
 * present, the Transaction hash. That hash is the keccak-256 of the *unsigned* serialized
 * transaction, i.e. the hash the device signs, not the hash the transaction gets once broadcast.
 */
import type { DeviceScreen } from './state';

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

export function networkName(chainId: number): string {
  return NETWORKS[chainId]?.name ?? `Chain ID ${chainId}`;
}

export function networkTicker(chainId: number): string {
  return NETWORKS[chainId]?.ticker ?? 'ETH';
}

/** Wei (decimal string) as an 18-decimal amount without trailing zeros: "10000000000000000" → "0.01". */
export function formatWei(wei: string): string {
  const value = BigInt(wei);
  const unit = 10n ** 18n;
  const whole = value / unit;
  const fraction = (value % unit).toString().padStart(18, '0').replace(/0+$/, '');
  return fraction ? `${whole}.${fraction}` : whole.toString();
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
}

export function transactionReviewScreens(tx: TransactionReviewInput): DeviceScreen[] {
  const ticker = networkTicker(tx.chainId);
  const screens: DeviceScreen[] = [];
  if (tx.dataPresent) screens.push({ title: 'Blind signing ahead' });
  screens.push({ title: 'Review transaction' });
  if (!tx.dataPresent || BigInt(tx.value) !== 0n) {
    screens.push({ title: 'Amount', value: `${ticker} ${formatWei(tx.value)}` });
  }
  screens.push({ title: 'To', value: tx.to ?? 'New contract' });
  screens.push({ title: 'Max fees', value: `${ticker} ${formatWei(tx.maxFee)}` });
  if (tx.chainId !== 1) screens.push({ title: 'Network', value: networkName(tx.chainId) });
  if (tx.dataPresent) screens.push({ title: 'Transaction hash', value: tx.signingHash.toLowerCase() });
  screens.push({ title: 'Accept', value: 'and send' }, { title: 'Reject' });
  return screens;
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
