import Papa from 'papaparse';
import { describe, expect, it } from 'vitest';
import { campaignState, pointsTotals, type WalletPointsLine } from '../../../shared/insights/points';
import { POINTS_COLUMNS, pointsCsv } from '../../../electron/services/insights/points-csv';

const line = (wallet: string, label: string, points: number | null, perDay: number | null, multiplier: number | null, error: string | null = null): WalletPointsLine => ({
  wallet,
  label,
  points,
  perDay,
  multiplier,
  error,
});

const A = '0x1111111111111111111111111111111111111111';
const B = '0x2222222222222222222222222222222222222222';
const C = '0x3333333333333333333333333333333333333333';
const D = '0x4444444444444444444444444444444444444444';

describe('group points totals', () => {
  it('adds points and points per day exactly (no float dust), and counts who earns', () => {
    const totals = pointsTotals([line(A, 'a', 0.1, 0.1, 1), line(B, 'b', 0.2, 0.2, 2), line(C, 'c', 1234.57, 0, 1)]);
    expect(totals).toMatchObject({ wallets: 3, earning: 2, failed: 0, points: 1234.87, perDay: 0.3 });
    // The group's multiplier weighs each wallet by what it earns per day: (0.1×1 + 0.2×2) / 0.3.
    expect(totals.multiplier).toBe(1.67);
  });

  it('leaves out wallets that could not be read, and says how many', () => {
    const totals = pointsTotals([line(A, 'a', 10, 1, 1), line(B, 'b', null, null, null, 'Service unreachable')]);
    expect(totals).toMatchObject({ wallets: 2, failed: 1, points: 10, perDay: 1, earning: 1 });
  });

  it('has no multiplier when nothing is earned', () => {
    expect(pointsTotals([line(A, 'a', 5, 0, 2)]).multiplier).toBeNull();
    expect(pointsTotals([])).toEqual({ wallets: 0, earning: 0, failed: 0, points: 0, perDay: 0, multiplier: null });
  });
});

describe('points CSV', () => {
  const csv = pointsCsv([
    line(A, 'Treasury, main', 1500, 12.5, 1.5),
    line(B, '=HYPERLINK("http://evil")', 0.1, 0.005, 1),
    line(C, 'c', 0, 0, 1),
    line(D, 'd', null, null, null, 'Not found (GET /v1/campaigns/:id/points)'),
  ]);
  const parsed = Papa.parse<string[]>(csv.trim(), { skipEmptyLines: true }).data;

  it('has the columns, one line per wallet and a totals line', () => {
    expect(parsed[0]).toEqual([...POINTS_COLUMNS]);
    expect(parsed).toHaveLength(1 + 4 + 1);
    expect(parsed.map((r) => r[0])).toEqual(['wallet', A, B, C, D, 'TOTAL']);
  });

  it('writes every figure with two decimals and a dot, without grouping', () => {
    expect(parsed[1]).toEqual([A, 'Treasury, main', '1500.00', '12.50', '1.50', '']);
    expect(parsed[2]!.slice(2, 5)).toEqual(['0.10', '0.01', '1.00']);
    expect(parsed[3]!.slice(2, 5)).toEqual(['0.00', '0.00', '1.00']);
  });

  it('leaves the figures of an unread wallet empty and says why', () => {
    expect(parsed[4]).toEqual([D, 'd', '', '', '', 'Not found (GET /v1/campaigns/:id/points)']);
  });

  it('totals what was read and says what was left out', () => {
    // 1500 + 0.1 + 0 points; 12.5 + 0.005 (0.01 in hundredths) per day.
    expect(parsed[5]).toEqual(['TOTAL', '', '1500.10', '12.51', '1.50', '4 wallets, 2 earning, 1 not read (left out)']);
  });

  it('neutralises labels a spreadsheet would run as formulas', () => {
    expect(parsed[2]![1]).toBe('\'=HYPERLINK("http://evil")');
  });
});

describe('campaign state', () => {
  it('is upcoming, running or finished by its dates', () => {
    expect(campaignState(100, 200, 50)).toBe('upcoming');
    expect(campaignState(100, 200, 100)).toBe('running');
    expect(campaignState(100, 200, 200)).toBe('finished');
    expect(campaignState(100, null, 1e9)).toBe('running');
    expect(campaignState(null, null, 1)).toBe('undated');
  });
});
