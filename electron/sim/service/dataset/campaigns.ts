import type { Prng } from '../prng';
import type { SimStore } from '../store';
import { SYSTEM_ACTOR, type CatalogContext } from './catalog';
import { DAY_MS, iso } from './time';

/** Two points campaigns: one finished season and the running one, each over the open vaults. */
export function generateCampaigns(store: SimStore, rng: Prng, catalog: CatalogContext, now: number): void {
  const seasons = [
    { code: 'SEASON_1', en: 'Season 1 points', startMs: now - 200 * DAY_MS, endMs: now - 80 * DAY_MS },
    { code: 'SEASON_2', en: 'Season 2 points', startMs: now - 79 * DAY_MS, endMs: now + 90 * DAY_MS },
  ];
  for (const season of seasons) {
    const created = iso(season.startMs - 7 * DAY_MS);
    store.campaigns.insert({
      _id: rng.objectId(),
      code: season.code,
      name: { en: season.en, fr: season.en.replace('Season', 'Saison') },
      description: { en: 'Earn points for every dollar deposited per day; some vaults multiply them.' },
      rules: catalog.campaignVaultIds.map((vaultId) => ({ vaultId, pointsPerDollarPerDay: 0.001, multiplier: rng.pick([1, 1.5, 2]) })),
      vaultIds: catalog.campaignVaultIds,
      startDate: iso(season.startMs),
      endDate: iso(season.endMs),
      createdAt: created,
      updatedAt: created,
      createdBy: SYSTEM_ACTOR,
      updatedBy: SYSTEM_ACTOR,
    });
  }
}
