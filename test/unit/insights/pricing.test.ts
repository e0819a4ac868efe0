import { describe, expect, it } from 'vitest';
import { usdValue } from '../../../shared/insights/pricing';
import { usdFigure } from '../../../electron/services/insights/performance';

describe('USD values from token prices', () => {
  it('prices base units at the USD price of one whole token (6 decimals)', () => {
    // 1.5 WETH (18 decimals) at $3,000.00.
    expect(usdValue('1500000000000000000', 18, '3000000000')).toBe('4500000000');
    // 2,000.5 USDC (6 decimals) at $0.9998.
    expect(usdValue('2000500000', 6, '999800')).toBe('2000099900');
  });

  it('keeps the service’s USD figure, and prices only what is missing', () => {
    const price = { at: 1, usd: '1002000' };
    expect(usdFigure('123', '999', { decimals: 6 }, price)).toEqual({ usd: '123', priced: false });
    expect(usdFigure(undefined, '1000000000', { decimals: 6 }, price)).toEqual({ usd: '1002000000', priced: true });
    expect(usdFigure(undefined, '1000000000', { decimals: 6 }, undefined)).toBeNull();
    expect(usdFigure(undefined, undefined, { decimals: 6 }, price)).toBeNull();
  });
});
