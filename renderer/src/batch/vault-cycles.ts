import { useMemo } from 'react';
import type { VaultCycle } from '../../../shared/portfolio/schemas';
import { usePortfolioStore } from './portfolio-store';

/**
 * Every epoch vault's cycle as the last portfolio read it (the chain's word where it answered, the
 * service's latest block otherwise), by vault id: what the screens that list vaults flag a
 * defaulted or paused one by.
 */
export function useVaultCycles(): ReadonlyMap<string, VaultCycle | null> {
  const vaults = usePortfolioStore((s) => s.data?.vaults);
  return useMemo(() => new Map((vaults ?? []).map((v) => [v.id, v.cycle])), [vaults]);
}
