import type { PublicClient } from 'viem';
import { describe, expect, it } from 'vitest';
import { ChainPool, serviceRpcUrl } from '../../../electron/services/chain/pool';
import type { ResourceItem } from '../../../shared/service';

// The one chain-client pool: which RPC serves a chain, and one kept client per chain and address.
type Chain = ResourceItem<'chains'>;
const chain = (chainID: number, RPCs: unknown[]) => ({ _id: `c${chainID}`, name: `Chain ${chainID}`, chainID, RPCs }) as unknown as Chain;
const records = [
  chain(1, [{ wss: 'wss://one.example' }, { https: '' }, { https: 'https://one.example/rpc' }, { https: 'https://two.example/rpc' }]),
  chain(2, [{ wss: 'wss://only.example' }]),
];

const urlOf = (client: PublicClient) => (client.transport as { url?: string }).url;

describe('the chain pool', () => {
  it('takes the first https RPC of the service’s chain record', () => {
    expect(serviceRpcUrl(records[0])).toBe('https://one.example/rpc');
    expect(serviceRpcUrl(records[1])).toBeNull();
    expect(serviceRpcUrl(undefined)).toBeNull();
  });

  it('lets the operator’s address win over the service’s', async () => {
    const pool = new ChainPool({ chainRecords: async () => records, override: (id) => (id === 1 ? 'http://127.0.0.1:8545' : null) });
    expect(pool.rpcUrl(1, records[0])).toBe('http://127.0.0.1:8545');
    expect(urlOf(await pool.client(1))).toBe('http://127.0.0.1:8545');
    expect(pool.rpcUrl(3, chain(3, [{ https: 'https://three.example' }]))).toBe('https://three.example');
  });

  it('serves a chain by id from the service’s records, and says so when no address is known', async () => {
    const pool = new ChainPool({ chainRecords: async () => records });
    const client = await pool.client(1);
    expect(urlOf(client)).toBe('https://one.example/rpc');
    expect(client.chain?.id).toBe(1);
    await expect(pool.client(2)).rejects.toMatchObject({ code: 'CHAIN_NO_RPC' });
    await expect(pool.client(99)).rejects.toMatchObject({ code: 'CHAIN_NO_RPC' });
  });

  it('makes one client per chain and address and keeps it', async () => {
    let override: string | null = null;
    const pool = new ChainPool({ chainRecords: async () => records, override: () => override });
    const first = await pool.client(1);
    expect(await pool.client(1)).toBe(first);
    expect(pool.clientAt(1, 'https://one.example/rpc', 'Chain one')).toBe(first);
    override = 'http://127.0.0.1:8545';
    const moved = await pool.client(1);
    expect(moved).not.toBe(first);
    expect(pool.clientAt(1, 'http://127.0.0.1:8545')).toBe(moved);
    expect(pool.clientAt(5, 'http://127.0.0.1:8545')).not.toBe(moved);
  });
});
