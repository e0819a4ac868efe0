import { describe, expect, it } from 'vitest';
import type { SetAsideRecord } from '../../../shared/service';
import { loadEpochHistory } from '../../../electron/services/catalog/vault-views';
import { toTransactionRow } from '../../../electron/services/transactions/history';
import { indexCatalog } from '../../../electron/services/catalog/catalog';
import {
  OFFICIAL_BLOCKS,
  OFFICIAL_CAMPAIGNS,
  OFFICIAL_EPOCHS,
  OFFICIAL_PERFORMANCES_AGGREGATE,
  OFFICIAL_POINTS,
  OFFICIAL_REFERENCE,
  OFFICIAL_REQUESTS,
  OFFICIAL_TRANSACTIONS,
  OFFICIAL_VAULTS,
  type OfficialRecord,
} from '../../fixtures/official-records';
import { fakeClient, fakeListService } from './fake-service';

/**
 * Every record the protocol's own mock factories make is read by the console's client, or set
 * aside with the field that does not fit: never the cause of a failed page.
 */

type Listed = Parameters<ReturnType<typeof fakeClient>['listAll']>[0];

async function readAll(resource: Listed, records: OfficialRecord[]) {
  const setAside: SetAsideRecord[] = [];
  const { fetchImpl } = fakeListService(records.map((r) => r.record));
  const client = fakeClient(fetchImpl, { onSetAside: (s) => setAside.push(...s) });
  const kept = (await client.listAll(resource)) as Array<Record<string, unknown>>;
  return { kept, setAside };
}

const cases: Array<[Listed, OfficialRecord[]]> = [
  ['vaults', OFFICIAL_VAULTS],
  ['vaultLatestBlocks', OFFICIAL_BLOCKS],
  ['vaultBlocks', OFFICIAL_BLOCKS],
  ['vaultRequests', OFFICIAL_REQUESTS],
  ['vaultEpochs', OFFICIAL_EPOCHS],
  ['transactions', OFFICIAL_TRANSACTIONS],
  ['campaigns', OFFICIAL_CAMPAIGNS],
  ...Object.entries(OFFICIAL_REFERENCE).map(([resource, records]) => [resource as Listed, records] as [Listed, OfficialRecord[]]),
];

