import { z } from 'zod';
import { AppErrorDataSchema } from '../errors';
import { AddressSchema as Address } from '../domain/hex';

/**
 * What a plan will change, computed by running its transactions on a local fork of each chain (or
 * with the RPC's `eth_simulateV1` when no fork can start) before anything reaches the device.
 * JSON only: amounts are decimal strings of base units, signed where they are changes. Every list
 * is bounded so that a hostile chain (a token emitting thousands of events) cannot grow a result
 * without end.
 */

const BaseUnits = z.string().regex(/^\d+$/, 'a whole number of base units');
const SignedBaseUnits = z.string().regex(/^-?\d+$/, 'a signed whole number of base units');

/** Native ETH has no contract: its deltas name this token. */
export const NATIVE_TOKEN = 'native' as const;
const TokenRefSchema = z.union([Address, z.literal(NATIVE_TOKEN)]);

/** Bounds of one result; a list cut at its bound says so (`truncated`). */
export const SIMULATION_LIMITS = {
  items: 2000,
  deltasPerItem: 64,
  allowancesPerItem: 16,
  eventsPerItem: 16,
  totals: 4096,
  notes: 32,
  text: 600,
} as const;

const Text = z.string().max(SIMULATION_LIMITS.text);

/** One balance change: `wallet` is the address whose balance changes (the operator's wallet or a contract). */
export const BalanceDeltaSchema = z.object({
  wallet: Address,
  token: TokenRefSchema,
  symbol: z.string().max(32),
  decimals: z.number().int().min(0).max(36),
  amount: SignedBaseUnits,
});
export type BalanceDelta = z.infer<typeof BalanceDeltaSchema>;

/** An allowance set or spent: `before` is null when the fork was not asked what it was. */
export const AllowanceChangeSchema = z.object({
  token: Address,
  symbol: z.string().max(32),
  owner: Address,
  spender: Address,
  before: BaseUnits.nullable(),
  after: BaseUnits,
});
export type AllowanceChange = z.infer<typeof AllowanceChangeSchema>;

const PROTOCOL_EVENT_KINDS = [
  'approve',
  'deposit',
  'deposit-request',
  'withdraw-request',
  'redeem-request',
  'claim',
  'cancel',
  'vault-event',
] as const;

/**
 * What the call did in the protocol's words. The vault and queue emit no request events of their
 * own, so these are read from the decoded call and the token movements it caused; the vault's own
 * events (pause, interest, default) are decoded from its logs.
 */
export const ProtocolEventSchema = z.object({
  kind: z.enum(PROTOCOL_EVENT_KINDS),
  /** The request's epoch key (`strategy.epochNumber() + 1` at request time, or the key claimed or cancelled). */
  epoch: z.string().regex(/^\d+$/).nullable(),
  /** One line, e.g. "Deposit request of 250 USDC for epoch 4". */
  text: Text,
});
export type ProtocolEvent = z.infer<typeof ProtocolEventSchema>;

export const ItemSimulationSchema = z.object({
  itemId: z.string().max(100),
  wallet: Address,
  chainId: z.number().int().positive(),
  /** The contract's role and function, e.g. "queue.claimDepositRequest". */
  call: z.string().max(120),
  /** False when it was not run (the step it waits for reverts): then `ok` is false and `revert` says why. */
  ran: z.boolean(),
  ok: z.boolean(),
  /** The decoded reason (custom error name, revert string or panic), and what to do. */
  revert: z.object({ reason: Text.nullable(), error: AppErrorDataSchema }).nullable(),
  gasUsed: BaseUnits.nullable(),
  deltas: z.array(BalanceDeltaSchema).max(SIMULATION_LIMITS.deltasPerItem),
  allowances: z.array(AllowanceChangeSchema).max(SIMULATION_LIMITS.allowancesPerItem),
  events: z.array(ProtocolEventSchema).max(SIMULATION_LIMITS.eventsPerItem),
  /** A list above was cut at its bound. */
  truncated: z.boolean(),
  /** Where the fork differs from reality for this item (fees raised to the fork's base fee…). */
  note: Text.nullable(),
});
export type ItemSimulation = z.infer<typeof ItemSimulationSchema>;

const SIMULATION_METHODS = ['fork', 'eth_simulateV1', 'none'] as const;

export const ChainSimulationSchema = z.object({
  chainId: z.number().int().positive(),
  method: z.enum(SIMULATION_METHODS),
  /** The block the fork was taken at (or the simulation ran on top of). */
  block: BaseUnits.nullable(),
  /** Why the chain was not simulated, or why the fallback was used. */
  reason: Text.nullable(),
  /** Wallets whose ETH was topped up on the fork to pay gas: a difference from reality. */
  fundedGas: z.array(z.object({ wallet: Address, addedWei: BaseUnits })).max(SIMULATION_LIMITS.items),
  /** How long the fork took to start, and the items to run (milliseconds). */
  startMs: z.number().nonnegative().nullable(),
  runMs: z.number().nonnegative().nullable(),
});
export type ChainSimulation = z.infer<typeof ChainSimulationSchema>;

export const TokenTotalSchema = BalanceDeltaSchema.omit({ wallet: true });
export type TokenTotal = z.infer<typeof TokenTotalSchema>;

export const PlanSimulationSchema = z.object({
  planId: z.string().max(100),
  simulatedAt: z.string().max(40),
  /** `simulated`: every chain ran; `partial`: some did not; `not-simulated`: none did (see each chain's reason). */
  status: z.enum(['simulated', 'partial', 'not-simulated']),
  chains: z.array(ChainSimulationSchema).max(16),
  items: z.array(ItemSimulationSchema).max(SIMULATION_LIMITS.items),
  totals: z.object({
    /** Per token: the net change over the plan's own wallets. */
    perToken: z.array(TokenTotalSchema).max(SIMULATION_LIMITS.totals),
    /** Per address and token: every wallet's and contract's net change. */
    perWallet: z.array(BalanceDeltaSchema).max(SIMULATION_LIMITS.totals),
  }),
  notes: z.array(Text).max(SIMULATION_LIMITS.notes),
});
export type PlanSimulation = z.infer<typeof PlanSimulationSchema>;

/** `simulation.run`: the plan kept under this id (the drafts never come from the renderer). */
export const SimulationRunInput = z.object({
  planId: z.string().min(1).max(100),
  /** On new forks at the chains' latest blocks (the operator asks again after the chain moved), not the plan's kept ones. */
  fresh: z.boolean().optional(),
});
