import { describe, expect, it } from 'vitest';
import { generateDataset } from '../../../electron/demo/service/dataset';
import { registerLocalPrograms, updateLocalCampaignPoints } from '../../../electron/demo/indexer/programs';
import type { IndexedVault } from '../../../electron/demo/indexer';
import { SimStore, positionKey } from '../../../electron/demo/service/store';
import { validateStore } from '../../../electron/demo/service/validate';

const DAY = 86_400_000;
const NOW = Date.UTC(2025, 5, 1);
const LENDER = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8';
const IDLE = '0x3C44CdDdB6a900fa2b585dd299e03d12FA4293BC';

/** Two local vaults as the chain indexer registers them. */
function localVaults(store: SimStore): IndexedVault[] {
  return ['alpha', 'beta'].map((key, i) => {
    const vaultId = `local${key}`.padEnd(24, '0');
    store.vaults.upsert({
      _id: vaultId,
      name: `${key} Credit USDC`,
      address: `0x${String(i + 1).repeat(40)}`,
      tokenId: 'tok',
      chainId: 'chain',
      contractType: 'CDO_EPOCH',
      visibility: 'PUBLIC',
      status: 'READY',
    });
    return { vaultId, chainRecordId: 'chain', tokenId: 'tok', trancheTokenId: 'tr', chainId: 31337, deployment: { key } as never };
  });
}

function deposit(store: SimStore, vaultId: string, wallet: string, usd: number) {
  const USD = String(usd * 1e6);
  store.positions.upsert({ _id: positionKey(vaultId, wallet), vaultId, walletAddress: wallet, deposits: { USD, token: USD } });
}

describe('local vaults in the catalog', () => {
  it('get the protocol, a borrower and the curator as operators, a category, a type and integrations', () => {
    const store = generateDataset({ seed: 1, wallets: 5, now: NOW });
    const vaults = localVaults(store);
    registerLocalPrograms(store, vaults, new Date(NOW).toISOString(), NOW);
    const alpha = store.vaults.get(vaults[0]!.vaultId)!;
    const types = alpha.operatorIds!.map((id) => store.operators.get(id)?.type);
    expect(types).toEqual(['PROTOCOL', 'BORROWER', 'CURATOR']);
    // The generated dataset's records are reused, not copied.
    expect(store.operators.size).toBe(5);
    expect(store.vaultCategories.get(alpha.categoryId!)?.code).toBe('CREDIT');
    expect(store.vaultTypes.get(alpha.typeId!)?.code).toBe('CREDIT_VAULT');
    expect(store.integrations.get(alpha._id)).toMatchObject({ custodian: { name: 'Fireblocks' }, links: { docs: expect.stringContaining('aa_alpha') } });
    expect(validateStore(store)).toEqual([]);
  });

  it('join the campaigns that have not ended, once, and no finished one', () => {
    const store = generateDataset({ seed: 1, wallets: 5, now: NOW });
    const vaults = localVaults(store);
    registerLocalPrograms(store, vaults, new Date(NOW).toISOString(), NOW);
    registerLocalPrograms(store, vaults, new Date(NOW).toISOString(), NOW);
    const [season1, season2] = store.campaigns.all();
    // The protocol's model: the vaults are the rules' `vaultIds`; no campaign has a list of its own.
    const vaultsOf = (c: typeof season1) => (c!.rules as Array<{ vaultIds?: string[] }>).flatMap((r) => r.vaultIds ?? []);
    expect(store.campaigns.all().every((c) => !('vaultIds' in c))).toBe(true);
    expect(vaultsOf(season1)).not.toContain(vaults[0]!.vaultId);
    expect(vaultsOf(season2).filter((id) => id === vaults[0]!.vaultId)).toHaveLength(1);
    const local = (season2!.rules as Array<{ vaultIds: string[]; reward: unknown; trigger: string }>).filter((r) => r.vaultIds.some((id) => id.startsWith('local')));
    expect(local.map((r) => [r.vaultIds, r.reward, r.trigger])).toEqual([
      [[vaults[0]!.vaultId], { type: 'MULTIPLIER', value: 1.5 }, 'DEPOSIT'],
      [[vaults[1]!.vaultId], { type: 'MULTIPLIER', value: 1 }, 'DEPOSIT'],
    ]);
    // Each local vault names the campaigns it is in.
    expect((store.vaults.get(vaults[0]!.vaultId)!.campaigns as Array<{ _id: string }>).map((c) => c._id)).toEqual([season2!._id]);
  });

  it('get a campaign of their own when the store has none', () => {
    const store = new SimStore();
    const vaults = localVaults(store);
    registerLocalPrograms(store, vaults, new Date(NOW).toISOString(), NOW);
    expect(store.campaigns.all().map((c) => [c.code, (c.rules as Array<{ vaultIds: string[] }>).flatMap((r) => r.vaultIds)])).toEqual([
      ['LOCAL_SEASON', vaults.map((v) => v.vaultId)],
    ]);
    expect(store.operators.all().map((o) => o.code).sort()).toEqual(['HARBOR_LANE', 'MERIDIAN', 'NORTHWIND', 'VAULTLINE']);
    expect(validateStore(store)).toEqual([]);
  });
});

describe('local lenders’ campaign points', () => {
  it('earn from their deposits, at each vault’s multiplier, since the campaign started', () => {
    const store = new SimStore();
    const vaults = localVaults(store);
    registerLocalPrograms(store, vaults, new Date(NOW).toISOString(), NOW);
    const campaign = store.campaigns.all()[0]!;
    deposit(store, vaults[0]!.vaultId, LENDER, 10_000); // 10 points a day × 1.5
    deposit(store, vaults[1]!.vaultId, LENDER, 5_000); // 5 points a day × 1
    deposit(store, vaults[1]!.vaultId, IDLE, 0);
    updateLocalCampaignPoints(store, vaults, NOW);
    const points = store.campaignPoints.filter((p) => p.campaignId === campaign._id);
    expect(points).toHaveLength(1);
    // 30 days into the campaign: (15 + 5) × 30.
    expect(points[0]).toMatchObject({ walletAddress: LENDER, perDay: 20, multiplier: 1.33, points: 600 });

    // A lender who withdrew everything loses the record (the service then answers zero).
    deposit(store, vaults[0]!.vaultId, LENDER, 0);
    deposit(store, vaults[1]!.vaultId, LENDER, 0);
    updateLocalCampaignPoints(store, vaults, NOW + DAY);
    expect(store.campaignPoints.filter((p) => p.campaignId === campaign._id)).toEqual([]);
  });
});
