import { describe, expect, it } from 'vitest';
import type { RequestRow } from '../../../shared/portfolio/schemas';
import { requestsByPair } from '../../../renderer/src/positions/requests-by-pair';

const WALLET = '0x00000000000000000000000000000000000000Aa';
const request = (id: string, vaultId: string, wallet: string, extra: Partial<RequestRow> = {}): RequestRow =>
  ({ id, vaultId, wallet, type: 'DEPOSIT', status: 'PENDING', phase: 'pending', action: null, stale: false, ...extra }) as unknown as RequestRow;
const claim = { kind: 'claim', functionName: 'claimDepositRequest', contract: 'queue' } as RequestRow['action'];

describe('requests by wallet × vault (the Positions screen’s pending and claim columns)', () => {
  it('lists the pending requests of a pair in order, whatever the case of the address, and leaves claimable ones out', () => {
    const byPair = requestsByPair([
      request('r1', 'v1', WALLET),
      request('r2', 'v2', WALLET),
      request('r3', 'v1', WALLET.toLowerCase()),
      request('r4', 'v1', WALLET, { action: claim, phase: 'claimable' }),
      // Claimed on chain since the service's snapshot: nothing on its way.
      request('r6', 'v1', WALLET, { phase: 'claimed' }),
      request('r5', 'v1', '0x00000000000000000000000000000000000000bb'),
    ]);
    expect(byPair.pendingOf({ vaultId: 'v1', wallet: WALLET.toUpperCase().replace('0X', '0x') }).map((r) => r.id)).toEqual(['r1', 'r3']);
    expect(byPair.pendingOf({ vaultId: 'v2', wallet: WALLET }).map((r) => r.id)).toEqual(['r2']);
    expect(byPair.pendingOf({ vaultId: 'v3', wallet: WALLET })).toEqual([]);
  });

  it('marks a pair whose claims come from requests kept from a source that did not answer', () => {
    const byPair = requestsByPair([
      request('r1', 'v1', WALLET, { action: claim, phase: 'claimable', stale: true }),
      request('r2', 'v2', WALLET, { action: claim, phase: 'claimable' }),
      request('r3', 'v3', WALLET, { stale: true }),
    ]);
    expect(byPair.hasStaleClaims({ vaultId: 'v1', wallet: WALLET.toLowerCase() })).toBe(true);
    // A current claim, or a stale request that is not a claim, is not a stale claim.
    expect(byPair.hasStaleClaims({ vaultId: 'v2', wallet: WALLET })).toBe(false);
    expect(byPair.hasStaleClaims({ vaultId: 'v3', wallet: WALLET })).toBe(false);
  });
});
