import { describe, expect, it } from 'vitest';
import { fixedAmount, shownDecimals } from '../../../renderer/src/components/format';

describe('amounts in tables', () => {
  it('show a fixed number of decimals per token, so a column lines up', () => {
    expect(shownDecimals(6)).toBe(2);
    expect(shownDecimals(18)).toBe(2);
    expect(shownDecimals(0)).toBe(0);
    expect(fixedAmount('12500000', 6, 'en-GB')).toBe('12.50');
    expect(fixedAmount('12000000', 6, 'en-GB')).toBe('12.00');
    expect(fixedAmount('97923167286000000000000', 18, 'en-GB')).toBe('97,923.16');
    expect(fixedAmount('0', 18, 'en-GB')).toBe('0.00');
  });

  it('cut, never round up: a balance is never shown larger than it is', () => {
    expect(fixedAmount('1999999', 6, 'en-GB')).toBe('1.99');
    expect(fixedAmount('-1999999', 6, 'en-GB')).toBe('-1.99');
  });

  it('say a dust amount is there rather than show zero', () => {
    expect(fixedAmount('9999', 6, 'en-GB')).toBe('<0.01');
    expect(fixedAmount('-1', 18, 'en-GB')).toBe('>-0.01');
  });

  it('are exact beyond what a double holds, in the reader’s locale', () => {
    expect(fixedAmount('123456789012345678901234567', 6, 'en-GB')).toBe('123,456,789,012,345,678,901.23');
    expect(fixedAmount('1234567891', 6, 'de-DE')).toBe('1.234,56');
  });
});

describe('arguments in the review', () => {
  it('are named in the protocol’s words, not by their ABI names', async () => {
    const { argLabel } = await import('../../../renderer/src/components/arg-names');
    expect(argLabel('e')).toBe('Epoch');
    expect(argLabel('trancheAmount')).toBe('Tranche amount');
    expect(argLabel('somethingNew')).toBe('somethingNew');
  });
});
