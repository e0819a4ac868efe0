/**
 * The review the Ethereum app shows for a call it clear-signs with the generic parser (app 1.22,
 * `src/nbgl/ui_gcs.c`): "Review transaction to <intent>", "Interaction with" the descriptor's owner,
 * each field of the descriptor with its label, the network when it is not Ethereum, the fees, then
 * "Sign transaction to <intent>". No hash and no blind-signing warning: the device shows the call
 * itself. The emulator and the console's prediction both build it here.
 */
import { MODELLED_APP_VERSION, formatUnits, formatWei, networkName, networkTicker } from './screens';
import type { DeviceScreen } from './state';
import { compareVersions } from './versions';

/**
 * The app writes the ticker after the figure for fees from 1.19.3 and for amounts from 1.20
 * (before: "ETH 0.00012"). Kept here for the generic parser's review until the screens module
 * models these boundaries for every review.
 */
const tickerAfter = (appVersion: string | undefined, since: string) => compareVersions(appVersion ?? MODELLED_APP_VERSION, since) >= 0;
const withTicker = (figure: string, ticker: string, after: boolean) => (after ? `${figure} ${ticker}` : `${ticker} ${figure}`);

interface ClearSignedReviewInput {
  chainId: number;
  /** The descriptor's intent ("Deposit"), shown after "Review transaction to". */
  intent: string;
  /** The descriptor's owner; the app says "a smart contract" without one. */
  creatorName?: string;
  /** Each field as the device formats it, in the descriptor's order. */
  fields: readonly { label: string; value: string }[];
  /** gas limit × max fee per gas, wei, decimal string */
  maxFee: string;
  appVersion?: string;
  /** A network the host gave the app (E0 30): its name and ticker stand for a chain the table lacks. */
  network?: { name: string; ticker: string };
}

export function clearSignedReviewScreens(input: ClearSignedReviewInput): DeviceScreen[] {
  const screens: DeviceScreen[] = [
    { title: `Review transaction to ${input.intent}` },
    { title: 'Interaction with', value: input.creatorName ?? 'a smart contract' },
    ...input.fields.map((f) => ({ title: f.label, value: f.value })),
  ];
  if (input.chainId !== 1) screens.push({ title: 'Network', value: input.network?.name ?? networkName(input.chainId) });
  const ticker = input.network?.ticker ?? networkTicker(input.chainId, input.appVersion);
  const fees = withTicker(formatWei(input.maxFee), ticker, tickerAfter(input.appVersion, '1.19.3'));
  screens.push({ title: 'Max fees', value: fees });
  screens.push({ title: `Sign transaction to ${input.intent}` }, { title: 'Reject transaction' });
  return screens;
}

/** A token amount as the generic parser writes it ("???" and no decimals for a token it was not told about). */
export function tokenAmountText(amount: string, token: { ticker: string; decimals: number } | null, appVersion?: string): string {
  return withTicker(token ? formatUnits(amount, token.decimals) : amount, token?.ticker ?? '???', tickerAfter(appVersion, '1.20.0'));
}

/** A native amount (wei) as the generic parser writes it. */
export function nativeAmountText(wei: string, chainId: number, appVersion?: string): string {
  return withTicker(formatWei(wei), networkTicker(chainId, appVersion), tickerAfter(appVersion, '1.20.0'));
}
