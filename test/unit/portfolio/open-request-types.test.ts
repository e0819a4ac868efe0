import { describe, expect, it } from 'vitest';
import { buildRequests } from '../../../electron/services/portfolio/request-rows';
import type { VaultCycle } from '../../../shared/portfolio/schemas';
import { portfolioVault } from './fixtures';

const wallet = `0x${'a'.repeat(40)}`;
const cycle: VaultCycle = {
  state: 'WAITING',
  paused: false,
  epochNumber: 4,
  requestEpoch: 5,
  epochStart: null,
  epochEnd: 1_000,
  epochDuration: 100,
  bufferPeriod: 10,
  nextEvent: null,
  asOf: 0,
};
const request = (type: string, status: string) => ({
  vaultId: 'v',
  walletAddress: wallet,
  type,
  status,
  amount: '1000000',
  epochNumber: 4,
});

describe("a vault's requests of types the console does not act on", () => {
  it('keeps a write-off and an unknown type, shown with no action and the reason, beside the known ones', () => {
    const rows = buildRequests(
      portfolioVault('v', { cycle }),
      [request('DEPOSIT', 'CLAIMABLE'), request('WRITEOFF', 'PENDING'), request('MIGRATE', 'QUEUED')],
      new Set([wallet]),
      null,
      null,
      2_000,
    );
    expect(rows.map((r) => [r.type, r.status, r.action?.functionName ?? null])).toEqual([
      ['DEPOSIT', 'CLAIMABLE', 'claimDepositRequest'],
      ['WRITEOFF', 'PENDING', null],
      ['MIGRATE', 'QUEUED', null],
    ]);
    expect(rows[2]!.reason).toBe(
      'The service records a request of type MIGRATE, which this console does not know: it takes no action on it.',
    );
    expect(rows[1]!.expectedAt).toBeNull();
  });
});
