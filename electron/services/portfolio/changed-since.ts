import { createHash } from 'node:crypto';
import type { PublicClient } from 'viem';
import type { PinnedBlock } from '../chain/pinned-block';
import type { ChainReadResult, ReadChainOptions } from './chain-state';
import type { EpochVaultEntry } from './vault-entries';
import { scanLogs, scannedAddresses } from './log-scan';

/**
 * A full read of a chain at least this often, whatever its logs say. Some changes to a wallet's
 * figures leave no log the console can rely on: a KYC credential that expires with time, a vault
 * whose manager points it at another keyring (`isWalletAllowed` changes for every wallet, no
 * event), a token that moves balances without a `Transfer`. Five minutes bounds how long such a
 * change can go unseen to ten of the console's 30-second refreshes, the catalog's own cache time;
 * and a plan's items are checked against the chain again, and simulated, just before the device.
 */
export const FULL_READ_EVERY_MS = 5 * 60_000;

/**
 * The most blocks a warm refresh scans the logs of; a longer gap is read in full. Providers cap
 * `eth_getLogs` ranges (public nodes at 500 to 10,000 blocks, some by result count instead): 1,000
 * blocks is within most of them and is many refreshes on any chain (a 30-second refresh is 2.5
 * blocks on Ethereum, 120 on Arbitrum). A node that still refuses the scan gets a full read.
 */
export const LOG_SCAN_MAX_BLOCKS = 1_000;

/** How a chain's refresh was read: everything, or only the wallets its logs named. */
export type WarmDecision = { kind: 'full'; reason: string } | { kind: 'warm'; blocks: number; logs: number; wallets: number };

interface Kept {
  result: ChainReadResult;
  /** What the read was for: the chain's vaults and contracts, and the batch. */
  inputs: string;
  fullAtMs: number;
}

/** The key of what a chain's read is for: a new batch, catalog or registry entry reads it in full. */
export function readInputs(entries: readonly EpochVaultEntry[], wallets: readonly `0x${string}`[]): string {
  const hash = createHash('sha256');
  for (const e of entries) hash.update(`${e.vault._id}|${e.epochVault}|${e.tranche}|${e.underlying}|${e.queue}|${e.withdrawQueue}|${e.strategy}\n`);
  hash.update('wallets\n');
  for (const w of wallets) hash.update(`${w.toLowerCase()}\n`);
  return hash.digest('hex');
}

/**
 * Per chain, the last read and what it was for, so that the next refresh re-reads only what can
 * have changed: after blocks whose logs name a few batch wallets, those wallets; the vaults' own
 * state (epoch, prices, queues) every time. Everything is read again after `FULL_READ_EVERY_MS`,
 * on a first read, a new batch or vault set, a read that was partial, a gap longer than
 * `LOG_SCAN_MAX_BLOCKS` or than the node's log range, a reorganisation (the last read's block no
 * longer has its hash), and whenever the logs or the vaults' epochs say every wallet may have moved.
 */
export class ChangedSince {
  private readonly kept = new Map<number, Kept>();
  private readonly decisions = new Map<number, WarmDecision>();

  constructor(private readonly nowMs: () => number = () => Date.now()) {}

  /** How the chain's last refresh was read (for measurements and logs). */
  lastDecision(chainId: number): WarmDecision | undefined {
    return this.decisions.get(chainId);
  }

  forget(chainId?: number): void {
    if (chainId === undefined) this.kept.clear();
    else this.kept.delete(chainId);
  }

  /** What a read of this chain at `block` may keep from the last one (undefined: read everything). */
  async plan(client: PublicClient, chainId: number, block: PinnedBlock, inputs: string, batchWallets: ReadonlySet<string>, entries: readonly EpochVaultEntry[]): Promise<ReadChainOptions['warm']> {
    const full = (reason: string) => {
      this.decisions.set(chainId, { kind: 'full', reason });
      return undefined;
    };
    const kept = this.kept.get(chainId);
    if (!kept) return full('first read of the chain');
    const last = kept.result;
    if (kept.inputs !== inputs) return full('the batch, the vaults or their contracts changed');
    if (last.failed > 0) return full('the last read was partial');
    if (this.nowMs() - kept.fullAtMs >= FULL_READ_EVERY_MS) return full(`no full read for ${FULL_READ_EVERY_MS / 60_000} minutes`);
    if (block.number < last.blockNumber) return full('the head is below the last read');
    if (block.number === last.blockNumber) {
      return block.hash === last.blockHash ? this.warm(chainId, last, [], 0, 0) : full('the last read block was replaced (reorganisation)');
    }
    if (block.number - last.blockNumber > LOG_SCAN_MAX_BLOCKS) return full(`a gap of ${block.number - last.blockNumber} blocks (more than ${LOG_SCAN_MAX_BLOCKS})`);
    const strategies = new Map([...last.vaults].map(([id, v]) => [id, v.strategy]));
    const addresses = scannedAddresses(entries, strategies);
    try {
      const scan = await scanLogs(client, { last: { number: last.blockNumber, hash: last.blockHash }, head: block }, addresses, batchWallets);
      if (scan.wholeChain) return full(scan.wholeChain);
      const wallets = [...scan.wallets] as `0x${string}`[];
      return this.warm(chainId, last, wallets, block.number - last.blockNumber, scan.logs);
    } catch (err) {
      return full(`the node did not scan the logs: ${err instanceof Error ? err.message.split('\n')[0] : String(err)}`);
    }
  }

  /** Keeps a chain's read for the next refresh. */
  keep(chainId: number, result: ChainReadResult, inputs: string, wallets: number): void {
    const previous = this.kept.get(chainId);
    const whole = result.walletsRead === wallets || !previous;
    this.kept.set(chainId, { result, inputs, fullAtMs: whole ? this.nowMs() : previous.fullAtMs });
    // A warm plan whose basis no longer held was read in full.
    const decision = this.decisions.get(chainId);
    if (whole && decision?.kind === 'warm' && wallets > decision.wallets) this.decisions.set(chainId, { kind: 'full', reason: 'an epoch or a vault state changed' });
  }

  private warm(chainId: number, previous: ChainReadResult, wallets: `0x${string}`[], blocks: number, logs: number): ReadChainOptions['warm'] {
    this.decisions.set(chainId, { kind: 'warm', blocks, logs, wallets: wallets.length });
    return { previous, wallets };
  }
}
