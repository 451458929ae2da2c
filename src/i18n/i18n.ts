/**
 * i18next setup: messages over HTTP from `/_i18n/{lng}/messages.json`, language from the
 * `i18n_redirected` cookie, then the browser languages, then English (SPEC §8, §9). No URL prefix.
 */
import i18next, { type i18n, type InitOptions, type Resource } from 'i18next';
import LanguageDetector, { type DetectorOptions } from 'i18next-browser-languagedetector';
import HttpBackend from 'i18next-http-backend';
import { initReactI18next } from 'react-i18next';
import { LANGUAGES, type Language } from '../api/contract';
import {
  FALLBACK_LANGUAGE,
  LANGUAGE_COOKIE,
  LANGUAGE_COOKIE_DAYS,
  LANGUAGE_TAGS,
  toLanguage,
} from './languages';

/** Where the server publishes each language's messages. */
export const MESSAGES_PATH = '/_i18n/{{lng}}/messages.json';

/** Detection order of SPEC §9: cookie, browser languages, then `fallbackLng`. */
export const detectionOptions: DetectorOptions = {
  order: ['cookie', 'navigator'],
  lookupCookie: LANGUAGE_COOKIE,
  caches: ['cookie'],
  cookieMinutes: LANGUAGE_COOKIE_DAYS * 24 * 60,
  cookieOptions: { path: '/', sameSite: 'lax' },
};

/** Options shared by the app and the tests. */
export function i18nOptions(resources?: Resource): InitOptions {
  return {
    supportedLngs: [...LANGUAGES],
    fallbackLng: FALLBACK_LANGUAGE,
    load: 'languageOnly',
    nonExplicitSupportedLngs: false,
    detection: detectionOptions,
    interpolation: { escapeValue: false }, // React escapes
    react: { useSuspense: false },
    ...(resources ? { resources } : { backend: { loadPath: MESSAGES_PATH } }),
  };
}

/** Keeps `<html lang>` on the full tag of the active language. */
export function applyHtmlLang(lng: string): void {
  document.documentElement.lang = LANGUAGE_TAGS[toLanguage(lng)];
}

/** Creates and initialises an i18next instance; a locale file that fails to load only logs a warning. */
export async function createI18n(resources?: Resource, instance: i18n = i18next): Promise<i18n> {
  if (!resources) instance.use(HttpBackend);
  instance.use(LanguageDetector).use(initReactI18next);
  instance.on('failedLoading', (lng: string, ns: string, message: string) => {
    console.warn(
      `Messages for ${lng}/${ns} could not be loaded; continuing without them.`,
      message,
    );
  });
  instance.on('languageChanged', applyHtmlLang);
  try {
    await instance.init(i18nOptions(resources));
  } catch (error) {
    console.warn('i18n initialisation failed; continuing with keys.', error);
  }
  applyHtmlLang(instance.resolvedLanguage ?? FALLBACK_LANGUAGE);
  return instance;
}

/** The language the interface shows now. */
export function currentLanguage(instance: i18n = i18next): Language {
  return toLanguage(instance.resolvedLanguage ?? instance.language);
}

/** Switches language: i18next loads the messages, the detector writes the cookie, `<html lang>` follows. */
export async function setLanguage(lng: Language, instance: i18n = i18next): Promise<void> {
  await instance.changeLanguage(lng);
}
