/** Display forms of the non-token figures the insight screens show: percentages, points, counts, ages. */

export const pct = (v: number | null | undefined): string => (v === null || v === undefined ? '—' : `${v.toLocaleString(undefined, { maximumFractionDigits: 2 })} %`);

/** Points as the service counts them, with their two decimals (columns line up), grouped for the locale. */
export const points = (v: number | null | undefined): string =>
  v === null || v === undefined ? '—' : v.toLocaleString(undefined, { minimumFractionDigits: 2, maximumFractionDigits: 2 });

export const multiplier = (v: number | null | undefined): string => (v === null || v === undefined ? '—' : `×${v.toLocaleString(undefined, { maximumFractionDigits: 2 })}`);

export const count = (v: number | null | undefined): string => (v === null || v === undefined ? '—' : v.toLocaleString());

/** "412 days", "1 day". */
export const days = (v: number | null | undefined): string => (v === null || v === undefined ? '—' : `${v.toLocaleString()} day${v === 1 ? '' : 's'}`);

/** A number with exactly `digits` decimals in the reader's locale ("3.64", "3,64"): for percentages in columns. */
export const fixed = (v: number, digits: number): string => v.toLocaleString(undefined, { minimumFractionDigits: digits, maximumFractionDigits: digits });
