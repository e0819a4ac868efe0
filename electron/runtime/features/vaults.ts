import type { ServiceCatalog } from '../../services/catalog/catalog';
import { loadEpochHistory, loadVaultList } from '../../services/catalog/vault-views';
import type { ServiceClient } from '../../services/service-client';
import { feature, type Feature } from '../feature';
import type { LinkAllowlist } from '../link-allowlist';

interface VaultsFeatureDeps {
  catalog: ServiceCatalog;
  service: () => Promise<ServiceClient>;
  links: LinkAllowlist;
}

/**
 * The Vaults screen and a vault's epoch history. This feature holds the console's catalog's life
 * cycle: on a mode change the catalog is forgotten, so no reader joins on the other source's records.
 */
export function createVaultsFeature(deps: VaultsFeatureDeps): Feature {
  return feature(
    {
      vaults: {
        list: async () => {
          // The Vaults screen asks on opening and on Refresh, and shows what the service says now:
          // its read refreshes the catalog for every other reader too.
          const { list, linkUrls } = await loadVaultList(deps.catalog, await deps.service(), { force: true });
          deps.links.remember(linkUrls);
          return list;
        },
        epochs: async ({ vaultId }) => loadEpochHistory(await deps.service(), vaultId),
      },
    },
    { reset: () => deps.catalog.invalidate() },
  );
}
