import { useMemo } from 'react';
import { numberMarksOf } from '../../../shared/domain/units';
import type { Portfolio } from '../../../shared/portfolio/schemas';
import { parseAmountCsv, walletAmountsOf, type AmountCsv } from '../../../shared/signing/amount-csv';
import { ACROSS_VAULTS } from '../../../shared/ipc/schemas';

/**
 * The New operation form's fleet inputs, apart from the form: per-wallet amounts from a CSV (read
 * against the batch's wallets and vaults, the decimals the chain gave the portfolio), and the
 * parts a CSV deposit is planned as (one per vault, in the file's order, each wallet with its own amount).
 */

/** The CSV as the form reads it, once per text and batch; null when there is none. */
export function useAmountCsv(csv: string, data: Portfolio | null): AmountCsv | null {
  return useMemo(() => {
    if (!data || csv.trim() === '') return null;
    return parseAmountCsv(csv, {
      wallets: data.wallets,
      vaults: data.vaults,
      marks: numberMarksOf(),
      maxLines: ACROSS_VAULTS.vaults * ACROSS_VAULTS.wallets,
    });
  }, [csv, data]);
}

interface CsvPart {
  vaultId: string;
  wallets: string[];
  walletAmounts: { wallet: string; amount: string }[];
}

/** The accepted lines, vault by vault in the order the file first names them. */
export function csvParts(parsed: AmountCsv | null): CsvPart[] {
  if (!parsed?.ok) return [];
  const parts = new Map<string, CsvPart>();
  for (const a of walletAmountsOf(parsed.lines)) {
    const part = parts.get(a.vaultId) ?? { vaultId: a.vaultId, wallets: [], walletAmounts: [] };
    part.wallets.push(a.wallet);
    part.walletAmounts.push({ wallet: a.wallet, amount: a.amount });
    parts.set(a.vaultId, part);
  }
  return [...parts.values()];
}
