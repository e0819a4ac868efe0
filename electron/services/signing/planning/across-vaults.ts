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

/** The steps that take the underlying token out of a wallet. */
const SPENDS_UNDERLYING = new Set(['depositAA', 'requestDeposit']);

/** The key under which a wallet's underlying token is counted across vaults of one chain. */
export const underlyingKey = (chainId: number, token: string, wallet: string) =>
  `${chainId}:${token.toLowerCase()}:${wallet.toLowerCase()}`;

/**
 * Per `chainId:token:wallet` (lower case): the underlying a plan's deposits take from each wallet,
 * added to what `into` holds. Two vaults of one token draw on the same balance: the second is
 * planned with what the first leaves. Pure.
 */
export function spentUnderlying(plan: Pick<Plan, 'items' | 'vault'>, into: Map<string, bigint>): Map<string, bigint> {
  for (const item of plan.items) {
    if (item.state === 'skipped' || !SPENDS_UNDERLYING.has(item.step) || item.review?.kind !== 'transaction' || !item.review.amount)
      continue;
    const key = underlyingKey(item.chainId, plan.vault.underlying.address, item.wallet);
    into.set(key, (into.get(key) ?? 0n) + BigInt(item.review.amount.baseUnits));
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
      // What the plan notes about a wallet that goes ahead is said with its vault too.
      const note = w.reason ? `${part.vault.name}: ${w.reason}` : null;
      if (!w.ok) wallets.push({ ...w, reason: `${part.vault.name}: ${w.reason ?? 'skipped'}` });
      else if (!going.has(w.address.toLowerCase())) {
        going.add(w.address.toLowerCase());
        wallets.push({ ...w, reason: note });
      } else if (note) {
        const kept = wallets.find((x) => x.ok && x.address.toLowerCase() === w.address.toLowerCase())!;
        kept.reason = kept.reason ? `${kept.reason} ${note}` : note;
      }
    }
  });
  // A withdrawal across vaults is a redeem where the vault is between epochs and a queue request
  // where it runs: the plan as a whole is a withdrawal, each item keeps its own action.
  const actions = new Set(parts.map((p) => p.selection.action));
  return {
    ...first,
    selection: {
      ...first.selection,
      ...(actions.size > 1 && [...actions].every((a) => a === 'withdraw' || a === 'redeem') ? { action: 'withdraw' as const } : {}),
      requestIds: parts.flatMap((p) => p.selection.requestIds ?? []),
      ...(parts.some((p) => p.selection.walletAmounts) ? { walletAmounts: parts.flatMap((p) => p.selection.walletAmounts ?? []) } : {}),
      ...(parts.some((p) => p.selection.amount !== undefined)
        ? {
            vaultAmounts: parts.map((p) => ({
              vaultId: p.vault.id,
              ...(p.selection.amount !== undefined ? { amount: p.selection.amount } : {}),
            })),
          }
        : {}),
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
