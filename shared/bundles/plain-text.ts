/**
 * Text as a reviewer may read it: no terminal escape sequences (which can move the cursor, erase a
 * line or recolour an address so that it disappears), no other control characters, no
 * direction overrides (which can show an address reversed) and no invisible characters (which can
 * join or split words unseen, or hide a tag text a machine reads). Applied to every text an offline review
 * shows or prints, whatever its origin.
 */

/* eslint-disable no-control-regex -- finding control characters is what this module is for */
// CSI (ESC [ … final), OSC (ESC ] … BEL or ESC \), and any other two-character escape.
const ESCAPES = /\u001b\[[0-?]*[ -/]*[@-~]|\u001b\][^\u0007\u001b]*(?:\u0007|\u001b\\)?|\u001b[@-_]?|\u009b[0-?]*[ -/]*[@-~]/g;

/**
 * Characters a reader cannot see or cannot place, whatever the font: every format character (Cf:
 * soft hyphen, zero-width space and joiners, the Arabic letter mark, word joiner, byte-order mark,
 * direction marks, overrides and isolates, tag characters U+E00xx), every default-ignorable code
 * point (variation selectors, Hangul fillers such as U+3164), the line and paragraph separators
 * (U+2028/9, which some screens break a line on and others do not), and the blank Braille pattern.
 * A text that holds one reads differently on the screen, in a terminal and on the device.
 */
export const INVISIBLE = /[\p{Cf}\p{Default_Ignorable_Code_Point}\p{Zl}\p{Zp}\u2800]/gu;
// C0 and C1 controls but tab and newline (a carriage return only right before a newline), and DEL.
const CONTROLS_MULTILINE = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f]|\r(?!\n)/g;
const CONTROLS_ONE_LINE = /\r\n|[\u0000-\u001f\u007f-\u009f]/g;

/**
 * The text without control, format or invisible characters; on one line unless `multiline`
 * (agreement texts keep their lines, CRLF included). On one line each removed character becomes a
 * space, so words it separated stay apart; in a multi-line text it is removed.
 */
export function plainText(text: string, options: { multiline?: boolean } = {}): string {
  const noEscapes = text.replace(ESCAPES, '');
  return options.multiline
    ? noEscapes.replace(CONTROLS_MULTILINE, '').replace(INVISIBLE, '')
    : noEscapes.replace(CONTROLS_ONE_LINE, ' ').replace(INVISIBLE, ' ');
}

/** True when the text holds anything `plainText` would remove. */
export function hasControlCharacters(text: string): boolean {
  return plainText(text, { multiline: true }) !== text;
}

/** Every string of a JSON-like value made plain (objects and arrays copied, other values kept). */
export function plainDeep<T>(value: T, multilineKeys: ReadonlySet<string> = new Set()): T {
  const walk = (v: unknown, key: string | null): unknown => {
    if (typeof v === 'string') return plainText(v, { multiline: key !== null && multilineKeys.has(key) });
    if (Array.isArray(v)) return v.map((x) => walk(x, key));
    if (v && typeof v === 'object') return Object.fromEntries(Object.entries(v).map(([k, x]) => [k, walk(x, k)]));
    return v;
  };
  return walk(value, null) as T;
}
