import type { PositionRow, RequestRow } from '../../../shared/portfolio/schemas';

const NO_REQUESTS: readonly RequestRow[] = [];

/**
 * The batch's requests by wallet × vault: those still on their way (pending or processed, by the one
 * classification of shared/portfolio/request-phase.ts), and whether
 * the pair's claims come from requests kept from a source that did not answer. One pass over the
 * requests, by vault and then by wallet, so that no key is built per request (50,000 of them cost
 * the first render some 40 ms as "vault:wallet" strings); each wallet's address is lower-cased once.
 */
export function requestsByPair(requests: readonly RequestRow[]) {
  const pending = new Map<string, Map<string, RequestRow[]>>();
  const staleClaims = new Map<string, Set<string>>();
  const lower = new Map<string, string>();
  for (const r of requests) {
    let wallet = lower.get(r.wallet);
    if (wallet === undefined) lower.set(r.wallet, (wallet = r.wallet.toLowerCase()));
    // Claimed since the service's snapshot: nothing on its way any more.
    if (r.phase === 'claimed') continue;
    if (r.phase === 'claimable') {
      if (!r.stale) continue;
      let wallets = staleClaims.get(r.vaultId);
      if (!wallets) staleClaims.set(r.vaultId, (wallets = new Set()));
      wallets.add(wallet);
      continue;
    }
    let byWallet = pending.get(r.vaultId);
    if (!byWallet) pending.set(r.vaultId, (byWallet = new Map()));
    const list = byWallet.get(wallet);
    if (list) list.push(r);
    else byWallet.set(wallet, [r]);
  }
  return {
    pendingOf: (p: Pick<PositionRow, 'vaultId' | 'wallet'>): readonly RequestRow[] =>
      pending.get(p.vaultId)?.get(p.wallet.toLowerCase()) ?? NO_REQUESTS,
    hasStaleClaims: (p: Pick<PositionRow, 'vaultId' | 'wallet'>): boolean =>
      staleClaims.get(p.vaultId)?.has(p.wallet.toLowerCase()) ?? false,
  };
}
