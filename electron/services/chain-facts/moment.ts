import type { PublicClient } from 'viem';
import { pinHead, type PinnedBlock } from '../chain/pinned-block';

/**
 * A chain at one block: every fact of a plan (the vault's cycle, its wallets, the registry's
 * relations) is read at the same height, pinned as the portfolio refresh pins it (the highest of
 * several asks, chain id checked when it is given). The check before the device takes a new moment.
 */
export interface ChainMoment {
  client: PublicClient;
  block: PinnedBlock;
}

/** The chain's head now, as the moment its facts are read at. */
export async function pinMoment(client: PublicClient, expect?: { chainId: number; name: string }): Promise<ChainMoment> {
  return { client, block: await pinHead(client, expect) };
}

/** A moment given, or one pinned now from a client (a registry review outside a plan). */
export async function momentOf(source: ChainMoment | PublicClient): Promise<ChainMoment> {
  return 'block' in source && 'client' in source ? source : pinMoment(source);
}

/**
 * One moment per chain for as long as the reader lives: a plan over several vaults reads them all
 * at one block of each chain. A pin that failed is asked again next time.
 */
export class ChainFactsReader {
  private readonly moments = new Map<number, Promise<ChainMoment>>();

  constructor(private readonly chain: (chainId: number) => PublicClient | Promise<PublicClient>) {}

  at(chainId: number, name: string): Promise<ChainMoment> {
    let moment = this.moments.get(chainId);
    if (!moment) {
      moment = Promise.resolve(this.chain(chainId)).then((client) => pinMoment(client, { chainId, name }));
      this.moments.set(chainId, moment);
      moment.catch(() => this.moments.delete(chainId));
    }
    return moment;
  }
}
