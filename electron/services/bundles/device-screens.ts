import { toSerializable, type ScreensOf } from '../../../shared/bundles/transaction';
import { expectedScreens } from '../device/transaction';
import { clearReviewOf } from './carried-calls';

/**
 * What the device will show for a bundle's transaction, as the device service will send it: an
 * exact approval of a token on Ledger's signed list is reviewed in clear (the token information
 * goes first), a call whose carried certified structures this install's own descriptor encodes
 * exactly is reviewed in clear (`carried-calls.ts`), everything else blind with its hash. The
 * planner recorded the same prediction, so such a bundle reads back equal.
 */
export const bundleScreens: ScreensOf = Object.assign((tx: Parameters<ScreensOf>[0]) => expectedScreens(toSerializable(tx)), { clearReview: clearReviewOf });
