import type { BundleItem, UnsignedBundle } from '../../../shared/bundles/schemas';
import { bundleSnapshots, bundleVaults, itemVaultId } from '../../../shared/bundles/vaults';
import { newBatchItem, type ItemIdentity } from '../../../shared/signing/item';
import type { BatchItem, Plan } from '../../../shared/signing/schemas';
import { needsBlindSigningAck } from '../../../shared/signing/blind-signing';

/**
 * An unsigned bundle, once checked, as a plan of this install: the same items, reviews and drafts,
 * so the offline install reviews it on the same screens and signs it through the same journaled
 * batch. Its origin tells the batch to sign without a network and to send nothing.
 */

/** Ids derived from the bundle's checksum: importing the same file again finds the same batch. */
export function offlinePlanId(checksum: string): string {
  return `plan-offline-${checksum.replace(/^sha256:/, '').slice(0, 20)}`;
}

export function batchIdOfPlan(planId: string): string {
  return planId.replace(/^plan-/, 'batch-');
}

/** Who and where an item of the bundle is, as a batch item names it (in its own vault, across vaults). */
function identity(bundle: UnsignedBundle, id: string, wallet: { address: string; label: string; path: string }, vaultId: string): ItemIdentity {
  const vault = bundleVaults(bundle).find((v) => v.id === vaultId) ?? bundle.vault;
  return {
    id,
    wallet: wallet.address,
    label: wallet.label,
    path: wallet.path,
    chainId: vault.chainId,
    vaultId: vault.id,
    vaultName: vault.name,
    action: bundle.plan.action,
  };
}

/** One bundle item as a batch item waiting for the device. */
export function itemFromBundle(bundle: UnsignedBundle, item: BundleItem, now: string, note: string): BatchItem {
  const who = identity(bundle, item.id, item.wallet, itemVaultId(bundle, item));
  const created = { at: now, note };
  if (item.kind === 'message') return newBatchItem(who, { step: 'agreement', message: { ...item.message }, review: item.review }, created);
  return newBatchItem(who, { step: item.action.kind, dependsOn: item.dependsOn, tx: { ...item.transaction }, review: item.review }, created);
}

export function planFromBundle(bundle: UnsignedBundle, checksum: string, fileName: string | null): Plan {
  const now = new Date().toISOString();
  const note = `from bundle ${fileName ?? checksum}`;
  const items: BatchItem[] = bundle.items.map((item) => itemFromBundle(bundle, item, now, note));
  // The wallets the plan left out, as the online review showed them.
  for (const s of bundle.skipped) {
    const wallet = bundle.wallets.find((w) => w.address.toLowerCase() === s.wallet.toLowerCase());
    // Across vaults a wallet may be skipped in more than one vault: each its own item.
    const id = `skip-${s.vaultId ? `${s.vaultId}-` : ''}${s.wallet.slice(2, 10).toLowerCase()}`;
    const who = identity(bundle, id, { address: s.wallet, label: s.label, path: wallet?.path ?? '' }, s.vaultId ?? bundle.vault.id);
    items.push(newBatchItem(who, { state: 'skipped', reason: s.reason }, { at: now, note: s.reason }));
  }
  return {
    id: offlinePlanId(checksum),
    createdAt: bundle.plan.createdAt,
    selection: {
      vaultId: bundle.vault.id,
      wallets: bundle.wallets.map((w) => ({ ...w })),
      action: bundle.plan.action,
      ...(bundle.plan.amount !== null ? { amount: bundle.plan.amount } : {}),
      approval: bundle.plan.approval,
      ...(bundle.plan.maxFeeGwei !== null ? { maxFeeGwei: bundle.plan.maxFeeGwei } : {}),
      ...(bundle.plan.name ? { name: bundle.plan.name } : {}),
    },
    vault: { ...bundle.vault },
    wallets: planWallets(bundle),
    items,
    needsBlindSigningAck: needsBlindSigningAck(items),
    warnings: [
      ...bundle.plan.warnings,
      `Planned online from the chain as of ${bundle.snapshot.takenAt} (${bundleSnapshots(bundle)
        .map((s) => (bundle.vaults ? `${s.vault.name}: block ${s.block.number} of chain ${s.block.chainId}` : `block ${s.block.number}`))
        .join('; ')}); signed here as drafted, without a network: nonces and fees are not checked again until the signed bundle is sent.`,
    ],
    origin: { kind: 'offline-signing', bundleChecksum: checksum, fileName },
    ...(bundle.vaults ? { vaults: bundle.vaults.map((v) => ({ ...v })) } : {}),
  };
}

/**
 * The plan's wallets as the online review listed them: one vault's, each wallet going ahead or
 * skipped; across vaults, each wallet going ahead somewhere once and each vault that skipped one.
 */
export function planWallets(bundle: UnsignedBundle): Plan['wallets'] {
  if (!bundle.vaults) {
    const skipped = new Map(bundle.skipped.map((s) => [s.wallet.toLowerCase(), s]));
    return bundle.wallets.map((w) => {
      const s = skipped.get(w.address.toLowerCase());
      return { address: w.address, label: w.label, ok: !s, reason: s?.reason ?? null, kycLink: s?.kycLink ?? null };
    });
  }
  const going = new Set(bundle.items.map((i) => i.wallet.address.toLowerCase()));
  return [
    ...bundle.wallets
      .filter((w) => going.has(w.address.toLowerCase()))
      .map((w) => ({ address: w.address, label: w.label, ok: true, reason: null, kycLink: null })),
    ...bundle.skipped.map((s) => ({ address: s.wallet, label: s.label, ok: false, reason: s.reason, kycLink: s.kycLink })),
  ];
}
