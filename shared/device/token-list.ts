import { z } from 'zod';

/**
 * Ledger's signed ERC-20 list installed with the console (Settings → Ledger token list): which
 * package and version, the day it was published, how many tokens it lists per chain, and whether
 * it lists each pinned vault's underlying and tranche token. An approval of a listed token is shown
 * in clear on the Ledger; any other is reviewed blind, by its hash.
 */
export const VaultTokenListingSchema = z.object({
  vaultId: z.string(),
  vault: z.string(),
  chainId: z.number().int().positive(),
  role: z.enum(['underlying', 'tranche']),
  /** The symbol the chain gave when the vault was pinned. */
  symbol: z.string(),
  address: z.string(),
  /** The ticker the Ledger shows, from Ledger's signed descriptor; null when Ledger does not list the token. */
  ticker: z.string().nullable(),
  /** Why an approval of it is blind-signed ("… is not listed by Ledger …"); null when listed. */
  notListed: z.string().nullable(),
  /** Not listed by Ledger, but the demo's emulated Ledger shows its approvals in clear (test-certified information). */
  demoInClear: z.boolean().optional(),
});
export type VaultTokenListing = z.infer<typeof VaultTokenListingSchema>;

export const LedgerTokenListSchema = z.object({
  package: z.string(),
  version: z.string(),
  /** YYYY-MM-DD, or null for a version without a recorded date. */
  published: z.string().nullable(),
  chains: z.array(z.object({ chainId: z.number().int().positive(), tokens: z.number().int().nonnegative() })),
  vaultTokens: z.array(VaultTokenListingSchema),
});
export type LedgerTokenList = z.infer<typeof LedgerTokenListSchema>;
