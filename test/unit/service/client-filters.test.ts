import { describe, expect, it } from 'vitest';
import { fakeClient, fakeListService, type Row } from './fake-service';

/** The filters a list asks for hold even when the service ignores them. */

const wallet = (c: string) => `0x${c.repeat(40)}`;
const everything = ['walletAddress', 'vaultId', 'vaultAddress', 'status:ne', 'status', 'type', '_id'];

const requests: Row[] = [
  { vaultId: 'v1', vaultAddress: wallet('1'), type: 'DEPOSIT', amount: '1', walletAddress: wallet('a'), status: 'PENDING' },
  { vaultId: 'v1', vaultAddress: wallet('1'), type: 'WITHDRAW', amount: '2', walletAddress: wallet('b'), status: 'CLAIMED' },
  { vaultId: 'v2', vaultAddress: wallet('2'), type: 'DEPOSIT', amount: '3', walletAddress: wallet('A'), status: 'CLAIMABLE' },
  { vaultId: 'v2', vaultAddress: wallet('2'), type: 'REDEEM', amount: '4', walletAddress: wallet('c'), status: 'PENDING' },
];
const transactions: Row[] = [
  { _id: 't1', type: 'DEPOSIT', status: 'SUCCESS', walletAddress: wallet('a') },
  { _id: 't2', type: 'DEPOSIT', status: 'SUCCESS', walletAddress: wallet('b') },
  { _id: 't3', type: 'WITHDRAW', status: 'SUCCESS', walletAddress: wallet('c') },
  { _id: 't4', type: 'DEPOSIT', status: 'SUCCESS' },
];

describe('filters applied again by the client', () => {
  it('keeps only the wallets of a comma list, whatever their case, when the service ignores it', async () => {
    const { fetchImpl, urls } = fakeListService(transactions, { ignored: everything });
    const client = fakeClient(fetchImpl);
    const rows = await client.listAll('transactions', { filter: { walletAddress: [wallet('A'), wallet('B')] } });
    // t4 has no wallet: nothing to check it against, it is kept as the service sent it.
    expect(rows.map((t) => t._id)).toEqual(['t1', 't2', 't4']);
    expect(urls[0]!.searchParams.get('walletAddress')).toBe(`${wallet('A')},${wallet('B')}`);
  });

  it('keeps only the vault and the statuses asked for (vault requests)', async () => {
    const { fetchImpl } = fakeListService(requests, { ignored: everything });
    const client = fakeClient(fetchImpl);
    const open = await client.listAll('vaultRequests', { filter: { vaultId: 'v1', status: ['PENDING', 'PROCESSED', 'CLAIMABLE'] } });
    expect(open.map((r) => r.amount)).toEqual(['1']);
    const byAddress = await client.listAll('vaultRequests', { filter: { vaultAddress: wallet('2'), type: 'DEPOSIT', status: ['CLAIMABLE', 'PENDING'] } });
    expect(byAddress.map((r) => r.amount)).toEqual(['3']);
  });

  it('keeps only the ids asked for, on one page as well as on listAll', async () => {
    const { fetchImpl } = fakeListService(transactions, { ignored: everything });
    const client = fakeClient(fetchImpl);
    expect((await client.list('transactions', { _id: ['t2', 't3'] })).data.map((t) => t._id)).toEqual(['t2', 't3']);
    expect((await client.listTransactions({ filter: { type: 'WITHDRAW' } })).data.map((t) => t._id)).toEqual(['t3']);
  });

  it('pages to the end by what the service sent, so an ignored filter costs requests, not records', async () => {
    const many: Row[] = Array.from({ length: 450 }, (_, i) => ({ _id: `t${i}`, type: 'DEPOSIT', status: 'SUCCESS', walletAddress: wallet(i === 420 ? 'd' : 'e') }));
    const { fetchImpl, urls } = fakeListService(many, { ignored: everything });
    const rows = await fakeClient(fetchImpl).listAll('transactions', { filter: { walletAddress: [wallet('d')] } });
    expect(rows.map((t) => t._id)).toEqual(['t420']);
    expect(urls).toHaveLength(3);
  });

  it('finds a vault by address even when the service ignores the address filter', async () => {
    const vaults: Row[] = ['1', '2', '3'].map((c) => ({ _id: `v${c}`, address: wallet(c), name: `V${c}`, chainId: 'c1', tokenId: 't', contractType: 'CDO_EPOCH', visibility: 'PUBLIC', status: 'READY' }));
    const { fetchImpl } = fakeListService(vaults, { ignored: ['address'] });
    const client = fakeClient(fetchImpl);
    expect((await client.findVaultByAddress(wallet('3')))?._id).toBe('v3');
  });
});
