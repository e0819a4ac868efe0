/**
 * The demo's vault calls in clear: the console's ERC-7730 descriptors (one per contract
 * generation) bound to each demo vault's deployed contracts, with the token information of the
 * underlying and tranche tokens and a description of each local chain, all signed by the emulated
 * Ledger's TEST keys. Only the emulated Ledger trusts those keys (a real Ledger refuses them), and
 * the runtime hands this source to the demo's pipeline and emulated device only: a real install
 * never carries it and asks Ledger's service instead.
 */
import type { Generation } from '../../shared/abi/generations';
import { certifiedSource, type CalldataDescriptorSource } from '../services/device/clear-signing';
import { describeNetwork, type SignedNetwork } from '../services/device/network-description';
import { encodeDescriptorList, indexDescriptors } from '../services/device/token-descriptors';
import { deploymentDescriptor } from '../services/device/vault-descriptors';
import type { Erc7730Descriptor } from '../services/device/calldata-descriptors';
import type { ProtocolDeployment } from '../demo/chain/deploy';
import { signWithTestCalldataKey, signWithTestNetworkKey, testCalldataCertificate, testNetworkCertificate } from '../demo/ledger/pki';
import { signWithEmulatorKey } from '../demo/ledger/token-info';

/** The descriptors, tokens and chains of the demo's deployments, certified with the emulator's test keys. */
export function demoClearSigning(deployments: readonly ProtocolDeployment[]): CalldataDescriptorSource {
  const descriptors: Erc7730Descriptor[] = [];
  const tokens: Uint8Array[] = [];
  const networks = new Map<number, SignedNetwork>();
  const networkSigner = { certificate: testNetworkCertificate(), sign: signWithTestNetworkKey };
  for (const chain of deployments) {
    networks.set(chain.chainId, describeNetwork({ chainId: chain.chainId, name: `Demo chain ${chain.chainId}`, ticker: 'ETH' }, networkSigner));
    for (const token of Object.values(chain.tokens)) {
      tokens.push(signWithEmulatorKey({ ticker: token.symbol, address: token.address, decimals: token.decimals, chainId: chain.chainId }));
    }
    for (const vault of chain.vaults) {
      // Tranche tokens have 18 decimals, as the contracts mint them.
      tokens.push(signWithEmulatorKey({ ticker: `AA_${vault.key}`.slice(0, 11), address: vault.tranche, decimals: 18, chainId: chain.chainId }));
      const bound = (generation: Generation | null, address: string | null) => {
        if (!generation || !address) return;
        const descriptor = deploymentDescriptor(generation, { chainId: chain.chainId, address, underlyingToken: vault.token.address, trancheToken: vault.tranche });
        if (descriptor) descriptors.push(descriptor);
      };
      bound(vault.generations.vault, vault.epochVault);
      bound(vault.generations.depositQueue, vault.depositQueue);
      if (vault.withdrawQueue !== vault.depositQueue) bound(vault.generations.withdrawQueue, vault.withdrawQueue);
    }
  }
  const certified = certifiedSource(descriptors, { certificate: testCalldataCertificate(), sign: signWithTestCalldataKey });
  return { find: certified.find, tokens: indexDescriptors(encodeDescriptorList(tokens)), network: (chainId) => networks.get(chainId) ?? null };
}
