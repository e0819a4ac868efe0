/**
 * Free-form service objects (a vault's integrations, a campaign's rules, an operator's links) as
 * readable key/value lines: nested objects become one line per leaf, labelled by their path
 * ("Defillama › Pool"), lists of plain values one line, lists of objects one group per item.
 */

type FlatKind = 'text' | 'number' | 'boolean' | 'empty' | 'link';

interface FlatEntry {
  /** The raw key path, dot-joined (`defillama.pool`, `auditors.1.name`). */
  key: string;
  /** The path in words: `Defillama › Pool`. */
  label: string;
  /** The value as text: `yes`/`no`, the number as written, `not set` for null. */
  value: string;
  kind: FlatKind;
  /** For links: the address (http or https). */
  url: string | null;
  /** A multilingual text (`{en, fr, …}`), to be shown in the reader's language. */
  texts: Record<string, string> | null;
}

interface FlattenOptions {
  /** Deeper levels are shown as one line of JSON. */
  maxDepth?: number;
  /** At most this many lines; the rest is summed up in one last line. */
  maxEntries?: number;
}

const SEPARATOR = ' › ';
const ACRONYMS = new Set(['id', 'url', 'api', 'apr', 'apy', 'tvl', 'usd', 'kyc', 'abi', 'rpc', 'uri']);

/** `pointsPerDollarPerDay` → `Points per dollar per day`; `TVL` stays `TVL`; `id` → `ID`. */
export function humanizeKey(key: string): string {
  if (/^\d+$/.test(key)) return `#${Number(key) + 1}`;
  if (/^[A-Z0-9_]+$/.test(key) && /[A-Z]/.test(key)) {
    // Constant-style keys: SHORT_NAME → Short name; a lone acronym stays as it is.
    if (!key.includes('_') && key.length <= 4) return key;
    key = key.toLowerCase();
  }
  const words = key
    .replace(/[_\-\s]+/g, ' ')
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .replace(/([A-Z]+)([A-Z][a-z])/g, '$1 $2')
    .trim()
    .split(' ')
    .filter(Boolean)
    .map((w) => (ACRONYMS.has(w.toLowerCase()) ? w.toUpperCase() : w.toLowerCase()));
  if (words.length === 0) return key;
  const first = words[0]!;
  words[0] = first === first.toUpperCase() ? first : first.charAt(0).toUpperCase() + first.slice(1);
  return words.join(' ');
}

function isHttpUrl(value: string): boolean {
  if (!/^https?:\/\//i.test(value)) return false;
  try {
    const url = new URL(value);
    return url.hostname.length > 0;
  } catch {
    return false;
  }
}

/** `{en: "…", fr: "…"}`: only language codes as keys, only strings as values, English present. */
export function isMultilingual(value: unknown): value is Record<string, string> {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return false;
  const entries = Object.entries(value);
  return (
    entries.length > 0 &&
    typeof (value as Record<string, unknown>).en === 'string' &&
    entries.every(([k, v]) => /^[a-z]{2}(-[A-Za-z]{2,4})?$/.test(k) && typeof v === 'string')
  );
}

function leaf(path: string[], value: unknown): FlatEntry {
  const key = path.join('.');
  const label = path.length > 0 ? path.map(humanizeKey).join(SEPARATOR) : 'Value';
  const base = { key, label, url: null, texts: null };
  if (value === null || value === undefined) return { ...base, value: 'not set', kind: 'empty' };
  if (typeof value === 'boolean') return { ...base, value: value ? 'yes' : 'no', kind: 'boolean' };
  if (typeof value === 'number' || typeof value === 'bigint') return { ...base, value: String(value), kind: 'number' };
  if (typeof value === 'string') {
    if (value.trim() === '') return { ...base, value: 'not set', kind: 'empty' };
    return isHttpUrl(value) ? { ...base, value, kind: 'link', url: value } : { ...base, value, kind: 'text' };
  }
  if (isMultilingual(value)) return { ...base, value: value.en ?? '', kind: 'text', texts: { ...value } };
  // Beyond the depth limit: the rest as compact JSON, so nothing is silently dropped.
  return { ...base, value: JSON.stringify(value), kind: 'text' };
}

const isPlain = (v: unknown) => v === null || ['string', 'number', 'boolean', 'bigint', 'undefined'].includes(typeof v);

/** Flattens `value` into labelled lines, in the order of its keys. */
export function flattenForDisplay(value: unknown, options: FlattenOptions = {}): FlatEntry[] {
  const maxDepth = options.maxDepth ?? 6;
  const maxEntries = options.maxEntries ?? 200;
  const out: FlatEntry[] = [];
  let dropped = 0;
  const push = (entry: FlatEntry) => {
    if (out.length < maxEntries) out.push(entry);
    else dropped++;
  };

  const walk = (node: unknown, path: string[]) => {
    if (Array.isArray(node)) {
      if (node.length === 0) return push({ ...leaf(path, null), value: 'none' });
      // A list of plain values reads best on one line.
      if (node.every(isPlain) && !node.some((v) => typeof v === 'string' && isHttpUrl(v))) {
        return push({ ...leaf(path, ''), value: node.map((v) => (v === null || v === undefined ? 'not set' : String(v))).join(', '), kind: 'text' });
      }
      if (path.length >= maxDepth) return push(leaf(path, node));
      node.forEach((item, i) => walk(item, [...path, String(i)]));
      return;
    }
    if (typeof node === 'object' && node !== null && !isMultilingual(node)) {
      const entries = Object.entries(node);
      if (entries.length === 0) return push({ ...leaf(path, null), value: 'none' });
      if (path.length >= maxDepth) return push(leaf(path, node));
      for (const [k, v] of entries) walk(v, [...path, k]);
      return;
    }
    push(leaf(path, node));
  };

  walk(value, []);
  if (dropped > 0) {
    out.push({ key: '…', label: 'More', value: `${dropped} more value${dropped === 1 ? '' : 's'} not shown`, kind: 'text', url: null, texts: null });
  }
  return out;
}
