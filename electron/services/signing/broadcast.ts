import { BaseError, decodeErrorResult, type Hex, type PublicClient, type TransactionReceipt } from 'viem';
import { protocolErrorAbi } from '../../../shared/abi/errors';
import type { AppErrorData } from '../../../shared/errors';
import { describeRevert } from '../../../shared/signing/reverts';

/**
 * Broadcast of signed bytes, receipts, and revert reasons: a mined revert is replayed as a call at
 * its block to read the reason, decoded against the protocol's ABIs (custom errors, revert
 * strings, OpenZeppelin v5 ERC-20 errors).
 */

/** The revert's error name or string, from revert data; null when it cannot be read. */
export function revertReason(data: Hex | undefined): string | null {
  if (!data || data === '0x') return null;
  try {
    const decoded = decodeErrorResult({ abi: protocolErrorAbi, data });
    if (decoded.errorName === 'Error') return String((decoded.args as readonly unknown[])[0]);
    if (decoded.errorName === 'Panic') return `Panic(${String((decoded.args as readonly unknown[])[0])})`;
    return decoded.errorName;
  } catch {
    return null;
  }
}

/** Revert data from a viem error, wherever it sits in the cause chain. */
function revertDataOf(err: unknown): Hex | undefined {
  if (!(err instanceof BaseError)) return undefined;
  let found: Hex | undefined;
  err.walk((e) => {
    const data = (e as { data?: unknown }).data;
    if (typeof data === 'string' && data.startsWith('0x')) found = data as Hex;
    else if (data && typeof data === 'object' && typeof (data as { data?: unknown }).data === 'string')
      found = (data as { data: Hex }).data;
    return false;
  });
  return found;
}

/** Reason for a failed call or estimate, decoded when the error carries revert data. */
export function describeCallError(err: unknown): AppErrorData {
  const data = revertDataOf(err);
  const reason = revertReason(data);
  if (reason) return describeRevert(reason);
  const viemReason = err instanceof BaseError ? ((err as BaseError & { reason?: string }).reason ?? null) : null;
  if (viemReason) return describeRevert(viemReason);
  const message = err instanceof BaseError ? err.shortMessage : err instanceof Error ? err.message : String(err);
  return {
    code: 'CHAIN_CALL_FAILED',
    message: `The chain refused the call: ${message.split('\n')[0]}`,
    action: 'Refresh the portfolio and plan again.',
  };
}

/** The reason a mined transaction reverted, by replaying it at its block. */
export async function minedRevert(
  client: PublicClient,
  receipt: TransactionReceipt,
  tx: { from: Hex; to: Hex; data: Hex },
): Promise<AppErrorData> {
  try {
    // The state before its block: what the transaction ran against (with one transaction per block, exactly).
    await client.call({ account: tx.from, to: tx.to, data: tx.data, blockNumber: receipt.blockNumber - 1n });
    return describeRevert(null);
  } catch (err) {
    return describeCallError(err);
  }
}

type BroadcastResult = { ok: true; hash: Hex } | { ok: false; error: AppErrorData };

/**
 * Sends signed bytes. A node that already has them (or has mined them) is fine: the caller then
 * watches the hash it already knows.
 */
export async function broadcastRaw(client: PublicClient, serialized: Hex, hash: Hex): Promise<BroadcastResult> {
  try {
    const sent = await client.sendRawTransaction({ serializedTransaction: serialized });
    return { ok: true, hash: sent };
  } catch (err) {
    const text = err instanceof BaseError ? `${err.shortMessage} ${err.details}` : String(err);
    if (/already known|already imported|known transaction|nonce too low|replacement transaction underpriced/i.test(text)) {
      // Either the node has these bytes or the nonce is used: the receipt tells which.
      const receipt = await client.getTransactionReceipt({ hash }).catch(() => null);
      const pending = receipt ? null : await client.getTransaction({ hash }).catch(() => null);
      if (receipt || pending) return { ok: true, hash };
      return {
        ok: false,
        error: {
          code: 'TX_NONCE_USED',
          message: 'The nonce of this transaction was used by another transaction of the wallet; this one can never be mined.',
          action: 'Skip it, or sign it again with a new nonce (resign).',
        },
      };
    }
    const message = err instanceof BaseError ? err.shortMessage : err instanceof Error ? err.message : String(err);
    return {
      ok: false,
      error: {
        code: 'TX_BROADCAST_FAILED',
        message: `The node refused the transaction: ${message.split('\n')[0]}`,
        action: 'Retry: the same signed bytes are sent again.',
      },
    };
  }
}

/** The receipt, or null when the transaction is not mined within `timeoutMs`. */
export async function waitReceipt(
  client: PublicClient,
  hash: Hex,
  timeoutMs: number,
  pollingMs: number,
): Promise<TransactionReceipt | null> {
  try {
    return await client.waitForTransactionReceipt({ hash, timeout: timeoutMs, pollingInterval: pollingMs });
  } catch (err) {
    if (err instanceof BaseError && /timed out|WaitForTransactionReceiptTimeout/i.test(`${err.name} ${err.shortMessage}`)) return null;
    throw err;
  }
}
