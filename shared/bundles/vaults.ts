import type { PlanVault } from '../signing/schemas';
import { bundleError, itemName } from './errors';
import type { BundleItem, BundleSnapshot, UnsignedBundle } from './schemas';

/**
 * The vaults of an unsigned bundle: one (`vault`, `snapshot`) or several (`vaults`, `snapshots`,
 * the first of each being `vault` and `snapshot`). Every check that reads a vault reads the vault
 * of the item it checks, so a bundle across vaults is checked part by part as a bundle of one.
 */

type VaultsOf = Pick<UnsignedBundle, 'vault' | 'vaults' | 'snapshot' | 'snapshots'>;

/** Every vault the bundle acts on, in the plan's order. */
export function bundleVaults(bundle: Pick<UnsignedBundle, 'vault' | 'vaults'>): PlanVault[] {
  return bundle.vaults ?? [bundle.vault];
}

/** One snapshot per vault, in the order of `bundleVaults`. */
export function bundleSnapshots(bundle: Pick<UnsignedBundle, 'snapshot' | 'snapshots'>): BundleSnapshot[] {
  return bundle.snapshots ?? [bundle.snapshot];
}

/** The id of the vault an item acts on: a transaction's stated vault, an agreement's (or the bundle's only one). */
export function itemVaultId(bundle: Pick<UnsignedBundle, 'vault'>, item: BundleItem): string {
  return item.kind === 'transaction' ? item.action.vaultId : (item.vaultId ?? bundle.vault.id);
}

/** The vault and snapshot of one item; an item naming a vault the bundle does not hold is refused. */
export function itemVault(bundle: VaultsOf, item: BundleItem): { vault: PlanVault; snapshot: BundleSnapshot } {
  const id = itemVaultId(bundle, item);
  const k = bundleVaults(bundle).findIndex((v) => v.id === id);
  if (k < 0) {
    throw bundleError('BUNDLE_INCONSISTENT', `${itemName(item)} acts on vault ${id}, which is not one of the bundle's vaults.`, {
      index: item.index,
      vaultId: id,
    });
  }
  return { vault: bundleVaults(bundle)[k]!, snapshot: bundleSnapshots(bundle)[k]! };
}

/** The vaults and snapshots agree: as many of each, in the same order, the first being `vault` and `snapshot`, none twice. */
export function checkBundleVaults(bundle: VaultsOf): void {
  if (!bundle.vaults !== !bundle.snapshots) {
    throw bundleError('BUNDLE_INCONSISTENT', 'The bundle lists several vaults without one snapshot each (or snapshots without their vaults).');
  }
  const vaults = bundleVaults(bundle);
  const snapshots = bundleSnapshots(bundle);
  if (vaults.length !== snapshots.length) {
    throw bundleError('BUNDLE_INCONSISTENT', `The bundle lists ${vaults.length} vaults but ${snapshots.length} snapshots: one each is planned.`);
  }
  if (bundle.vaults && JSON.stringify(bundle.vaults[0]) !== JSON.stringify(bundle.vault)) {
    throw bundleError('BUNDLE_INCONSISTENT', `The bundle's first vault (${bundle.vaults[0]!.name}) is not its vault (${bundle.vault.name}).`);
  }
  if (bundle.snapshots && JSON.stringify(bundle.snapshots[0]) !== JSON.stringify(bundle.snapshot)) {
    throw bundleError('BUNDLE_INCONSISTENT', "The bundle's first snapshot is not its snapshot.");
  }
  const ids = vaults.map((v) => v.id);
  const twice = ids.find((id, k) => ids.indexOf(id) !== k);
  if (twice !== undefined) throw bundleError('BUNDLE_INCONSISTENT', `Vault ${twice} is listed twice in the bundle.`);
  vaults.forEach((vault, k) => {
    const snapshot = snapshots[k]!;
    if (snapshot.vault.id !== vault.id || snapshot.vault.chainId !== vault.chainId || snapshot.block.chainId !== vault.chainId) {
      throw bundleError(
        'BUNDLE_WRONG_CHAIN',
        `The snapshot is of ${snapshot.vault.name} on chain ${snapshot.block.chainId}, but the plan is for ${vault.name} on chain ${vault.chainId}.`,
      );
    }
  });
}

/** One vault's part of a bundle: its vault, its snapshot and the items that act on it. */
export interface BundleVaultPart {
  vault: PlanVault;
  snapshot: BundleSnapshot;
  items: BundleItem[];
}

/** The bundle vault by vault, each with its snapshot and its items (in device order). */
export function bundleParts(bundle: VaultsOf & Pick<UnsignedBundle, 'items'>): BundleVaultPart[] {
  const snapshots = bundleSnapshots(bundle);
  return bundleVaults(bundle).map((vault, k) => ({
    vault,
    snapshot: snapshots[k]!,
    items: bundle.items.filter((i) => itemVaultId(bundle, i) === vault.id),
  }));
}
