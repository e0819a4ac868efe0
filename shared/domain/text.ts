/**
 * The service's multilingual texts are maps of language code to string: the spec's `en`, or the
 * protocol's `en_EN`. Pick the user's language, then its base language (`fr` for `fr-CA`), then
 * English, then whatever language the text has.
 */
export function localizedText(text: unknown, language: string): string | null {
  if (typeof text === 'string') return text;
  if (typeof text !== 'object' || text === null) return null;
  const map = text as Record<string, unknown>;
  const base = language.split(/[-_]/)[0] ?? language;
  // `en_EN`, `en-GB`, `en` all read as English.
  const byBase = new Map<string, string>();
  for (const [key, value] of Object.entries(map)) {
    if (typeof value !== 'string' || value.length === 0) continue;
    const keyBase = key.split(/[-_]/)[0]!.toLowerCase();
    if (!byBase.has(keyBase)) byBase.set(keyBase, value);
  }
  for (const key of [language, base]) {
    const value = map[key];
    if (typeof value === 'string' && value.length > 0) return value;
  }
  return byBase.get(base.toLowerCase()) ?? byBase.get('en') ?? byBase.values().next().value ?? null;
}
