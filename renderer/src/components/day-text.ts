import { DISPLAY_LOCALE } from './locale';

/** A day typed in a filter, read in the locale's numeric form ("29/11/2026" in en-GB, "11/29/2026" in en-US). */

type Part = 'day' | 'month' | 'year';

/** The order of day, month and year in the locale's numeric date, and the mark between them. */
function numericForm(locale: string): { order: Part[]; separator: string } {
  const parts = new Intl.DateTimeFormat(locale, { year: 'numeric', month: '2-digit', day: '2-digit', timeZone: 'UTC' }).formatToParts(Date.UTC(2026, 10, 29));
  const order = parts.filter((p): p is Intl.DateTimeFormatPart & { type: Part } => p.type === 'day' || p.type === 'month' || p.type === 'year').map((p) => p.type);
  const separator = parts.find((p) => p.type === 'literal')?.value ?? '/';
  return { order: order.length === 3 ? order : ['day', 'month', 'year'], separator };
}

const LETTERS: Record<Part, string> = { day: 'dd', month: 'mm', year: 'yyyy' };

/** "dd/mm/yyyy": what the locale's numeric day looks like, for a placeholder. */
export function dayPattern(locale = DISPLAY_LOCALE): string {
  const { order, separator } = numericForm(locale);
  return order.map((p) => LETTERS[p]).join(separator);
}

/** A UTC day ("2026-11-29") in the locale's numeric form ("29/11/2026"). */
export function dayText(isoDay: string, locale = DISPLAY_LOCALE): string {
  const [year, month, day] = isoDay.split('-');
  const { order, separator } = numericForm(locale);
  const value: Record<Part, string> = { day: day!, month: month!, year: year! };
  return order.map((p) => value[p]).join(separator);
}

/**
 * What a reader typed as a day: the locale's numeric form (any of / . - between the numbers), or
 * the ISO form 2026-11-29; the ISO day, null for nothing typed, or 'invalid' for a day that does not exist.
 */
export function readDay(text: string, locale = DISPLAY_LOCALE): string | null | 'invalid' {
  const t = text.trim();
  if (t === '') return null;
  const iso = /^(\d{4})-(\d{1,2})-(\d{1,2})$/.exec(t);
  let value: Record<Part, number>;
  if (iso) value = { year: Number(iso[1]), month: Number(iso[2]), day: Number(iso[3]) };
  else {
    const numbers = t.split(/[/.\-\s]+/).filter(Boolean);
    if (numbers.length !== 3 || !numbers.every((n) => /^\d+$/.test(n))) return 'invalid';
    const { order } = numericForm(locale);
    value = { day: 0, month: 0, year: 0 };
    order.forEach((p, i) => (value[p] = Number(numbers[i])));
    if (numbers[order.indexOf('year')]!.length !== 4) return 'invalid';
  }
  const date = new Date(Date.UTC(value.year, value.month - 1, value.day));
  if (date.getUTCFullYear() !== value.year || date.getUTCMonth() !== value.month - 1 || date.getUTCDate() !== value.day) return 'invalid';
  return date.toISOString().slice(0, 10);
}
