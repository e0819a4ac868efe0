import { toEventSelector, type Hex, type PublicClient } from 'viem';
import { rpcRequestOf } from '../chain/rpc-client';
import type { EpochVaultEntry } from './catalog';
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

/**
 * Scans the logs of the blocks after `last` up to `head` (inclusive), in one request: the two
 * blocks' hashes, every log of the vaults' own contracts and tranches (few: only the vaults'
 * lenders move them), and only the `Transfer`/`Approval` logs of the underlyings (a stablecoin's
 * other events are many and say nothing a lender's figures depend on). One request lands on one
 * node behind a load balancer, so its hashes tell whether those logs are of the chain read: a node
 * without the head is behind (it would leave the newest logs out, silently), and a `last` block
 * with another hash was replaced by a reorganisation; either reads the chain whole. A node that
 * refuses the scan (range or result caps) throws: the caller then reads the chain whole too.
 */
export async function scanLogs(
  client: PublicClient,
  range: { last: BlockRef; head: BlockRef },
  addresses: ReturnType<typeof scannedAddresses>,
  batchWallets: ReadonlySet<string>,
): Promise<LogScan> {
  const scan: LogScan = { wallets: new Set(), wholeChain: null, logs: 0 };
  const window = { fromBlock: tagOf(range.last.number + 1), toBlock: tagOf(range.head.number) };
  const asks = [
    { method: 'eth_getBlockByNumber', params: [tagOf(range.last.number), false] },
    { method: 'eth_getBlockByNumber', params: [tagOf(range.head.number), false] },
    { method: 'eth_getLogs', params: [{ ...window, address: [...addresses.protocol, ...addresses.tranches] }] },
    { method: 'eth_getLogs', params: [{ ...window, address: addresses.underlyings, topics: [[TRANSFER, APPROVAL]] }] },
  ];
  const request = rpcRequestOf(client);
  const [last, head, ...answers] = request
    ? await request(asks)
    : await Promise.all(asks.map((a) => client.request({ method: a.method, params: a.params } as never)));
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
