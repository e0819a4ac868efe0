import { z } from 'zod';
import { ObjectIdSchema } from './primitives';
import type { Campaign } from './schemas';

/**
 * Which vaults a campaign concerns, and which campaigns a vault names, in the protocol's model:
 * a campaign's `rules[].vaultIds` (its `CampaignRule`; a campaign has no vault list of its own)
 * and a vault's `campaigns[{_id, rules?, isActive}]` (its `VaultCampaign`). Read entry by entry:
 * an odd rule or entry is skipped, never the cause of a lost campaign or vault.
 */

const idsOf = (value: unknown): string[] =>
  Array.isArray(value) ? value.filter((id): id is string => ObjectIdSchema.safeParse(id).success) : [];

/**
 * The vaults of a campaign: every rule's `vaultIds`, and, tolerated from older records, a
 * top-level `vaultIds` and a rule's single `vaultId`.
 */
export function campaignVaultIds(campaign: Campaign): string[] {
  const fromRules = (campaign.rules ?? []).flatMap((rule) => {
    if (rule === null || typeof rule !== 'object') return [];
    const { vaultIds, vaultId } = rule as { vaultIds?: unknown; vaultId?: unknown };
    return [...idsOf(vaultIds), ...idsOf([vaultId])];
  });
  return [...new Set([...fromRules, ...idsOf((campaign as { vaultIds?: unknown }).vaultIds)])];
}

const VaultCampaignSchema = z.looseObject({ _id: ObjectIdSchema, isActive: z.boolean().optional() });

/** The campaigns a vault names (`vault.campaigns`), each with whether it is active when said. */
export function vaultCampaigns(vault: { campaigns?: unknown }): { id: string; isActive: boolean | null }[] {
  if (!Array.isArray(vault.campaigns)) return [];
  return vault.campaigns.flatMap((entry) => {
    const read = VaultCampaignSchema.safeParse(entry);
    return read.success ? [{ id: read.data._id, isActive: read.data.isActive ?? null }] : [];
  });
}
