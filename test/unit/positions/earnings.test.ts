import { describe, expect, it } from 'vitest';
import { positionPairs } from '../../../electron/services/portfolio/position-records';
import { formatUsd } from '../../../shared/domain/units';
import type { Portfolio, PositionRow, RequestRow } from '../../../shared/portfolio/schemas';
import type { PositionRecord } from '../../../shared/positions/schemas';
import { pairKey, recordsByPair, vaultEarnings } from '../../../shared/positions/totals';
import { portfolioVault, positionRecordRow, positionRecords, positionRow } from '../portfolio/fixtures';

const vault = (id: string, symbol: string, decimals: number) =>
  portfolioVault(id, { underlying: { symbol, decimals, address: '0x' + '1'.repeat(40) }, tranche: { symbol: `AA_${symbol}`, decimals: 18, address: '0x' + '2'.repeat(40) } });
const position = positionRow;

const A = '0x' + 'a'.repeat(40);
const B = '0x' + 'b'.repeat(40);
const C = '0x' + 'c'.repeat(40);

const portfolio = (positions: PositionRow[] = [], requests: RequestRow[] = []): Portfolio => ({
  groupId: null,
  generatedAtMs: 0,
  wallets: [A, B, C].map((address) => ({ address, label: '' })),
  vaults: [vault('usdc', 'USDC', 6), vault('dai', 'DAI', 18)],
  positions,
  requests,
  sources: [],
  cost: { http: 0, rpc: 0, ms: 0 },
});

/** A record in whole tokens (6 or 18 decimals) and whole dollars. */
function record(
  decimals: number,
  deposits: number,
  earnings: number,
  opts: { usd?: boolean; pending?: [number, number] } = {},
): PositionRecord {
  const t = (n: number) => (BigInt(Math.round(n * 100)) * 10n ** BigInt(decimals - 2)).toString();
  const d = (n: number) => (opts.usd === false ? null : (BigInt(Math.round(n * 100)) * 10_000n).toString());
  const [pd, pw] = opts.pending ?? [0, 0];
  return {
    deposits: { token: t(deposits), usd: d(deposits) },
    redeemable: { token: t(deposits + earnings), usd: d(deposits + earnings) },
    pendingDeposits: { token: t(pd), usd: d(pd) },
    pendingWithdraws: { token: t(pw), usd: d(pw) },
    earnings: { token: t(earnings), usd: d(earnings), percentage: (earnings / deposits) * 100 },
    realizedApy: 9.5,
    poolSharePercent: 1,
    balance: '0',
  };
}

const row = positionRecordRow;
const records = positionRecords;

describe('per vault totals of the service records', () => {
  it('adds each vault in its own token with its decimals, never across vaults', () => {
    const totals = vaultEarnings(
      portfolio(),
      records([
        row('usdc', A, record(6, 1_000, 25.5)),
        row('usdc', B, record(6, 2_000.25, -10, { pending: [500, 0] })),
        row('dai', A, record(18, 300, 3)),
      ]),
    );
    const usdc = totals.get('usdc')!;
    expect(usdc.token.deposits).toBe(3_000_250_000n); // 3,000.25 USDC in 6 decimals
    expect(usdc.token.earnings).toBe(15_500_000n); // 25.5 − 10
    expect(usdc.token.pendingDeposits).toBe(500_000_000n);
    expect(usdc.records).toBe(2);
    expect(totals.get('dai')!.token.deposits).toBe(300n * 10n ** 18n);
    expect(totals.get('dai')!.token.earnings).toBe(3n * 10n ** 18n);
  });

  it('counts a pair without a record as missing, and a stale or behind record as not current', () => {
    const totals = vaultEarnings(
      portfolio(),
      records([
        row('usdc', A, null),
        row('usdc', B, record(6, 100, 1), { stale: true }),
        row('dai', C, record(18, 5, 0), { behindChain: true }),
      ]),
    );
    expect(totals.get('usdc')).toMatchObject({ records: 1, missing: 1, notCurrent: true });
    expect(totals.get('dai')).toMatchObject({ records: 1, missing: 0, notCurrent: true });
  });

  it('ignores records of wallets or vaults that are not in the portfolio shown', () => {
    const stranger = '0x' + 'd'.repeat(40);
    const totals = vaultEarnings(portfolio(), records([row('usdc', stranger, record(6, 1_000, 1)), row('gone', A, record(6, 1_000, 1))]));
    expect(totals.get('usdc')!.records).toBe(0);
    expect(totals.has('gone')).toBe(false);
  });
});

describe('USD figures', () => {
  it('shows a loss rounded like a gain', () => {
    expect(formatUsd('-1234567', 'en-US')).toBe('-$1.23');
    expect(formatUsd('1234567', 'en-US')).toBe('$1.23');
  });

  it('looks records up by vault and wallet whatever the address case', () => {
    const byPair = recordsByPair(records([row('usdc', A.toUpperCase().replace('0X', '0x'), record(6, 1, 0))]));
    expect(byPair.get(pairKey('usdc', A))?.record?.deposits.token).toBe('1000000');
  });
});

describe('which pairs the records are asked for', () => {
  const claim: RequestRow = {
    id: 'usdc:c:DEPOSIT:4',
    wallet: C,
    vaultId: 'usdc',
    type: 'DEPOSIT',
    status: 'PENDING',
    isInstant: false,
    epochNumber: 4,
    phase: 'pending',
    amount: '5',
    amountToken: 'underlying',
    amountFrom: 'service',
    receive: null,
    requestedAt: null,
    expectedAt: null,
    action: null,
    reason: null,
    source: 'service',
    stale: false,
  };

  it('asks for pairs with a balance, a pending amount or a request, and compares with a chain that answered', () => {
    const view = portfolio(
      [
        position('usdc', A, { trancheBalance: '10' }),
        position('usdc', B),
        position('usdc', C),
        position('dai', A, { pendingRedeem: '3' }),
        position('dai', B, { trancheBalance: '7', stale: true }),
      ],
      [claim],
    );
    const pairs = positionPairs(view);
    expect(pairs.filter((p) => p.active).map((p) => `${p.vaultId}:${p.wallet.slice(2, 3)}`)).toEqual([
      'usdc:a',
      'usdc:c',
      'dai:a',
      'dai:b',
    ]);
    expect(pairs.find((p) => p.vaultId === 'usdc' && p.wallet === A)!.chainBalance).toBe('10');
    // A chain that did not answer gives no balance to compare with.
    expect(pairs.find((p) => p.vaultId === 'dai' && p.wallet === B)!.chainBalance).toBeNull();
  });

  it('changes the fingerprint when the chain or a request moves', () => {
    const before = positionPairs(portfolio([position('usdc', C, { trancheBalance: '10' })], [claim]))[0]!.fingerprint;
    const processed = positionPairs(portfolio([position('usdc', C, { trancheBalance: '10' })], [{ ...claim, status: 'CLAIMABLE' }]))[0]!
      .fingerprint;
    const claimed = positionPairs(portfolio([position('usdc', C, { trancheBalance: '15' })], []))[0]!.fingerprint;
    const same = positionPairs(portfolio([position('usdc', C, { trancheBalance: '10' })], [claim]))[0]!.fingerprint;
    expect(new Set([before, processed, claimed]).size).toBe(3);
    expect(same).toBe(before);
  });
});
