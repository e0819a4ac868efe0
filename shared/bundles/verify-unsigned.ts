import { isPlannerPath, PLANNER_PATH } from '../device/paths';
import { personalMessageScreens } from '../device/screens';
import { EXPLORER_BY_CHAIN_ID, hostOf } from '../domain/external-links';
import { checkAgreementText } from '../signing/agreement-text';
import { checkTransactionItem } from './calls';
import type { ScreensOf } from './transaction';
import { checkChecksum, checkLayout, parseEnvelope } from './envelope';
import { bundleError, differs, itemName } from './errors';
import { UnsignedBundleSchema, type BundleItem, type BundleSnapshot, type UnsignedBundle } from './schemas';
import { bundleSnapshots, bundleVaults, checkBundleVaults, itemVault } from './vaults';
import { checkSimulation } from './simulation';

/**
 * Import of an unsigned bundle on the offline install. Everything the operator will sign is read
 * again here, before anything reaches the device: the order and completeness of the items, every
 * transaction's calldata against its stated action, every review against its transaction, and,
 * last, the file's bytes and checksum.
 */

const lower = (s: string) => s.toLowerCase();

/** Items in order, none missing: their positions, the stated counts, and each wallet's nonces. */
function checkSequence(bundle: UnsignedBundle): void {
  const total = bundle.counts.transactions + bundle.counts.messages;
  const positions = bundle.items.map((i) => i.index);
  const missing: number[] = [];
  for (let i = 0; i < total; i++) if (!positions.includes(i)) missing.push(i);
  if (missing.length > 0 || bundle.items.length < total) {
    const first = missing[0] ?? bundle.items.length;
    throw bundleError(
      'BUNDLE_TX_DROPPED',
      `Item ${first + 1} of ${total} is missing from the bundle (it holds ${bundle.items.length}): a transaction or agreement was removed.`,
      { missing: missing.map((m) => m + 1), stated: total, found: bundle.items.length },
    );
  }
  if (bundle.items.length > total || new Set(positions).size !== positions.length) {
    throw bundleError(
      'BUNDLE_INCONSISTENT',
      `The bundle holds ${bundle.items.length} items but states ${total}: an item was added or repeated.`,
      { stated: total, found: bundle.items.length },
    );
  }
  const moved = bundle.items.findIndex((item, i) => item.index !== i);
  if (moved >= 0) {
    throw bundleError(
      'BUNDLE_TX_REORDERED',
      `The items are out of order: position ${moved + 1} holds item ${bundle.items[moved]!.index + 1}. The device must sign them in the order they were planned (each wallet's nonces in turn).`,
      { position: moved + 1, found: bundle.items[moved]!.index + 1 },
    );
  }
  const counted = { transactions: 0, messages: 0 };
  for (const item of bundle.items) counted[item.kind === 'transaction' ? 'transactions' : 'messages']++;
  if (counted.transactions !== bundle.counts.transactions || counted.messages !== bundle.counts.messages) {
    throw bundleError(
      'BUNDLE_INCONSISTENT',
      `The bundle states ${bundle.counts.transactions} transactions and ${bundle.counts.messages} agreements but holds ${counted.transactions} and ${counted.messages}.`,
    );
  }

  // Each wallet's transactions use its nonces one after the other from the one it had at the plan,
  // per chain (across vaults, a wallet's nonces on one chain go on from vault to vault: its first
  // is the lowest any of that chain's snapshots gives).
  const byWallet = new Map<string, Extract<BundleItem, { kind: 'transaction' }>[]>();
  for (const item of bundle.items) {
    if (item.kind !== 'transaction') continue;
    // Keyed by its vault's chain: a transaction stating another chain is refused as such by the item checks.
    const key = `${itemVault(bundle, item).vault.chainId}:${lower(item.wallet.address)}`;
    byWallet.set(key, [...(byWallet.get(key) ?? []), item]);
  }
  const start = new Map<string, number>();
  for (const snapshot of bundleSnapshots(bundle)) {
    for (const w of snapshot.wallets) {
      if (w.nonce === null) continue;
      const key = `${snapshot.block.chainId}:${lower(w.address)}`;
      start.set(key, Math.min(start.get(key) ?? w.nonce, w.nonce));
    }
  }
  for (const [key, items] of byWallet) {
    const first = start.get(key);
    if (first === undefined) {
      throw bundleError('BUNDLE_INCONSISTENT', `${itemName(items[0]!)}: the snapshot has no nonce for this wallet, so its transactions cannot be checked.`);
    }
    const nonces = items.map((i) => i.transaction.nonce);
    const sorted = [...nonces].sort((a, b) => a - b);
    const gap = sorted.findIndex((n, i) => n !== first + i);
    if (gap >= 0) {
      const missing = first + gap;
      const after = items.find((i) => i.transaction.nonce > missing) ?? items[0]!;
      throw bundleError(
        sorted[gap]! < missing ? 'BUNDLE_INCONSISTENT' : 'BUNDLE_TX_DROPPED',
        sorted[gap]! < missing
          ? `${itemName(after, after.transaction.nonce)}: nonce ${sorted[gap]} is used twice by this wallet.`
          : `${itemName(after, after.transaction.nonce)}: nonce ${missing} of this wallet is missing before it (a transaction was removed); without it nothing after it can be mined.`,
        { index: after.index, missing },
      );
    }
    const out = items.findIndex((item, i) => item.transaction.nonce !== first + i);
    if (out >= 0) {
      const item = items[out]!;
      throw bundleError(
        'BUNDLE_TX_REORDERED',
        `${itemName(item, item.transaction.nonce)} comes where nonce ${first + out} of the same wallet was planned: its transactions are out of order.`,
        { index: item.index, nonce: item.transaction.nonce, expected: first + out },
      );
    }
  }
}

