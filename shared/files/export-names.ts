/**
 * The names of the files the console writes for the operator (exports, reports, bundles, the signed
 * registry): one owner, so the app, the headless commands and the window name a file alike and an
 * operator can sort and recognise them: `vaultdesk-`, what, which batch or vault, when.
 */

/** A name's part from free text (a group, a batch, a vault): lowercase words joined by dashes. */
export function fileSlug(text: string, maxLength = Infinity): string {
  return text
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, maxLength);
}

const utcDay = (at: Date) => at.toISOString().slice(0, 10);

/** `vaultdesk-<what>-<group>-<UTC day>.<format>`: an export of a group's wallets, points or a batch's report. */
export function exportFileName(kind: string, groupName: string | null, format: 'csv' | 'json', now: Date): string {
  return `vaultdesk-${kind}-${fileSlug(groupName ?? 'all', 40) || 'group'}-${utcDay(now)}.${format}`;
}

/** `vaultdesk-transactions-<batch>-<UTC day>.csv` */
export function transactionsFileName(batchName: string, now = new Date()): string {
  return `vaultdesk-transactions-${fileSlug(batchName) || 'all-wallets'}-${utcDay(now)}.csv`;
}

/** `vaultdesk-registry-<UTC day, no dashes>.json`: the vault registry, exported for an offline install. */
export function registryFileName(at: Date): string {
  return `vaultdesk-registry-${utcDay(at).replace(/-/g, '')}.json`;
}

/** `vaultdesk-wallet-import-<UTC date>-<time>.csv`: the report of a wallet CSV import. */
export function walletImportReportFileName(at: Date): string {
  return `vaultdesk-wallet-import-${at.toISOString().slice(0, 19).replace(/[-:]/g, '').replace('T', '-')}.csv`;
}

/**
 * `vaultdesk-<unsigned|signed>-<created, 20261123-1935>-<action>-<vaults>-<items>-<checksum's first 8>.json`:
 * a bundle, named by its own contents (the vaults' and items' parts are the bundle format's).
 */
export function bundleFileName(kind: 'unsigned' | 'signed', parts: { createdAt: string; action: string; vaults: string; items: string; checksum: string }): string {
  // 20261123-1935: sortable, and valid in a file name on every system.
  const stamp = parts.createdAt.slice(0, 16).replace(/-/g, '').replace('T', '-').replace(':', '');
  const short = parts.checksum.replace(/^sha256:/, '').slice(0, 8);
  return `vaultdesk-${kind}-${stamp}-${parts.action}-${parts.vaults}-${parts.items}-${short}.json`;
}
