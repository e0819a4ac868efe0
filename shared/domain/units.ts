import { formatUnits, parseUnits } from 'viem';

/**
 * Amounts cross every boundary as decimal strings of base units. These turn what a user types into
 * base units (refusing anything the token cannot represent) and base units into display text.
 */
type ParsedAmount = { ok: true; baseUnits: string } | { ok: false; reason: string };

/** How the reader writes a number: the decimal mark, and the thousands separator (a space in some locales). */
export interface NumberMarks {
  decimal: string;
  group: string;
}

/** Plain digits with a point, the form amounts cross the bridge in. */
export const PLAIN_MARKS: NumberMarks = { decimal: '.', group: ',' };

const markName = (mark: string) => (mark === '.' ? 'a point' : mark === ',' ? 'a comma' : `"${mark}"`);

/**
 * An amount typed in the reader's locale, as base units. The decimal mark is the locale's (a
 * French or German reader writes "1250,5"); the thousands separator is accepted only in full
 * groups, and any other mark is refused rather than guessed: "1,250" must never become 1.25 for
 * one reader and 1250 for another without the reader having written it so.
 */
export function parseAmount(input: string, decimals: number, marks: NumberMarks = PLAIN_MARKS): ParsedAmount {
  let text = input.trim().replace(/[\s_]/g, '');
  if (text === '') return { ok: false, reason: 'Enter an amount.' };
  const example = `1250${marks.decimal}50`;
  const writeDecimals = `Write decimals with ${markName(marks.decimal)}, e.g. ${example}`;
  // A space-like thousands separator is gone with the white space above.
  const group = /\s/.test(marks.group) ? null : marks.group;
  if (group && text.includes(group)) {
    const esc = (c: string) => c.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
    const grouped = new RegExp(`^\\d{1,3}(${esc(group)}\\d{3})+(${esc(marks.decimal)}\\d*)?$`);
    if (!grouped.test(text)) return { ok: false, reason: `${writeDecimals} (${markName(group)} may only group thousands).` };
    text = text.split(group).join('');
  }
  if (marks.decimal !== '.') {
    if (text.includes('.')) return { ok: false, reason: `${writeDecimals}: a point is not a decimal mark here.` };
    text = text.replace(marks.decimal, '.');
  }
  if (!/^\d*\.?\d*$/.test(text) || text === '.') return { ok: false, reason: `Use digits and one decimal mark (${markName(marks.decimal)}), e.g. ${example}.` };
  const fraction = text.split('.')[1] ?? '';
  if (fraction.length > decimals) {
    return { ok: false, reason: `This token has ${decimals} decimals; the amount has ${fraction.length}.` };
  }
  return { ok: true, baseUnits: parseUnits(text, decimals).toString() };
}

/**
 * How a locale writes numbers, built once per locale (tables format thousands of amounts). An
 * absent locale is the user's: the browser's language in the window, the system's in the main process.
 */
interface LocaleNumbers {
  /** Groups whole numbers (exact for bigint). */
  group: Intl.NumberFormat;
  decimal: string;
  minus: string;
  /** The locale's digits 0–9, or null when they are the ASCII ones. */
  digits: string[] | null;
}
const localeNumbers = new Map<string, LocaleNumbers>();
function numbersOf(locale: string | undefined): LocaleNumbers {
  const key = locale ?? '';
  let numbers = localeNumbers.get(key);
  if (!numbers) {
    const group = new Intl.NumberFormat(locale);
    const parts = group.formatToParts(-1.5);
    const digits = Array.from({ length: 10 }, (_, d) => group.format(d));
    numbers = {
      group,
      decimal: parts.find((p) => p.type === 'decimal')?.value ?? '.',
      minus: parts.find((p) => p.type === 'minusSign')?.value ?? '-',
      digits: digits.every((d, i) => d === String(i)) ? null : digits,
    };
    localeNumbers.set(key, numbers);
  }
  return numbers;
}

