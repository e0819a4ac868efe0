import { formatTime, utcText } from './locale';

/** 0x1234…abcd: enough to recognise an address, with the full value on hover. */
export function shortAddress(address: string): string {
  return address.length > 12 ? `${address.slice(0, 6)}…${address.slice(-4)}` : address;
}

/** Local time for display (the console's one form, see locale.ts), with the UTC time for a tooltip. */
export function timeLabels(ms: number): { local: string; utc: string } {
  return { local: formatTime(ms), utc: utcText(ms) };
}

/**
 * How many decimals a token's amounts show in tables, the same for every amount of that token so
 * that a column lines up: cents, for the stablecoins underneath and for tranche tokens worth about
 * one of them. The exact amount is on hover.
 */
export function shownDecimals(decimals: number): number {
  return Math.min(decimals, 2);
}

const fixedFormats = new Map<string, Intl.NumberFormat>();

/**
 * Base units with exactly `shownDecimals` decimals in the reader's locale (or `locale`), cut (never
 * rounded up: a balance is never shown larger than it is); a non-zero amount too small to show
 * reads "<0.01", never 0. Exact: formatted from the decimal string, not from a float.
 */
export function fixedAmount(baseUnits: string | bigint, decimals: number, locale?: string): string {
  const units = BigInt(baseUnits);
  const shown = shownDecimals(decimals);
  const key = `${locale ?? ''}:${shown}`;
  let format = fixedFormats.get(key);
  if (!format) {
    format = new Intl.NumberFormat(locale, {
      minimumFractionDigits: shown,
      maximumFractionDigits: shown,
      roundingMode: 'trunc',
    } as Intl.NumberFormatOptions);
    fixedFormats.set(key, format);
  }
  const abs = units < 0n ? -units : units;
  const digits = abs.toString().padStart(decimals + 1, '0');
  const decimal = `${units < 0n ? '-' : ''}${digits.slice(0, digits.length - decimals)}${decimals > 0 ? `.${digits.slice(-decimals)}` : ''}`;
  const smallest = 10n ** BigInt(Math.max(0, decimals - shown));
  if (abs !== 0n && abs < smallest) {
    const one = format.format(`${shown > 0 ? `0.${'0'.repeat(shown - 1)}1` : '1'}` as `${number}`);
    return units < 0n ? `>-${one}` : `<${one}`;
  }
  return format.format(decimal as `${number}`);
}
