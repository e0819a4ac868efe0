/**
 * An ISO date (any form `Date.parse` reads) as whole unix seconds, or null when absent or
 * unreadable, so a bad date never becomes NaN in a view model.
 */
export function isoToSeconds(iso: unknown): number | null {
  if (typeof iso !== 'string' || iso === '') return null;
  const ms = Date.parse(iso);
  return Number.isNaN(ms) ? null : Math.floor(ms / 1000);
}
