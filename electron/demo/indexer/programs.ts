import type { SimStore } from '../service/store';
import { CATEGORY_SEEDS, OPERATOR_SEEDS, operatorLinks, TYPE_SEEDS, vaultIntegrationLinks } from '../service/dataset/catalog-seeds';
import { DAY_MS } from '../service/dataset/time';
import type { IndexedVault } from './local-catalog';
import { objectIdOf } from './ids';

/**
 * What the local vaults share with the rest of the catalog: their operators (the protocol, a
 * borrower, the curator), category and type, an integrations object, and a place in the running
 * campaigns; then, on every refresh, the campaign points their lenders earn from their deposits.
 * Records the generated dataset already holds (by code) are reused, so both halves of the demo
 * name the same operators and campaigns.
 */

const AUDIT_ACTOR = 'local-chain';
const BORROWERS = ['NORTHWIND', 'HARBOR_LANE', 'KESTREL'] as const;
/** Points per dollar deposited per day, and each local vault's multiplier in turn. */
const POINTS_PER_DOLLAR_PER_DAY = 0.001;
const MULTIPLIERS = [1.5, 1, 2] as const;

/**
 * A rule in the protocol's model (`CampaignRule`): the points of a deposit in the vaults it names
 * (`vaultIds`; the campaign has no vault list of its own), here one local vault's multiplier.
 */
interface LocalRule {
  code: string;
  name: { en: string };
  trigger: 'DEPOSIT';
  deposit: { type: 'BALANCE'; value: number };
  reward: { type: 'MULTIPLIER'; value: number };
  frequency: { value: number; unit: 'days' };
  vaultIds: string[];
}

const localRule = (vaultId: string, label: string, multiplier: number): LocalRule => ({
  code: `LOCAL_${label}`,
  name: { en: `${label}: ×${multiplier} points` },
  trigger: 'DEPOSIT',
  deposit: { type: 'BALANCE', value: 1 },
  reward: { type: 'MULTIPLIER', value: multiplier },
  frequency: { value: 1, unit: 'days' },
  vaultIds: [vaultId],
});

/** The vaults a stored rule names, in the protocol's form. */
const ruleVaultIds = (rule: unknown): string[] => {
  const ids = (rule as { vaultIds?: unknown } | null)?.vaultIds;
  return Array.isArray(ids) ? ids.filter((id): id is string => typeof id === 'string') : [];
};

export function registerLocalPrograms(store: SimStore, vaults: readonly IndexedVault[], createdAt: string, nowMs: number): void {
  const audit = { createdAt, updatedAt: createdAt, createdBy: AUDIT_ACTOR, updatedBy: AUDIT_ACTOR };

  const operatorId = (code: string): string => {
    const existing = store.operators.find((o) => o.code === code);
    if (existing) return existing._id;
    const seed = OPERATOR_SEEDS.find((s) => s.code === code)!;
    const _id = objectIdOf('operator', code);
    store.operators.upsert({ _id, name: seed.name, code, type: seed.type, description: { en: seed.en, fr: seed.fr }, links: operatorLinks(code), ...audit });
    return _id;
  };
  const categoryId = (): string => {
    const seed = CATEGORY_SEEDS[0];
    const existing = store.vaultCategories.find((c) => c.code === seed.code);
    if (existing) return existing._id;
    const _id = objectIdOf('category', seed.code);
    store.vaultCategories.upsert({ _id, code: seed.code, name: { en: seed.en, fr: seed.fr }, description: { en: seed.en }, ...audit });
    return _id;
  };
  const typeId = (): string => {
    const seed = TYPE_SEEDS[0];
    const existing = store.vaultTypes.find((t) => t.code === seed.code);
    if (existing) return existing._id;
    const _id = objectIdOf('type', seed.code);
    store.vaultTypes.upsert({ _id, code: seed.code, name: { en: seed.en }, description: { en: seed.en }, ...audit });
    return _id;
  };

  const protocol = operatorId('VAULTLINE');
  const curator = operatorId('MERIDIAN');
  const category = categoryId();
  const type = typeId();
  const rules: LocalRule[] = [];
  vaults.forEach((v, i) => {
    store.vaults.update(v.vaultId, { operatorIds: [protocol, operatorId(BORROWERS[i % BORROWERS.length]!), curator], categoryId: category, typeId: type });
    store.integrations.upsert({
      _id: v.vaultId,
      defillama: { project: 'vaultline', pool: v.vaultId },
      coingecko: { id: null },
      custodian: { name: 'Fireblocks', segregated: true },
      links: vaultIntegrationLinks(`AA_${v.deployment.key}`, v.vaultId),
    });
    rules.push(localRule(v.vaultId, `AA_${v.deployment.key}`, MULTIPLIERS[i % MULTIPLIERS.length]!));
  });

  // The local vaults join every campaign that has not ended; without any, they get one of their own.
  const open = store.campaigns.filter((c) => !c.endDate || Date.parse(c.endDate) > nowMs);
  if (open.length === 0) {
    const start = nowMs - 30 * DAY_MS;
    store.campaigns.upsert({
      _id: objectIdOf('campaign', 'LOCAL_SEASON'),
      code: 'LOCAL_SEASON',
      name: { en: 'Local season points', fr: 'Points de la saison locale' },
      description: { en: 'Earn points for every dollar deposited per day; some vaults multiply them.' },
      rules: [],
      startDate: new Date(start).toISOString(),
      endDate: new Date(start + 120 * DAY_MS).toISOString(),
      ...audit,
    });
    open.push(store.campaigns.get(objectIdOf('campaign', 'LOCAL_SEASON'))!);
  }
  for (const campaign of open) {
    const known = new Set((campaign.rules ?? []).flatMap(ruleVaultIds));
    const added = rules.filter((r) => !known.has(r.vaultIds[0]!));
    if (added.length > 0) store.campaigns.update(campaign._id, { rules: [...(campaign.rules ?? []), ...added] });
  }
  // Each local vault names its campaigns, as the protocol's vault records do (`VaultCampaign`).
  for (const v of vaults) {
    const campaigns = open.map((c) => ({ _id: c._id, isActive: !c.startDate || Date.parse(c.startDate) <= nowMs }));
    store.vaults.update(v.vaultId, { campaigns });
  }
}

