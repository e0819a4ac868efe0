/**
 * The console's ERC-7730 descriptors for the vault calls, one per contract generation (the JSON
 * under `clear-signing/registry/pareto/`, carried in the bundle), bound to one deployed contract:
 * its chain, address and the tokens its amounts are in. The same composition is what a
 * `calldata-<vault>.json` submitted to Ledger's registry says through `includes`.
 */
import type { Generation } from '../../../shared/abi/generations';
import type { Erc7730Descriptor, Erc7730Format } from './calldata-descriptors';
import depositQueueV2 from '../../../clear-signing/registry/pareto/common-DepositQueueV2.json';
import epochQueue2026 from '../../../clear-signing/registry/pareto/common-EpochQueue2026.json';
import epochQueueV1 from '../../../clear-signing/registry/pareto/common-EpochQueueV1.json';
import epochVault2026 from '../../../clear-signing/registry/pareto/common-EpochVault2026.json';
import epochVaultPrefunded2026 from '../../../clear-signing/registry/pareto/common-EpochVaultPrefunded2026.json';
import epochVaultV1 from '../../../clear-signing/registry/pareto/common-EpochVaultV1.json';
import epochVaultV3 from '../../../clear-signing/registry/pareto/common-EpochVaultV3.json';
import epochVaultV4 from '../../../clear-signing/registry/pareto/common-EpochVaultV4.json';

interface CommonDescriptor {
  metadata: Erc7730Descriptor['metadata'];
  display: { formats: Record<string, Erc7730Format> };
}

/** Every generation the console calls (the strategies have no call the console makes). */
export const VAULT_DESCRIPTORS: Partial<Record<Generation, CommonDescriptor>> = {
  CDO_EPOCH_MAIN_V1: epochVaultV1 as CommonDescriptor,
  CDO_EPOCH_MAIN_V3: epochVaultV3 as CommonDescriptor,
  CDO_EPOCH_MAIN_V4: epochVaultV4 as CommonDescriptor,
  CDO_EPOCH_MAIN_2026: epochVault2026 as CommonDescriptor,
  CDO_EPOCH_PREFUNDED_2026: epochVaultPrefunded2026 as CommonDescriptor,
  CDO_EPOCH_DEPOSIT_QUEUE_V1: epochQueueV1 as CommonDescriptor,
  CDO_EPOCH_DEPOSIT_QUEUE_V2: depositQueueV2 as CommonDescriptor,
  CDO_EPOCH_QUEUE_2026: epochQueue2026 as CommonDescriptor,
};

interface Deployment {
  chainId: number;
  address: string;
  /** The vault's underlying token (deposit amounts). */
  underlyingToken: string;
  /** The tranche token (a queue's withdrawal amounts). */
  trancheToken?: string;
}

/** The generation's descriptor bound to one deployed contract, or null for a generation without one. */
export function deploymentDescriptor(generation: Generation, deployment: Deployment): Erc7730Descriptor | null {
  const common = VAULT_DESCRIPTORS[generation];
  if (!common) return null;
  return {
    context: { contract: { deployments: [{ chainId: deployment.chainId, address: deployment.address }] } },
    metadata: {
      ...common.metadata,
      constants: {
        underlyingToken: deployment.underlyingToken,
        ...(deployment.trancheToken ? { trancheToken: deployment.trancheToken } : {}),
      },
    },
    display: common.display,
  };
}
