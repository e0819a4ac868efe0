import pLimit from 'p-limit';
import type { PricePoint } from '../../../shared/insights/schemas';
import type { ServiceClient } from '../service-client';

/**
 * Token prices from the service's token blocks (USD per whole token, 6 decimals), for the USD
 * values the performance records leave out and for the price history on the vault page.
 */

/** The latest price of each token: one list request for all of them, then one per token it missed. */
export async function latestPrices(client: ServiceClient, tokenIds: readonly string[]): Promise<Map<string, PricePoint>> {
  const wanted = [...new Set(tokenIds)];
  const prices = new Map<string, PricePoint>();
  if (wanted.length === 0) return prices;
  const take = (blocks: Array<{ tokenId: string; price?: string | undefined; block: { timestamp: number } }>) => {
    for (const b of blocks) if (b.price !== undefined && !prices.has(b.tokenId)) prices.set(b.tokenId, { at: b.block.timestamp, usd: b.price });
  };
  const page = await client.listTokenBlocks({ filter: { tokenId: wanted }, sort: '-block.number', limit: 200 });
  take(page.data);
  // A token with a long history can push the others out of that page: ask for those alone.
  const missing = wanted.filter((id) => !prices.has(id));
  const limit = pLimit(4);
  await Promise.all(
    missing.map((tokenId) =>
      limit(async () => take((await client.listTokenBlocks({ filter: { tokenId }, sort: '-block.number', limit: 1 })).data)),
    ),
  );
  return prices;
}

/** The last `count` prices of a token, oldest first. */
export async function priceHistory(client: ServiceClient, tokenId: string, count = 60): Promise<PricePoint[]> {
  const page = await client.listTokenBlocks({ filter: { tokenId }, sort: '-block.number', limit: count });
  return page.data
    .filter((b) => b.price !== undefined)
    .map((b) => ({ at: b.block.timestamp, usd: b.price! }))
    .reverse();
}