const round2 = (x: number) => Math.round(x * 100) / 100;

/**
 * The points of the local lenders: per day, their deposits (USD) times the rule's rate and
 * multiplier in each local vault of the campaign; in all, that rate for each whole day since the
 * campaign started (the demo treats deposits as there from the start). A lender with nothing
 * deposited has no record.
 */
export function updateLocalCampaignPoints(store: SimStore, vaults: readonly IndexedVault[], nowMs: number): void {
  const local = new Set(vaults.map((v) => v.vaultId));
  const lenders = new Set(store.positions.filter((p) => local.has(p.vaultId)).map((p) => p.walletAddress));
  for (const campaign of store.campaigns.values()) {
    const rules = (campaign.rules ?? []).filter(
      (r): r is LocalRule => (r as Partial<LocalRule> | null)?.reward?.type === 'MULTIPLIER' && ruleVaultIds(r).some((id) => local.has(id)),
    );
    if (rules.length === 0) continue;
    const start = campaign.startDate ? Date.parse(campaign.startDate) : nowMs;
    const end = campaign.endDate ? Date.parse(campaign.endDate) : Infinity;
    const running = nowMs >= start && nowMs < end;
    // Points accrue once a day, as the service counts them: whole days since the start.
    const days = Math.max(0, Math.floor((Math.min(nowMs, end) - start) / DAY_MS));
    const earned = new Map<string, { perDay: number; weighted: number }>();
    for (const rule of rules) {
      for (const p of store.positions.filter((x) => local.has(x.vaultId) && rule.vaultIds.includes(x.vaultId))) {
        const usd = Number(BigInt(p.deposits?.USD ?? '0')) / 1e6;
        if (usd <= 0) continue;
        const base = usd * POINTS_PER_DOLLAR_PER_DAY;
        const e = earned.get(p.walletAddress) ?? { perDay: 0, weighted: 0 };
        e.perDay += base * rule.reward.value;
        e.weighted += base;
        earned.set(p.walletAddress, e);
      }
    }
    for (const wallet of lenders) {
      const _id = objectIdOf('points', campaign._id, wallet.toLowerCase());
      const e = earned.get(wallet);
      if (!e) {
        store.campaignPoints.remove(_id);
        continue;
      }
      store.campaignPoints.upsert({
        _id,
        campaignId: campaign._id,
        walletAddress: wallet,
        points: round2(e.perDay * days),
        perDay: running ? round2(e.perDay) : 0,
        multiplier: round2(e.perDay / e.weighted),
      });
    }
  }
}
