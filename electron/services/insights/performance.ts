import { usdValue } from '../../../shared/insights/pricing';
import type { PerformanceOverview, PerformanceRow, PricePoint, UsdFigure, VaultPerformanceView } from '../../../shared/insights/schemas';
import { MAX_ID_LIST, type ResourceItem } from '../../../shared/service';
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
type PerformanceRecord = ResourceItem<'vaultPerformances'>;

const DAY_S = 86_400;
/** The service writes a vault's age in seconds; the screens show days. */
const ageDays = (seconds: number | undefined): number | null => (seconds === undefined ? null : Math.floor(seconds / DAY_S));


/** The record with the highest block of each vault. */
function latestPerVault(records: readonly PerformanceRecord[], into: Map<string, PerformanceRecord>): void {
  for (const r of records) {
    const held = into.get(r.vaultId);
    if (!held || (r.block?.number ?? 0) > (held.block?.number ?? 0)) into.set(r.vaultId, r);
  }
}

/**
 * One line per public vault. The seed's service lists them at `/v1/vaults/performances`; the
 * protocol's answers an aggregate there instead, and then each vault's latest performance record
 * (ordered here: no order is asked of the service) and its latest block's
 * TVL make the line.
 */
async function overviewLines(client: ServiceClient, vaultIds: readonly string[]): Promise<OverviewLine[]> {
  const answer = await client.getVaultsPerformances();
  if (answer.kind === 'perVault') return answer.lines;
  if (vaultIds.length === 0) return [];
  const latest = new Map<string, PerformanceRecord>();
  // The protocol's query schema (sVaultPerformancesSearchQuery) takes no time window: the vaults'
  // records are read whole, at most MAX_ID_LIST vaults per walk, and the latest picked here.
  const chunks: string[][] = [];
  for (let i = 0; i < vaultIds.length; i += MAX_ID_LIST) chunks.push(vaultIds.slice(i, i + MAX_ID_LIST));
  const [records, blocks] = await Promise.all([
    Promise.all(chunks.map((chunk) => client.listAll('vaultPerformances', { filter: { vaultId: chunk } }))),
    client.listAllVaultLatestBlocks(vaultIds),
  ]);
  for (const page of records) latestPerVault(page, latest);
  const tvl = new Map(blocks.map((b) => [b.vaultId, b.TVL]));
  return [...latest.values()].map((r) => ({
    vaultId: r.vaultId,
    age: r.age,
    holders: r.holders,
    realizedAPY: r.realizedAPY,
    ...(r.earnings ? { earnings: r.earnings } : {}),
    ...(tvl.get(r.vaultId) ? { TVL: tvl.get(r.vaultId)! } : {}),
    ...(r.block ? { block: r.block } : {}),
  }));
}

export async function performanceOverview(client: ServiceClient, index: ReferenceIndex): Promise<PerformanceOverview> {
  const lines = await overviewLines(
    client,
    index.publicVaults.map((v) => v._id),
  );
  const byVault = new Map<string, OverviewLine>(lines.map((l) => [l.vaultId, l]));
  const shown = index.publicVaults.filter((v) => byVault.has(v._id));
  // Only the tokens whose USD figures are missing are priced.
  const needPrice = shown.filter((v) => {
    const l = byVault.get(v._id)!;
    return (l.TVL?.token !== undefined && l.TVL.USD === undefined) || (l.earnings?.token !== undefined && l.earnings.USD === undefined);
  });
  const prices = await latestPrices(
    client,
    needPrice.map((v) => v.tokenId),
  );

  const rows: PerformanceRow[] = shown.map((vault) => {
    const line = byVault.get(vault._id)!;
    const token = tokenRef(index.token(vault.tokenId));
    const price = prices.get(vault.tokenId);
    return {
      vault: index.ref(vault),
      realizedAPY: line.realizedAPY ?? null,
      holders: line.holders ?? null,
      ageDays: ageDays(line.age),
      tvl: line.TVL ? { token: line.TVL.token ?? null, usd: usdFigure(line.TVL.USD, line.TVL.token, token, price) } : null,
      earnings: line.earnings
        ? {
            token: line.earnings.token ?? null,
            usd: usdFigure(line.earnings.USD, line.earnings.token, token, price),
            percentage: line.earnings.percentage ?? null,
          }
        : null,
      asOf: line.block?.timestamp ?? null,
    };
  });
  rows.sort((a, b) => (b.realizedAPY ?? -Infinity) - (a.realizedAPY ?? -Infinity) || a.vault.name.localeCompare(b.vault.name));
  return { rows, withoutRecord: index.publicVaults.length - shown.length, fetchedAtMs: Date.now() };
}

/** How many records of a vault the page charts (the most recent ones). */
const HISTORY_RECORDS = 200;

export async function vaultPerformance(
  client: ServiceClient,
  index: ReferenceIndex,
  vault: ResourceItem<'vaults'>,
): Promise<VaultPerformanceView> {
  const [all, prices] = await Promise.all([
    client.listAll('vaultPerformances', { filter: { vaultId: vault._id } }),
    priceHistory(client, vault.tokenId),
  ]);
  // Newest first, ordered here (no order is asked of the service).
  const records = {
    data: all
      .filter((r) => r.vaultId === vault._id)
      .sort((a, b) => (b.block?.number ?? 0) - (a.block?.number ?? 0))
      .slice(0, HISTORY_RECORDS),
  };
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
          ageDays: ageDays(latest.age) ?? 0,
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
