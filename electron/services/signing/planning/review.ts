import { formatEther } from 'viem';
import { personalMessageScreens } from '../../../../shared/device/screens';
import { newBatchItem } from '../../../../shared/signing/item';
import { basisOf } from '../../../../shared/signing/basis';
import type { WalletPlan } from '../../../../shared/signing/rules';
import type { BatchItem, PlanVault, PlanWallet, Selection, SelectionWallet } from '../../../../shared/signing/schemas';
import type { ChainFacts } from '../../chain-facts/vault-facts';
import type { Drafted, WalletDrafts } from './wallet-drafts';

/**
 * The review: items in device order (wallet by wallet, each wallet's steps in nonce order), with
 * the wallets left out kept as skipped items and said why. Pure.
 */
export function reviewItems(args: {
  selection: Selection;
  vault: PlanVault;
  kycLink: string | null;
  chain: ChainFacts;
  verdicts: readonly WalletPlan[];
  drafted: readonly WalletDrafts[];
  now: string;
}): { items: BatchItem[]; wallets: PlanWallet[] } {
  const { selection, vault, verdicts, drafted, now } = args;
  const items: BatchItem[] = [];
  const wallets: PlanWallet[] = [];
  let seq = 0;
  const item = (w: SelectionWallet, patch: Partial<BatchItem>): BatchItem => {
    const id = `${String(++seq).padStart(3, '0')}-${w.address.slice(2, 8).toLowerCase()}`;
    const where = { chainId: vault.chainId, vaultId: vault.id, vaultName: vault.name, action: selection.action };
    return newBatchItem({ id, wallet: w.address, label: w.label, path: w.path, ...where }, patch, { at: now, note: patch.reason ?? null });
  };
  const leaveOut = (w: SelectionWallet, reason: string, kycLink: string | null, patch: Partial<BatchItem> = {}) => {
    wallets.push({ address: w.address, label: w.label, ok: false, reason, kycLink });
    items.push(item(w, { state: 'skipped', reason, ...patch }));
  };
  selection.wallets.forEach((w, i) => {
    const verdict = verdicts[i]!;
    const result = drafted[i];
    if (!verdict.ok) {
      const kycLink = verdict.needsKyc ? args.kycLink : null;
      return leaveOut(w, kycLink ? `${verdict.reason} Complete KYC at ${kycLink}.` : verdict.reason, kycLink);
    }
    if (!Array.isArray(result)) return leaveOut(w, `Preflight failed: ${result!.message}`, null, { error: result! });
    // A node refuses a transaction whose gas limit × max fee exceeds the balance.
    const costliest = result.reduce((max, d) => (d.kind === 'tx' && BigInt(d.draft.review.fees.maxFeeWei) > max ? BigInt(d.draft.review.fees.maxFeeWei) : max), 0n);
    const gasBalance = args.chain.wallets.get(w.address.toLowerCase())!.gasBalance;
    if (costliest > gasBalance) {
      return leaveOut(w, `The wallet holds ${formatEther(gasBalance)} ETH; a transaction may cost up to ${formatEther(costliest)} ETH in fees.`, null);
    }
    let previous: BatchItem | null = null;
    const walletFacts = args.chain.wallets.get(w.address.toLowerCase())!;
    const seen = { takenAt: now, block: args.chain.block.number, vault: args.chain.vault, wallet: walletFacts };
    for (const d of result) {
      const created = item(w, { ...itemOf(d, previous), ...(d.kind === 'tx' ? { basis: basisOf(d.step, seen) } : {}) });
      items.push(created);
      if (d.kind === 'tx') previous = created;
    }
    wallets.push({ address: w.address, label: w.label, ok: true, reason: verdict.notes.length ? verdict.notes.join(' ') : null, kycLink: null });
  });
  return { items, wallets };
}

/** A drafted step as an item: a personal_sign with the device's screens, or a transaction with its review. */
function itemOf(d: Drafted, previous: BatchItem | null): Partial<BatchItem> {
  if (d.kind === 'tx') return { step: d.step.step, tx: d.draft.tx, review: d.draft.review, dependsOn: d.afterApprove && previous ? previous.id : null };
  return {
    step: 'agreement',
    message: { signatureId: d.step.signatureId, text: d.step.text },
    review: {
      kind: 'message',
      title: `Sign "${d.step.title}"`,
      signatureId: d.step.signatureId,
      code: d.step.code ?? null,
      text: d.step.text,
      ...(d.step.origin ? { origin: d.step.origin } : {}),
      deviceScreens: personalMessageScreens(new TextEncoder().encode(d.step.text)),
    },
  };
}
