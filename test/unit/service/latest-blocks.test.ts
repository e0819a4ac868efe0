import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createServiceClient } from '../../../electron/services/service-client';
import { startSimService, type SimService } from '../../../electron/demo/service';
import type { SetAsideRecord } from '../../../shared/service';
import { fakeClient, fakeListService } from './fake-service';

/**
 * The docs' `VaultLatestBlock` has no `_id`: a latest block is known by its vault. Such a block is
 * read like any other, never set aside.
 */
const block = (vaultId: string, withId: boolean) => ({
  ...(withId ? { _id: `b${vaultId.slice(1)}` } : {}),
  vaultId,
  vaultAddress: `0x${'1'.repeat(40)}`,
  block: { number: 100, timestamp: 1_760_000_000 },
  APRs: { BASE: 9.5, GROSS: 9.5, NET: 8.55 },
  TVL: { token: '1000000', USD: '1000000' },
  requests: [],
});

describe('latest blocks without _id', () => {
  it('reads a latest block without _id, keyed by its vault, and sets nothing aside', async () => {
    const ids = ['a00000000000000000000001', 'a00000000000000000000002'];
    const { fetchImpl } = fakeListService([block(ids[0]!, false), block(ids[1]!, true)]);
    const setAside: SetAsideRecord[] = [];
    const client = fakeClient(fetchImpl, { onSetAside: (s) => setAside.push(...s) });
    const blocks = await client.listAllVaultLatestBlocks(ids);
    expect(blocks.map((b) => b.vaultId).sort()).toEqual(ids);
    expect(blocks.find((b) => b.vaultId === ids[0])?.TVL?.token).toBe('1000000');
    expect(setAside).toEqual([]);
  });

  describe('from the demo service, which serves both forms', () => {
    let sim: SimService;
    beforeAll(async () => {
      sim = await startSimService({ seed: 3, wallets: 20, now: Date.UTC(2026, 10, 20) });
    });
    afterAll(() => sim.close());

    it('reads every vault’s latest block, those without _id included', async () => {
      const raw = (await (
        await fetch(`${sim.url}/v1/vault-latest-blocks?limit=200`, { headers: { authorization: `Bearer ${sim.apiKey}` } })
      ).json()) as {
        data: Array<{ _id?: string; vaultId: string }>;
      };
      expect(raw.data.some((b) => b._id === undefined)).toBe(true);
      expect(raw.data.some((b) => b._id !== undefined)).toBe(true);
      const setAside: SetAsideRecord[] = [];
      const client = createServiceClient({ baseUrl: sim.url, getApiKey: async () => sim.apiKey, onSetAside: (s) => setAside.push(...s) });
      const blocks = await client.listAllVaultLatestBlocks(raw.data.map((b) => b.vaultId));
      expect(blocks.map((b) => b.vaultId).sort()).toEqual(raw.data.map((b) => b.vaultId).sort());
      const withoutId = raw.data.find((b) => b._id === undefined)!;
      expect((await client.getVaultLatestBlock(withoutId.vaultId)).vaultId).toBe(withoutId.vaultId);
      expect(setAside).toEqual([]);
    });
  });
});
