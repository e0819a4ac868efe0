import { formatUnits, parseUnits } from 'viem';

/**
 * Amounts cross every boundary as decimal strings of base units. These turn what a user types into
 * base units (refusing anything the token cannot represent) and base units into display text.
 */
export type ParsedAmount = { ok: true; baseUnits: string } | { ok: false; reason: string };

export function parseAmount(input: string, decimals: number): ParsedAmount {
  const text = input.trim().replace(/[\s_]/g, '').replace(/,/g, '');
  if (text === '') return { ok: false, reason: 'Enter an amount.' };
  if (!/^\d*\.?\d*$/.test(text) || text === '.') return { ok: false, reason: 'Use digits and one decimal point, e.g. 1250.50.' };
  const fraction = text.split('.')[1] ?? '';
  if (fraction.length > decimals) {
    return { ok: false, reason: `This token has ${decimals} decimals; the amount has ${fraction.length}.` };
  }
  return { ok: true, baseUnits: parseUnits(text, decimals).toString() };
}

/** Number formats by locale: building one is costly (tables format thousands of amounts). */
const numberFormats = new Map<string, { group: Intl.NumberFormat; sep: string }>();
function numberFormat(locale: string): { group: Intl.NumberFormat; sep: string } {
  let format = numberFormats.get(locale);
  if (!format) {
    const group = new Intl.NumberFormat(locale);
    format = { group, sep: group.format(1.5).charAt(1) };
    numberFormats.set(locale, format);
  }
  return format;
}

/** Base units as a token amount, grouped for the locale, with at most `maxFraction` decimals shown. */
export function formatAmount(baseUnits: string | bigint, decimals: number, opts: { locale?: string; maxFraction?: number } = {}): string {
  const exact = formatUnits(BigInt(baseUnits), decimals);
  const [whole = '0', fraction = ''] = exact.replace(/^-/, '').split('.');
  const negative = exact.startsWith('-');
  const maxFraction = opts.maxFraction ?? Math.min(decimals, 6);
  const shownFraction = fraction.slice(0, maxFraction).replace(/0+$/, '');
  const { group, sep } = numberFormat(opts.locale ?? 'en-US');
  const grouped = group.format(BigInt(whole));
  const truncated = fraction.length > maxFraction && /[1-9]/.test(fraction.slice(maxFraction));
  // A dust amount too small to show is said so, never shown as zero.
  if (whole === '0' && shownFraction === '' && truncated) return `${negative ? '>-' : '<'}0${sep}${'0'.repeat(maxFraction - 1)}1`;
  return `${negative ? '-' : ''}${grouped}${shownFraction ? sep + shownFraction : ''}${truncated ? '…' : ''}`;
}

export function formatTokenAmount(baseUnits: string | bigint, token: { decimals: number; symbol: string }, locale?: string): string {
  return `${formatAmount(baseUnits, token.decimals, locale ? { locale } : {})} ${token.symbol}`;
}

/** A USD amount from the service (integer string, 6 decimals) rounded to cents: "$119,279.33". */
export function formatUsd(baseUnits: string | bigint, locale?: string): string {
  // Half away from zero, so that a loss rounds like the gain of the same size.
  const units = BigInt(baseUnits);
  const cents = (units < 0n ? units - 5_000n : units + 5_000n) / 10_000n;
  const value = Number(cents) / 100;
  return value.toLocaleString(locale ?? 'en-US', { style: 'currency', currency: 'USD', minimumFractionDigits: 2, maximumFractionDigits: 2 });
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