/** Wallets, ids, dependencies and the vault agree with each other and with the snapshot. */
function checkConsistency(bundle: UnsignedBundle): void {
  const wallets = new Map(bundle.wallets.map((w) => [lower(w.address), w]));
  const atPlanner = bundle.wallets.find((w) => isPlannerPath(w.path));
  if (atPlanner) {
    throw bundleError(
      'BUNDLE_PLANNER_PATH',
      `The wallet ${atPlanner.label ? `${atPlanner.label} ` : ''}${atPlanner.address} is at ${PLANNER_PATH}, the planner's account, which signs bundles and nothing else: no item of a bundle is signed with it.`,
      { wallet: atPlanner.address, path: atPlanner.path },
    );
  }
  if (wallets.size !== bundle.wallets.length) throw bundleError('BUNDLE_INCONSISTENT', 'A wallet is listed twice in the bundle.');
  checkBundleVaults(bundle);
  const vaultIds = new Set(bundleVaults(bundle).map((v) => v.id));
  const outside = bundle.skipped.find((s) => s.vaultId !== undefined && !vaultIds.has(s.vaultId));
  if (outside) throw bundleError('BUNDLE_INCONSISTENT', `${outside.label || outside.wallet} is skipped in vault ${outside.vaultId}, which is not one of the bundle's vaults.`);
  const ids = new Set<string>();
  const txIds = new Map<string, BundleItem>();
  for (const item of bundle.items) {
    if (ids.has(item.id)) throw bundleError('BUNDLE_INCONSISTENT', `Item id ${item.id} appears twice in the bundle.`);
    ids.add(item.id);
    const listed = wallets.get(lower(item.wallet.address));
    if (!listed) throw bundleError('BUNDLE_INCONSISTENT', `${itemName(item)}: the wallet is not among the bundle's wallets.`);
    if (listed.label !== item.wallet.label) throw differs('BUNDLE_INCONSISTENT', item, undefined, 'the wallet label', item.wallet.label, listed.label, 'the wallet list');
    if (listed.path !== item.wallet.path) throw differs('BUNDLE_INCONSISTENT', item, undefined, 'the Ledger path', item.wallet.path, listed.path, 'the wallet list');
    if (item.kind === 'transaction') {
      if (item.dependsOn !== null) {
        const dep = txIds.get(item.dependsOn);
        if (!dep || lower(dep.wallet.address) !== lower(item.wallet.address)) {
          throw bundleError('BUNDLE_INCONSISTENT', `${itemName(item)} waits for ${item.dependsOn}, which is not an earlier transaction of the same wallet.`);
        }
      }
      txIds.set(item.id, item);
    }
  }
}

