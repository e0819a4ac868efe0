import type { PublicClient } from 'viem';
import { AppError } from '../../../shared/errors';
import { CHAINS_SETTING } from '../../../shared/chains/schemas';
import { hashAt, pinHead, type PinnedBlock } from '../chain/pinned-block';
import { readChain, type ChainReadResult, type ReadChainOptions } from './chain-state';
import type { EpochVaultEntry } from './vault-entries';

/** Reads of a chain again from its new head after a reorganisation, before it is reported unstable. */
const REORG_REREADS = 2;

/**
 * One chain's read for a refresh, pinned to one block: the head is taken once, every read is at
 * that number, and at the end the block's hash is asked again. When it changed, the chain
 * reorganised under the read (some answers may be of the dropped block): the chain is read again
 * from its new head, up to `REORG_REREADS` times, and then reported as unstable rather than shown
 * with figures of two chains mixed.
 */
export async function readChainPinned(
  client: PublicClient,
  entries: readonly EpochVaultEntry[],
  wallets: readonly `0x${string}`[],
  requestEpochs: ReadonlyMap<string, ReadonlySet<number>>,
  options: ReadChainOptions & {
    chainId: number;
    label: string;
    /** Given the pinned head, what a warm read may keep (`changed-since.ts`); undefined: read everything. */
    since?: (block: PinnedBlock) => Promise<ReadChainOptions['warm']>;
  },
): Promise<ChainReadResult> {
  for (let attempt = 0; ; attempt++) {
    const block = await pinHead(client, { chainId: options.chainId, name: options.label });
    const warm = await options.since?.(block);
    const result = await readChain(client, entries, wallets, requestEpochs, { ...options, block, ...(warm ? { warm } : {}) });
    const now = await hashAt(client, block);
    if (now === block.hash) return result;
    if (attempt >= REORG_REREADS) {
      throw new AppError({
        code: 'CHAIN_UNSTABLE',
        message: `${options.label} reorganised under ${attempt + 1} reads in a row (block ${block.number} changed while it was read): nothing of this refresh is shown for it.`,
        action: `The figures shown for this chain are from its last stable refresh. Refresh again in a minute; if it keeps happening, check the RPC addresses of chain ${options.chainId} in ${CHAINS_SETTING}.`,
        details: { chainId: options.chainId, block: block.number },
      });
    }
    options.log?.warn('The chain reorganised while the portfolio was read; reading it again from its new head.', {
      chainId: options.chainId,
      block: block.number,
    });
  }
}
