/** Country names in the interface language from Intl.DisplayNames, so no name lists ship. */
import { intlLocale } from './languages';

const cache = new Map<string, Intl.DisplayNames | null>();

function displayNames(lng: string): Intl.DisplayNames | null {
  const tag = intlLocale(lng);
  if (!cache.has(tag)) {
    try {
      cache.set(tag, new Intl.DisplayNames([tag], { type: 'region' }));
    } catch {
      cache.set(tag, null);
    }
  }
  return cache.get(tag) ?? null;
}

/**
 * Builds the names of a language in a task of its own, ahead of a render that will need them:
 * the first use loads the language's data, which takes tens of ms on a phone, and a render would
 * otherwise hold the main thread that much longer.
 */
export function prepareCountryNames(lng: string): void {
  setTimeout(() => displayNames(lng), 0);
}

/** "NL" → "Netherlands" / "Nederland"; unknown codes come back as given. */
export function countryName(code: string | null | undefined, lng: string): string {
  if (!code) return '';
  try {
    return displayNames(lng)?.of(code.toUpperCase()) ?? code;
  } catch {
    return code;
  }
}
