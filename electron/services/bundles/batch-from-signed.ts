import type { SignedBundle } from '../../../shared/bundles/schemas';
import { JOURNAL_SCHEMA_VERSION, type Batch, type BatchItem } from '../../../shared/signing/schemas';
import { itemFromBundle, offlinePlanId, planWallets } from './plan-from-bundle';

/**
 * A signed bundle, once checked, as a batch of the online install: its signed items ready to be
 * sent through the journal (as a restarted console sends signed bytes), the others left out with
 * the reason the offline install gave.
 */

/** One batch per reviewed bundle: a second signed bundle of the same plan is told apart. */
export function broadcastBatchId(unsignedChecksum: string): string {
  return offlinePlanId(unsignedChecksum).replace(/^plan-offline-/, 'batch-send-');
}

export function batchFromSignedBundle(signed: SignedBundle, checksum: string, fileName: string | null): Batch {
  const now = new Date().toISOString();
  const u = signed.unsigned;
  const note = `signed offline, from bundle ${fileName ?? checksum}`;
  const items: BatchItem[] = u.items.map((reviewed, i) => {
    const entry = signed.items[i]!;
    const item = itemFromBundle(u, reviewed, now, note);
    if (entry.state !== 'signed') {
      const reason = `Not signed on the offline install${entry.note ? `: ${entry.note}` : '.'}`;
      return { ...item, state: 'skipped', reason, history: [...item.history, { at: now, state: 'skipped', note: reason }] };
    }
    const at = entry.signedAt ?? now;
    return {
      ...item,
      state: 'signed',
      signed: entry.transaction ? { ...entry.transaction, at } : null,
      signature: entry.signature,
      history: [...item.history, { at, state: 'signed', note: item.tx ? `nonce ${item.tx.nonce}, signed offline` : 'signed offline' }],
    };
  });
  return {
    schemaVersion: JOURNAL_SCHEMA_VERSION,
    id: broadcastBatchId(u.checksum),
    createdAt: now,
    updatedAt: now,
    status: 'ready',
    pause: null,
    // Nothing is signed on this install: the offline operator acknowledged blind signing there.
    blindSigningAcknowledgedAt: null,
    selection: {
      vaultId: u.vault.id,
      wallets: u.wallets.map((w) => ({ ...w })),
      action: u.plan.action,
      ...(u.plan.amount !== null ? { amount: u.plan.amount } : {}),
      approval: u.plan.approval,
      ...(u.plan.maxFeeGwei !== null ? { maxFeeGwei: u.plan.maxFeeGwei } : {}),
      ...(u.plan.name ? { name: u.plan.name } : {}),
    },
    vault: { ...u.vault },
    wallets: planWallets(u),
    items,
    origin: { kind: 'bundle-broadcast', bundleChecksum: checksum, unsignedChecksum: u.checksum, fileName },
    ...(u.vaults ? { vaults: u.vaults.map((v) => ({ ...v })) } : {}),
  };
}
