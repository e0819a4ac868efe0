import { writeCsv } from '../../../shared/csv/write-csv';
import { pointsText, pointsTotals, type WalletPointsLine } from '../../../shared/insights/points';

export const POINTS_COLUMNS = ['wallet', 'label', 'points', 'points_per_day', 'multiplier', 'note'] as const;

/** The label of the last line, which carries the group's totals. */
const TOTALS_LABEL = 'TOTAL';

/**
 * A group's points in one campaign, for a spreadsheet: one line per wallet, figures with two
 * decimals and a dot (no grouping), then a totals line. A wallet whose points could not be read has
 * empty figures and says why in `note`; the totals leave it out and say how many were left out.
 */
export function pointsCsv(lines: readonly WalletPointsLine[]): string {
  const totals = pointsTotals(lines);
  const data = lines.map((l) => [
    l.wallet,
    l.label,
    l.points === null ? '' : pointsText(l.points),
    l.perDay === null ? '' : pointsText(l.perDay),
    l.multiplier === null ? '' : pointsText(l.multiplier),
    l.error ?? '',
  ]);
  const note = `${totals.wallets} wallet${totals.wallets === 1 ? '' : 's'}, ${totals.earning} earning${
    totals.failed > 0 ? `, ${totals.failed} not read (left out)` : ''
  }`;
  data.push([
    TOTALS_LABEL,
    '',
    pointsText(totals.points),
    pointsText(totals.perDay),
    totals.multiplier === null ? '' : pointsText(totals.multiplier),
    note,
  ]);
  // Labels are the operator's own text: formulas are neutralised so a spreadsheet never runs them.
  return writeCsv(POINTS_COLUMNS, data, ['points', 'points_per_day', 'multiplier']);
}
