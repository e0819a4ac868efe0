/**
 * A vault call the Ledger clear-signs from its descriptor shows the call's intent and fields and
 * no sender: the review shows the plan's screens as they are, with no "From" slipped in after
 * "Review transaction to …" (the generic parser's review has none).
 */
import { expect, it } from 'vitest';
import { screensForDevice } from '../../../renderer/src/device/predict-review';
import { transactionReview } from '../signing/review-fixture';

const screens = [
  { title: 'Review transaction to Deposit' },
  { title: 'Interaction with', value: 'Pareto' },
  { title: 'Amount', value: '250.5 USDC' },
  { title: 'Network', value: 'Demo chain 31337' },
  { title: 'Max fees', value: '0.00012 ETH' },
  { title: 'Sign transaction to Deposit' },
  { title: 'Reject transaction' },
];

const review = transactionReview({ deviceScreens: screens });

it('keeps a clear-signed review as planned, with no sender added', () => {
  expect(screensForDevice(review, '0xCbA98362e199c41E1864D0923AF9646d3A648451', { appVersion: '1.22.0', model: 'nanoX' } as never)).toEqual(screens);
});
