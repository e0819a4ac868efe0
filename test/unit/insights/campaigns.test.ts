import { describe, expect, it } from 'vitest';
import { campaignDetail, campaignSummary } from '../../../electron/services/insights/campaigns';
import { vaultProfile } from '../../../electron/services/insights/profile';
import { indexReference } from '../../../electron/services/insights/views';
import type { ServiceClient } from '../../../electron/services/service-client';
import type { ReferenceData } from '../../../electron/services/insights/reference-data';
import { CampaignSchema, VaultSchema, type ResourceItem } from '../../../shared/service';

/**
 * Campaigns in the protocol's model (its `Campaign`, `CampaignRule` and `VaultCampaign`, and
 * `CampaignMock`/`CampaignRuleMock`): the vaults are the rules' `vaultIds`, there is no top-level
 * `vaultIds`, and a vault names its campaigns in `campaigns[{_id, rules?, isActive}]`.
 */
const id = (n: number) => n.toString(16).padStart(24, '0');
const NOW_S = Date.UTC(2026, 10, 20) / 1000;

const vault = (n: number, extra: Record<string, unknown> = {}) =>
  VaultSchema.parse({
    _id: id(n),
    name: `Vault ${n}`,
    address: `0x${n.toString(16).padStart(40, '0')}`,
    tokenId: id(900),
    chainId: id(901),
    visibility: 'PUBLIC',
    status: 'READY',
    contractType: 'CDO_EPOCH',
    ...extra,
  });

const rule = (vaultIds: string[] | undefined, name: string) => ({
  code: 'RULE_CODE',
  name: { en: name },
  trigger: 'DEPOSIT',
  deposit: { type: 'BALANCE', value: 1 },
  reward: { type: 'MULTIPLIER', value: 2 },
  frequency: { unit: 'days', value: 1 },
  ...(vaultIds ? { vaultIds } : {}),
});

const campaign = CampaignSchema.parse({
  _id: id(50),
  code: 'SEASON_2',
  name: { en: 'Season 2 points' },
  rules: [rule([id(1), id(2)], 'Double points'), rule([id(3)], 'Hidden vault rule'), rule(undefined, 'Everyone'), 42, null],
  startDate: '2026-09-01T00:00:00.000Z',
  endDate: '2027-01-01T00:00:00.000Z',
});
const other = CampaignSchema.parse({ _id: id(51), code: 'OTHER', name: { en: 'Other campaign' }, rules: [] });

function index(campaigns: ResourceItem<'campaigns'>[], vaults: ResourceItem<'vaults'>[]) {
  const data: ReferenceData = { vaults, tokens: [], chains: [], operators: [], categories: [], types: [], campaigns, fetchedAtMs: 0 };
  return indexReference(data);
}

const noIntegrations = { getVaultIntegrations: async () => ({}) } as unknown as ServiceClient;

describe('campaigns from the protocol’s records', () => {
  const vaults = [vault(1), vault(2, { campaigns: [{ _id: id(51), isActive: true }, { odd: true }] }), vault(3, { visibility: 'HIDDEN' })];
  const idx = index([campaign, other], vaults);

  it('counts and lists the public vaults its rules name, and skips odd rules', () => {
    expect(campaignSummary(campaign, idx, NOW_S).vaultCount).toBe(2);
    const detail = campaignDetail(campaign, idx, NOW_S, () => true);
    expect(detail.vaults.map((v) => v.id)).toEqual([id(1), id(2)]);
    expect(detail.hiddenVaultCount).toBe(1);
    expect(detail.rules.map((r) => r.title)).toEqual(['Double points', 'Hidden vault rule', 'Everyone', 'Rule 4', 'Rule 5']);
  });

  it('still reads a top-level vaultIds of an older record', () => {
    const legacy = CampaignSchema.parse({ _id: id(52), code: 'OLD', vaultIds: [id(1)] });
    expect(campaignSummary(legacy, idx, NOW_S).vaultCount).toBe(1);
  });

  it('lists on the vault page the campaigns whose rules name it and those the vault names', async () => {
    const one = await vaultProfile(noIntegrations, idx, vaults[0]!, () => true, NOW_S);
    expect(one.campaigns.map((c) => c.id)).toEqual([id(50)]);
    const two = await vaultProfile(noIntegrations, idx, vaults[1]!, () => true, NOW_S);
    expect(two.campaigns.map((c) => c.id).sort()).toEqual([id(50), id(51)]);
    expect(two.campaigns.find((c) => c.id === id(50))?.state).toBe('running');
  });
});
