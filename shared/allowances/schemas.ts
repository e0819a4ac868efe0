import { z } from 'zod';
import { AddressSchema as Address } from '../domain/hex';

/**
 * The Allowances screen's view: per wallet of the batch, per token of each pinned vault (its
 * underlying and tranche token) and per contract of that vault the console approves (its epoch
 * vault, deposit queue and withdraw queue), the allowance the chain gives now. Names come from the
 * pinned vault registry, never from the service. Amounts are integer strings of base units.
 */

const Units = z.string().regex(/^\d+$/).max(80);

export const AllowancesInputSchema = z.object({ groupId: z.string().max(40).nullable() }).strict();

const AllowanceTokenSchema = z.enum(['underlying', 'tranche']);
const AllowanceSpenderSchema = z.enum(['epochVault', 'queue', 'withdrawQueue']);

export const AllowanceRowSchema = z.object({
  wallet: Address,
  label: z.string().max(200),
  chainId: z.number().int(),
  vaultId: z.string().max(200),
  /** The vault's name in the pinned registry. */
  vaultName: z.string().max(200),
  token: z.object({ role: AllowanceTokenSchema, address: Address, symbol: z.string().max(40), decimals: z.number().int() }),
  /** The contract allowed to spend, named after the pinned vault ("Alpha Credit USDC deposit queue"). */
  spender: z.object({ role: AllowanceSpenderSchema, address: Address, name: z.string().max(260) }),
  allowance: Units,
  /** The allowance is the largest uint256: the spender may take any amount, for ever. */
  unlimited: z.boolean(),
});
export type AllowanceRow = z.infer<typeof AllowanceRowSchema>;

export const AllowancesViewSchema = z.object({
  rows: z.array(AllowanceRowSchema).max(100_000),
  /** When the chains were read. */
  readAt: z.string().max(40),
  /** A chain that could not be read: its rows are missing, and why. */
  failures: z.array(z.object({ chainId: z.number().int(), message: z.string().max(600) })).max(50),
  /** Vaults of the catalog not in the pinned registry yet: nothing of them is read (their contracts are not pinned). */
  notPinned: z.array(z.string().max(200)).max(500),
});
export type AllowancesView = z.infer<typeof AllowancesViewSchema>;

/** The allowances picked on the screen to set to 0: one reviewed batch (across vaults when they span several). */
export const PlanRevokeInputSchema = z
  .object({
    picks: z
      .array(z.object({ wallet: Address, vaultId: z.string().min(1).max(40), token: AllowanceTokenSchema, spender: AllowanceSpenderSchema }).strict())
      .min(1)
      .max(2000),
  })
  .strict();
