/**
 * The planned review's device screens, predicted again for the Ledger the console talks to: the
 * plan predicts them for the current Ethereum app on a Nano X (it is made before the device is
 * asked), and a Stax or an older app words the same review differently.
 */
import {
  approvalReviewScreens,
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
  const clear: Predict = (t) =>
    approvalReviewScreens({
      ...facts,
      token: { ticker: amount.symbol, decimals: amount.decimals },
      spender: spender.address,
      amount: amount.baseUnits,
      ...t,
    });
  return [blind, clear];
}

/** The screens the device will show, with the signing account ("From"), for the model and app version read from it. */
export function screensForDevice(review: Review, from: string | undefined, device: DeviceTarget): DeviceScreen[] {
  const target: ReviewTarget = {
    ...(device.appVersion ? { appVersion: device.appVersion } : {}),
    ...(device.model ? { model: device.model } : {}),
  };
  // A call clear-signed from its descriptor shows its intent and fields, no sender: the plan's
  // screens stand (they are the generic parser's review, from the same descriptor the device gets).
  if (review.kind === 'transaction' && !review.blindSigning && review.deviceScreens[0]?.title.startsWith('Review transaction to ')) return review.deviceScreens;
  // Only a prediction that rebuilds the plan's own screens from the review's facts is trusted to
  // re-predict them; otherwise the plan's screens stand, with the sender added.
  const predict = candidates(review).find((p) => same(p({}), review.deviceScreens));
  if (predict) return predict({ ...target, ...(from ? { from } : {}) });
  return from ? withSender(review.deviceScreens, from, target.appVersion) : review.deviceScreens;
}
