/**
 * The planned review's device screens, predicted again for the Ledger the console talks to: the
 * plan predicts them for the current Ethereum app on a Nano X (it is made before the device is
 * asked), and a Stax or an older app words the same review differently.
 */
import {
  approvalReviewScreens,
  networkName,
  personalMessageScreens,
  transactionReviewScreens,
  withSender,
  type DeviceScreen,
  type ReviewTarget,
} from '../../../shared/device';
import type { Review } from '../../../shared/signing/schemas';
import type { DeviceTarget } from './device-store';

type Predict = (target: ReviewTarget & { from?: string }) => DeviceScreen[];

function same(a: DeviceScreen[], b: DeviceScreen[]): boolean {
  return a.length === b.length && a.every((s, i) => s.title === b[i]!.title && s.value === b[i]!.value);
}

/** The ways this review can be shown: blind, or an approval in clear from Ledger's token information. */
function candidates(review: Review): Predict[] {
  if (review.kind === 'message') return [(t) => personalMessageScreens(new TextEncoder().encode(review.text), t)];
  // The console's transactions send no ETH; the check against the planned screens below confirms it.
  const facts = { chainId: review.chainId, maxFee: review.fees.maxFeeWei, nonce: review.nonce };
  const blind: Predict = (t) =>
    transactionReviewScreens({
      ...facts,
      to: review.contract.address,
      value: '0',
      dataPresent: true,
      signingHash: review.signingHash,
      ...t,
    });
  const { spender, amount } = review;
  if (!spender || !amount) return [blind];
  const network = givenNetwork(review.deviceScreens, review.chainId);
  const clear: Predict = (t) =>
    approvalReviewScreens({
      ...facts,
      token: { ticker: amount.symbol, decimals: amount.decimals },
      spender: spender.address,
      amount: amount.baseUnits,
      ...(network ? { network } : {}),
      ...t,
    });
  return [blind, clear];
}

/**
 * A network the plan's screens name otherwise than the app's table: one the console gives the app
 * first (the demo's local chains), with the ticker its fees are written in.
 */
function givenNetwork(screens: DeviceScreen[], chainId: number): { name: string; ticker: string } | undefined {
  const name = screens.find((s) => s.title === 'Network')?.value;
  if (!name || name === networkName(chainId)) return undefined;
  const fees = screens.find((s) => s.title.toLowerCase() === 'max fees')?.value ?? '';
  const ticker = fees.split(' ').find((word) => !/^[\d.]+$/.test(word));
  return ticker ? { name, ticker } : undefined;
}

/** The screens the device will show, with the signing account ("From"), for the model and app version read from it. */
export function screensForDevice(review: Review, from: string | undefined, device: DeviceTarget): DeviceScreen[] {
  const target: ReviewTarget = {
    ...(device.appVersion ? { appVersion: device.appVersion } : {}),
    ...(device.model ? { model: device.model } : {}),
  };
  // A call clear-signed from its descriptor shows its intent and fields, no sender: the plan's
  // screens stand (they are the generic parser's review, from the same descriptor the device gets).
  // An approval in clear is the app's ERC-20 review, which shows the sender.
  const approval = review.kind === 'transaction' && review.spender !== null;
  if (review.kind === 'transaction' && !review.blindSigning && !approval && review.deviceScreens[0]?.title.startsWith('Review transaction to ')) return review.deviceScreens;
  // Only a prediction that rebuilds the plan's own screens from the review's facts is trusted to
  // re-predict them; otherwise the plan's screens stand, with the sender added.
  const predict = candidates(review).find((p) => same(p({}), review.deviceScreens));
  if (predict) return predict({ ...target, ...(from ? { from } : {}) });
  return from ? withSender(review.deviceScreens, from, target.appVersion) : review.deviceScreens;
}
