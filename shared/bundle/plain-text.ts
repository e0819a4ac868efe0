/**
 * Text as a reviewer may read it: no terminal escape sequences (which can move the cursor, erase a
 * line or recolour an address so that it disappears), no other control characters, and no
 * direction overrides (which can show an address reversed). Applied to every text an offline review
 * shows or prints, whatever its origin.
 */

/* eslint-disable no-control-regex -- finding control characters is what this module is for */
// CSI (ESC [ … final), OSC (ESC ] … BEL or ESC \), and any other two-character escape.
const ESCAPES = /\u001b\[[0-?]*[ -/]*[@-~]|\u001b\][^\u0007\u001b]*(?:\u0007|\u001b\\)?|\u001b[@-_]?|\u009b[0-?]*[ -/]*[@-~]/g;
// C0 and C1 controls but tab and newline, DEL, and the bidirectional overrides and isolates.
const CONTROLS_MULTILINE = /[\u0000-\u0008\u000b-\u001f\u007f-\u009f\u200e\u200f\u202a-\u202e\u2066-\u2069]/g;
const CONTROLS_ONE_LINE = /[\u0000-\u001f\u007f-\u009f\u200e\u200f\u202a-\u202e\u2066-\u2069]/g;

/** The text without control characters; on one line unless `multiline` (agreement texts keep their lines). */
export function plainText(text: string, options: { multiline?: boolean } = {}): string {
  const noEscapes = text.replace(ESCAPES, '');
  return options.multiline ? noEscapes.replace(CONTROLS_MULTILINE, '') : noEscapes.replace(CONTROLS_ONE_LINE, ' ');
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
