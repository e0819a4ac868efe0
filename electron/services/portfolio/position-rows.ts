import type { Claimable, PortfolioVault, PositionRow } from '../../../shared/portfolio/schemas';
import { buildPosition } from './assemble';
import { walletKey, type WalletChainState } from './chain-state';

interface Built {
  price: string | null;
  stale: boolean;
  keys: readonly string[];
  states: (WalletChainState | null)[];
  rows: PositionRow[];
}

/**
 * Each vault's position rows as last built, so that a warm refresh hands back the rows of wallets
 * that did not move as they are: a row is a function of the wallet's chain state, the vault's price,
 * its claims and whether the chain is behind; a warm read keeps an unchanged wallet's state object
 * itself (`changed-since.ts`), so the same object, price and staleness and no claims give the same
 * row. Building 100,000 rows again on every refresh was most of a warm refresh's time.
 */
export class PositionRows {
  private readonly last = new Map<string, Built>();

  forget(): void {
    this.last.clear();
  }

  build(
    vault: PortfolioVault,
    vaultId: string,
    wallets: readonly string[],
    keys: readonly string[],
    states: ReadonlyMap<string, WalletChainState> | undefined,
    claims: ReadonlyMap<string, readonly Claimable[]>,
    stale: boolean,
  ): PositionRow[] {
    const price = vault.price ? BigInt(vault.price) : null;
    const prev = this.last.get(vaultId);
    const same = prev !== undefined && prev.price === vault.price && prev.stale === stale && prev.keys.length === keys.length;
    const rows: PositionRow[] = new Array(wallets.length);
    const kept: (WalletChainState | null)[] = new Array(wallets.length);
    for (let i = 0; i < wallets.length; i++) {
      const key = keys[i]!;
      const state = states?.get(walletKey(vaultId, key)) ?? null;
      kept[i] = state;
      const walletClaims = claims.get(key);
      rows[i] =
        same && state !== null && walletClaims === undefined && prev.states[i] === state && prev.keys[i] === key && prev.rows[i]!.claimable.length === 0
          ? prev.rows[i]!
          : buildPosition(vault, wallets[i]!, state, walletClaims, stale, price);
    }
    this.last.set(vaultId, { price: vault.price, stale, keys, states: kept, rows });
    return rows;
  }
}
