import { usdValue } from '../../../shared/insights/pricing';
import type { PerformanceOverview, PerformanceRow, PricePoint, UsdFigure, VaultPerformanceView } from '../../../shared/insights/schemas';
import type { ResourceItem } from '../../../shared/service';
import type { ServiceClient } from '../service-client';
import { latestPrices, priceHistory } from './prices';
import { tokenRef, type ReferenceIndex } from './views';

/**
 * Performance figures: the service's overview (latest record per vault) as a comparison across the
 * public vaults, and one vault's records over time. USD values the service leaves out are priced
 * from the latest token block of the token, and marked as priced by the console.
 */

/** The service's USD figure, or the token amount priced at the token's latest price, or null. */
export function usdFigure(
  givenUsd: string | undefined,
  tokenAmount: string | undefined,
  token: { decimals: number } | null,
  price: PricePoint | undefined,
): UsdFigure | null {
  if (givenUsd !== undefined) return { usd: givenUsd, priced: false };
  if (tokenAmount === undefined || !token || !price) return null;
  return { usd: usdValue(tokenAmount, token.decimals, price.usd), priced: true };
}

type OverviewLine = ResourceItem<'vaultsPerformanceOverview'>;

export async function performanceOverview(client: ServiceClient, index: ReferenceIndex): Promise<PerformanceOverview> {
  const lines = await client.listAll('vaultsPerformanceOverview');
  const byVault = new Map<string, OverviewLine>(lines.map((l) => [l.vaultId, l]));
  const shown = index.publicVaults.filter((v) => byVault.has(v._id));
  // Only the tokens whose USD figures are missing are priced.
  const needPrice = shown.filter((v) => {
    const l = byVault.get(v._id)!;
    return (l.TVL?.token !== undefined && l.TVL.USD === undefined) || (l.earnings?.token !== undefined && l.earnings.USD === undefined);
  });
  const prices = await latestPrices(client, needPrice.map((v) => v.tokenId));

  const rows: PerformanceRow[] = shown.map((vault) => {
    const line = byVault.get(vault._id)!;
    const token = tokenRef(index.token(vault.tokenId));
    const price = prices.get(vault.tokenId);
    return {
      vault: index.ref(vault),
      realizedAPY: line.realizedAPY ?? null,
      holders: line.holders ?? null,
      ageDays: line.age ?? null,
      tvl: line.TVL ? { token: line.TVL.token ?? null, usd: usdFigure(line.TVL.USD, line.TVL.token, token, price) } : null,
      earnings: line.earnings
        ? { token: line.earnings.token ?? null, usd: usdFigure(line.earnings.USD, line.earnings.token, token, price), percentage: line.earnings.percentage ?? null }
        : null,
      asOf: line.block?.timestamp ?? null,
    };
  });
  rows.sort((a, b) => (b.realizedAPY ?? -Infinity) - (a.realizedAPY ?? -Infinity) || a.vault.name.localeCompare(b.vault.name));
  return { rows, withoutRecord: index.publicVaults.length - shown.length, fetchedAtMs: Date.now() };
}

/** How many records of a vault the page charts (the most recent ones). */
const HISTORY_RECORDS = 200;

export async function vaultPerformance(client: ServiceClient, index: ReferenceIndex, vault: ResourceItem<'vaults'>): Promise<VaultPerformanceView> {
  const [records, prices] = await Promise.all([
    client.listVaultPerformances({ filter: { vaultId: vault._id }, sort: '-block.number', limit: HISTORY_RECORDS }),
    priceHistory(client, vault.tokenId),
  ]);
  const token = tokenRef(index.token(vault.tokenId));
  const latest = records.data[0];
  const rewardTokens = (latest?.accruedRewards ?? []).filter((r) => r.amountUSD === undefined && r.tokenId).map((r) => r.tokenId!);
  const rewardPrices = await latestPrices(client, rewardTokens);
  const underlyingPrice = prices.at(-1);

  return {
    vaultId: vault._id,
    token,
    latest: latest
      ? {
          realizedAPY: latest.realizedAPY,
          holders: latest.holders,
          ageDays: latest.age,
          asOf: latest.block?.timestamp ?? null,
          earnings: latest.earnings
            ? {
                token: latest.earnings.token ?? null,
                usd: usdFigure(latest.earnings.USD, latest.earnings.token, token, underlyingPrice),
                percentage: latest.earnings.percentage ?? null,
              }
            : null,
          accruedRewards: (latest.accruedRewards ?? []).map((r) => {
            const rewardToken = tokenRef(index.token(r.tokenId));
            return {
              token: rewardToken,
              amount: r.amount ?? null,
              usd: usdFigure(r.amountUSD, r.amount, rewardToken, r.tokenId ? rewardPrices.get(r.tokenId) : undefined),
              apr: r.APR ?? null,
              percentage: r.percentage ?? null,
            };
          }),
        }
      : null,
    history: records.data
      .filter((r) => r.block !== undefined)
      .map((r) => ({ at: r.block!.timestamp, realizedAPY: r.realizedAPY, holders: r.holders }))
      .reverse(),
    prices,
    fetchedAtMs: Date.now(),
  };
}
