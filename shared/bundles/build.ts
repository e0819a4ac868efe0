import { formatUnits } from 'viem';
import { MAX_UINT256 } from '../signing/rules';
import type { BatchItem, Plan } from '../signing/schemas';
import { bundleChecksum, canonicalFile } from './canonical';
import { STEP_AMOUNT_TOKEN } from './calls';
import type { BundleSimulation } from './simulation';
import { bundleVaults } from './vaults';
import { bundleFileName, fileSlug } from '../files/export-names';
import {
  BUNDLE_VERSION,
  SIGNED_BUNDLE_FORMAT,
  UNSIGNED_BUNDLE_FORMAT,
  type BundleClearSigning,
  type BundleItem,
  type BundleSnapshot,
  type BundleSummary,
  type PlannerSignature,
  type Reviewer,
  type SignedBundle,
  type SignedItem,
  type StatedAction,
  type UnsignedBundle,
} from './schemas';

/**
 * Bundles from a plan and from what the device signed, sealed with their checksum, and the
 * human-readable names of their files.
 */

/** Adds the checksum of the canonical encoding. */
export function seal<T extends { checksum: string }>(bundle: Omit<T, 'checksum'>): T {
  const withoutChecksum = { ...bundle } as Omit<T, 'checksum'> & { checksum?: string };
  delete withoutChecksum.checksum;
  return { ...withoutChecksum, checksum: bundleChecksum(withoutChecksum) } as T;
}

/** The file's text: the canonical layout (see canonical.ts). */
export function bundleText(bundle: UnsignedBundle | SignedBundle): string {
  return canonicalFile(bundle);
}

function statedAction(plan: Plan, item: BatchItem): StatedAction {
  const review = item.review;
  if (!review || review.kind !== 'transaction' || item.step === 'none' || item.step === 'agreement') {
    throw new Error(`item ${item.id} has no transaction review`);
  }
  const kind = item.step;
  const rule = STEP_AMOUNT_TOKEN[kind];
  const token = rule === 'contract' ? (review.contract.role as 'underlying' | 'tranche') : rule;
  return {
    kind,
    vaultId: item.vaultId,
    contract: { role: review.contract.role, address: review.contract.address },
    functionName: review.functionName,
    args: review.args.map((a) => ({ name: a.name, type: a.type, value: a.value })),
    amount: review.amount
      ? {
          token,
          symbol: review.amount.symbol,
          decimals: review.amount.decimals,
          baseUnits: review.amount.baseUnits,
          units: BigInt(review.amount.baseUnits) === MAX_UINT256 ? 'unlimited' : formatUnits(BigInt(review.amount.baseUnits), review.amount.decimals),
        }
      : null,
    spender: review.spender ? { role: review.spender.role, address: review.spender.address } : null,
  };
}

/** An unsigned bundle before its planner signs it: everything the planner signature covers. */
export type UnsignedDraft = Omit<UnsignedBundle, 'planner' | 'checksum'>;

/**
 * The unsigned bundle of a plan, not signed yet: its items to sign in device order, and the snapshot
 * it was made from, and what the planner's simulation of it computed (left out when not given), and
 * per transaction the certified clear-signing structures the planner's source accepted (`clearSigningOf`). Its
 * planner signs `plannerMessage(draft)`; `signedByPlanner` then seals it.
 */
export function draftUnsignedBundle(
  plan: Plan,
  snapshots: BundleSnapshot | readonly BundleSnapshot[],
  createdAt: string,
  simulation?: BundleSimulation,
  clearSigningOf?: (item: BatchItem) => BundleClearSigning | null,
): UnsignedDraft {
  // Across vaults: one snapshot per vault, in the plan's vault order; each item and skipped wallet names its vault.
  const several = plan.vaults && plan.vaults.length > 1 ? plan.vaults : null;
  const perVault = Array.isArray(snapshots) ? [...(snapshots as readonly BundleSnapshot[])] : [snapshots as BundleSnapshot];
  if (perVault.length !== (several?.length ?? 1)) throw new Error(`${perVault.length} snapshots for ${several?.length ?? 1} vaults`);
  const paths = new Map(plan.selection.wallets.map((w) => [w.address.toLowerCase(), w.path]));
  const items: BundleItem[] = plan.items
    .filter((i) => i.step !== 'none')
    .map((item, index): BundleItem => {
      const wallet = { address: item.wallet, label: item.label, path: paths.get(item.wallet.toLowerCase()) ?? item.path };
      if (item.message && item.review?.kind === 'message') {
        return {
          kind: 'message',
          index,
          id: item.id,
          wallet,
          message: { ...item.message },
          review: item.review,
          ...(several ? { vaultId: item.vaultId } : {}),
        };
      }
      const tx = item.tx;
      if (!tx || item.review?.kind !== 'transaction' || tx.type !== 'eip1559' || !tx.to) throw new Error(`item ${item.id} has no EIP-1559 draft`);
      return {
        kind: 'transaction',
        index,
        id: item.id,
        wallet,
        dependsOn: item.dependsOn,
        transaction: {
          type: 'eip1559',
          chainId: tx.chainId,
          to: tx.to,
          data: tx.data ?? '0x',
          value: tx.value ?? '0',
          nonce: tx.nonce,
          gas: tx.gas,
          maxFeePerGas: tx.maxFeePerGas ?? '0',
          maxPriorityFeePerGas: tx.maxPriorityFeePerGas ?? '0',
        },
        action: statedAction(plan, item),
        review: item.review,
        // Written only when there is one, so a blind item's bytes (and an old bundle's plan hash) are what they were.
        ...withClearSigning(clearSigningOf?.(item) ?? null),
      };
    });
  return {
    format: UNSIGNED_BUNDLE_FORMAT,
    version: BUNDLE_VERSION,
    createdAt,
    plan: {
      id: plan.id,
      createdAt: plan.createdAt,
      action: plan.selection.action,
      amount: plan.selection.amount ?? null,
      approval: plan.selection.approval ?? 'exact',
      maxFeeGwei: plan.selection.maxFeeGwei ?? null,
      warnings: plan.warnings,
      ...(plan.selection.name ? { name: plan.selection.name } : {}),
    },
    vault: plan.vault,
    wallets: plan.selection.wallets.map((w) => ({ address: w.address, label: w.label, path: w.path })),
    skipped: several ? skippedPerVault(plan) : plan.wallets.filter((w) => !w.ok).map((w) => ({ wallet: w.address, label: w.label, reason: w.reason ?? 'Skipped.', kycLink: w.kycLink })),
    counts: {
      transactions: items.filter((i) => i.kind === 'transaction').length,
      messages: items.filter((i) => i.kind === 'message').length,
    },
    items,
    snapshot: perVault[0]!,
    ...(several ? { vaults: several, snapshots: perVault } : {}),
    ...(simulation ? { simulation } : {}),
  };
}

