import type { PinnedVault } from '../../../shared/registry/schemas';
import { checkTransactionItem, decodeCall, roleAddress } from '../../../shared/bundles/calls';
import { bundleScreens } from './device-screens';
import { acceptedCall, acceptedSource, CARRIED_CALL_REFUSED } from './carried-calls';
import { bundleError, differs, itemName } from '../../../shared/bundles/errors';
import { hasControlCharacters, plainText } from '../../../shared/bundles/plain-text';
import type { BundleItem, BundleTransactionItem, UnsignedBundle } from '../../../shared/bundles/schemas';
import { itemVaultId } from '../../../shared/bundles/vaults';
import type { TxStep } from '../../../shared/signing/rules';
import type { ContractRole, PlanVault, TransactionReview } from '../../../shared/signing/schemas';
import { buildDraft } from '../signing/drafts';

/**
 * What the offline reviewer reads is written here, not read from the bundle: each transaction's
 * calldata is decoded again and its review (title, contract name, argument texts, amount, fees,
 * the device's screens and hash) is drafted by the planner's own code on the vault pinned in this
 * install's registry. A bundle whose review says anything else is refused, naming the field: its
 * texts could only mislead.
 */

const ROLES: ContractRole[] = ['epochVault', 'queue', 'withdrawQueue', 'tranche', 'underlying', 'strategy'];
const same = (a: string | null | undefined, b: string | null | undefined) => (a ?? '').toLowerCase() === (b ?? '').toLowerCase();
const OWN_READING = "this install's own reading (the calldata and its registry)";

/** The planner's step a checked transaction makes, with its addresses back as the roles they hold. */
function stepOf(item: BundleTransactionItem, vault: PlanVault): TxStep {
  const stated = item.action;
  const decoded = decodeCall(stated.contract.role, item.transaction.data)!;
  const args = decoded.args.map((a) => {
    if (a.type !== 'address') return BigInt(a.value);
    return ROLES.find((r) => same(roleAddress(vault, r), a.value)) ?? a.value;
  });
  const amountToken = stated.amount?.token;
  return {
    kind: 'transaction',
    step: stated.kind,
    contract: stated.contract.role,
    functionName: decoded.functionName,
    args,
    amount:
      stated.amount && (amountToken === 'underlying' || amountToken === 'tranche')
        ? { token: amountToken, value: BigInt(stated.amount.baseUnits) }
        : null,
    spender: stated.spender?.role ?? null,
    requestId: null,
  };
}

/**
 * The review of one transaction as this install writes it; throws when the bundle's says otherwise.
 * A call whose carried clear-signing structures its own descriptor encodes exactly is predicted in
 * clear from that descriptor; one it does not accept is predicted blind, whatever the planner's review said.
 */
function rebuildTransaction(
  item: BundleTransactionItem,
  vault: PlanVault,
  entry: PinnedVault,
  action: UnsignedBundle['plan']['action'],
): TransactionReview {
  checkTransactionItem(item, vault, action, bundleScreens);
  const tx = item.transaction;
  const accepted = acceptedCall(item, vault);
  const calldataDescriptors = accepted ? acceptedSource(accepted, item) : null;
  const draft = buildDraft({
    ...(calldataDescriptors ? { calldataDescriptors } : {}),
    vault,
    step: stepOf(item, vault),
    nonce: tx.nonce,
    fees: { maxFeePerGas: BigInt(tx.maxFeePerGas), maxPriorityFeePerGas: BigInt(tx.maxPriorityFeePerGas) },
    gas: { gas: BigInt(tx.gas), estimated: item.review.fees.gasEstimated },
    pinned: { vaultName: entry.name, pinnedAt: entry.pinnedAt, checkedAtBlock: entry.pinnedAtBlock },
  });
  // The calldata and addresses were checked already; drafting them again must give the same bytes.
  for (const field of ['to', 'data', 'chainId', 'nonce', 'value', 'gas', 'maxFeePerGas', 'maxPriorityFeePerGas'] as const) {
    if (!same(String(draft.tx[field]), String(tx[field])))
      throw differs('BUNDLE_CALLDATA_MISMATCH', item, tx.nonce, field, String(tx[field]), String(draft.tx[field]), OWN_READING);
  }
  const ours = draft.review;
  const theirs = item.review;
  const reviewDiffers = (field: string, stated: string, found: string) =>
    differs(
      'BUNDLE_REVIEW_MISMATCH',
      item,
      tx.nonce,
      `the review's ${field}`,
      JSON.stringify(plainText(stated)),
      JSON.stringify(found),
      OWN_READING,
    );
  if (theirs.title !== ours.title) throw reviewDiffers('title', theirs.title, ours.title);
  if (theirs.contract.name !== ours.contract.name) throw reviewDiffers('contract name', theirs.contract.name, ours.contract.name);
  ours.args.forEach((arg, i) => {
    const shown = theirs.args[i];
    if (!shown || shown.display !== arg.display)
      throw reviewDiffers(`text of argument ${arg.name}`, shown?.display ?? 'nothing', arg.display);
  });
  if ((theirs.amount?.display ?? '') !== (ours.amount?.display ?? ''))
    throw reviewDiffers('amount', theirs.amount?.display ?? 'none', ours.amount?.display ?? 'none');
  if (theirs.signingHash.toLowerCase() !== ours.signingHash.toLowerCase())
    throw reviewDiffers('hash to compare on the device', theirs.signingHash, ours.signingHash);
  // A refused carried call: the planner's clear prediction is not this install's, which signs it blind.
  if (item.clearSigning && !calldataDescriptors) return ours;
  if (JSON.stringify(theirs.deviceScreens) !== JSON.stringify(ours.deviceScreens))
    throw reviewDiffers('device screens', `${theirs.deviceScreens.length} screens`, `${ours.deviceScreens.length} other screens`);
  return ours;
}

