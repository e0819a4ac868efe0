import { z } from 'zod';

import { VaultGenerationsSchema } from '../registry/schemas';
import { AppErrorDataSchema } from '../errors';

/** Where a request stands (shared/portfolio/request-phase.ts): the one classification every screen uses. */
export const RequestPhaseSchema = z.enum(['pending', 'processed', 'claimable', 'claimed', 'cancelled', 'other']);

/**
 * The portfolio view model: everything the console shows for a group of wallets, built in the
 * main process in a bounded number of requests and sent to the renderer in one piece. Amounts are
 * decimal strings of base units; times are unix seconds unless named `…Ms`.
 */

const BaseUnits = z.string().regex(/^\d+$/);

const CycleStateSchema = z.enum(['WAITING', 'RUNNING', 'RUNNING_PAST_END', 'DEFAULTED']);

/**
 * A record of a service list that did not fit what the console reads, left out of what is shown
 * (the rest of its page is kept): where it was, which field, and why.
 */
export const SetAsideRecordSchema = z.object({
  /** The endpoint label, e.g. `GET /v1/vaults`. */
  endpoint: z.string(),
  /** Its position in the page the service sent. */
  index: z.number().int().nonnegative(),
  id: z.string().nullable(),
  /** The first field that did not fit (`a.b[0].c`; empty for the record itself). */
  path: z.string(),
  reason: z.string(),
});
export type SetAsideRecord = z.infer<typeof SetAsideRecordSchema>;

/** The records the service's latest reads set aside: how many, and the first of them to list. */
export const SetAsideSchema = z.object({
  count: z.number().int().nonnegative(),
  records: z.array(SetAsideRecordSchema),
});
export type SetAside = z.infer<typeof SetAsideSchema>;

/** One place the data comes from (the service, or one chain), and how it fared on the last refresh. */
export const SourceStatusSchema = z.object({
  id: z.string(),
  label: z.string(),
  ok: z.boolean(),
  /** When this source last answered; null if it never did. */
  fetchedAtMs: z.number().nullable(),
  /** The data shown from this source is older than the last refresh (it failed since). */
  stale: z.boolean(),
  error: AppErrorDataSchema.nullable(),
  /** The service only: records its latest reads left out, as of this refresh. */
  setAside: SetAsideSchema.optional(),
  /** A chain only: what its provider's rate limit cost this refresh (absent: it did not limit the console). */
  limits: z.object({ rateLimited: z.number(), waitedMs: z.number() }).optional(),
});
export type SourceStatus = z.infer<typeof SourceStatusSchema>;

export const TokenRefSchema = z.object({ symbol: z.string(), decimals: z.number(), address: z.string() });
export type TokenRef = z.infer<typeof TokenRefSchema>;

const NextEventSchema = z.object({
  kind: z.enum(['epochEnd', 'epochStart', 'instantWithdrawals', 'awaitingStop']),
  /** Unix seconds; for `awaitingStop` the end date that has passed. */
  at: z.number(),
  label: z.string(),
});

export const VaultCycleSchema = z.object({
  state: CycleStateSchema,
  paused: z.boolean(),
  /** Completed epochs (the strategy's counter). The running epoch, if any, is number + 1. */
  epochNumber: z.number(),
  /** The queue key of a request made now: epochNumber + 1. */
  requestEpoch: z.number(),
  epochStart: z.number().nullable(),
  epochEnd: z.number().nullable(),
  epochDuration: z.number().nullable(),
  bufferPeriod: z.number().nullable(),
  nextEvent: NextEventSchema.nullable(),
  /** Block time the cycle was read at. */
  asOf: z.number(),
});
export type VaultCycle = z.infer<typeof VaultCycleSchema>;

const VaultQueuesSchema = z.object({
  /** Underlying waiting in the deposit queue for the current request epoch, and the previous one. */
  depositCurrent: BaseUnits,
  depositLast: BaseUnits,
  /** Tranche tokens waiting in the withdraw queue. */
  withdrawCurrent: BaseUnits,
  withdrawLast: BaseUnits,
});

const InstantWithdrawSchema = z.object({
  disabled: z.boolean(),
  allowed: z.boolean(),
  delaySeconds: z.number(),
  deadline: z.number().nullable(),
  /** Percent, e.g. 1.5. */
  aprDelta: z.number(),
});

/** Which source gave a figure on the last refresh: the chain, the service, or neither (unknown). */
export const FigureOriginSchema = z.enum(['chain', 'service']).nullable();
export type FigureOrigin = z.infer<typeof FigureOriginSchema>;