function withClearSigning(carried: BundleClearSigning | null): { clearSigning?: BundleClearSigning } {
  return carried ? { clearSigning: carried } : {};
}

/** Across vaults: each wallet a vault left out, with that vault (a wallet skipped in one vault may go ahead in another). */
function skippedPerVault(plan: Plan): UnsignedDraft['skipped'] {
  const kyc = new Map(plan.wallets.filter((w) => !w.ok).map((w) => [w.address.toLowerCase(), w.kycLink]));
  return plan.items
    .filter((i) => i.state === 'skipped' && i.step === 'none')
    .map((i) => ({ wallet: i.wallet, label: i.label, reason: i.reason ?? 'Skipped.', kycLink: kyc.get(i.wallet.toLowerCase()) ?? null, vaultId: i.vaultId }));
}

/** The draft with its planner's signature (of `plannerMessage(draft)`), sealed with its checksum. */
export function signedByPlanner(draft: UnsignedDraft, planner: PlannerSignature): UnsignedBundle {
  return seal<UnsignedBundle>({ ...draft, planner: { address: planner.address, signature: planner.signature } });
}

/** The signed bundle: the unsigned one it answers, per item what the device gave, and who reviewed it. */
export function buildSignedBundle(unsigned: UnsignedBundle, items: SignedItem[], createdAt: string, reviewer: Reviewer): SignedBundle {
  return seal<SignedBundle>({
    format: SIGNED_BUNDLE_FORMAT,
    version: BUNDLE_VERSION,
    createdAt,
    unsignedChecksum: unsigned.checksum,
    unsigned,
    items,
    reviewer: { address: reviewer.address, path: reviewer.path },
  });
}

const vaultSlug = (name: string) => fileSlug(name, 30) || 'vault';

function itemsText(counts: { transactions: number; messages: number }): string {
  const parts = [];
  if (counts.transactions || !counts.messages) parts.push(`${counts.transactions}tx`);
  if (counts.messages) parts.push(`${counts.messages}msg`);
  return parts.join('-');
}

/** The vault part of a file name: the vault, or the first and how many more ("alpha-and-1-more"). */
function vaultsSlug(bundle: UnsignedBundle): string {
  const more = bundleVaults(bundle).length - 1;
  return more > 0 ? `${vaultSlug(bundle.vault.name)}-and-${more}-more` : vaultSlug(bundle.vault.name);
}

/** e.g. vaultdesk-unsigned-20261123-1935-claim-alpha-6tx-1a2b3c4d.json */
export function unsignedFileName(bundle: UnsignedBundle): string {
  return bundleFileName('unsigned', { createdAt: bundle.createdAt, action: bundle.plan.action, vaults: vaultsSlug(bundle), items: itemsText(bundle.counts), checksum: bundle.checksum });
}

/** e.g. vaultdesk-signed-20261123-2010-claim-alpha-6tx-9f8e7d6c.json (its own checksum). */
function signedFileName(bundle: SignedBundle): string {
  const u = bundle.unsigned;
  return bundleFileName('signed', { createdAt: bundle.createdAt, action: u.plan.action, vaults: vaultsSlug(u), items: itemsText(u.counts), checksum: bundle.checksum });
}

/** The facts a screen or a log line shows about a bundle. */
export function summarize(bundle: UnsignedBundle | SignedBundle): BundleSummary {
  const signed = bundle.format === SIGNED_BUNDLE_FORMAT ? (bundle as SignedBundle) : null;
  const u = signed ? signed.unsigned : (bundle as UnsignedBundle);
  return {
    kind: signed ? 'signed' : 'unsigned',
    checksum: bundle.checksum,
    unsignedChecksum: u.checksum,
    createdAt: bundle.createdAt,
    action: u.plan.action,
    vault: { id: u.vault.id, name: u.vault.name, chainId: u.vault.chainId },
    vaults: bundleVaults(u).map((v) => ({ id: v.id, name: v.name, chainId: v.chainId })),
    transactions: u.counts.transactions,
    messages: u.counts.messages,
    signed: signed ? signed.items.filter((i) => i.state === 'signed').length : null,
    wallets: u.wallets.length,
    skippedWallets: u.skipped.length,
    snapshotTakenAt: u.snapshot.takenAt,
    source: u.snapshot.source,
    fileName: signed ? signedFileName(signed) : unsignedFileName(u),
    planner: u.planner.address,
    reviewer: signed ? signed.reviewer.address : null,
  };
}
