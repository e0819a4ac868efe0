import type { VaultProfile } from '../../../shared/insights/schemas';
import { campaignVaultIds, vaultCampaigns, type ResourceItem } from '../../../shared/service';
import type { ServiceClient } from '../service-client';
import { campaignSummary } from './campaigns';
import { flatEntries, localized, type ReferenceIndex } from './views';

/**
 * What the vault page says about a vault beyond its cycle: description, category and type, its
 * operators, the campaigns it is in, and the service's integrations object as readable key/values.
 * The integrations are read on their own: when they fail, the rest of the profile still shows.
 */
export async function vaultProfile(
  client: ServiceClient,
  index: ReferenceIndex,
  vault: ResourceItem<'vaults'>,
  allows: (url: string) => boolean,
  nowSeconds: number,
): Promise<VaultProfile> {
  let integrations: VaultProfile['integrations'] = null;
  let integrationsError: string | null = null;
  try {
    const object = await client.getVaultIntegrations(vault._id);
    integrations = Object.keys(object).length > 0 ? flatEntries(object, allows) : null;
  } catch (err) {
    integrationsError = `${(err as Error).message}. The rest of the page is current; refresh to try again.`;
  }
  const operators = (vault.operatorIds ?? []).flatMap((id) => {
    const op = index.operator(id);
    return op ? [{ id: op._id, name: op.name ?? op.code ?? op._id, type: op.type ?? null }] : [];
  });
  // The campaigns the vault names (`vault.campaigns`) and those whose rules name the vault.
  const named = new Set(vaultCampaigns(vault).map((c) => c.id));
  const campaigns = index.data.campaigns
    .filter((c) => named.has(c._id) || campaignVaultIds(c).includes(vault._id))
    .map((c) => campaignSummary(c, index, nowSeconds))
    .map((summary) => ({ id: summary.id, name: summary.name, state: summary.state }));
  return {
    vault: index.ref(vault),
    visibility: vault.visibility,
    description: localized(vault.description),
    operators,
    integrations,
    integrationsError,
    campaigns,
    fetchedAtMs: Date.now(),
  };
}
