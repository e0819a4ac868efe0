import { AppError } from '../../../shared/errors';
import type { ExportedFile } from '../../../shared/ipc/schemas';
import { pointsTotals, type WalletPointsLine } from '../../../shared/insights/points';
import type { CampaignPointsView } from '../../../shared/insights/schemas';
import type { ResourceItem } from '../../../shared/service';
import { CampaignPointsCache } from '../../services/insights/campaign-points';
import { campaignDetail, campaignSummary } from '../../services/insights/campaigns';
import { sortCampaigns } from '../../../shared/insights/campaign-order';
import { byOperatorType, operatorDetail, operatorSummary } from '../../services/insights/operators';
import { performanceOverview, vaultPerformance } from '../../services/insights/performance';
import { pointsCsv } from '../../services/insights/points-csv';
import { vaultProfile } from '../../services/insights/profile';
import { ReferenceDataCache } from '../../services/insights/reference-data';
import type { ServiceCatalog } from '../../services/catalog/catalog';
import { indexReference, operatorLinkUrls, type ReferenceIndex } from '../../services/insights/views';
import { keyNeeded, type ServiceClient } from '../../services/service-client';
import type { WalletBook } from '../../services/wallets/wallet-book';
import type { Handlers } from '../handlers';
import { feature, type Feature } from '../feature';
import type { LinkAllowlist } from '../link-allowlist';
import { exportFileName, fileSlug } from '../../../shared/files/export-names';

interface InsightsDeps {
  service: () => Promise<ServiceClient>;
  catalog: ServiceCatalog;
  book: () => WalletBook;
  /** The external opener's allowlist: hosts to add (operators name their own sites) and the check. */
  links: LinkAllowlist;
  now?: () => number;
}

/**
 * Campaigns and points, operators, performance and the vault page's profile: the service's
 * records around the vaults, joined on one cached copy of the reference lists. Points are read per
 * wallet (the service's only form) with bounded concurrency and kept a few minutes.
 */
