import type { Vault } from './schemas';

interface VaultContracts {
  /** The tranche (LP) token the lender holds: the vault's own `address`. */
  tranche: string;
  /** The epoch vault contract, for epoch credit vaults. */
  epochVault?: string;
  depositQueue?: string;
  withdrawQueue?: string;
  strategy?: string;
}

/**
 * Which contract is which for a vault record. The queues are read under `cdoEpoch` (where the
 * real service puts them) and, failing that, at the top level (where the spec documents them).
 */
export function vaultContracts(vault: Vault): VaultContracts {
  const out: VaultContracts = { tranche: vault.address };
  const epochVault = vault.cdoEpoch?.address;
  const depositQueue = vault.cdoEpoch?.depositQueue?.address ?? vault.depositQueue?.address;
  const withdrawQueue = vault.cdoEpoch?.withdrawQueue?.address ?? vault.withdrawQueue?.address;
  if (epochVault) out.epochVault = epochVault;
  if (depositQueue) out.depositQueue = depositQueue;
  if (withdrawQueue) out.withdrawQueue = withdrawQueue;
  if (vault.strategy?.address) out.strategy = vault.strategy.address;
  return out;
}

/** Tranche tokens have 18 decimals on every generation (IdleCDOTranche); the record's symbol names them, "AA" when it does not. */
const TRANCHE_DECIMALS = 18;
export function trancheToken(vault: Pick<Vault, 'symbol'>): { symbol: string; decimals: number } {
  return { symbol: vault.symbol ?? 'AA', decimals: TRANCHE_DECIMALS };
}
