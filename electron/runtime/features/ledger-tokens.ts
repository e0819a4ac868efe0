import type { LedgerTokenList } from '../../../shared/device/token-list';
import type { CalldataDescriptorSource } from '../../services/device/clear-signing';
import { ledgerTokenList } from '../../services/device/token-descriptors';
import { vaultTokenListings } from '../../services/device/vault-token-listing';
import type { VaultRegistry } from '../../services/registry';
import { feature, type Feature } from '../feature';

interface LedgerTokensFeatureDeps {
  /** The registry of the current mode's data folder: its pinned vaults' tokens are looked up. */
  registry: () => VaultRegistry;
  /** The demo's clear-signing source (undefined outside the demo). */
  demoClearSigning?: () => CalldataDescriptorSource | undefined;
}

/** Settings → Ledger token list: the installed list's version and date, and whether it lists the vaults' tokens. */
export function createLedgerTokensFeature(deps: LedgerTokensFeatureDeps): Feature {
  async function ledgerTokens(): Promise<LedgerTokenList> {
    return { ...ledgerTokenList(), vaultTokens: vaultTokenListings(await deps.registry().list(), deps.demoClearSigning?.()) };
  }
  return feature({ settings: { ledgerTokens } });
}
