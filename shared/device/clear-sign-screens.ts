/**
 * The review the Ethereum app shows for a call it clear-signs with the generic parser (app 1.22,
 * `src/nbgl/ui_gcs.c`): "Review transaction to <intent>", "Interaction with" the descriptor's owner,
 * each field of the descriptor with its label, the network when it is not Ethereum, the fees, then
 * "Sign transaction to <intent>". No hash and no blind-signing warning: the device shows the call
 * itself. The emulator and the console's prediction both build it here.
 */
import { formatUnits, formatWei, networkName, networkTicker } from './screens';
import type { DeviceScreen } from './state';

export interface ClearSignedReviewInput {
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
}

export function clearSignedReviewScreens(input: ClearSignedReviewInput): DeviceScreen[] {
  const screens: DeviceScreen[] = [
    { title: 'Review transaction', value: `to ${input.intent}` },
    { title: 'Interaction with', value: input.creatorName ?? 'a smart contract' },
    ...input.fields.map((f) => ({ title: f.label, value: f.value })),
  ];
  if (input.chainId !== 1) screens.push({ title: 'Network', value: networkName(input.chainId) });
  screens.push({ title: 'Max fees', value: `${networkTicker(input.chainId, input.appVersion)} ${formatWei(input.maxFee)}` });
  screens.push({ title: `Sign transaction to ${input.intent}` }, { title: 'Reject transaction' });
  return screens;
}

/** A token amount as the generic parser writes it: the amount, then the ticker ("???" for a token it was not told about). */
export function tokenAmountText(amount: string, token: { ticker: string; decimals: number } | null): string {
  return token ? `${formatUnits(amount, token.decimals)} ${token.ticker}` : `${amount} ???`;
}