describe("the protocol's own records", () => {
  it.each(cases)(
    '%s: each record is read, or set aside with the field that does not fit, and the rest of the page kept',
    async (resource, records) => {
      const { kept, setAside } = await readAll(resource, records);
      const read = records.filter((r) => r.expect.read);
      expect(kept).toHaveLength(read.length);
      const expectedAside = records.flatMap((r, index) => (r.expect.read ? [] : [{ index, field: r.expect.field }]));
      expect(setAside.map((s) => ({ index: s.index, field: s.path }))).toEqual(expectedAside);
      for (const s of setAside) expect(s.reason.length).toBeGreaterThan(0);
    },
  );

  it("reads a vault's limits as {amount, isActive} and an empty manager address as no manager", async () => {
    const { kept } = await readAll('vaults', OFFICIAL_VAULTS);
    expect(kept[0]).toMatchObject({
      maxCap: { amount: '5000000000000', isActive: true },
      minDeposit: { amount: '100000000', isActive: false },
      feePercentage: 10000,
      cdoEpoch: { manager: {}, borrower: { address: expect.stringMatching(/^0x/) } },
    });
    expect((kept[0]!.cdoEpoch as { manager: { address?: string } }).manager.address).toBeUndefined();
  });

  it("keeps a block's open requests, a write-off among them, and its request totals as amounts", async () => {
    const { kept } = await readAll('vaultLatestBlocks', OFFICIAL_BLOCKS);
    const running = kept.find((b) => b._id === '6672a503689d1ff1e80e4f01')!;
    expect((running.requests as Array<{ type: string; vaultId: string }>).map((r) => r.type)).toEqual(['DEPOSIT', 'WRITEOFF']);
    expect(running.totalRequests).toMatchObject({ DEPOSIT: { PENDING: '50000000000' } });
    expect(kept.find((b) => b._id === '6672a503689d1ff1e80e4f02')!.cdoEpoch).toMatchObject({ status: 'CURE' });
  });

  it('sets aside one bad request of a block, not the block nor its other requests', async () => {
    const [, running] = OFFICIAL_BLOCKS;
    const requests = running!.record.requests as Array<Record<string, unknown>>;
    const broken = { ...running!, record: { ...running!.record, requests: [{ ...requests[0]!, amount: '12.5' }, requests[1]] } };
    const { kept, setAside } = await readAll('vaultLatestBlocks', [broken]);
    expect((kept[0]!.requests as unknown[]).length).toBe(1);
    expect(setAside).toEqual([
      expect.objectContaining({ path: 'requests[0].amount', reason: 'expected an integer amount of base units, got a decimal string' }),
    ]);
  });

  it("shows an epoch's GROSS and NET rates, never APRs.EPOCH, and its last APR from the epoch before", async () => {
    // 10 % over a 7-day epoch and a 24 h buffer: the client's EPOCH is 10 x 7 / 8 = 8.75.
    const previous = { ...OFFICIAL_EPOCHS[1]!.record, _id: 'e5', count: 5, duration: 7 * 86_400, bufferDuration: 86_400, APRs: { GROSS: 10, EPOCH: 8.75, BUFFER: 1.25, NET: 9 }, APYs: { GROSS: 10.5, NET: 9.4 } };
    const { fetchImpl } = fakeListService([OFFICIAL_EPOCHS[1]!.record, previous]);
    const history = await loadEpochHistory(fakeClient(fetchImpl), '6672a503689d1ff1e80e4ec9');
    expect(history.epochs.map((e) => [e.count, e.status, e.apr, e.lastApr, e.net, e.apyGross, e.apyNet])).toEqual([
      [5, 'FINISHED', 10, null, 9, 10.5, 9.4],
      [6, 'FINISHED', 9, 10, 8.1, 9.4, 8.4],
    ]);
  });

  it("shows an epoch's queues as what entered it, not the next epoch's empty queue", async () => {
    const epoch = {
      ...OFFICIAL_EPOCHS[1]!.record,
      depositQueue: { amount: '0', lastAmount: '2500000000' },
      withdrawQueue: { amount: '0', lastAmount: '700000000000000000000' },
    };
    const { fetchImpl } = fakeListService([epoch]);
    const history = await loadEpochHistory(fakeClient(fetchImpl), '6672a503689d1ff1e80e4ec9');
    expect(history.epochs.map((e) => [e.depositQueue, e.withdrawQueue])).toEqual([['2500000000', '700000000000000000000']]);
  });

  it('shows a transaction without status in the underlying (tokenAmount), not in tranche tokens', async () => {
    const { kept } = await readAll('transactions', OFFICIAL_TRANSACTIONS);
    const catalog = indexCatalog({
      vaults: [{ _id: '6672a503689d1ff1e80e4ec9', name: 'Pareto Credit USDC', tokenId: 'usdc' } as never],
      tokens: [{ _id: 'usdc', symbol: 'USDC', decimals: 6 } as never],
      chains: [],
    });
    const row = toTransactionRow(kept[0] as never, catalog);
    expect(row).toMatchObject({ type: 'REQUEST_DEPOSIT', status: null, amount: '50000000', token: { symbol: 'USDC', decimals: 6 } });
  });

  it('reads the points answer with its figures as strings', async () => {
    const fetchImpl = (async () =>
      new Response(JSON.stringify(OFFICIAL_POINTS), {
        status: 200,
        headers: { 'content-type': 'application/json' },
      })) as unknown as typeof fetch;
    const points = await fakeClient(fetchImpl).getCampaignPoints('c', `0x${'1'.repeat(40)}`);
    expect(points).toMatchObject({ points: 15234.75, perDay: 120.5, multiplier: 1.5 });
  });

  it('reads /v1/vaults/performances as the aggregate the protocol answers, or as the page the seed lists', async () => {
    const answer = (body: unknown) =>
      fakeClient(
        (async () =>
          new Response(JSON.stringify(body), { status: 200, headers: { 'content-type': 'application/json' } })) as unknown as typeof fetch,
      );
    expect(await answer(OFFICIAL_PERFORMANCES_AGGREGATE).getVaultsPerformances()).toMatchObject({
      kind: 'aggregate',
      aggregate: { vaults: 1, APRs: { AVG: 9.5 } },
    });
    expect(await answer({ data: [{ vaultId: 'v', age: 86_400 }], totalCount: 1 }).getVaultsPerformances()).toEqual({
      kind: 'perVault',
      lines: [{ vaultId: 'v', age: 86_400 }],
    });
  });
});
