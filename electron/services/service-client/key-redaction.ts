/**
 * The service's API key kept out of what a service answers. A service may quote the request's
 * Authorization header back, raw, URL-encoded, or inside JSON with escapes (`\u0061…`), which only
 * become the key once parsed: so the key is replaced in the raw text *and* in every string of the
 * parsed body (object keys included), and what is kept or shown is the body re-written from the
 * redacted value.
 */

const REDACTED = '[redacted]';

/** The text with every occurrence of the key, as sent and as JSON or a URL would escape it, replaced. */
function withoutKey(text: string, apiKey: string, marker = REDACTED): string {
  if (apiKey.length < 4) return text;
  let out = text;
  for (const form of new Set([apiKey, JSON.stringify(apiKey).slice(1, -1), encodeURIComponent(apiKey)])) out = out.split(form).join(marker);
  return out;
}

/** The parsed value with the key replaced in every string and every object key, however deep. */
function withoutKeyDeep(value: unknown, apiKey: string, marker = REDACTED): unknown {
  if (apiKey.length < 4) return value;
  const walk = (v: unknown): unknown => {
    if (typeof v === 'string') return v.includes(apiKey) ? v.split(apiKey).join(marker) : v;
    if (Array.isArray(v)) return v.map(walk);
    if (v && typeof v === 'object') return Object.fromEntries(Object.entries(v).map(([k, x]) => [walk(k) as string, walk(x)]));
    return v;
  };
  return walk(value);
}

/**
 * A response body with the key gone, read as the reader will read it: the raw text redacted and,
 * when it is JSON, every decoded string too. A JSON body that held the key only in escaped form is
 * returned re-written from the redacted value; any other body as its redacted text.
 */
export function bodyWithoutKey(text: string, apiKey: string, marker = REDACTED): string {
  const raw = withoutKey(text, apiKey, marker);
  if (apiKey.length < 4 || !mayBeJson(raw)) return raw;
  let parsed: unknown;
  try {
    parsed = JSON.parse(raw);
  } catch {
    return raw;
  }
  return holdsKeyDeep(parsed, apiKey) ? JSON.stringify(withoutKeyDeep(parsed, apiKey, marker)) : raw;
}

/** Whether the text holds the key, raw or escaped, or in any string once decoded as JSON. */
export function holdsKey(text: string, apiKey: string): boolean {
  if (apiKey.length < 4) return false;
  if (withoutKey(text, apiKey) !== text) return true;
  if (!mayBeJson(text)) return false;
  try {
    return holdsKeyDeep(JSON.parse(text), apiKey);
  } catch {
    return false;
  }
}

function holdsKeyDeep(value: unknown, apiKey: string): boolean {
  if (typeof value === 'string') return value.includes(apiKey);
  if (Array.isArray(value)) return value.some((v) => holdsKeyDeep(v, apiKey));
  if (value && typeof value === 'object') return Object.entries(value).some(([k, v]) => k.includes(apiKey) || holdsKeyDeep(v, apiKey));
  return false;
}

/** A JSON text with an escape in it is the only kind that can hide the key from the raw replacement. */
const mayBeJson = (text: string) => text.includes('\\') && /^\s*[[{"]/.test(text);
