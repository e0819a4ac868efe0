import { formatGwei, type Hex, type PublicClient } from 'viem';
import type { AppErrorData } from '../../../shared/errors';
import type { BatchItem } from '../../../shared/signing/schemas';

/**
 * Whether transactions signed elsewhere (a signed bundle) can still be mined here and now: their
 * nonce must be the wallet's next one (or follow one sent before it), and their max fee must reach
 * the chain's base fee. Nothing signed elsewhere can be re-signed here, so each problem comes with
 * the way forward: re-plan the wallet online, or wait.
 */

const who = (item: BatchItem) => `${item.label ? `${item.label} ` : ''}(${item.wallet})`;

function nonceUsed(item: BatchItem, next: number): AppErrorData {
  const nonce = item.tx!.nonce;
  return {
    code: 'TX_NONCE_USED',
    message: `Nonce ${nonce} of ${who(item)} is already used on chain ${item.chainId} (its next nonce is ${next}): this signed transaction can never be mined.`,
    action: `Nonce ${nonce} already used: re-plan this wallet online and carry a new bundle to the offline install; skip this item here.`,
    details: { nonce, next },
  };
}

function nonceGap(item: BatchItem, next: number): AppErrorData {
  const nonce = item.tx!.nonce;
  return {
    code: 'TX_NONCE_GAP',
    message: `Nonce ${nonce} of ${who(item)} waits for nonce ${next}, which was not sent (skipped, failed or never signed): a node would hold it and never mine it.`,
    action: `Re-plan this wallet online and carry a new bundle; or send nonce ${next} of this wallet first, then retry this item.`,
    details: { nonce, next },
  };
}

function feeExpired(item: BatchItem, baseFee: bigint): AppErrorData {
  const maxFee = BigInt(item.tx!.maxFeePerGas ?? '0');
  return {
    code: 'TX_FEE_EXPIRED',
    message: `The fees of this transaction have expired: its max fee of ${formatGwei(maxFee)} gwei per gas is below the base fee of chain ${item.chainId}, now ${formatGwei(baseFee)} gwei, so no block will take it.`,
    action: `Re-plan this wallet online (fresh fees) and carry a new bundle, or retry once the base fee is under ${formatGwei(maxFee)} gwei.`,
    details: { maxFeePerGas: maxFee.toString(), baseFeePerGas: baseFee.toString() },
  };
}

function waitsForUnsendable(item: BatchItem, dep: BatchItem): AppErrorData {
  return {
    code: 'TX_WAITS_FOR_APPROVAL',
    message: `It needs the ${dep.step} step before it (nonce ${dep.tx?.nonce ?? '?'}), which cannot be sent: sent alone it would revert.`,
    action: 'Re-plan this wallet online and carry a new bundle.',
    details: { dependsOn: dep.id },
  };
}

/** The signed transaction is already known to the node (sent, or mined). */
async function known(client: PublicClient, hash: Hex): Promise<boolean> {
  const receipt = await client.getTransactionReceipt({ hash }).catch(() => null);
  if (receipt) return true;
  return (await client.getTransaction({ hash }).catch(() => null)) !== null;
}

/** Just before sending one signed transaction: null when it can be sent, else why not. */
export async function sendableNow(client: PublicClient, item: BatchItem): Promise<AppErrorData | null> {
  if (!item.tx || !item.signed) return null;
  if (await known(client, item.signed.hash as Hex)) return null;
  const address = item.wallet as Hex;
  const [latest, pending, block] = await Promise.all([
    client.getTransactionCount({ address, blockTag: 'latest' }),
    client.getTransactionCount({ address, blockTag: 'pending' }),
    client.getBlock({ blockTag: 'latest' }),
  ]);
  if (item.tx.nonce < latest) return nonceUsed(item, latest);
  if (item.tx.nonce > pending) return nonceGap(item, pending);
  if (block.baseFeePerGas != null && BigInt(item.tx.maxFeePerGas ?? '0') < block.baseFeePerGas) return feeExpired(item, block.baseFeePerGas);
  return null;
}

/**
 * The same check for every signed transaction of a batch before anything is sent, in batch
 * order: a wallet's later nonces count on its earlier items being sent first.
 */
export async function sendableReport(
  chain: (chainId: number) => PublicClient | Promise<PublicClient>,
  items: readonly BatchItem[],
): Promise<Map<string, AppErrorData | null>> {
  const out = new Map<string, AppErrorData | null>();
  const next = new Map<string, { latest: number; expected: number }>();
  const baseFees = new Map<number, bigint | null>();
  for (const item of items) {
    if (!item.tx || !item.signed) continue;
    const client = await chain(item.chainId);
    if (await known(client, item.signed.hash as Hex)) {
      out.set(item.id, null);
      continue;
    }
    const key = `${item.chainId}:${item.wallet.toLowerCase()}`;
    let counts = next.get(key);
    if (!counts) {
      const address = item.wallet as Hex;
      const [latest, pending] = await Promise.all([
        client.getTransactionCount({ address, blockTag: 'latest' }),
        client.getTransactionCount({ address, blockTag: 'pending' }),
      ]);
      counts = { latest, expected: pending };
      next.set(key, counts);
    }
    if (!baseFees.has(item.chainId)) baseFees.set(item.chainId, (await client.getBlock({ blockTag: 'latest' })).baseFeePerGas ?? null);
    const baseFee = baseFees.get(item.chainId) ?? null;
    const nonce = item.tx.nonce;
    const dep = item.dependsOn ? items.find((i) => i.id === item.dependsOn) : undefined;
    if (dep && out.get(dep.id)) out.set(item.id, waitsForUnsendable(item, dep));
    else if (nonce < counts.latest) out.set(item.id, nonceUsed(item, counts.latest));
    else if (nonce > counts.expected) out.set(item.id, nonceGap(item, counts.expected));
    else if (baseFee !== null && BigInt(item.tx.maxFeePerGas ?? '0') < baseFee) {
      out.set(item.id, feeExpired(item, baseFee));
    } else {
      out.set(item.id, null);
      counts.expected = nonce + 1;
    }
  }
  return out;
}
