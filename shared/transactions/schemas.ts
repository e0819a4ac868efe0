import { z } from 'zod';
import { AppErrorDataSchema } from '../errors';

/**
 * The Transactions screen's view model: a group's protocol transactions from the service, each
 * joined with its vault, token and chain, and where it can be looked at on a block explorer.
 * Amounts are integer strings of base units in the transaction's own token (the underlying or the
 * tranche token); times are unix seconds.
 */

const Units = z.string().regex(/^-?\d+$/);

export const TransactionRowSchema = z.object({
  id: z.string(),
  hash: z.string().nullable(),
  wallet: z.string(),
  vaultId: z.string().nullable(),
  /** The vault's name, or its id when the catalog does not list it. */
  vaultName: z.string(),
  chainName: z.string().nullable(),
  /** Open: a type the console does not know is shown as it is, marked. */
  type: z.string(),
  /**
   * The service's word when it gives one; null for the protocol's records, which carry none (a
   * record is a transaction mined in its block). No USD value is kept: the records carry none, and
   * pricing `tokenAmount` would need the token's price at the transaction's block, which the
   * console does not read; a price of another moment would be a figure of no moment at all.
   */
  status: z.string().nullable(),
  amount: Units.nullable(),
  /** Null when the service names a token the catalog does not list: the amount is then in unknown units. */
  token: z.object({ symbol: z.string(), decimals: z.number().int().min(0).max(36) }).nullable(),
  /** The block's time, else the record's creation time. */
  timestamp: z.number().nullable(),
  blockNumber: z.number().nullable(),
  /** The explorer page of the transaction, or why there is none. */
  explorer: z.union([z.object({ url: z.string(), host: z.string() }), z.object({ url: z.null(), reason: z.string(), short: z.string() })]),
});
export type TransactionRow = z.infer<typeof TransactionRowSchema>;

export const TransactionsInputSchema = z
  .object({
    groupId: z.string().max(40).nullable(),
    /** Ask the service again even if the cached history is recent (Refresh, after signing). */
    force: z.boolean().optional(),
  })
  .strict();

export const TransactionsViewSchema = z.object({
  groupId: z.string().nullable(),
  wallets: z.array(z.object({ address: z.string(), label: z.string() })),
  rows: z.array(TransactionRowSchema),
  /** When the service answered the rows shown. */
  fetchedAtMs: z.number().nullable(),
  /** The last attempt failed: the rows shown (if any) are from `fetchedAtMs`, not current. */
  stale: z.boolean(),
  error: AppErrorDataSchema.nullable(),
  /** Requests this answer cost (0 when it came from the cache). */
  cost: z.object({ http: z.number(), ms: z.number() }),
});
export type TransactionsView = z.infer<typeof TransactionsViewSchema>;
