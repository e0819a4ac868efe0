import { z } from 'zod';
import { AppErrorDataSchema } from '../errors';
import { SourceStatusSchema } from '../portfolio/schemas';
import { AgreementsSchema } from '../ipc/schemas';

/**
 * The service's position record of each wallet × vault (what was deposited, what it is worth, what
 * is on its way in or out, what it earned), beside the chain's figures of the portfolio. Amounts
 * are integer strings: `token` in the vault's underlying base units, `usd` with 6 decimals. Either
 * may be negative for earnings.
 */

const Units = z.string().regex(/^-?\d+$/);
const Pair = z.object({ token: Units.nullable(), usd: Units.nullable() });

export const PositionRecordSchema = z.object({
  deposits: Pair,
  redeemable: Pair,
  pendingDeposits: Pair,
  pendingWithdraws: Pair,
  earnings: Pair.extend({ percentage: z.number().nullable() }),
  /** Percent, e.g. 9.8. */
  realizedApy: z.number().nullable(),
  poolSharePercent: z.number().nullable(),
  /** Tranche tokens the service counts for the wallet (18 decimals). */
  balance: Units.nullable(),
});
export type PositionRecord = z.infer<typeof PositionRecordSchema>;

export const PositionRecordRowSchema = z.object({
  wallet: z.string(),
  vaultId: z.string(),
  /** Null when the service never answered for this pair. */
  record: PositionRecordSchema.nullable(),
  /** When the service gave `record`. */
  fetchedAtMs: z.number().nullable(),
  /** The last request for this pair failed: `record`, if any, is from before. */
  stale: z.boolean(),
  /**
   * The service counts a different tranche balance than the chain holds now: its record is behind
   * (the service indexes blocks after they land). Asked again on the next refresh.
   */
  behindChain: z.boolean(),
  error: AppErrorDataSchema.nullable(),
});
export type PositionRecordRow = z.infer<typeof PositionRecordRowSchema>;

export const PositionRecordsInputSchema = z
  .object({
    groupId: z.string().max(40).nullable(),
    /** Ask the service again for every pair, cached or not (the Refresh button). */
    force: z.boolean().optional(),
  })
  .strict();

export const PositionRecordsSchema = z.object({
  groupId: z.string().nullable(),
  /** The pairs the records were asked for: those with a balance, a request or a past record. */
  rows: z.array(PositionRecordRowSchema),
  /**
   * Vaults whose rows the progress events of this load carried: they are left out of `rows` (at
   * ten thousand wallets each would otherwise cross twice), and the receiver puts them back.
   */
  rowsSentAhead: z.array(z.string().max(200)).max(100_000).optional(),
  /** Wallet × vault pairs with nothing on chain and no request, not asked for. */
  skippedPairs: z.number(),
  /** The service as the source of these records: failed when any pair failed. */
  source: SourceStatusSchema,
  /** How long a record is reused before it is asked for again. */
  ttlMs: z.number(),
  checkedAtMs: z.number(),
  /** Requests this answer cost (records reused from the cache cost nothing). */
  cost: z.object({ http: z.number(), ms: z.number() }),
});
export type PositionRecords = z.infer<typeof PositionRecordsSchema>;

/**
 * Most rows one progress event carries: one vault's pairs of the largest batch the console is
 * measured with. A vault with more sends none; its rows arrive with the answer.
 */
export const PROGRESS_ROWS_MAX = 20_000;

/** A load of the records came one vault further (pushed while `positions.records` runs). */
export const PositionRecordsProgressSchema = z.object({
  groupId: z.string().max(40).nullable(),
  vaultsDone: z.number().int().min(0).max(100_000),
  vaultsTotal: z.number().int().min(0).max(100_000),
  /** The vault whose records just arrived. */
  vaultId: z.string().max(200),
  /**
   * Its rows, as the answer will hold them; null when none was asked of the service in this load
   * (they are the last answer's) or there are more than PROGRESS_ROWS_MAX (they come with the answer).
   */
  rows: z.array(PositionRecordRowSchema).max(PROGRESS_ROWS_MAX).nullable(),
});
export type PositionRecordsProgressEvent = z.infer<typeof PositionRecordsProgressSchema>;

/**
 * What the main side pushes after each `portfolio.load` of a batch, on the one `positions` event:
 * `started` when it goes on to that batch's records, `progress` per vault as they arrive (as
 * `positionRecordsProgress` does for `positions.records`), `agreements` once they are checked, then `answer`: the records and the
 * lender agreements, or for each what went wrong. `portfolioAtMs` names the portfolio view the push
 * follows (its `generatedAtMs`).
 */
const PushBase = z.object({ groupId: z.string().max(40).nullable(), portfolioAtMs: z.number() });
const PositionsAnswerSchema = PushBase.extend({
  kind: z.literal('answer'),
  /** Null when the load failed (offline, the service down): `recordsError` says what happened and what to do. */
  records: PositionRecordsSchema.nullable(),
  recordsError: AppErrorDataSchema.nullable(),
  agreements: AgreementsSchema.nullable(),
  agreementsError: AppErrorDataSchema.nullable(),
});
export type PositionsAnswer = z.infer<typeof PositionsAnswerSchema>;
export const PositionsPushSchema = z.discriminatedUnion('kind', [
  PushBase.extend({ kind: z.literal('started') }),
  PositionRecordsProgressSchema.extend({ kind: z.literal('progress'), portfolioAtMs: z.number() }),
  // The agreements as soon as they are checked: they do not wait for the last vault's records.
  PositionsAnswerSchema.pick({ groupId: true, portfolioAtMs: true, agreements: true, agreementsError: true }).extend({ kind: z.literal('agreements') }),
  PositionsAnswerSchema,
]);
export type PositionsPush = z.infer<typeof PositionsPushSchema>;
