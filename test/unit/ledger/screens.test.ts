import { describe, expect, it } from 'vitest';
import { formatWei, messageDisplayText, transactionReviewScreens } from '../../../shared/device/screens';

describe('device review screens', () => {
  it('formats wei as the device does, without trailing zeros', () => {
    expect(formatWei('0')).toBe('0');
    expect(formatWei('10000000000000000')).toBe('0.01');
    expect(formatWei('1234500000000000000000')).toBe('1234.5');
    expect(formatWei('1')).toBe('0.000000000000000001');
  });

  it('shows printable messages as text and others as hex', () => {
    expect(messageDisplayText(new TextEncoder().encode('Sign in'))).toBe('Sign in');
    expect(messageDisplayText(new Uint8Array([0xde, 0xad]))).toBe('0xdead');
  });

  it('shows a value sent with calldata, and the network off mainnet', () => {
    const screens = transactionReviewScreens({
      chainId: 137,
      to: '0x5FbDB2315678afecb367f032d93F642f64180aa3',
      value: '1000000000000000000',
      dataPresent: true,
      maxFee: '21000',
      signingHash: '0xAB',
    });
    expect(screens).toContainEqual({ title: 'Amount', value: 'POL 1' });
    expect(screens).toContainEqual({ title: 'Network', value: 'Polygon' });
    expect(screens).toContainEqual({ title: 'Transaction hash', value: '0xab' });
    expect(screens[0]).toEqual({ title: 'Blind signing ahead' });
  });

  it('shows a contract creation and no network on Ethereum mainnet', () => {
    const screens = transactionReviewScreens({ chainId: 1, value: '0', dataPresent: false, maxFee: '0', signingHash: '0x00' });
    expect(screens).toContainEqual({ title: 'To', value: 'New contract' });
    expect(screens.map((s) => s.title)).not.toContain('Network');
    expect(screens.map((s) => s.title)).not.toContain('Blind signing ahead');
  });
});
