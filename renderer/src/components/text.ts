import { localizedText } from '../../../shared/domain/text';

/** The reader's language, as the browser engine reports it (`fr-CA`, `en-GB`). */
function userLanguage(): string {
  return (typeof navigator !== 'undefined' && navigator.language) || 'en';
}

/** A service text in the reader's language, then its base language, then English. */
export function pickText(text: Record<string, string> | null | undefined, fallback = ''): string {
  return localizedText(text ?? null, userLanguage()) ?? fallback;
}
