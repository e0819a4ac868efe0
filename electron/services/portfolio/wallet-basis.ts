import type { LensVault } from './lens';
import type { VaultChainState } from './vault-round';

/**
 * What every wallet's figures in a chain's vaults are read against: each vault's lens inputs (its
 * contracts, the queues' current epoch) and its cycle (epoch number, running, defaulted, paused).
 * When it differs from the last read's, the wallets' figures can all have changed with no log
 * naming them (an epoch stop settles every queue request and rate-at-stop redeem at once, and the
 * protocol's contracts emit no event for it): every wallet of the chain is read again.
 */
export function walletBasis(vaults: readonly { id: string; lens: LensVault; state: VaultChainState }[]): string {
  return JSON.stringify(
    vaults.map(({ id, lens, state }) => [
      id,
      lens,
      state.epochNumber,
      state.isEpochRunning,
      state.defaulted,
      state.paused,
      state.generations,
    ]),
  );
}
