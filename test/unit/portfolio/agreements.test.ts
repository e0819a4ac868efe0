import { describe, expect, it } from 'vitest';
import { AgreementChecks } from '../../../electron/services/portfolio/agreements';
import type { ServiceClient } from '../../../electron/services/service-client';

/** A service that knows which (signature, wallet) pairs are signed, counts checks and concurrency. */
function fakeService(signed: Set<string>) {
  const stats = { calls: 0, inFlight: 0, maxInFlight: 0 };
  const client = {
    async checkSignature(signatureId: string, wallet: string) {
      stats.calls++;
      stats.inFlight++;
      stats.maxInFlight = Math.max(stats.maxInFlight, stats.inFlight);
      await new Promise((r) => setTimeout(r, 2));
      stats.inFlight--;
      return signed.has(`${signatureId}:${wallet}`) ? { _id: 'x', hash: '0x', signedOn: '2026-01-01T00:00:00Z' } : null;
    },
  } as unknown as ServiceClient;
  return { client, stats };
}

const wallets = Array.from({ length: 30 }, (_, i) => `0x${i.toString(16).padStart(40, '0')}`);
const pairs = wallets.map((wallet) => ({ wallet, vaultId: 'v1', signatureIds: ['tos', 'mla'] }));

describe('lender agreement checks', () => {
  it('reports signed and missing agreements per wallet and vault', async () => {
    const { client } = fakeService(new Set([`tos:${wallets[0]}`, `mla:${wallets[0]}`, `tos:${wallets[1]}`]));
    const rows = await new AgreementChecks().load(client, pairs);
    expect(rows[0]).toEqual({ wallet: wallets[0], vaultId: 'v1', required: ['tos', 'mla'], signed: ['tos', 'mla'] });
    expect(rows[1]!.signed).toEqual(['tos']);
    expect(rows[2]!.signed).toEqual([]);
  });

  it('never has more than 8 checks in flight', async () => {
    const { client, stats } = fakeService(new Set());
    await new AgreementChecks().load(client, pairs);
    expect(stats.calls).toBe(60);
    expect(stats.maxInFlight).toBeLessThanOrEqual(8);
    expect(stats.maxInFlight).toBeGreaterThan(1);
  });

  it('does not ask again for a signature it has seen, nor for a missing one within a few minutes unless forced', async () => {
    const signed = new Set([`tos:${wallets[0]}`]);
    const { client, stats } = fakeService(signed);
    const checks = new AgreementChecks();
    await checks.load(client, pairs, { now: 0 });
    stats.calls = 0;
    await checks.load(client, pairs, { now: 60_000 });
    expect(stats.calls).toBe(0);
    await checks.load(client, pairs, { now: 10 * 60_000 });
    expect(stats.calls).toBe(59); // every missing one again, not the signed one
    stats.calls = 0;
    signed.add(`mla:${wallets[0]}`);
    const forced = await checks.load(client, pairs, { now: 10 * 60_000 + 1, force: true });
    expect(stats.calls).toBe(59);
    expect(forced[0]!.signed).toEqual(['tos', 'mla']);
  });
});
