import { campaignState } from '../../../shared/insights/points';
import type { CampaignDetail, CampaignRule, CampaignSummary } from '../../../shared/insights/schemas';
import { campaignVaultIds, type ResourceItem } from '../../../shared/service';
import { flatEntries, localized, type ReferenceIndex } from './views';
import { isoToSeconds } from '../../../shared/domain/time';

type Campaign = ResourceItem<'campaigns'>;

export function campaignSummary(campaign: Campaign, index: ReferenceIndex, nowSeconds: number): CampaignSummary {
  const startDate = isoToSeconds(campaign.startDate);
  const endDate = isoToSeconds(campaign.endDate);
  return {
    id: campaign._id,
    code: campaign.code ?? null,
    name: localized(campaign.name) ?? { en: campaign.code ?? campaign._id },
    description: localized(campaign.description),
    startDate,
    endDate,
    state: campaignState(startDate, endDate, nowSeconds),
    vaultCount: campaignVaultIds(campaign).filter((id) => index.vault(id)?.visibility === 'PUBLIC').length,
  };
}

/**
 * One rule in words. The protocol's rule is titled by its `name`; a rule about one public vault
 * names that vault (by its title when the rule has no name), one about a vault that is not public
 * does not name it. Plain-text rules are their own title. The vaults a rule concerns are listed
 * with the campaign's, not as ids here.
 */
function ruleView(rule: unknown, i: number, index: ReferenceIndex, allows: (url: string) => boolean): CampaignRule {
  if (typeof rule === 'string') return { title: rule, vaultId: null, entries: [] };
  const text = localized(rule);
  if (text && typeof rule === 'object' && rule !== null && Object.keys(rule).every((k) => /^[a-z]{2}(-[A-Za-z]{2,4})?$/.test(k))) {
    return { title: text.en ?? `Rule ${i + 1}`, vaultId: null, entries: flatEntries(rule, allows) };
  }
  if (typeof rule === 'object' && rule !== null && !Array.isArray(rule)) {
    const { vaultId: _one, vaultIds: _many, name, ...rest } = rule as Record<string, unknown>;
    const ids = campaignVaultIds({ _id: '', rules: [rule] });
    const vaults = ids.map((id) => index.vault(id));
    const publicVaults = vaults.filter((v) => v?.visibility === 'PUBLIC');
    const only = ids.length === 1 && publicVaults.length === 1 ? publicVaults[0]! : null;
    const named = localized(name);
    const ruleName = named ? (named.en ?? Object.values(named)[0]) : undefined;
    const title = ruleName || (only ? only.name : ids.length === 1 ? 'A vault that is not public' : `Rule ${i + 1}`);
    // A multiplier reads as one: ×1.5.
    const entries = flatEntries(rest, allows).map((e) => (e.key === 'multiplier' && e.kind === 'number' ? { ...e, value: `×${e.value}` } : e));
    return { title, vaultId: only ? only._id : null, entries };
  }
  return { title: `Rule ${i + 1}`, vaultId: null, entries: flatEntries(rule, allows) };
}

export function campaignDetail(campaign: Campaign, index: ReferenceIndex, nowSeconds: number, allows: (url: string) => boolean): CampaignDetail {
  const ids = campaignVaultIds(campaign);
  const vaults = ids.map((id) => index.vault(id)).filter((v) => v?.visibility === 'PUBLIC');
  return {
    ...campaignSummary(campaign, index, nowSeconds),
    rules: (campaign.rules ?? []).map((r, i) => ruleView(r, i, index, allows)),
    vaults: vaults.map((v) => index.ref(v!)).sort((a, b) => a.name.localeCompare(b.name)),
    // Unknown ids count as not shown too: the campaign names them, the console cannot.
    hiddenVaultCount: ids.length - vaults.length,
    fetchedAtMs: index.data.fetchedAtMs,
  };
}
