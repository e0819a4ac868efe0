import type { BatchItem, Plan, PlanWallet } from '../../../../shared/signing/schemas';

/** Per `chainId:wallet` (lower case): the nonce after the last one a plan's transactions use. */
export function nextNonces(plan: Pick<Plan, 'items'>, into: Map<string, number>): Map<string, number> {
  for (const item of plan.items) {
    if (!item.tx || item.state === 'skipped') continue;
    const key = `${item.chainId}:${item.wallet.toLowerCase()}`;
    into.set(key, Math.max(into.get(key) ?? 0, item.tx.nonce + 1));
  }
  return into;
}

/**
 * The plans of one action in several vaults as one plan: one review, one batch, one report. Items
 * are given ids unique across the vaults and put in device order wallet by wallet (all of a
 * wallet's items together, vault after vault in nonce order), so the operator goes through each
 * account once. A wallet skipped in one vault says which. Pure.
 */
export function mergeVaultPlans(parts: readonly Plan[]): Plan {
  const first = parts[0]!;
  if (parts.length === 1) return first;
  const renamed = parts.map((part, k) => {
    const prefix = `${String(k + 1).padStart(2, '0')}v-`;
    return part.items.map((item): BatchItem => ({
      ...item,
      id: prefix + item.id,
      dependsOn: item.dependsOn ? prefix + item.dependsOn : null,
    }));
  });
  const byWallet = new Map<string, BatchItem[]>();
  for (const item of renamed.flat()) {
    const key = item.wallet.toLowerCase();
    byWallet.set(key, [...(byWallet.get(key) ?? []), item]);
  }
  const wallets: PlanWallet[] = [];
  const going = new Set<string>();
  parts.forEach((part) => {
    for (const w of part.wallets) {
      if (!w.ok) wallets.push({ ...w, reason: `${part.vault.name}: ${w.reason ?? 'skipped'}` });
      else if (!going.has(w.address.toLowerCase())) {
        going.add(w.address.toLowerCase());
        wallets.push(w);
      } else if (w.reason) {
        const kept = wallets.find((x) => x.ok && x.address.toLowerCase() === w.address.toLowerCase())!;
        kept.reason = kept.reason ? `${kept.reason} ${w.reason}` : w.reason;
      }
    }
  });
  return {
    ...first,
    selection: {
      ...first.selection,
      requestIds: parts.flatMap((p) => p.selection.requestIds ?? []),
      wallets: uniqueBy(parts.flatMap((p) => p.selection.wallets)),
    },
    wallets,
    items: [...byWallet.values()].flat(),
    needsBlindSigningAck: parts.some((p) => p.needsBlindSigningAck),
    warnings: [...new Set(parts.flatMap((p) => p.warnings))],
    vaults: parts.map((p) => p.vault),
  };
}

function uniqueBy<T extends { address: string }>(list: T[]): T[] {
  const seen = new Set<string>();
  return list.filter((w) => !seen.has(w.address.toLowerCase()) && seen.add(w.address.toLowerCase()));
}
