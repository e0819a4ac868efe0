import { describe, expect, it } from 'vitest';
import { deriveAccounts, FIRST_WALLET_INDEX } from '../../../electron/demo/chain/accounts';
import { deriveAccountsFast } from '../../../electron/demo/scale/accounts';
import { scaleWallets, DERIVED_WALLETS } from '../../../electron/demo/scale/seed';

describe('lender wallets of a large simulated world', () => {
  it('derives the same keys and addresses as the simulation always has, with native curve arithmetic', () => {
    expect(deriveAccountsFast(FIRST_WALLET_INDEX, 8)).toEqual(deriveAccounts(FIRST_WALLET_INDEX, 8));
    expect(deriveAccountsFast(0, 3)).toEqual(deriveAccounts(0, 3));
  });

  it('keeps the mnemonic wallets first and gives the rest distinct addresses', () => {
    const wallets = scaleWallets(DERIVED_WALLETS + 50);
    expect(wallets.slice(0, 4).map((w) => w.address)).toEqual(deriveAccounts(FIRST_WALLET_INDEX, 4).map((a) => a.address));
    expect(wallets.filter((w) => w.derived)).toHaveLength(DERIVED_WALLETS);
    expect(new Set(wallets.map((w) => w.address.toLowerCase())).size).toBe(wallets.length);
    // Every fifth wallet has no credential, as in the transaction-seeded scenario.
    expect(wallets.filter((w) => !w.allowed)).toHaveLength(Math.floor(wallets.length / 5));
  });
});
