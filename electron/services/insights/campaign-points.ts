import pLimit from 'p-limit';
import { isAppError } from '../../../shared/errors';
import type { ServiceClient } from '../service-client';

interface PointsFigures {
  points: number;
  perDay: number;
  multiplier: number;
  /** When the service gave these figures (ms). */
  at: number;
}

type PointsResult = { ok: true; figures: PointsFigures } | { ok: false; error: string };

/** At most this many points requests at once: a group of a thousand wallets must not flood the service. */
const CONCURRENCY = 8;
/** Points grow once a day; a few minutes old is current enough, and a refresh reads them again. */
const TTL_MS = 5 * 60_000;

/**
 * The points of wallets in campaigns. The service answers one wallet per request
 * (`/v1/campaigns/:id/points?walletAddress=`), so the wallets of a group are read with bounded
 * concurrency and kept for a few minutes; a failure concerns that wallet only and is not kept.
 */
export class CampaignPointsCache {
  private readonly figures = new Map<string, PointsFigures>();

  constructor(private readonly ttlMs = TTL_MS, private readonly concurrency = CONCURRENCY) {}

  reset(): void {
    this.figures.clear();
  }

  async load(
    client: ServiceClient,
    campaignId: string,
    wallets: readonly string[],
    options: { force?: boolean; now?: number } = {},
  ): Promise<Map<string, PointsResult>> {
    const now = options.now ?? Date.now();
    const key = (wallet: string) => `${campaignId}:${wallet.toLowerCase()}`;
    const results = new Map<string, PointsResult>();
    const toRead: string[] = [];
    for (const wallet of new Set(wallets)) {
      const cached = this.figures.get(key(wallet));
      if (!options.force && cached && now - cached.at < this.ttlMs) results.set(wallet, { ok: true, figures: cached });
      else toRead.push(wallet);
    }
    const limit = pLimit(this.concurrency);
    await Promise.all(
      toRead.map((wallet) =>
        limit(async () => {
          try {
            const answer = await client.getCampaignPoints(campaignId, wallet);
            const figures = { points: answer.points, perDay: answer.perDay ?? 0, multiplier: answer.multiplier ?? 1, at: Date.now() };
            this.figures.set(key(wallet), figures);
            results.set(wallet, { ok: true, figures });
          } catch (err) {
            results.set(wallet, { ok: false, error: isAppError(err) || err instanceof Error ? err.message : String(err) });
          }
        }),
      ),
    );
    return results;
  }
}
