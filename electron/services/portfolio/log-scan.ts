import { toEventSelector, type Hex, type PublicClient } from 'viem';
import { lowerSliceCap, sliceCap } from '../chain/node-learning';
import { rpcRequestOf } from '../chain/rpc-client';
import { logRangeRefusalOf } from '../chain/rpc-limits';
import type { EpochVaultEntry } from './vault-entries';
import { erc20Abi } from '../../../shared/abi';
import { abiItems } from '../../../shared/abi/pick';

/**
 * What the logs of a chain's vaults say changed over a range of blocks: the batch wallets a token
 * event names, or a reason why every wallet of the chain must be read again.
 *
 * Which events: the epoch vault, its queues and its strategy emit almost nothing a lender's figures
 * could be told from (in the protocol's source only `AccrueInterest` and `BorrowerDefault` on the
 * epoch vault, plus `Paused`/`Unpaused`; an epoch's start or stop, a queue request or a claim emit
 * no event of their own), so any log of theirs means "read the chain whole". Every lender action
 * moves a token, though: a deposit or a queue request takes the underlying or the tranche from the
 * wallet (`Transfer`), a redeem burns the tranche, a claim or a cancel pays the wallet back, and an
 * approval names its owner. So a wallet is read again when a `Transfer` or `Approval` of a vault's
 * tranche or underlying names it. Whatever changes with no log at all (the epoch state, prices,
 * interest accrual) is in the vault round, read on every refresh; an epoch that started or stopped
 * changes what the wallets' reads ask (`wallet-basis.ts`), which reads every wallet again too.
 */
interface LogScan {
  /** Lowercase batch wallets named by a token event over the range. */
  wallets: Set<string>;
  /** Why every wallet of the chain is read again (a vault's own event, an unknown tranche event), or null. */
  wholeChain: string | null;
  /** Logs looked at. */
  logs: number;
}

const TRANSFER = toEventSelector(abiItems(erc20Abi, ['Transfer'])[0]!);
const APPROVAL = toEventSelector(abiItems(erc20Abi, ['Approval'])[0]!);

type RawLog = { address?: string; topics?: readonly Hex[] };

/** The addresses a chain's vaults' logs are asked for, by what a log of theirs means. */
export function scannedAddresses(entries: readonly EpochVaultEntry[], strategies: ReadonlyMap<string, `0x${string}` | null>) {
  const protocol = new Set<string>();
  const tranches = new Set<string>();
  const underlyings = new Set<string>();
  for (const e of entries) {
    protocol.add(e.epochVault.toLowerCase());
    if (e.queue) protocol.add(e.queue.toLowerCase());
    if (e.withdrawQueue) protocol.add(e.withdrawQueue.toLowerCase());
    const strategy = e.strategy ?? strategies.get(e.vault._id) ?? null;
    if (strategy) protocol.add(strategy.toLowerCase());
    tranches.add(e.tranche.toLowerCase());
    underlyings.add(e.underlying.toLowerCase());
  }
  return { protocol: [...protocol], tranches: [...tranches], underlyings: [...underlyings] };
}

/** A topic as an address when it is one (12 zero bytes, then 20), else null. */
const topicAddress = (topic: Hex | undefined): string | null =>
  topic && topic.length === 66 && /^0x0{24}/i.test(topic) ? `0x${topic.slice(26).toLowerCase()}` : null;

/** A block by its number and hash. */
interface BlockRef {
  number: number;
  hash: Hex;
}

const tagOf = (n: number) => `0x${n.toString(16)}`;

/** Blocks per `eth_getLogs` a node took, learned from its range refusals (kept per client, as lens slices are). */
const LOG_BLOCKS = 'log-blocks';
/** Range refusals met by one scan before it gives up (the caller then reads the chain whole). */
const RANGE_TRIES = 6;

/** The blocks from `from` to `to` (inclusive) in ranges of at most `cap` blocks. */
function rangesOf(from: number, to: number, cap: number): { fromBlock: string; toBlock: string }[] {
  const ranges: { fromBlock: string; toBlock: string }[] = [];
  for (let start = from; start <= to; start += cap) ranges.push({ fromBlock: tagOf(start), toBlock: tagOf(Math.min(to, start + cap - 1)) });
  return ranges;
}

