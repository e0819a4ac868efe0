/**
 * Whether Ledger lists the tokens the vaults' approvals are for: each pinned vault's underlying
 * (deposits) and tranche token (withdrawals through a queue), looked up by the vault's chain and
 * the token's pinned address in Ledger's list for that chain.
 */
import type { PinnedVault } from '../../../shared/registry/schemas';
import type { VaultTokenListing } from '../../../shared/device/token-list';
import type { CalldataDescriptorSource } from './clear-signing';
import { ledgerListing } from './token-descriptors';
import { approvalsInClear } from './transaction';

/** `demo`: the demo's clear-signing source, whose test-certified tokens its emulated Ledger shows in clear. */
export function vaultTokenListings(vaults: readonly PinnedVault[], demo?: CalldataDescriptorSource): VaultTokenListing[] {
  return vaults.flatMap((vault) =>
    (['underlying', 'tranche'] as const).map((role) => {
      const address = vault.contracts[role];
      const listing = ledgerListing(vault.chainId, address);
      return {
        vaultId: vault.vaultId,
        vault: vault.name,
        chainId: vault.chainId,
        role,
        symbol: vault.tokens[role].symbol,
        address,
        ticker: listing.listed ? listing.descriptor.ticker : null,
        notListed: listing.listed ? null : listing.reason,
        ...(!listing.listed && demo && approvalsInClear(vault.chainId, address, undefined, { source: demo }) ? { demoInClear: true } : {}),
      };
    }),
  );
}
