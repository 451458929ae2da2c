/** The interface languages of SPEC §9 and how each is named, tagged and remembered. */
import type { Language } from './contract/fields';

export const FALLBACK_LANGUAGE: Language = 'en';

/** Cookie that remembers the chosen language (SPEC §9), kept for 365 days. */
export const LANGUAGE_COOKIE = 'i18n_redirected';
export const LANGUAGE_COOKIE_DAYS = 365;

/** Where the server publishes each language's messages. */
export const MESSAGES_PATH = '/_i18n/{{lng}}/messages.json';

/** Full tags for `<html lang>` and Intl (SPEC §9). */
export const LANGUAGE_TAGS: Record<Language, string> = {
  en: 'en-US',
  nl: 'nl-NL',
  de: 'de-DE',
  it: 'it-IT',
  fr: 'fr-FR',
  es: 'es-ES',
  pl: 'pl-PL',
};

/**
 * The contract's LANGUAGES in the same order, without loading its schemas on the first route; the
 * Record type above makes a missing language a type error and a unit test checks the order.
 */
export const INTERFACE_LANGUAGES = Object.keys(LANGUAGE_TAGS) as Language[];

/** Each language in its own words, for the switcher. */
export const LANGUAGE_NAMES: Record<Language, string> = {
  en: 'English',
  nl: 'Nederlands',
  de: 'Deutsch',
  it: 'Italiano',
  fr: 'Français',
  es: 'Español',
  pl: 'Polski',
};

/** Narrows untrusted input (cookies, selects) to a supported language. */
export function isLanguage(value: unknown): value is Language {
  return typeof value === 'string' && (INTERFACE_LANGUAGES as readonly string[]).includes(value);
}

/** The BCP 47 tag Intl uses for an interface language; unknown languages fall back to English. */
export function intlLocale(lng: string): string {
  const base = lng.slice(0, 2);
  return LANGUAGE_TAGS[isLanguage(base) ? base : FALLBACK_LANGUAGE];
}

/** Maps any tag ("nl-BE", "de") to a supported language, else the fallback. */
export function toLanguage(tag: string | null | undefined): Language {
  const base = (tag ?? '').slice(0, 2).toLowerCase();
  return isLanguage(base) ? base : FALLBACK_LANGUAGE;
}
