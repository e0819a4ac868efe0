import { describe, expect, it } from 'vitest';
import { generateDataset, validateStore } from '../../../electron/demo/service';

const now = Date.UTC(2026, 10, 1);
const snapshot = (seed: number) => {
  const store = generateDataset({ seed, wallets: 30, now });
  return JSON.stringify([store.vaults.all(), store.vaultBlocks.all(), store.vaultRequests.all(), store.positions.all()]);
};

describe('dataset', () => {
  it('is the same for the same seed and different for another', () => {
    expect(snapshot(5)).toBe(snapshot(5));
    expect(snapshot(5)).not.toBe(snapshot(6));
  });

  it("serves only records that pass the service's own record checks", () => {
    expect(validateStore(generateDataset({ seed: 9, wallets: 200, now }))).toEqual([]);
  });

  it('gives every epoch vault at least 12 completed epochs in order, and a block per epoch boundary', () => {
    const store = generateDataset({ seed: 2, wallets: 0, now });
    const epochVaults = store.vaults.filter((v) => v.contractType === 'CDO_EPOCH');
    expect(epochVaults.length).toBeGreaterThanOrEqual(4);
    for (const vault of epochVaults) {
      const epochs = store.vaultEpochs.filter((e) => e.vaultId === vault._id);
      expect(epochs.filter((e) => e.status === 'CLOSED').length).toBeGreaterThanOrEqual(12);
      epochs.forEach((e, i) => expect(e.count).toBe(i + 1));
      for (let i = 1; i < epochs.length; i++) expect(Date.parse(epochs[i]!.startDate!)).toBeGreaterThan(Date.parse(epochs[i - 1]!.endDate!));
      const latest = store.latestVaultBlock(vault._id)!;
      expect(latest.block.timestamp).toBe(now / 1000);
      const stopped = epochs.filter((e) => e.status !== 'RUNNING').length;
      expect(latest.cdoEpoch?.epochNumber).toBe(stopped);
      const last = epochs[epochs.length - 1]!.status;
      expect(latest.cdoEpoch?.status).toBe(last === 'CLOSED' ? 'WAITING' : last);
    }
  });

  it('has one vault in default, which takes no new requests', () => {
    const store = generateDataset({ seed: 2, wallets: 200, now });
    const defaulted = store.vaults.filter((v) => store.latestVaultBlock(v._id)?.cdoEpoch?.status === 'DEFAULTED');
    expect(defaulted).toHaveLength(1);
    const last = store.vaultEpochs.filter((e) => e.vaultId === defaulted[0]!._id).pop()!;
    expect(last.status).toBe('DEFAULTED');
    expect(store.vaultRequests.filter((r) => r.vaultId === defaulted[0]!._id && r.status === 'PENDING')).toEqual([]);
  });

  it('includes the given wallet addresses and scales with the wallet count', () => {
    const mine = '0x1111111111111111111111111111111111111111';
    const small = generateDataset({ seed: 4, wallets: 10, now, walletAddresses: [mine] });
    const large = generateDataset({ seed: 4, wallets: 1000, now });
    expect(small.wallets.size).toBe(11);
    expect(small.positions.filter((p) => p.walletAddress.toLowerCase() === mine).length).toBeGreaterThan(0);
    expect(large.vaultRequests.size).toBeGreaterThan(small.vaultRequests.size * 20);
    expect(large.positions.size).toBeGreaterThanOrEqual(1000);
  });

  it('generates 10,000 wallets in a few seconds at most', () => {
    const started = performance.now();
    const store = generateDataset({ seed: 1, wallets: 10_000, now });
    const elapsed = performance.now() - started;
    expect(store.wallets.size).toBe(10_000);
    expect(elapsed).toBeLessThan(5_000);
  });
});
