import { z } from 'zod';
import { AddressSchema } from '../domain/hex';

/**
 * The wallet book: the wallets an operator manages (watch-only addresses or Ledger accounts), with
 * labels, notes, and groups. A group is a batch the operator acts on together.
 */


export const LedgerOriginSchema = z.object({
  /** Derivation scheme: Ledger Live `44'/60'/x'/0/0`, legacy `44'/60'/0'/x`, or `44'/60'/0'/0/x`. */
  scheme: z.enum(['ledger-live', 'legacy', 'bip44']),
  path: z.string().max(64),
  index: z.number().int().nonnegative(),
});
export type LedgerOrigin = z.infer<typeof LedgerOriginSchema>;

export const WalletSchema = z.object({
  /** EIP-55 checksummed. */
  address: AddressSchema,
  label: z.string().max(80),
  notes: z.string().max(1000),
  /** Watch-only, or an account of a Ledger (which can sign). */
  source: z.enum(['watch', 'ledger']),
  ledger: LedgerOriginSchema.nullable(),
  groupIds: z.array(z.string()),
  addedAt: z.string(),
});
export type Wallet = z.infer<typeof WalletSchema>;

export const GroupSchema = z.object({
  id: z.string().min(1).max(40),
  name: z.string().min(1).max(60),
  createdAt: z.string(),
});
export type Group = z.infer<typeof GroupSchema>;

export const WalletBookSchema = z.object({
  version: z.literal(1),
  wallets: z.array(WalletSchema),
  groups: z.array(GroupSchema),
});
export type WalletBookData = z.infer<typeof WalletBookSchema>;

/** Largest CSV the import accepts: a megabyte, ten thousand rows. */
export const CSV_MAX_BYTES = 1024 * 1024;
export const CSV_MAX_ROWS = 10_000;

export const CsvRowReportSchema = z.object({
  /** 1-based line in the file, header included. */
  line: z.number(),
  address: z.string(),
  outcome: z.enum(['added', 'updated', 'skipped']),
  reason: z.string().nullable(),
});
export type CsvRowReport = z.infer<typeof CsvRowReportSchema>;

export const CsvImportReportSchema = z.object({
  added: z.number(),
  updated: z.number(),
  skipped: z.number(),
  rows: z.array(CsvRowReportSchema),
  /** Groups the file named that did not exist and were created. */
  createdGroups: z.array(z.string()),
});
export type CsvImportReport = z.infer<typeof CsvImportReportSchema>;
