import type { Prng } from '../prng';
import type { SimStore } from '../store';
import { SYSTEM_ACTOR, type CatalogContext } from './catalog-seeds';
import { DAY_MS, iso } from './time';

/**
 * Two points campaigns: one finished season and the running one, each over the open vaults, in the
 * protocol's model: the vaults are the rules' `vaultIds` (a base rule of points per dollar per day
 * over every vault, and one multiplier rule per multiplier over the vaults it applies to), the
 * campaign has no vault list of its own, and each vault names its campaigns in `campaigns[{_id,
 * isActive}]`.
 */
export function generateCampaigns(store: SimStore, rng: Prng, catalog: CatalogContext, now: number): void {
  const seasons = [
    { code: 'SEASON_1', en: 'Season 1 points', startMs: now - 200 * DAY_MS, endMs: now - 80 * DAY_MS },
    { code: 'SEASON_2', en: 'Season 2 points', startMs: now - 79 * DAY_MS, endMs: now + 90 * DAY_MS },
  ];
  const byVault = new Map<string, { _id: string; isActive: boolean }[]>();
  for (const season of seasons) {
    const created = iso(season.startMs - 7 * DAY_MS);
    const multipliers = new Map<number, string[]>();
    for (const vaultId of catalog.campaignVaultIds) {
      const m = rng.pick([1, 1.5, 2]);
      if (m !== 1) multipliers.set(m, [...(multipliers.get(m) ?? []), vaultId]);
    }
    const rule = (code: string, en: string, reward: { type: string; value: number }, vaultIds: string[]) => ({
      code,
      name: { en },
      trigger: 'DEPOSIT',
      deposit: { type: 'BALANCE', value: 1 },
      reward,
      frequency: { value: 1, unit: 'days' },
      vaultIds,
    });
    const _id = rng.objectId();
    store.campaigns.insert({
      _id,
      code: season.code,
      name: { en: season.en, fr: season.en.replace('Season', 'Saison') },
      description: { en: 'Earn points for every dollar deposited per day; some vaults multiply them.' },
      rules: [
        rule('POINTS_PER_DOLLAR', 'Points per dollar per day', { type: 'AMOUNT', value: 0.001 }, catalog.campaignVaultIds),
        ...[...multipliers].map(([m, vaultIds]) => rule(`MULTIPLIER_${m}`, `×${m} points`, { type: 'MULTIPLIER', value: m }, vaultIds)),
      ],
      startDate: iso(season.startMs),
      endDate: iso(season.endMs),
      createdAt: created,
      updatedAt: created,
      createdBy: SYSTEM_ACTOR,
      updatedBy: SYSTEM_ACTOR,
    });
    const isActive = season.startMs <= now && now < season.endMs;
    for (const vaultId of catalog.campaignVaultIds) byVault.set(vaultId, [...(byVault.get(vaultId) ?? []), { _id, isActive }]);
  }
  for (const [vaultId, campaigns] of byVault) {
    const vault = store.vaults.get(vaultId);
    if (vault) store.vaults.upsert({ ...vault, campaigns });
  }
}