function checkMessageItem(item: Extract<BundleItem, { kind: 'message' }>, bundle: UnsignedBundle): void {
  if (bundle.plan.action !== 'agreements') {
    throw bundleError('BUNDLE_INCONSISTENT', `${itemName(item)}: a ${bundle.plan.action} plan holds no agreement to sign.`);
  }
  const { vault, snapshot } = itemVault(bundle, item);
  if (!snapshot.vault.lenderSignatureIds.includes(item.message.signatureId)) {
    throw bundleError(
      'BUNDLE_INCONSISTENT',
      `${itemName(item)}: agreement ${item.message.signatureId} is not one of ${vault.name}'s lender agreements.`,
    );
  }
  // The same check as the planner's before it planned the agreement: a text that could pass for a
  // Vaultdesk message, a sign-in or another site's request is never signed, whoever planned it.
  const verdict = checkAgreementText(item.message.text, agreementHosts(snapshot, vault.chainId));
  if (!verdict.ok) {
    throw bundleError(
      'BUNDLE_AGREEMENT_REFUSED',
      `${itemName(item)}: the agreement ${item.message.signatureId} of ${vault.name} is refused. ${verdict.reason}`,
      { index: item.index, signatureId: item.message.signatureId },
      "Do not sign anything from this file. Ask the service's operator about this agreement text; the planner's install should have refused it too.",
    );
  }
  const r = item.review;
  if (r.text !== item.message.text) throw differs('BUNDLE_REVIEW_MISMATCH', item, undefined, "the review's text", JSON.stringify(r.text.slice(0, 80)), JSON.stringify(item.message.text.slice(0, 80)), 'the message signed');
  if (r.signatureId !== item.message.signatureId) throw differs('BUNDLE_REVIEW_MISMATCH', item, undefined, "the review's agreement", r.signatureId, item.message.signatureId, 'the message signed');
  const screens = personalMessageScreens(new TextEncoder().encode(item.message.text));
  if (JSON.stringify(r.deviceScreens) !== JSON.stringify(screens)) {
    throw differs('BUNDLE_REVIEW_MISMATCH', item, undefined, "the review's device screens", `${r.deviceScreens.length} screens`, `${screens.length} other screens`, 'the message signed');
  }
}

/** The hosts an agreement of a vault may name: the service it was planned from, the vault's KYC site, the chain's explorer. */
function agreementHosts(snapshot: BundleSnapshot, chainId: number): string[] {
  const source = snapshot.source;
  const urls = [source.kind === 'service' ? source.url : null, snapshot.vault.kyc.link, EXPLORER_BY_CHAIN_ID[chainId] ?? null];
  return [...new Set(urls.map((u) => (u ? hostOf(u) : null)).filter((h): h is string => !!h))];
}

/** Order, completeness, consistency, and every item read again. */
function checkItems(bundle: UnsignedBundle, screensOf?: ScreensOf): void {
  checkSequence(bundle);
  checkConsistency(bundle);
  for (const item of bundle.items) {
    if (item.kind === 'transaction') checkTransactionItem(item, itemVault(bundle, item).vault, bundle.plan.action, screensOf);
    else checkMessageItem(item, bundle);
  }
  checkSimulation(bundle);
}

/**
 * The content checks of an unsigned bundle already parsed (the one a signed bundle carries):
 * `raw` is the parsed JSON its checksum is computed over. Returns the checksum.
 */
export function checkUnsignedContent(
  bundle: UnsignedBundle,
  raw: Record<string, unknown>,
  what: string,
  screensOf?: ScreensOf,
): string {
  checkItems(bundle, screensOf);
  return checkChecksum(raw, what);
}

/** Reads and checks the text of an unsigned bundle file. Throws the refusal with its own code. */
export function readUnsignedBundle(text: string, screensOf?: ScreensOf): { bundle: UnsignedBundle; checksum: string } {
  const { raw, bundle } = parseEnvelope(text, 'unsigned', UnsignedBundleSchema);
  checkItems(bundle, screensOf);
  checkLayout(text, raw, 'this bundle');
  return { bundle, checksum: checkChecksum(raw, 'this bundle') };
}
