/**
 * The one place the console decides how it writes dates and numbers: in the reader's locale (the
 * browser's language in the window), stated once at the foot of the menu ("Dates and numbers:
 * en-GB"). Every date of every screen is one of two forms, "2 Feb 2027" and "2 Feb 2027, 08:54"
 * (the UTC time on hover), and a day typed in a filter is read in the same locale's numeric form
 * (29/11/2026 for en-GB), never the browser's own date picker, which follows its interface
 * language (mm/dd/yyyy on an en-GB page). Amounts are written by `shared/domain/units` and
 * `format.ts` in the same locale.
 */

/** The locale every screen formats with: the reader's, resolved once. */
export const DISPLAY_LOCALE: string = new Intl.DateTimeFormat().resolvedOptions().locale;

const DATE = new Intl.DateTimeFormat(DISPLAY_LOCALE, { year: 'numeric', month: 'short', day: 'numeric' });
const DATE_TIME = new Intl.DateTimeFormat(DISPLAY_LOCALE, { year: 'numeric', month: 'short', day: 'numeric', hour: '2-digit', minute: '2-digit' });
const TIME = new Intl.DateTimeFormat(DISPLAY_LOCALE, { hour: '2-digit', minute: '2-digit', second: '2-digit' });
const SHORT_TIME = new Intl.DateTimeFormat(DISPLAY_LOCALE, { hour: '2-digit', minute: '2-digit' });
const UTC_DAY = new Intl.DateTimeFormat(DISPLAY_LOCALE, { year: 'numeric', month: 'short', day: 'numeric', timeZone: 'UTC' });

/** "2 Feb 2027": a date in the reader's time zone. */
export const formatDate = (ms: number): string => DATE.format(ms);
/** "2 Feb 2027, 08:54". */
export const formatDateTime = (ms: number): string => DATE_TIME.format(ms);
/** "08:54:37": a time of today (when a figure was read). */
export const formatTime = (ms: number): string => TIME.format(ms);
/** "08:54": a time a few minutes away (the demo clock's next step). */
export const formatShortTime = (ms: number): string => SHORT_TIME.format(ms);
/** "2 Feb 2027" for a UTC day ("2027-02-02"): a calendar's or a token list's day, the same everywhere. */
export const formatUtcDay = (isoDay: string): string => UTC_DAY.format(new Date(`${isoDay.slice(0, 10)}T00:00:00Z`));
/** "2027-02-02 08:54:37 UTC": the exact moment, for a hover. */
export const utcText = (ms: number): string => `${new Date(ms).toISOString().replace('T', ' ').slice(0, 19)} UTC`;