/**
 * Scans the logs of the blocks after `last` up to `head` (inclusive), in one request: the two
 * blocks' hashes, every log of the vaults' own contracts and tranches (few: only the vaults'
 * lenders move them), and only the `Transfer`/`Approval` logs of the underlyings (a stablecoin's
 * other events are many and say nothing a lender's figures depend on). One request lands on one
 * node behind a load balancer, so its hashes tell whether those logs are of the chain read: a node
 * without the head is behind (it would leave the newest logs out, silently), and a `last` block
 * with another hash was replaced by a reorganisation; either reads the chain whole. A node that
 * caps `eth_getLogs` ranges (a free tier's 10 blocks, Arbitrum's 120 blocks a refresh) is asked
 * again in ranges that fit, still in one request, and the cap is kept for the next scans; a node
 * that refuses the scan otherwise, or still at one block, throws: the caller then reads the chain whole.
 */
export async function scanLogs(
  client: PublicClient,
  range: { last: BlockRef; head: BlockRef },
  addresses: ReturnType<typeof scannedAddresses>,
  batchWallets: ReadonlySet<string>,
): Promise<LogScan> {
  const scan: LogScan = { wallets: new Set(), wholeChain: null, logs: 0 };
  const blocks = range.head.number - range.last.number;
  const request = rpcRequestOf(client);
  const ask = (asks: { method: string; params: unknown[] }[]) =>
    request ? request(asks) : Promise.all(asks.map((a) => client.request({ method: a.method, params: a.params } as never) as Promise<unknown>));
  let answered: unknown[] | undefined;
  for (let attempt = 0; !answered; attempt++) {
    const cap = Math.min(blocks, sliceCap(client, LOG_BLOCKS) ?? blocks);
    const asks = [
      { method: 'eth_getBlockByNumber', params: [tagOf(range.last.number), false] },
      { method: 'eth_getBlockByNumber', params: [tagOf(range.head.number), false] },
      ...rangesOf(range.last.number + 1, range.head.number, Math.max(1, cap)).flatMap((window) => [
        { method: 'eth_getLogs', params: [{ ...window, address: [...addresses.protocol, ...addresses.tranches] }] },
        { method: 'eth_getLogs', params: [{ ...window, address: addresses.underlyings, topics: [[TRANSFER, APPROVAL]] }] },
      ]),
    ];
    try {
      answered = await ask(asks);
    } catch (err) {
      const e = err as { message?: string; details?: string };
      const refusal = logRangeRefusalOf(`${e.details ?? ''} ${e.message ?? ''}`);
      if (!refusal || cap <= 1 || attempt >= RANGE_TRIES) throw err;
      lowerSliceCap(client, LOG_BLOCKS, cap, Math.min(cap - 1, refusal.fits ?? Math.floor(cap / 2)));
    }
  }
  const [last, head, ...answers] = answered;
  const hashOf = (block: unknown) => (block as { hash?: Hex } | null)?.hash ?? null;
  if (hashOf(head) !== range.head.hash) return { ...scan, wholeChain: 'the node that scanned the logs is behind the head read' };
  if (hashOf(last) !== range.last.hash) return { ...scan, wholeChain: 'the last read block was replaced (reorganisation)' };
  const protocol = new Set(addresses.protocol);
  for (const answer of answers) {
    if (!Array.isArray(answer)) throw new Error('The node answered eth_getLogs with something else than a list of logs.');
    for (const log of answer as RawLog[]) {
      scan.logs++;
      const address = log.address?.toLowerCase() ?? '';
      const topic0 = log.topics?.[0];
      if (topic0 !== TRANSFER && topic0 !== APPROVAL) {
        // A vault's own event (interest accrued, a default, a pause) or a tranche event we do not
        // know may move every lender's figures; an underlying's other events are filtered out above.
        scan.wholeChain ??= `an event of the ${protocol.has(address) ? 'vault contract' : 'tranche'} ${address} (topic ${topic0 ?? 'none'})`;
        continue;
      }
      // A token's Transfer or Approval, the strategy's own token included (it is minted to the
      // epoch vault on deposits): only the wallets it names can have moved.
      for (const topic of log.topics!.slice(1, 3)) {
        const wallet = topicAddress(topic);
        if (wallet && batchWallets.has(wallet)) scan.wallets.add(wallet);
      }
    }
  }
  return scan;
}
