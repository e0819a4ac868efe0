import type { BundleSource, BundleSummary } from '../../../shared/bundles/schemas';
import type { BatchOrigin } from '../../../shared/signing/schemas';
import { ACTION_TITLE } from '../signing';

/** "4 transactions, 2 agreements", as a bundle's contents are said everywhere. */
export function bundleContents(summary: Pick<BundleSummary, 'transactions' | 'messages'>): string {
  const parts = [
    summary.transactions ? `${summary.transactions} transaction${summary.transactions === 1 ? '' : 's'}` : null,
    summary.messages ? `${summary.messages} agreement${summary.messages === 1 ? '' : 's'}` : null,
  ].filter(Boolean);
  return parts.join(', ') || 'nothing to sign';
}

/** "Deposits in Alpha Credit USDC". */
export function bundleTitle(action: string, vaultName: string): string {
  return `${ACTION_TITLE[action] ?? action} in ${vaultName}`;
}

/** Where the plan's figures were read: the service's address, or the seeded simulation. */
export function sourceLabel(source: BundleSource): string {
  if (source.kind === 'service') return source.url;
  return `the demo simulation${source.seed !== null ? ` (seed ${source.seed})` : ''}`;
}

/** What a batch from a bundle is for, in a few words. */
export function originLabel(origin: BatchOrigin): string {
  return origin.kind === 'offline-signing' ? 'signed here, to save as a signed bundle' : 'signed offline, sent from here';
}

/** "Alpha Credit USDC", or across vaults "2 vaults: Alpha Credit USDC, Delta Growth USDC". */
export function vaultsLabel(summary: Pick<BundleSummary, 'vault' | 'vaults'>): string {
  const names = summary.vaults.length > 0 ? summary.vaults.map((v) => v.name) : [summary.vault.name];
  return names.length > 1 ? `${names.length} vaults: ${names.join(', ')}` : names[0]!;
}

/** The chains a bundle's vaults are on, each once. */
export function chainsLabel(summary: Pick<BundleSummary, 'vault' | 'vaults'>): string {
  const ids = summary.vaults.length > 0 ? summary.vaults.map((v) => v.chainId) : [summary.vault.chainId];
  return [...new Set(ids)].join(', ');
}
