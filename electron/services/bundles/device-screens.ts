import { toSerializable, type ScreensOf } from '../../../shared/bundles/transaction';
import { expectedScreens } from '../device/transaction';

/**
 * What the device will show for a bundle's transaction, as the device service will send it: an
 * exact approval of a token on Ledger's signed list is reviewed in clear (the token information
 * goes first), everything else blind with its hash. The planner recorded the same prediction, so
 * a bundle with a clear approval reads back equal.
 */
export const bundleScreens: ScreensOf = (tx) => expectedScreens(toSerializable(tx));
