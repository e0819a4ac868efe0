/**
 * Campaign points of a group of wallets: the totals the campaign page and its CSV show. Points are
 * decimal numbers from the service (two decimals); sums are made in hundredths so that a total
 * never shows float dust (0.1 + 0.2).
 */

export interface WalletPointsLine {
  wallet: string;
  label: string;
  /** Null when the service could not be read for this wallet. */
  points: number | null;
  perDay: number | null;
  multiplier: number | null;
  /** Why the wallet's points are missing, in words. */
  error: string | null;
}

interface PointsTotals {
  wallets: number;
  /** Wallets earning points now (points per day above zero). */
  earning: number;
  /** Wallets whose points could not be read: the totals leave them out. */
  failed: number;
  points: number;
  perDay: number;
  /** The multiplier of the group as a whole: points per day weighted, null when nothing is earned. */
  multiplier: number | null;
}

const POINTS_DECIMALS = 2;
const SCALE = 10 ** POINTS_DECIMALS;

const hundredths = (v: number) => Math.round(v * SCALE);

export function pointsTotals(lines: readonly WalletPointsLine[]): PointsTotals {
  let points = 0;
  let perDay = 0;
  let earning = 0;
  let failed = 0;
  // Σ perDay × multiplier / Σ perDay: what one more point per day of the group is worth.
  let weighted = 0;
  for (const line of lines) {
    if (line.points === null) {
      failed++;
      continue;
    }
    points += hundredths(line.points);
    const day = hundredths(line.perDay ?? 0);
    perDay += day;
    if (day > 0) {
      earning++;
      weighted += day * (line.multiplier ?? 1);
    }
  }
  return {
    wallets: lines.length,
    earning,
    failed,
    points: points / SCALE,
    perDay: perDay / SCALE,
    multiplier: perDay > 0 ? Math.round((weighted / perDay) * 100) / 100 : null,
  };
}

/** A points figure with exactly two decimals and no grouping: what a spreadsheet reads back. */
export function pointsText(value: number): string {
  return (Math.round(value * SCALE) / SCALE).toFixed(POINTS_DECIMALS);
}

type CampaignState = 'upcoming' | 'running' | 'finished' | 'undated';

/** Where a campaign stands at `nowSeconds`, from its start and end dates (unix seconds). */
export function campaignState(start: number | null, end: number | null, nowSeconds: number): CampaignState {
  if (start === null && end === null) return 'undated';
  if (start !== null && nowSeconds < start) return 'upcoming';
  if (end !== null && nowSeconds >= end) return 'finished';
  return 'running';
}
