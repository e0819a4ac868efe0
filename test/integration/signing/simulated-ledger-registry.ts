/**
 * What Ledger would certify once Vaultdesk's descriptors are in its registry: Vaultdesk's own
 * descriptor for every simulated vault contract, bound to its deployment (for a local CAL server).
 */
import type { Generation } from '../../../shared/abi/generations';
import { deploymentDescriptor } from '../../../electron/services/device/vault-descriptors';
import type { Erc7730Descriptor } from '../../../electron/services/device/calldata-descriptors';
import { afterAll } from 'vitest';
import { LedgerServiceSource } from '../../../electron/services/device/ledger-service/service-source';
import { dappsAnswer, startCalServer } from '../device/cal-server';
import type { SigningWorld } from './world';

/**
 * Ledger's service as a test file's world asks it: a local CAL server certifying the simulated
 * vaults (closed after the file), and the source pointed at it with the test signatures. Its clock
 * moves only with `askAgain`, so that each test asks the service afresh.
 */
export async function simulatedLedgerService(world: () => SigningWorld) {
  const cal = await startCalServer(() => dappsAnswer(certifiedBySimulatedLedger(world())));
  afterAll(() => cal.close());
  let now = 0;
  const ledgerService = new LedgerServiceSource({ config: async () => ({ url: cal.url, signatures: 'test' }), offline: () => false, now: () => now });
  return {
    cal,
    ledgerService,
    askAgain: () => {
      now += 3_600_000;
    },
  };
}

export function certifiedBySimulatedLedger(world: SigningWorld): { chainId: number; address: string; descriptor: Erc7730Descriptor }[] {
  const out: { chainId: number; address: string; descriptor: Erc7730Descriptor }[] = [];
  for (const { deployment } of world.sim.network.chains) {
    for (const vault of deployment.vaults) {
      const bound = (generation: Generation | null, address: string | null) => {
        const descriptor = generation && address ? deploymentDescriptor(generation, { chainId: deployment.chainId, address, underlyingToken: vault.token.address, trancheToken: vault.tranche }) : null;
        if (descriptor && address) out.push({ chainId: deployment.chainId, address, descriptor });
      };
      bound(vault.generations.vault, vault.epochVault);
      bound(vault.generations.depositQueue, vault.depositQueue);
      if (vault.withdrawQueue !== vault.depositQueue) bound(vault.generations.withdrawQueue, vault.withdrawQueue);
    }
  }
  return out;
}
