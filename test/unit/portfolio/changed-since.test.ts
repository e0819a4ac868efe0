import { describe, expect, it } from 'vitest';
import type { PublicClient } from 'viem';
import { ChangedSince, FULL_READ_EVERY_MS, readInputs } from '../../../electron/services/portfolio/changed-since';
import type { ChainReadResult } from '../../../electron/services/portfolio/chain-state';
import type { PinnedBlock } from '../../../electron/services/chain/pinned-block';

// When a warm refresh may keep the last read's wallet figures, and when it must read them all: the
// decisions that need no chain (the log scan itself runs against anvil in the integration test).
const noChain = {} as PublicClient;
const read = (over: Partial<ChainReadResult> = {}): ChainReadResult => ({
  vaults: new Map(),
  wallets: new Map(),
  blockTimestamp: 1_000,
  blockNumber: 10,
  blockHash: '0xaa',
  calls: 0,
  failed: 0,
  via: 'lens',
  lensRefused: null,
  walletBasis: 'basis',
  walletsRead: 3,
  ...over,
});
const head = (number: number, hash: `0x${string}` = '0xaa'): PinnedBlock => ({ number, tag: `0x${number.toString(16)}`, hash, timestamp: 1_000 });
const wallets = ['0x0000000000000000000000000000000000000001', '0x0000000000000000000000000000000000000002', '0x0000000000000000000000000000000000000003'] as const;
const batch = new Set<string>(wallets);

describe('ChangedSince', () => {
  it('keeps every wallet figure at the same block, reads in full after FULL_READ_EVERY_MS whatever the logs', async () => {
    let now = 0;
    const changed = new ChangedSince(() => now);
    const inputs = readInputs([], wallets);
    expect(await changed.plan(noChain, 1, head(10), inputs, batch, [])).toBeUndefined();
    expect(changed.lastDecision(1)).toEqual({ kind: 'full', reason: 'first read of the chain' });
    changed.keep(1, read(), inputs, 3);

    now = FULL_READ_EVERY_MS - 1;
    expect(await changed.plan(noChain, 1, head(10), inputs, batch, [])).toMatchObject({ wallets: [] });
    // A warm read does not count as a full one.
    changed.keep(1, read({ walletsRead: 0 }), inputs, 3);
    now = FULL_READ_EVERY_MS;
    expect(await changed.plan(noChain, 1, head(10), inputs, batch, [])).toBeUndefined();
    expect(changed.lastDecision(1)).toMatchObject({ kind: 'full', reason: expect.stringMatching(/no full read for 5 minutes/) });
  });

  it('reads in full after a partial read, a new batch, a replaced block or a head below the last', async () => {
    const changed = new ChangedSince(() => 0);
    const inputs = readInputs([], wallets);
    const reasonAfter = async (kept: ChainReadResult, block: PinnedBlock, plannedInputs = inputs) => {
      changed.keep(1, kept, inputs, 3);
      expect(await changed.plan(noChain, 1, block, plannedInputs, batch, [])).toBeUndefined();
      return (changed.lastDecision(1) as { reason: string }).reason;
    };
    expect(await reasonAfter(read({ failed: 1 }), head(10))).toMatch(/partial/);
    expect(await reasonAfter(read(), head(10), readInputs([], wallets.slice(0, 2)))).toMatch(/batch/);
    expect(await reasonAfter(read(), head(10, '0xbb'))).toMatch(/reorganisation/);
    expect(await reasonAfter(read(), head(9))).toMatch(/below/);
    expect(await reasonAfter(read(), head(10 + 1_001))).toMatch(/gap of 1001 blocks/);
  });
});
