/**
 * The service's multilingual texts are maps of language code to string (`en` is always there).
 * Pick the user's language, then its base language (`fr` for `fr-CA`), then English.
 */
export function localizedText(text: unknown, language: string): string | null {
  if (typeof text === 'string') return text;
  if (typeof text !== 'object' || text === null) return null;
  const map = text as Record<string, unknown>;
  const base = language.split('-')[0] ?? language;
  for (const key of [language, base, 'en']) {
    const value = map[key];
    if (typeof value === 'string' && value.length > 0) return value;
  }
  return null;
}
