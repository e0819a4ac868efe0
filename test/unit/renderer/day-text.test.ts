import { describe, expect, it } from 'vitest';
import { dayPattern, dayText, readDay } from '../../../renderer/src/components/day-text';
import { DISPLAY_LOCALE, formatDate, formatDateTime, formatUtcDay } from '../../../renderer/src/components/locale';

// One date form, the reader's locale (issue 34, screens): the day filters read and write the locale's
// numeric day (29/11/2026 on an en-GB page, where the browser's date picker wrote 11/29/2026).
describe('a day in the locale’s numeric form', () => {
  it.each([
    ['en-GB', 'dd/mm/yyyy', '29/11/2026'],
    ['en-US', 'mm/dd/yyyy', '11/29/2026'],
    ['de-DE', 'dd.mm.yyyy', '29.11.2026'],
    ['fr-FR', 'dd/mm/yyyy', '29/11/2026'],
  ])('%s writes %s', (locale, pattern, text) => {
    expect(dayPattern(locale)).toBe(pattern);
    expect(dayText('2026-11-29', locale)).toBe(text);
    expect(readDay(text, locale)).toBe('2026-11-29');
  });

  it('reads the ISO form too, nothing as null, and refuses a day that does not exist', () => {
    expect(readDay('2026-11-29', 'en-GB')).toBe('2026-11-29');
    expect(readDay('  ', 'en-GB')).toBeNull();
    expect(readDay('31/02/2027', 'en-GB')).toBe('invalid');
    // The American order is not guessed on an en-GB page: month 29 does not exist.
    expect(readDay('11/29/2026', 'en-GB')).toBe('invalid');
    expect(readDay('29/11/26', 'en-GB')).toBe('invalid');
    expect(readDay('1/2/2027', 'en-GB')).toBe('2027-02-01');
  });
});

describe('the console’s date forms', () => {
  it('writes a date and a date with its time alike, and a UTC day in the same form', () => {
    const ms = Date.UTC(2027, 2, 12, 12, 0);
    expect(formatDateTime(ms).startsWith(formatDate(ms))).toBe(true);
    expect(formatUtcDay('2027-03-12')).toBe(new Intl.DateTimeFormat(DISPLAY_LOCALE, { year: 'numeric', month: 'short', day: 'numeric', timeZone: 'UTC' }).format(ms));
  });
});