/** Where each vault figure came from, so that a figure whose source failed since is shown as not current. */
const TRACED_FIGURES = ['apr', 'lastApr', 'price', 'tvl', 'tvlUsd', 'queues', 'instant'] as const;
type TracedFigure = (typeof TRACED_FIGURES)[number];
const originsShape = Object.fromEntries(TRACED_FIGURES.map((figure) => [figure, FigureOriginSchema])) as Record<
  TracedFigure,
  typeof FigureOriginSchema
>;
export const VaultFigureOriginsSchema = z.object(originsShape);
export type VaultFigureOrigins = z.infer<typeof VaultFigureOriginsSchema>;

export const PortfolioVaultSchema = z.object({
  id: z.string(),
  name: z.string(),
  chain: z.object({ recordId: z.string(), chainId: z.number(), name: z.string(), explorerUrl: z.string().nullable() }),
  underlying: TokenRefSchema,
  tranche: TokenRefSchema,
  epochVault: z.string(),
  /** The deposit queue (`cdoEpoch.depositQueue`). */
  queue: z.string().nullable(),
  /** The withdraw queue (`cdoEpoch.withdrawQueue`), the same contract as `queue` for most vaults. */
  withdrawQueue: z.string().nullable(),
  strategy: z.string(),
  /** The generations the record names (abiCode per contract), when it does. */
  abiCodes: z.object({
    epochVault: z.string().max(64).nullable(),
    queue: z.string().max(64).nullable(),
    withdrawQueue: z.string().max(64).nullable(),
    strategy: z.string().max(64).nullable(),
  }),
  /** The generation each contract answered as on chain at this refresh; null when the chain did not answer. */
  generations: VaultGenerationsSchema.nullable(),
  /** The vault takes direct deposits while its epoch runs (2026 `depositDuringEpoch`, switched on by its manager). */
  depositDuringEpoch: z.boolean().optional(),
  /**
   * A prefunded queue (2026): it stops taking deposits `window` seconds before the epoch ends, or
   * once the next epoch's deposits were forwarded to the borrower.
   */
  prefunded: z.object({ window: z.number(), nextEpochPrefunded: z.boolean() }).nullable().optional(),
  kyc: z.object({ required: z.boolean(), link: z.string().nullable() }),
  lenderSignatureIds: z.array(z.string()),
  status: z.string().nullable(),
  /** From the chain when it answered, otherwise from the service (see `cycleSource`). */
  cycle: VaultCycleSchema.nullable(),
  cycleSource: z.enum(['chain', 'service']).nullable(),
  /**
   * APRs in percent, on one scale: what a lender earns over a whole cycle (the strategy's unscaled
   * rate, never `getApr()` as it is), gross of fees. `net`: after fees, when the service gives it.
   * `setAtStop`: the vault's rate is set when its epoch stops (`unscaledApr() == 0`), so there is no
   * current rate to show.
   */
  apr: z.object({
    current: z.number().nullable(),
    last: z.number().nullable(),
    net: z.number().nullable().optional(),
    setAtStop: z.boolean().optional(),
  }),
  /** Underlying base units per 1e18 tranche tokens. */
  price: BaseUnits.nullable(),
  /** `usd`: the TVL priced at `usdPrice` (never a ratio of a chain figure to a service one). */
  tvl: z.object({ token: BaseUnits, usd: BaseUnits.nullable() }).nullable(),
  /**
   * The underlying's USD price at one moment: the service's `TVL.USD` over its `TVL.token` of the
   * same vault block (USD base units, 6 decimals, per `token` underlying base units), with that
   * block's number and time, so that its age can be said. Every USD figure of the vault uses it.
   */
  usdPrice: z.object({ usd: BaseUnits, token: BaseUnits, block: z.number(), at: z.number() }).nullable(),
  /** The blocks the figures were read at: the chain's latest when it answered, the service's latest vault block. */
  blocks: z.object({ chain: z.number().nullable(), service: z.number().nullable() }).optional(),
  queues: VaultQueuesSchema.nullable(),
  instant: InstantWithdrawSchema.nullable(),
  origins: VaultFigureOriginsSchema,
});
export type PortfolioVault = z.infer<typeof PortfolioVaultSchema>;

