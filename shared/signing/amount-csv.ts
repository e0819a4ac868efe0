import { formatUnits } from 'viem';
import { readCsv } from '../csv/read-csv';
import { checkAddress } from '../domain/address';
import { parseAmount, PLAIN_MARKS, type NumberMarks } from '../domain/units';
import { checkCsvSize } from '../wallets/csv-size';
import { ADDRESS_PATTERN } from '../domain/hex';

/**
 * Per-wallet amounts for a deposit, from a CSV of `wallet, vault, amount`: a wallet by its address
 * or its label, a vault by its epoch vault's address or its name, an amount in the vault's
 * underlying as a person types it ("1,250.5"). Every line is judged on its own and reported
 * (accepted, or refused and why) before anything is planned. The decimals are the caller's: the
 * token's as the chain gives them, never the service's. Pure.
 */
const AMOUNT_CSV_COLUMNS = ['wallet', 'vault', 'amount'] as const;

interface AmountCsvWallet {
  address: string;
  label: string;
}

interface AmountCsvVault {
  id: string;
  name: string;
  epochVault: string;
  underlying: { symbol: string; decimals: number };
}

export interface AmountCsvLine {
  line: number;
  /** The cells as written. */
  wallet: string;
  vault: string;
  amount: string;
  /** Set when accepted. */
  accepted: { wallet: AmountCsvWallet; vaultId: string; vaultName: string; baseUnits: string; amount: string; symbol: string; decimals: number } | null;
  /** Why the line is refused; null when accepted. */
  refused: string | null;
}

export type AmountCsv = { ok: true; lines: AmountCsvLine[] } | { ok: false; reason: string };

/** One entry per accepted line: what the planner takes (the amount in plain token units, "1250.5"). */
interface WalletAmount {
  vaultId: string;
  wallet: string;
  amount: string;
}

const cell = (text: string | undefined) => (text ?? '').trim();

/** The wallet a cell names: by address (any case), else by its label, which must name exactly one wallet. */
function walletOf(text: string, wallets: readonly AmountCsvWallet[]): AmountCsvWallet | string {
  if (text === '') return 'Unknown wallet: the wallet cell is empty. Write its address or its label in the wallet book.';
  const checked = checkAddress(text);
  if (checked.ok) {
    const found = wallets.find((w) => w.address.toLowerCase() === checked.address.toLowerCase());
    return found ?? `Unknown wallet: ${checked.address} is not a wallet of this batch. Add it to the batch's group on the Wallets screen, or remove the line.`;
  }
  if (ADDRESS_PATTERN.test(text)) return `Unknown wallet: ${checked.reason}`;
  const named = wallets.filter((w) => w.label.trim().toLowerCase() === text.toLowerCase());
  if (named.length === 1) return named[0]!;
  if (named.length > 1) return `Unknown wallet: the label "${text}" names ${named.length} wallets of this batch. Write the address instead.`;
  return `Unknown wallet: no wallet of this batch has the address or label "${text}". Check the wallet book, or remove the line.`;
}

/** The vault a cell names: by its epoch vault's address, else by its name (case aside). */
function vaultOf(text: string, vaults: readonly AmountCsvVault[]): AmountCsvVault | string {
  if (text === '') return 'Unknown vault: the vault cell is empty. Write the vault\'s name or its epoch vault address.';
  const byAddress = vaults.find((v) => v.epochVault.toLowerCase() === text.toLowerCase());
  if (byAddress) return byAddress;
  const named = vaults.filter((v) => v.name.trim().toLowerCase() === text.toLowerCase());
  if (named.length === 1) return named[0]!;
  if (named.length > 1) return `Unknown vault: the name "${text}" names ${named.length} vaults. Write the epoch vault's address instead.`;
  return `Unknown vault: "${text}" is not a vault of this batch (by name or epoch vault address). Check the name on the Vaults screen, or remove the line.`;
}

