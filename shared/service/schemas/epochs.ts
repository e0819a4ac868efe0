import { z } from 'zod';
import {
  AddressSchema,
  auditShape,
  BaseUnitsSchema,
  BlockRefSchema,
  DateTimeSchema,
  IntegerSchema,
  NumberSchema,
  ObjectIdSchema,
} from '../primitives';
import { readRecords, type SetAsideRecord } from '../tolerant';
import { VaultRequestSchema, type VaultRequest } from './requests';

/**
 * Vault blocks (a vault's figures at one block) and epochs: APRs, TVL, share price, the queues and
 * the cycle state.
 */

/** Percentages (9.8 means 9.8 %), by kind: BASE, HARVEST, REWARDS, GROSS, NET, FEE on blocks; EPOCH, BUFFER, CURE, DELTA too on epochs. */
const AprBreakdownSchema = z.looseObject({
  BASE: NumberSchema.optional(),
  HARVEST: NumberSchema.optional(),
  REWARDS: NumberSchema.optional(),
  GROSS: NumberSchema.optional(),
  NET: NumberSchema.optional(),
  FEE: NumberSchema.optional(),
  EPOCH: NumberSchema.optional(),
  BUFFER: NumberSchema.optional(),
  CURE: NumberSchema.optional(),
  DELTA: NumberSchema.optional(),
});

export const TvlSchema = z.looseObject({
  token: BaseUnitsSchema.optional(),
  USD: BaseUnitsSchema.optional(),
  withRequestsToken: BaseUnitsSchema.optional(),
  withRequestsUSD: BaseUnitsSchema.optional(),
});

const QueueAmountsSchema = z.looseObject({
  amount: BaseUnitsSchema.optional(),
  lastAmount: BaseUnitsSchema.optional(),
  isInstant: z.boolean().optional(),
  /** On epoch records: PENDING or PROCESSED. */
  status: z.string().optional(),
});

const InstantWithdrawsSchema = z.looseObject({
  allowed: z.boolean().optional(),
  delay: NumberSchema.optional(),
  amount: BaseUnitsSchema.optional(),
  aprDelta: NumberSchema.optional(),
  deadline: DateTimeSchema.optional(),
  disabled: z.boolean().optional(),
});

const WithdrawsSchema = z.looseObject({ amount: BaseUnitsSchema.optional(), fees: BaseUnitsSchema.optional() });

/** Epoch state as seen in one vault block. Durations in seconds; APRs in percent. */
const EpochStateSchema = z.looseObject({
  apr: NumberSchema.optional(),
  lastApr: NumberSchema.optional(),
  epochNumber: IntegerSchema.optional(),
  /** WAITING, RUNNING, DEFAULTED, CURE (blocks); FINISHED too (epochs); open. */
  status: z.string().optional(),
  startDate: DateTimeSchema.optional(),
  endDate: DateTimeSchema.optional(),
  duration: NumberSchema.optional(),
  bufferDuration: NumberSchema.optional(),
  withdrawType: z.string().optional(),
  depositQueue: QueueAmountsSchema.optional(),
  withdrawQueue: QueueAmountsSchema.optional(),
  instantWithdraws: InstantWithdrawsSchema.optional(),
  withdraws: WithdrawsSchema.optional(),
});

/**
 * Requests inside a block are read one by one by the client (`readBlockRequests`): one odd request
 * is set aside, never the cause of a lost block.
 */
const UnreadRequestsSchema = z.array(z.custom<VaultRequest>(() => true));

export const VaultBlockSchema = z.looseObject({
  _id: ObjectIdSchema,
  vaultId: ObjectIdSchema,
  /** Shown nowhere (the vault's own record gives its contracts): kept as sent, checked by no one. */
  vaultAddress: z.string().optional(),
  chainId: ObjectIdSchema.optional(),
  block: BlockRefSchema,
  APRs: AprBreakdownSchema.optional(),
  APYs: AprBreakdownSchema.optional(),
  /** Underlying units per 1e18 tranche tokens. */
  price: BaseUnitsSchema.optional(),
  totalSupply: BaseUnitsSchema.optional(),
  TVL: TvlSchema.optional(),
  /**
   * Per request type, then per status: amount strings in the protocol's records (counts in the
   * seed's); shown nowhere, kept as sent.
   */
  totalRequests: z.record(z.string(), z.record(z.string(), z.union([z.string(), z.number()]))).optional(),
  requests: UnreadRequestsSchema.optional(),
  cdoEpoch: EpochStateSchema.optional(),
  ...auditShape,
});

/**
 * A vault's latest block (`/v1/vault-latest-blocks`, `/v1/vault-latest-block`). The docs'
 * `VaultLatestBlock` has no `_id`: such a block is known by its `vaultId` (one latest block per
 * vault), and one that carries an `_id` keeps it.
 */
export const VaultLatestBlockSchema = VaultBlockSchema.extend({ _id: ObjectIdSchema.optional() });

/**
 * An epoch record. The protocol's records give its rates as `APRs` (EPOCH, BUFFER, CURE, GROSS,
 * NET, DELTA) and `APYs`, and no `apr`/`lastApr`; the seed's give `apr`/`lastApr`. Which of them is
 * shown is `epochRates`' (shared/domain/rates.ts) to say: EPOCH is only a part of the rate.
 */
export const VaultEpochSchema = EpochStateSchema.extend({
  _id: ObjectIdSchema,
  vaultId: ObjectIdSchema,
  /** Epoch number (1-based). */
  count: IntegerSchema,
  status: z.string(),
  APRs: AprBreakdownSchema.optional(),
  APYs: AprBreakdownSchema.optional(),
  TVL: TvlSchema.optional(),
  ...auditShape,
});

/**
 * The requests of a block read one by one, each completed with the block's vault (the protocol's
 * block requests may leave it out): the good ones kept, the others set aside with their reason.
 */
export function readBlockRequests<B extends { vaultId: string; vaultAddress?: string | undefined; requests?: unknown[] | undefined }>(
  endpoint: string,
  block: B,
): { block: B; setAside: SetAsideRecord[] } {
  if (!Array.isArray(block.requests)) return { block, setAside: [] };
  const inVault = block.requests.map((r) =>
    r !== null && typeof r === 'object'
      ? {
          vaultId: block.vaultId,
          ...(AddressSchema.safeParse(block.vaultAddress).success ? { vaultAddress: block.vaultAddress } : {}),
          ...r,
        }
      : r,
  );
  const { kept, setAside } = readRecords(endpoint, inVault, VaultRequestSchema);
  const blockId = (block as { _id?: unknown })._id;
  return {
    block: { ...block, requests: kept },
    setAside: setAside.map((s) => ({
      ...s,
      id: s.id ?? (typeof blockId === 'string' ? blockId : null),
      path: `requests[${s.index}]${s.path ? `.${s.path}` : ''}`,
    })),
  };
}

export type VaultBlock = z.infer<typeof VaultBlockSchema>;
export type VaultLatestBlock = z.infer<typeof VaultLatestBlockSchema>;
