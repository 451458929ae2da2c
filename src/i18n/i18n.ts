/**
 * i18next setup: messages over HTTP from `/_i18n/{lng}/messages.json`, language from the
 * `i18n_redirected` cookie, then the browser languages, then English (SPEC §8, §9). No URL prefix.
 */
import i18next, { type i18n, type InitOptions, type Resource } from 'i18next';
import { initReactI18next } from 'react-i18next';
import type { Language } from '../shared/contract/fields';
import { languageDetector, messagesBackend } from './i18n-plugins';
import { formatNumber } from './whole-numbers';
import { applyHtmlLang } from './interface-language';
import { FALLBACK_LANGUAGE, INTERFACE_LANGUAGES } from '../shared/languages';

/** Options shared by the app and the tests. */
export function i18nOptions(resources?: Resource): InitOptions {
  return {
    supportedLngs: [...INTERFACE_LANGUAGES],
    fallbackLng: FALLBACK_LANGUAGE,
    load: 'languageOnly',
    nonExplicitSupportedLngs: false,
    interpolation: { escapeValue: false }, // React escapes
    react: { useSuspense: false },
    ...(resources ? { resources } : {}),
  };
}

/**
 * Formats the messages use beyond i18next's own; call after `init`. `number` replaces the
 * built-in one, whose first use is a long task (whole-numbers.ts).
 */
export function addFormats(instance: i18n): void {
  instance.services.formatter?.add('number', formatNumber);
}

/**
 * Creates and initialises an i18next instance; a locale file that fails to load only logs a
 * warning. `language` skips detection: a prerendered page was rendered in that language.
 * `loaded` is messages already fetched (the page translator's): the backend loads the rest.
 */
export async function createI18n(
  resources?: Resource,
  instance: i18n = i18next,
  language?: Language,
  loaded?: Resource,
): Promise<i18n> {
  if (!resources) instance.use(messagesBackend);
  instance.use(languageDetector).use(initReactI18next);
  instance.on('failedLoading', (lng: string, ns: string, message: string) => {
    console.warn(
      `Messages for ${lng}/${ns} could not be loaded; continuing without them.`,
      message,
    );
  });
  instance.on('languageChanged', applyHtmlLang);
  try {
    await instance.init({
      ...i18nOptions(resources ?? loaded),
      ...(language ? { lng: language } : {}),
      ...(loaded && !resources ? { partialBundledLanguages: true } : {}),
    });
  } catch (error) {
    console.warn('i18n initialisation failed; continuing with keys.', error);
  }
  addFormats(instance);
  applyHtmlLang(instance.resolvedLanguage ?? FALLBACK_LANGUAGE);
  return instance;
}
