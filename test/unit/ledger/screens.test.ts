import { describe, expect, it } from 'vitest';
import { approvalReviewScreens, formatWei, messageDisplayText, transactionReviewScreens, withSender } from '../../../shared/device/screens';

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
    // The app writes "Contract" where a creation has no destination (logic_signTx.c).
    expect(screens).toContainEqual({ title: 'To', value: 'Contract' });
    expect(screens.map((s) => s.title)).not.toContain('Network');
    expect(screens.map((s) => s.title)).not.toContain('Blind signing ahead');
  });

  const FROM = '0xCbA98362e199c41E1864D0923AF9646d3A648451';
  const CALL = {
    chainId: 31337,
    to: '0x5FbDB2315678afecb367f032d93F642f64180aa3',
    value: '0',
    dataPresent: true,
    maxFee: '120000000000000',
    signingHash: '0xAB',
    from: FROM,
  };

  it('as app 1.20 and later: the warning, title, From, To, fees with "???" and the bare chain id on an unknown chain, the hash, sign or reject', () => {
    expect(transactionReviewScreens(CALL)).toEqual([
      { title: 'Blind signing ahead' },
      { title: 'Review transaction' },
      { title: 'From', value: FROM },
      { title: 'To', value: CALL.to },
      { title: 'Max fees', value: '??? 0.00012' },
      { title: 'Network', value: '31337' },
      { title: 'Transaction hash', value: '0xab' },
      { title: 'Sign transaction' },
      { title: 'Reject transaction' },
    ]);
  });

  it('as older apps: no From and "Address" before 1.11.0, ETH on an unknown chain before 1.10.4, no hash and a zero amount before 1.14.0', () => {
    const titles = (appVersion: string) => transactionReviewScreens({ ...CALL, appVersion }).map((s) => s.title);
    expect(titles('1.11.0')).toContain('From');
    expect(titles('1.10.4')).not.toContain('From');
    expect(titles('1.10.4')).toContain('Address');
    expect(transactionReviewScreens({ ...CALL, appVersion: '1.10.3' })).toContainEqual({ title: 'Max fees', value: 'ETH 0.00012' });
    expect(titles('1.13.0')).not.toContain('Transaction hash');
    expect(transactionReviewScreens({ ...CALL, appVersion: '1.13.0' })).toContainEqual({ title: 'Amount', value: '??? 0' });
    expect(titles('1.14.0')).toContain('Transaction hash');
    expect(titles('1.14.0')).not.toContain('Amount');
  });

  it('an approval in clear: the token ticker before the amount, "Unlimited" for the largest value, the spender, the network, no hash', () => {
    const approval = {
      chainId: 137,
      token: { ticker: 'USDC', decimals: 6 },
      spender: CALL.to,
      amount: '1000000',
      maxFee: '21000000000000',
      from: FROM,
    };
    expect(approvalReviewScreens(approval)).toEqual([
      { title: 'Review transaction', value: 'to approve ERC20 token' },
      { title: 'From', value: FROM },
      { title: 'Amount', value: 'USDC 1' },
      { title: 'Approve to', value: CALL.to },
      { title: 'Network', value: 'Polygon' },
      { title: 'Max fees', value: 'POL 0.000021' },
      { title: 'Sign transaction' },
      { title: 'Reject transaction' },
    ]);
    expect(approvalReviewScreens({ ...approval, amount: ((1n << 256n) - 1n).toString() })).toContainEqual({
      title: 'Amount',
      value: 'Unlimited USDC',
    });
    expect(approvalReviewScreens({ ...approval, appVersion: '1.13.0' })).toContainEqual({ title: 'Address', value: CALL.to });
  });

  it('adds the signing account to a review predicted before it was known, right after the title', () => {
    const { from: _from, ...unknownSender } = CALL;
    const screens = withSender(transactionReviewScreens(unknownSender), FROM);
    expect(screens).toEqual(transactionReviewScreens(CALL));
    expect(withSender(screens, FROM)).toEqual(screens);
    expect(withSender(transactionReviewScreens(unknownSender), FROM, '1.10.0').map((s) => s.title)).not.toContain('From');
  });
});
