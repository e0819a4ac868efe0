import { needsBlindSigningAck } from '../../../shared/signing/blind-signing';
import type { Plan } from '../../../shared/signing/schemas';
import { expectedScreens, toViemTransaction } from '../device/transaction';

/**
 * The plan as an offline install will sign it. A bundle carries no clear-signing descriptors (the
 * demo's are certified by a test key only its emulated Ledger trusts), so a call reviewed in clear
 * here is signed blind there, by its hash: the bundle's review says so and predicts those screens,
 * which is what the offline install rebuilds from the calldata.
 */
export function reviewedOffline(plan: Plan): Plan {
  const items = plan.items.map((item) => {
    const review = item.review;
    if (!item.tx || review?.kind !== 'transaction' || review.blindSigning) return item;
    return { ...item, review: { ...review, blindSigning: true, deviceScreens: expectedScreens(toViemTransaction(item.tx)) } };
  });
  return { ...plan, items, needsBlindSigningAck: needsBlindSigningAck(items) };
}