/** Why an amount cell is refused, in the operator's words; or its base units. */
function amountOf(text: string, vault: AmountCsvVault, marks: NumberMarks): { baseUnits: bigint } | string {
  const { decimals, symbol } = vault.underlying;
  if (text === '') return 'Not a number: the amount cell is empty.';
  const parsed = parseAmount(text, decimals, marks);
  if (!parsed.ok) {
    const fraction = parsed.reason.startsWith('This token has');
    return fraction
      ? `More decimals than ${symbol} has: ${symbol} has ${decimals} decimals, "${text}" has more. Round the amount.`
      : `Not a number: "${text}". ${parsed.reason}`;
  }
  const baseUnits = BigInt(parsed.baseUnits);
  if (baseUnits === 0n) return 'Zero: a deposit of nothing. Remove the line, or write the amount.';
  return { baseUnits };
}

/**
 * The file's lines, each accepted or refused with its reason. A whole file is refused only when it
 * cannot be read as such a table (too large, too many lines, a column missing).
 */
export function parseAmountCsv(
  text: string,
  context: { wallets: readonly AmountCsvWallet[]; vaults: readonly AmountCsvVault[]; marks?: NumberMarks; maxLines?: number },
): AmountCsv {
  const size = checkCsvSize(new TextEncoder().encode(text).length);
  if (!size.ok) return { ok: false, reason: size.reason };
  const { fields, rows } = readCsv(text);
  const missing = AMOUNT_CSV_COLUMNS.filter((c) => !fields.includes(c));
  if (missing.length > 0) {
    return {
      ok: false,
      reason: `The first line must name the columns wallet, vault and amount (missing: ${missing.join(', ')}; found: ${fields.slice(0, 6).join(', ') || 'nothing'}).`,
    };
  }
  const maxLines = context.maxLines ?? 5_000;
  if (rows.length > maxLines) return { ok: false, reason: `The file has ${rows.length} lines; one operation takes at most ${maxLines}. Split it.` };
  if (rows.length === 0) return { ok: false, reason: 'The file has a header but no lines: add one line per wallet and vault.' };
  const marks = context.marks ?? PLAIN_MARKS;
  const seen = new Map<string, number>();
  const lines = rows.map(({ raw, line, problem }): AmountCsvLine => {
    const written = { line, wallet: cell(raw.wallet), vault: cell(raw.vault), amount: cell(raw.amount) };
    const refuse = (refused: string): AmountCsvLine => ({ ...written, accepted: null, refused });
    if (problem) return refuse(problem);
    const wallet = walletOf(written.wallet, context.wallets);
    if (typeof wallet === 'string') return refuse(wallet);
    const vault = vaultOf(written.vault, context.vaults);
    if (typeof vault === 'string') return refuse(vault);
    const amount = amountOf(written.amount, vault, marks);
    if (typeof amount === 'string') return refuse(amount);
    const key = `${vault.id}:${wallet.address.toLowerCase()}`;
    const earlier = seen.get(key);
    if (earlier !== undefined) {
      return refuse(`Duplicate line: line ${earlier} already gives ${wallet.label || wallet.address} an amount in ${vault.name}. Keep one of the two.`);
    }
    seen.set(key, line);
    const { decimals, symbol } = vault.underlying;
    return {
      ...written,
      accepted: { wallet, vaultId: vault.id, vaultName: vault.name, baseUnits: amount.baseUnits.toString(), amount: formatUnits(amount.baseUnits, decimals), symbol, decimals },
      refused: null,
    };
  });
  return { ok: true, lines };
}

/** The accepted lines as the planner takes them. */
export function walletAmountsOf(lines: readonly AmountCsvLine[]): WalletAmount[] {
  return lines.flatMap((l) => (l.accepted ? [{ vaultId: l.accepted.vaultId, wallet: l.accepted.wallet.address, amount: l.accepted.amount }] : []));
}
