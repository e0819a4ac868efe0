/**
 * What Ledger would certify once Vaultdesk's descriptors are in its registry: Vaultdesk's own
 * descriptor for every simulated vault contract, bound to its deployment (for a local CAL server).
 */
import type { Generation } from '../../../shared/abi/generations';
import { deploymentDescriptor } from '../../../electron/services/device/vault-descriptors';
import type { Erc7730Descriptor } from '../../../electron/services/device/calldata-descriptors';
import type { SigningWorld } from './world';

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
