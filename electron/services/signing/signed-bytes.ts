import { keccak256, parseTransaction, recoverTransactionAddress, serializeTransaction, type Hex, type TransactionSerializable } from 'viem';
import type { AppErrorData } from '../../../shared/errors';
import type { BatchItem } from '../../../shared/signing/schemas';
import { toViemTransaction } from '../device';

/**
 * Signed bytes kept in the journal (signed here before a restart, or offline for a signed bundle)
 * are sent only when they are exactly the item's draft, signed by the item's own wallet: parsed,
 * every field compared with the draft (type, chain, nonce, contract, ether, calldata, gas and
 * fees, access list), the signer recovered, and their hash the one the journal watches.
 */

const lower = (s: string) => s.toLowerCase();

/** The draft's fields as the signed bytes must carry them. */
function fieldsOf(tx: TransactionSerializable): [string, string][] {
  const t = tx as TransactionSerializable & { gasPrice?: bigint; maxFeePerGas?: bigint; maxPriorityFeePerGas?: bigint; accessList?: unknown };
  return [
    ['type', String(t.type ?? 'legacy')],
    ['chainId', String(t.chainId ?? 'none')],
    ['nonce', String(t.nonce ?? 'none')],
    ['to', lower(t.to ?? 'none')],
    ['value', String(t.value ?? 0n)],
    ['data', lower(t.data ?? '0x')],
    ['gas', String(t.gas ?? 'none')],
    ['gasPrice', String(t.gasPrice ?? 'none')],
    ['maxFeePerGas', String(t.maxFeePerGas ?? 'none')],
    ['maxPriorityFeePerGas', String(t.maxPriorityFeePerGas ?? 'none')],
    ['accessList', JSON.stringify(t.accessList ?? []).toLowerCase()],
  ];
}

function mismatch(item: BatchItem, what: string): AppErrorData {
  return {
    code: 'SIGNING_SIGNED_MISMATCH',
    message: `${item.label} ${item.step} (nonce ${item.tx?.nonce ?? '?'}): the signed transaction in the journal is not this item's draft — ${what}. It was not sent.`,
    action: 'Nothing of it reached the chain. Check this wallet on a block explorer, then skip this item and plan the operation again for it.',
    details: { itemId: item.id, wallet: item.wallet },
  };
}

/** Why the item's signed bytes may not be sent, or null when they are its draft signed by its wallet. */
export async function signedBytesProblem(item: BatchItem): Promise<AppErrorData | null> {
  const { tx, signed } = item;
  if (!tx || !signed) return null;
  let parsed: ReturnType<typeof parseTransaction>;
  try {
    parsed = parseTransaction(signed.serialized as Hex);
  } catch (err) {
    return mismatch(item, `the bytes are not a transaction (${(err as Error).message.split('\n')[0]})`);
  }
  let drafted: TransactionSerializable;
  try {
    drafted = toViemTransaction(tx);
  } catch (err) {
    return mismatch(item, `the draft is not a transaction (${(err as Error).message})`);
  }
  const found = new Map(fieldsOf(parsed as TransactionSerializable));
  for (const [field, stated] of fieldsOf(drafted)) {
    const got = found.get(field)!;
    if (stated === got) continue;
    if (field === 'data') {
      let at = 0;
      while (at < stated.length && stated[at] === got[at]) at++;
      return mismatch(item, `its calldata differs from byte ${Math.max(0, (at - 2) >> 1)} (${(stated.length - 2) / 2} bytes drafted, ${(got.length - 2) / 2} signed)`);
    }
    return mismatch(item, `its ${field} is ${got}, the draft's ${stated}`);
  }
  if (parsed.r === undefined || parsed.s === undefined || (parsed.yParity === undefined && parsed.v === undefined)) {
    return mismatch(item, 'it carries no signature');
  }
  // The same fields in the same order: the unsigned bytes, and so the hash the device signed, are the draft's.
  const { r: _r, s: _s, v: _v, yParity: _y, ...unsigned } = parsed;
  if (serializeTransaction(unsigned as TransactionSerializable) !== serializeTransaction(drafted)) return mismatch(item, 'its unsigned bytes differ');
  const hash = keccak256(signed.serialized as Hex);
  if (lower(signed.hash) !== hash) return mismatch(item, `the journal names it ${signed.hash}, its bytes hash to ${hash}`);
  let signer: string;
  try {
    signer = await recoverTransactionAddress({ serializedTransaction: signed.serialized as never });
  } catch {
    return mismatch(item, 'its signature recovers to no address');
  }
  if (lower(signer) !== lower(item.wallet)) return mismatch(item, `it is signed by ${signer}, not by its wallet ${item.wallet}: sent, it would come from another account`);
  return null;
}