/** The marks the reader (or `locale`) writes numbers with, for reading what they type. */
export function numberMarksOf(locale?: string): NumberMarks {
  const { group, decimal } = numbersOf(locale);
  return { decimal, group: group.formatToParts(1234567).find((p) => p.type === 'group')?.value ?? ',' };
}

/**
 * Base units as a token amount in the reader's locale (or `locale`), grouped, with at most
 * `maxFraction` decimals shown. Exact: the digits come from the bigint, never from a float; only
 * the separators, the minus sign and the digits' script are the locale's.
 */
export function formatAmount(baseUnits: string | bigint, decimals: number, opts: { locale?: string; maxFraction?: number } = {}): string {
  const exact = formatUnits(BigInt(baseUnits), decimals);
  const [whole = '0', fraction = ''] = exact.replace(/^-/, '').split('.');
  const negative = exact.startsWith('-');
  const maxFraction = opts.maxFraction ?? Math.min(decimals, 6);
  const { group, decimal, minus, digits } = numbersOf(opts.locale);
  const local = (ascii: string) => (digits ? ascii.replace(/\d/g, (d) => digits[Number(d)]!) : ascii);
  const shownFraction = local(fraction.slice(0, maxFraction).replace(/0+$/, ''));
  const grouped = group.format(BigInt(whole));
  const truncated = fraction.length > maxFraction && /[1-9]/.test(fraction.slice(maxFraction));
  // A dust amount too small to show is said so, never shown as zero.
  if (whole === '0' && shownFraction === '' && truncated) return `${negative ? `>${minus}` : '<'}${local(`0${decimal}${'0'.repeat(maxFraction - 1)}1`)}`;
  return `${negative ? minus : ''}${grouped}${shownFraction ? decimal + shownFraction : ''}${truncated ? '…' : ''}`;
}

export function formatTokenAmount(baseUnits: string | bigint, token: { decimals: number; symbol: string }, locale?: string): string {
  return `${formatAmount(baseUnits, token.decimals, locale ? { locale } : {})} ${token.symbol}`;
}

const usdFormats = new Map<string, Intl.NumberFormat>();

/**
 * A USD amount from the service (integer string, 6 decimals) rounded to cents, in the reader's
 * locale (or `locale`): "$119,279.33", "119 279,33 $". Every figure the console prices is in US
 * dollars, so the short "$" is unambiguous. Exact: the cents are a bigint, formatted as a decimal string.
 */
export function formatUsd(baseUnits: string | bigint, locale?: string): string {
  // Half away from zero, so that a loss rounds like the gain of the same size.
  const units = BigInt(baseUnits);
  const cents = (units < 0n ? units - 5_000n : units + 5_000n) / 10_000n;
  const abs = cents < 0n ? -cents : cents;
  const decimalText = `${cents < 0n ? '-' : ''}${abs / 100n}.${(abs % 100n).toString().padStart(2, '0')}` as `${number}`;
  const key = locale ?? '';
  let format = usdFormats.get(key);
  if (!format) {
    format = new Intl.NumberFormat(locale, { style: 'currency', currency: 'USD', currencyDisplay: 'narrowSymbol', minimumFractionDigits: 2, maximumFractionDigits: 2 });
    usdFormats.set(key, format);
  }
  return format.format(decimalText);
}

/**
 * Base units as a plain decimal with exactly the token's decimals, no grouping ("1250.500000" for
 * 6 decimals): for files read by other programs, where the precision must be visible and exact.
 */
export function exactUnits(baseUnits: string | bigint, decimals: number): string {
  const units = BigInt(baseUnits);
  const digits = (units < 0n ? -units : units).toString().padStart(decimals + 1, '0');
  const whole = digits.slice(0, digits.length - decimals);
  const fraction = digits.slice(digits.length - decimals);
  return `${units < 0n ? '-' : ''}${whole}${decimals > 0 ? `.${fraction}` : ''}`;
}
