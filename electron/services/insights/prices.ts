import pLimit from 'p-limit';
import type { PricePoint } from '../../../shared/insights/schemas';
import type { ServiceClient } from '../service-client';

/**
 * Token prices from the service's token blocks (USD per whole token, 6 decimals), for the USD
 * values the performance records leave out and for the price history on the vault page.
 *
 * No order is asked of the service (the spec writes `sort=-field`, the protocol's service
 * `sort=field&order=desc`): the blocks of a recent window are read and ordered here. A service
 * that ignores the window sends more pages, never a wrong price. The protocol's query schema
 * (sTokenBlocksSearchQuery) takes one `tokenId` per request and the window as `timestamp:gte`.
 */

const DAY_S = 86_400;
/** How far back the latest price is looked for before the whole history is read. */
const LATEST_WINDOW_DAYS = 14;

type TokenBlockLike = { tokenId: string; price?: string | undefined; block: { number: number; timestamp: number } };

/** Per token, its block with the highest number that has a price. */
function latestOf(blocks: readonly TokenBlockLike[], into: Map<string, PricePoint & { number: number }>): void {
  for (const b of blocks) {
    if (b.price === undefined) continue;
    const held = into.get(b.tokenId);
    if (!held || b.block.number > held.number) into.set(b.tokenId, { at: b.block.timestamp, usd: b.price, number: b.block.number });
  }
}

const since = (nowS: number, days: number) => ({ gte: nowS - days * DAY_S });
/** Token blocks read at once (one request, or one walk of pages, per token). */
const CONCURRENCY = 4;

/** The latest price of each token: its blocks of a recent window, then its whole history when the window has none. */
export async function latestPrices(
  client: ServiceClient,
  tokenIds: readonly string[],
  nowS = Math.floor(Date.now() / 1000),
): Promise<Map<string, PricePoint>> {
  const wanted = [...new Set(tokenIds)];
  // Token blocks need a key: without one a USD value the service leaves out stays unknown.
  if (client.keyless) return new Map();
  const found = new Map<string, PricePoint & { number: number }>();
  if (wanted.length === 0) return new Map();
  const limit = pLimit(CONCURRENCY);
  await Promise.all(
    wanted.map((tokenId) =>
      limit(async () => {
        latestOf(await client.listAll('tokenBlocks', { filter: { tokenId, timestamp: since(nowS, LATEST_WINDOW_DAYS) } }), found);
        if (!found.has(tokenId)) latestOf(await client.listAll('tokenBlocks', { filter: { tokenId } }), found);
      }),
    ),
  );
  return new Map([...found].map(([id, { at, usd }]) => [id, { at, usd }]));
}

/** The last `count` prices of a token over the last `days`, oldest first. */
export async function priceHistory(
  client: ServiceClient,
  tokenId: string,
  count = 60,
  nowS = Math.floor(Date.now() / 1000),
): Promise<PricePoint[]> {
  if (client.keyless) return [];
  const blocks = await client.listAll('tokenBlocks', { filter: { tokenId, timestamp: since(nowS, count) } });
  return blocks
    .filter((b) => b.price !== undefined && b.tokenId === tokenId)
    .sort((a, b) => a.block.number - b.block.number)
    .slice(-count)
    .map((b) => ({ at: b.block.timestamp, usd: b.price! }));
}
