import { describe, expect, it } from 'vitest';
import { parseAmountCsv, walletAmountsOf } from '../../../shared/signing/amount-csv';

const W1 = '0x1111111111111111111111111111111111111111';
const W2 = '0x2222222222222222222222222222222222222222';
const W3 = '0x3333333333333333333333333333333333333333';
const ALPHA = '0xaAaAaAaAaAaAaAaAaAaAaAaAaAaAaAaAaAaAaAaA';
const context = {
  wallets: [
    { address: W1, label: 'Desk 1' },
    { address: W2, label: 'Desk 2' },
    { address: W3, label: 'Desk 2' },
  ],
  vaults: [
    { id: 'alpha', name: 'Alpha USDC', epochVault: ALPHA, underlying: { symbol: 'USDC', decimals: 6 } },
    { id: 'omega', name: 'Omega WETH', epochVault: '0x4444444444444444444444444444444444444444', underlying: { symbol: 'WETH', decimals: 18 } },
  ],
};

const linesOf = (csv: string) => {
  const parsed = parseAmountCsv(csv, context);
  if (!parsed.ok) throw new Error(parsed.reason);
  return parsed.lines;
};

describe('per-wallet amounts from a CSV', () => {
  it('accepts a wallet by address or label, a vault by name or address, an amount as a person types it', () => {
    const lines = linesOf(['Wallet,Vault,Amount', `${W1},alpha usdc,"1,250.5"`, `Desk 1,${ALPHA.toLowerCase()},0.000001`, `${W2},Omega WETH,2.125`].join('\n'));
    expect(lines.map((l) => l.refused)).toEqual([null, 'Duplicate line: line 2 already gives Desk 1 an amount in Alpha USDC. Keep one of the two.', null]);
    expect(lines[0]!.accepted).toMatchObject({ vaultId: 'alpha', baseUnits: '1250500000', amount: '1250.5', symbol: 'USDC' });
    expect(lines[2]!.accepted).toMatchObject({ vaultId: 'omega', baseUnits: '2125000000000000000' });
    expect(walletAmountsOf(lines)).toEqual([
      { vaultId: 'alpha', wallet: W1, amount: '1250.5' },
      { vaultId: 'omega', wallet: W2, amount: '2.125' },
    ]);
  });

  it('refuses each bad line on its own, saying why, with the line it starts on', () => {
    const lines = linesOf(
      [
        'wallet,vault,amount',
        `0x9999999999999999999999999999999999999999,Alpha USDC,10`,
        `Nobody,Alpha USDC,10`,
        `Desk 2,Alpha USDC,10`,
        `${W1},Zeta,10`,
        `${W1},Alpha USDC,ten`,
        `${W1},Alpha USDC,1.0000001`,
        `${W1},Alpha USDC,0`,
        '',
        `${W1},Alpha USDC,-5`,
      ].join('\n'),
    );
    expect(lines.map((l) => [l.line, l.refused?.split(':')[0]])).toEqual([
      [2, 'Unknown wallet'],
      [3, 'Unknown wallet'],
      [4, 'Unknown wallet'],
      [5, 'Unknown vault'],
      [6, 'Not a number'],
      [7, 'More decimals than USDC has'],
      [8, 'Zero'],
      [10, 'Not a number'],
    ]);
    expect(lines[2]!.refused).toContain('names 2 wallets of this batch. Write the address instead.');
    expect(lines[5]!.refused).toContain('USDC has 6 decimals');
    expect(walletAmountsOf(lines)).toEqual([]);
  });

  it('refuses a file without the three columns, or without lines, naming what is missing', () => {
    const noAmount = parseAmountCsv(`wallet,vault\n${W1},Alpha USDC`, context);
    expect(noAmount).toEqual({ ok: false, reason: expect.stringContaining('missing: amount') });
    expect(parseAmountCsv('wallet,vault,amount\n', context)).toEqual({ ok: false, reason: expect.stringContaining('no lines') });
  });

  it('reads amounts in the marks of the reader\'s locale when given', () => {
    const parsed = parseAmountCsv(`wallet;vault;amount\n${W1};Alpha USDC;1.250,5`.replace(/;/g, ','), context);
    // A point-grouped figure in a comma-separated file must be quoted; unquoted it is too many cells.
    expect(parsed.ok && parsed.lines[0]!.refused).toBeTruthy();
    const fr = parseAmountCsv(`wallet,vault,amount\n${W1},Alpha USDC,"1250,5"`, { ...context, marks: { decimal: ',', group: '\u202f' } });
    expect(fr.ok && fr.lines[0]!.accepted?.baseUnits).toBe('1250500000');
  });
});