export function createInsightsFeature(deps: InsightsDeps): Feature {
  const refs = new ReferenceDataCache(deps.catalog);
  const points = new CampaignPointsCache();
  const now = deps.now ?? Date.now;
  const nowSeconds = () => Math.floor(now() / 1000);

  async function reference(force?: boolean): Promise<{ client: ServiceClient; index: ReferenceIndex }> {
    const client = await deps.service();
    const index = indexReference(await refs.get(client, force ? { force: true } : {}));
    // Operators' own sites may be opened like the KYC providers vaults name.
    deps.links.remember(index.data.operators.flatMap(operatorLinkUrls));
    return { client, index };
  }

  async function campaignOf(id: string, force?: boolean) {
    const { client, index } = await reference(force);
    if (client.keyless) throw keyNeeded('GET /v1/campaigns/:id');
    const campaign = index.data.campaigns.find((c) => c._id === id);
    if (!campaign) {
      throw new AppError({
        code: 'CAMPAIGN_NOT_FOUND',
        message: 'The service does not list this campaign (any more).',
        action: 'Go back to Campaigns and refresh the list.',
        details: { campaignId: id },
      });
    }
    return { client, index, campaign };
  }

  async function publicVault(id: string, force?: boolean): Promise<{ client: ServiceClient; index: ReferenceIndex; vault: ResourceItem<'vaults'> }> {
    const { client, index } = await reference(force);
    const vault = index.vault(id);
    if (!vault || vault.visibility !== 'PUBLIC') {
      throw new AppError({
        code: vault ? 'VAULT_NOT_PUBLIC' : 'VAULT_NOT_FOUND',
        message: vault ? 'This vault is not public: the console shows public vaults only.' : 'The service does not list this vault.',
        action: 'Open a vault from the Vaults screen.',
        details: { vaultId: id },
      });
    }
    return { client, index, vault };
  }

  /** The group's wallets with their points, highest first; wallets that could not be read last. */
  async function groupPoints(campaignId: string, groupId: string | null, force?: boolean): Promise<{ lines: WalletPointsLine[]; oldestMs: number | null }> {
    const { client } = await campaignOf(campaignId);
    const wallets = deps.book().wallets(groupId ?? undefined);
    const results = await points.load(client, campaignId, wallets.map((w) => w.address), force ? { force: true } : {});
    let oldestMs: number | null = null;
    const lines: WalletPointsLine[] = wallets.map((w) => {
      const r = results.get(w.address);
      if (!r || !r.ok) return { wallet: w.address, label: w.label, points: null, perDay: null, multiplier: null, error: r?.error ?? 'Not read' };
      oldestMs = oldestMs === null ? r.figures.at : Math.min(oldestMs, r.figures.at);
      return { wallet: w.address, label: w.label, points: r.figures.points, perDay: r.figures.perDay, multiplier: r.figures.multiplier, error: null };
    });
    lines.sort((a, b) => (b.points ?? -1) - (a.points ?? -1) || a.label.localeCompare(b.label) || a.wallet.localeCompare(b.wallet));
    return { lines, oldestMs };
  }

  const campaigns: Handlers['campaigns'] = {
    list: async ({ force }) => {
      const { client, index } = await reference(force);
      // Without a key the service gives no campaigns: say so rather than list none.
      if (client.keyless) throw keyNeeded('GET /v1/campaigns');
      const t = nowSeconds();
      const list = sortCampaigns(index.data.campaigns.map((c) => campaignSummary(c, index, t)), (c) => c.state);
      return { campaigns: list, fetchedAtMs: index.data.fetchedAtMs };
    },
    get: async ({ campaignId, force }) => {
      const { index, campaign } = await campaignOf(campaignId, force);
      return campaignDetail(campaign, index, nowSeconds(), deps.links.allows);
    },
    points: async ({ campaignId, groupId, force }): Promise<CampaignPointsView> => {
      const { lines, oldestMs } = await groupPoints(campaignId, groupId, force);
      return { campaignId, groupId, rows: lines, totals: pointsTotals(lines), oldestMs, fetchedAtMs: now() };
    },
    exportPoints: async ({ campaignId, groupId }): Promise<ExportedFile> => {
      const { campaign } = await campaignOf(campaignId);
      const { lines } = await groupPoints(campaignId, groupId);
      const group = groupId ? (deps.book().snapshot().groups.find((g) => g.id === groupId) ?? null) : null;
      const code = fileSlug(campaign.code ?? 'campaign', 30);
      return { fileName: exportFileName(`points-${code || 'campaign'}`, group?.name ?? null, 'csv', new Date(now())), mimeType: 'text/csv', content: pointsCsv(lines) };
    },
  };

  const operators: Handlers['operators'] = {
    list: async ({ force }) => {
      const { index } = await reference(force);
      return { operators: index.data.operators.map((o) => operatorSummary(o, index)).sort(byOperatorType), fetchedAtMs: index.data.fetchedAtMs };
    },
    get: async ({ operatorId, force }) => {
      const { index } = await reference(force);
      const operator = index.operator(operatorId);
      if (!operator) {
        throw new AppError({
          code: 'OPERATOR_NOT_FOUND',
          message: 'The service does not list this operator.',
          action: 'Go back to Operators and refresh the list.',
          details: { operatorId },
        });
      }
      return operatorDetail(operator, index, deps.links.allows);
    },
  };

  const performance: Handlers['performance'] = {
    overview: async ({ force }) => {
      const { client, index } = await reference(force);
      return performanceOverview(client, index);
    },
    vault: async ({ vaultId, force }) => {
      const { client, index, vault } = await publicVault(vaultId, force);
      return vaultPerformance(client, index, vault);
    },
  };

  /** The vault page's profile: operators, category and type, campaigns, integrations. */
  const profile: Handlers['vaults']['profile'] = async ({ vaultId, force }) => {
    const { client, index, vault } = await publicVault(vaultId, force);
    return vaultProfile(client, index, vault, deps.links.allows, nowSeconds());
  };

  return feature(
    { campaigns, operators, performance, vaults: { profile } },
    {
      // Nothing read from one source may be shown after switching to another.
      reset: () => {
        refs.reset();
        points.reset();
      },
    },
  );
}