/** Every approval is used by the step after it: an approval left alone means a step was removed. */
function checkComplete(bundle: UnsignedBundle): void {
  for (const item of bundle.items) {
    if (item.kind !== 'transaction' || item.action.kind !== 'approve') continue;
    if (!bundle.items.some((other) => other.kind === 'transaction' && other.dependsOn === item.id)) {
      throw bundleError(
        'BUNDLE_TX_DROPPED',
        `${itemName(item, item.transaction.nonce)} approves ${item.action.amount?.units ?? ''} ${item.action.amount?.symbol ?? ''} but no transaction of this wallet uses the approval: the step after it was removed.`,
        { index: item.index },
      );
    }
  }
  const skipped = new Set(bundle.skipped.map((s) => s.wallet.toLowerCase()));
  for (const w of bundle.wallets) {
    if (skipped.has(w.address.toLowerCase())) continue;
    if (!bundle.items.some((i) => same(i.wallet.address, w.address))) {
      throw bundleError(
        'BUNDLE_TX_DROPPED',
        `${plainText(w.label)} ${w.address} is planned (not among the skipped wallets) but has no transaction or agreement in the bundle: its items were removed.`,
        { wallet: w.address },
      );
    }
  }
}

/** A vault of the bundle as this install pins it: its registry entry and the plan's vault built on it. */
interface PinnedPart {
  entry: PinnedVault;
  vault: PlanVault;
}

/**
 * The bundle as this install reviews it: each vault replaced by the pinned one (in the bundle's order), every review rebuilt,
 * every text that stays (agreement texts, the planner's notes) free of control characters.
 */
export function rebuildForReview(bundle: UnsignedBundle, pinned: readonly PinnedPart[]): UnsignedBundle {
  checkComplete(bundle);
  const partOf = (item: BundleItem): PinnedPart => {
    const id = itemVaultId(bundle, item);
    const part = pinned.find((p) => p.vault.id === id);
    if (!part) throw bundleError('BUNDLE_INCONSISTENT', `${itemName(item)} acts on vault ${id}, which is not one of the bundle's vaults.`);
    return part;
  };
  const items: BundleItem[] = bundle.items.map((item) => {
    const { entry, vault } = partOf(item);
    if (item.kind === 'transaction') return { ...item, review: rebuildTransaction(item, vault, entry, bundle.plan.action) };
    // An agreement is signed as its text: a text the screen could not show as it is signed is refused.
    if (hasControlCharacters(item.message.text)) {
      throw differs(
        'BUNDLE_REVIEW_MISMATCH',
        item,
        undefined,
        'the agreement text',
        'text with control characters',
        'nothing a reviewer could read as it is signed',
        OWN_READING,
      );
    }
    const code = item.review.code ? plainText(item.review.code) : null;
    return {
      ...item,
      wallet: { ...item.wallet, label: plainText(item.wallet.label) },
      review: { ...item.review, title: `Sign the lender agreement ${code ?? plainText(item.message.signatureId)} of ${vault.name}`, code },
    };
  });
  return {
    ...bundle,
    vault: pinned[0]!.vault,
    ...(bundle.vaults ? { vaults: pinned.map((p) => p.vault) } : {}),
    items: items.map((i) => ({ ...i, wallet: { ...i.wallet, label: plainText(i.wallet.label) } })) as BundleItem[],
    wallets: bundle.wallets.map((w) => ({ ...w, label: plainText(w.label) })),
    plan: {
      ...bundle.plan,
      warnings: [
        ...bundle.plan.warnings.map((w) => `The planner notes: ${plainText(w)}`),
        // Why an item that came with clear-signing data is signed blind.
        ...items.filter((i) => i.kind === 'transaction' && i.clearSigning && i.review.blindSigning).map((i) => plainText(`${itemName(i)}: ${CARRIED_CALL_REFUSED}`)),
      ],
    },
    // Links cannot be opened offline, and a bundle's link is only its planner's word.
    skipped: bundle.skipped.map((s) => ({ ...s, label: plainText(s.label), reason: plainText(s.reason), kycLink: null })),
  };
}