export const ClaimableSchema = z.object({
  kind: z.enum(['deposit', 'withdraw', 'redeem', 'instantRedeem']),
  /** The request's epoch key, for queue claims. */
  epochNumber: z.number().nullable(),
  /** What was put in (the request's amount), in `amountToken` base units. */
  amount: BaseUnits.nullable(),
  amountToken: z.enum(['underlying', 'tranche']),
  /** What the claim pays, in `receive.token` (tranche tokens for a deposit claim, the underlying otherwise); null when no price is known. */
  receive: z.object({ amount: BaseUnits, token: z.enum(['underlying', 'tranche']), estimate: z.boolean() }).nullable(),
  functionName: z.string(),
  contract: z.enum(['epochVault', 'queue', 'withdrawQueue']),
});
export type Claimable = z.infer<typeof ClaimableSchema>;

/** One wallet in one vault: what the chain says now. */
export const PositionRowSchema = z.object({
  wallet: z.string(),
  vaultId: z.string(),
  allowed: z.boolean().nullable(),
  trancheBalance: BaseUnits.nullable(),
  /** Tranche balance × price, in underlying base units. */
  value: BaseUnits.nullable(),
  underlyingBalance: BaseUnits.nullable(),
  maxWithdrawable: BaseUnits.nullable(),
  /** Underlying in the deposit queue and tranche in the withdraw queue, for the current request epoch. */
  pendingDeposit: BaseUnits.nullable(),
  pendingWithdraw: BaseUnits.nullable(),
  /** Receipt tokens of standard and instant redeems not yet claimed. */
  pendingRedeem: BaseUnits.nullable(),
  pendingInstantRedeem: BaseUnits.nullable(),
  allowance: z.object({ underlyingToVault: BaseUnits, underlyingToQueue: BaseUnits, trancheToQueue: BaseUnits }).nullable(),
  claimable: z.array(ClaimableSchema),
  /** The chain of this vault did not answer on the last refresh: these values are from before. */
  stale: z.boolean(),
});
export type PositionRow = z.infer<typeof PositionRowSchema>;

export const RequestRowSchema = z.object({
  /** Stable across refreshes: vault, wallet, type and epoch. */
  id: z.string(),
  wallet: z.string(),
  vaultId: z.string(),
  /**
   * DEPOSIT, WITHDRAW or REDEEM, which the console acts on; any other type the service records
   * (WRITEOFF, or one added later) is kept and shown as it is, with no action.
   */
  type: z.string(),
  status: z.string(),
  isInstant: z.boolean(),
  epochNumber: z.number().nullable(),
  /** Where the request stands (shared/portfolio/request-phase.ts): the one classification every screen uses. */
  phase: RequestPhaseSchema,
  /**
   * What was put in, in `amountToken` base units: the underlying for deposits and redeems; tranche
   * tokens for withdrawals when known (`lpAmount` or the queue), else the underlying the record states.
   */
  amount: BaseUnits,
  amountToken: z.enum(['underlying', 'tranche']),
  /** Where the amount was read (shared/portfolio/request-amounts.ts). */
  amountFrom: z.enum(['lpAmount', 'chain', 'service']),
  /** What the claim will deliver; `estimate` until the contracts fixed its price; null when no price is known. */
  receive: z.object({ amount: BaseUnits, token: z.enum(['underlying', 'tranche']), estimate: z.boolean() }).nullable(),
  requestedAt: z.number().nullable(),
  /** When it should be processed or become claimable (unix s), as far as the cycle tells. */
  expectedAt: z.number().nullable(),
  /** What can be done now, or why nothing can. */
  action: z.object({ kind: z.enum(['cancel', 'claim']), functionName: z.string(), contract: z.enum(['epochVault', 'queue', 'withdrawQueue']) }).nullable(),
  reason: z.string().nullable(),
  source: z.enum(['service', 'chain']),
  /**
   * Built from a source that did not answer on the last refresh: the service's last records, or
   * the cycle and queue of a chain that failed.
   */
  stale: z.boolean(),
});
export type RequestRow = z.infer<typeof RequestRowSchema>;

const PortfolioWalletSchema = z.object({ address: z.string(), label: z.string() });

export const PortfolioSchema = z.object({
  groupId: z.string().nullable(),
  generatedAtMs: z.number(),
  wallets: z.array(PortfolioWalletSchema),
  vaults: z.array(PortfolioVaultSchema),
  positions: z.array(PositionRowSchema),
  requests: z.array(RequestRowSchema),
  sources: z.array(SourceStatusSchema),
  /** Requests and calls the refresh made, for the status bar and benchmarks. */
  cost: z.object({ http: z.number(), rpc: z.number(), ms: z.number() }),
});
export type Portfolio = z.infer<typeof PortfolioSchema>;
