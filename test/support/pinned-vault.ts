import type { ContractSet, PinnedVault } from '../../shared/registry/schemas';

/** A test address told apart by its number: `0x0000…00n` (n in hex). */
export const numberedAddress = (n: number): `0x${string}` => `0x${n.toString(16).padStart(40, '0')}`;

/**
 * A vault's contract set numbered from `base` (epoch vault, one queue for deposits and
 * withdrawals, tranche, strategy at base + 1 … 4), so that two sets share nothing but the underlying
 * and what `patch` gives them; no keyring unless `patch` names one.
 */
export function contractSetAt(base: number, underlying: string, patch: Partial<ContractSet> = {}): ContractSet {
  return {
    epochVault: numberedAddress(base + 1),
    queue: numberedAddress(base + 2),
    withdrawQueue: numberedAddress(base + 2),
    tranche: numberedAddress(base + 3),
    underlying,
    strategy: numberedAddress(base + 4),
    keyring: null,
    ...patch,
  };
}

/** A vault's tokens by their symbols: the underlying and the strategy's with 6 decimals, the tranche with 18. */
export function vaultTokens(symbols: { underlying?: string; tranche?: string; strategy?: string } = {}): PinnedVault['tokens'] {
  return {
    underlying: { symbol: symbols.underlying ?? 'USDC', decimals: 6 },
    tranche: { symbol: symbols.tranche ?? 'AA', decimals: 18 },
    strategy: { symbol: symbols.strategy ?? 'r', decimals: 6 },
  };
}

/**
 * A vault as the registry holds it: pinned by the operator in the console on 1 November 2026 at
 * block 10, on the local chain, its tokens USDC, an AA tranche and the strategy's `r`, not frozen;
 * `patch` sets what a test is about.
 */
export function pinnedVault(vaultId: string, name: string, contracts: ContractSet, patch: Partial<PinnedVault> = {}): PinnedVault {
  return {
    vaultId,
    name,
    chainId: 31337,
    contracts,
    tokens: vaultTokens(),
    pinnedAt: '2026-11-01T00:00:00.000Z',
    pinnedBy: 'the operator, in the console',
    pinnedAtBlock: '10',
    frozen: null,
    ...patch,
  };
}
