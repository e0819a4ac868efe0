import type { Hex } from 'viem';
import type { BundleClearSigning } from '../../../shared/bundles/schemas';
import { needsBlindSigningAck } from '../../../shared/signing/blind-signing';
import type { BatchItem, Plan } from '../../../shared/signing/schemas';
import type { CarrySource } from '../device/ledger-service/carried-call';
import { expectedScreens, toViemTransaction } from '../device/transaction';

/**
 * The certified structures the planner's source (Ledger's service) accepted for an item reviewed
 * in clear, as the bundle carries them (no descriptor: the offline install uses its own); null for
 * anything else.
 */
export function plannedClearSigning(item: BatchItem, source: CarrySource | undefined): BundleClearSigning | null {
  const tx = item.tx;
  if (!source || !tx?.to || !tx.data || tx.data.length < 10 || item.review?.kind !== 'transaction' || item.review.blindSigning) return null;
  const carried = source.carried(tx.chainId, tx.to, tx.data.slice(0, 10).toLowerCase() as Hex);
  return carried ? { info: carried.info, fields: [...carried.fields], certificates: { ...carried.certificates } } : null;
}

/**
 * The plan as an offline install will sign it. A call reviewed in clear from a certified call the
 * planner's source (Ledger's service) accepted keeps its review: the bundle carries that call and
 * the offline install predicts the same screens from its own descriptor. Any other call reviewed in
 * clear here (the demo's are certified by a test key only its emulated Ledger trusts) is signed
 * blind there, by its hash: the bundle's review says so and predicts those screens, which is what
 * the offline install rebuilds from the calldata.
 */
export function reviewedOffline(plan: Plan, carried: (item: BatchItem) => BundleClearSigning | null = () => null): Plan {
  const items = plan.items.map((item) => {
    const review = item.review;
    if (!item.tx || review?.kind !== 'transaction' || review.blindSigning || carried(item)) return item;
    return { ...item, review: { ...review, blindSigning: true, deviceScreens: expectedScreens(toViemTransaction(item.tx)) } };
  });
  return { ...plan, items, needsBlindSigningAck: needsBlindSigningAck(items) };
}
