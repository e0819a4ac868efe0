import type { PublicClient } from 'viem';
import { AppError } from '../../../shared/errors';
import type { PortfolioVault } from '../../../shared/portfolio/schemas';
import type { PortfolioService } from '../../services/portfolio/portfolio';
import { TrustedPlannerStore } from '../../services/bundles/trusted-planners';
import { differences, identityOf, RegistryTransfer, type ListedVault, type VaultRegistry } from '../../services/registry';
import type { DeviceHost } from '../device-host';
import { feature, type Feature } from '../feature';

interface RegistryFeatureDeps {
  /** The registry of the current mode's data folder (the signing pipeline's). */
  registry: () => VaultRegistry;
  portfolio: PortfolioService;
  chain: (chainId: number) => Promise<PublicClient>;
  /** An offline-review install takes its registry from the online install's export. */
  offline: () => boolean;
  /**
   * The vaults the service lists now (null: it could not be read): a pinned vault missing from it is
   * frozen as unlisted. Not asked offline.
   */
  listing: () => Promise<ListedVault[] | null>;
  /** The Ledger: its planner account signs the exported registry. */
  device: () => Promise<DeviceHost>;
}

/**
 * The pinned vault registry as the console shows it: a vault's pinned set beside what the service
 * names now and what the chain says (and any vault of the registry it is taken for), the operator's
 * explicit pin (which alone unfreezes a frozen vault) and forget, the export of the registry signed
 * by the planner's Ledger, and (offline) its import, verified against the planners this install trusts.
 */
export function createRegistryFeature(deps: RegistryFeatureDeps): Feature {
  /**
   * What the service lists now, for this registry; a failure to read it marks nothing, and neither
   * does a listing read while the console changed mode (it is another registry's service).
   */
  async function listingFor(registry: VaultRegistry): Promise<ListedVault[] | null> {
    if (deps.offline()) return null;
    const ids = await deps.listing().catch(() => null);
    return deps.registry() === registry ? ids : null;
  }

  // One transfer per registry (per mode): it keeps the draft shown before the planner's Ledger signs it.
  const transfers = new WeakMap<VaultRegistry, RegistryTransfer>();
  const transfer = (): RegistryTransfer => {
    const registry = deps.registry();
    let t = transfers.get(registry);
    if (!t) transfers.set(registry, (t = new RegistryTransfer(registry)));
    return t;
  };
  async function vaultOf(vaultId: string): Promise<PortfolioVault> {
    const vault = (await deps.portfolio.load([], null)).vaults.find((v) => v.id === vaultId);
    if (!vault) {
      throw new AppError({
        code: 'REGISTRY_VAULT_UNKNOWN',
        message: 'The service does not list this vault now.',
        action: 'Refresh the portfolio and try again.',
      });
    }
    return vault;
  }

  /** The operator's RPC for the vault's chain, checked to answer for that chain. */
  async function chainOf(vault: PortfolioVault): Promise<PublicClient> {
    const client = await deps.chain(vault.chain.chainId);
    const answered = await client.getChainId();
    if (answered !== vault.chain.chainId) {
      throw new AppError({
        code: 'REGISTRY_WRONG_CHAIN',
        message: `The RPC for ${vault.chain.name} answers for chain ${answered}, not ${vault.chain.chainId}.`,
        action: 'Correct the RPC addresses of this chain in Settings → Chains.',
      });
    }
    return client;
  }

  return feature({
    registry: {
      async list() {
        const registry = deps.registry();
        await registry.observeListing(await listingFor(registry));
        return registry.list();
      },
      async review({ vaultId }) {
        const registry = deps.registry();
        const vault = await vaultOf(vaultId);
        // Why the chain could not be read (no RPC, an RPC answering for another chain, no answer) is the review's to say.
        let unreadable: string | null = null;
        const client = await chainOf(vault).catch((err: unknown) => {
          unreadable = err instanceof Error ? err.message : String(err);
          return null;
        });
        return registry.review(identityOf(vault), client, vault.chain.explorerUrl, await listingFor(registry), unreadable);
      },
      async pin({ vaultId, expected }) {
        const vault = await vaultOf(vaultId);
        const identity = identityOf(vault);
        // What was reviewed is what is pinned: a service that changed its answer since asks for a new review.
        if (differences(expected, identity.proposed).length > 0) {
          throw new AppError({
            code: 'REGISTRY_SET_CHANGED',
            message: `The service names other contracts for ${vault.name} than the ones you reviewed.`,
            action: 'Review the vault again before pinning.',
          });
        }
        return deps.registry().pin(identity, await chainOf(vault), 'the operator, in the console');
      },
      forget: ({ vaultId }) => deps.registry().forget(vaultId),
      /** What the planner's Ledger will sign for the registry file (shown before it asks). */
      prepareExport: () => transfer().prepareExport(),
      /** The prepared registry file, signed by the planner's Ledger (EIP-712 at PLANNER_PATH). */
      export: () => transfer().export(async (path, hashes) => (await deps.device()).service.signTypedDataHash(path, hashes)),
      held: () => transfer().held(),
      async import({ content, fileName }) {
        if (!deps.offline()) {
          throw new AppError({
            code: 'REGISTRY_IMPORT_OFFLINE_ONLY',
            message: 'This install is online: it pins vaults itself, after reading their contracts on chain. A registry file is imported only by an offline-review install.',
            action: 'Review and pin the vault here (Vaults, or the refusal of a plan).',
          });
        }
        // Taken only when signed by a planner this install trusts (its list read fail-closed).
        const trusted = await new TrustedPlannerStore(deps.registry().dataDir).trusted();
        return transfer().import(content, fileName ?? null, trusted);
      },
    },
  });
}
