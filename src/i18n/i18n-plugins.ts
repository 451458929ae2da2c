/**
 * The two i18next plugins the app needs, in a few lines each instead of the general-purpose
 * packages (they were a sixth of the first route's extra script): messages over HTTP and the
 * cookie-then-browser language detection of SPEC §9.
 */
import type { BackendModule, LanguageDetectorModule, ReadCallback } from 'i18next';
import { readCookie } from '../lib/cookies';
import { rememberLanguage } from './interface-language';
import { LANGUAGE_COOKIE, MESSAGES_PATH, isLanguage } from '../shared/languages';

/** The first two letters of a tag when they name a supported language. */
function supported(tag: string | null | undefined): string | undefined {
  const lng = (tag ?? '').trim().slice(0, 2).toLowerCase();
  return isLanguage(lng) ? lng : undefined;
}

/** The site's languages the visitor prefers, best first: the cookie, then the browser's. */
export function preferredLanguages(): string[] {
  const candidates = [readCookie(LANGUAGE_COOKIE), ...(navigator.languages ?? [])];
  if (navigator.language) candidates.push(navigator.language);
  return candidates.map(supported).filter((l): l is string => l !== undefined);
}

/** Cookie first, then the browser's languages; i18next falls back to `fallbackLng` (English). */
export const languageDetector: LanguageDetectorModule = {
  type: 'languageDetector',
  detect() {
    const found = preferredLanguages();
    return found.length ? found : undefined;
  },
  cacheUserLanguage: rememberLanguage,
};

/**
 * Loads `/_i18n/{lng}/messages.json`. A 4xx is final; a network error or a 5xx tells i18next
 * to retry (its second callback argument), as the HTTP backend did.
 */
export const messagesBackend: BackendModule = {
  type: 'backend',
  callbackApi: true,
  init() {},
  read(language: string, _namespace: string, callback: ReadCallback) {
    const url = MESSAGES_PATH.replace('{{lng}}', encodeURIComponent(language));
    // A plain GET, so it reuses the preload a prerendered page starts for the same file.
    fetch(url)
      .then(async (response) => {
        if (!response.ok) {
          callback(`failed loading ${url}; status ${response.status}`, response.status >= 500);
          return;
        }
        callback(null, (await response.json()) as Record<string, unknown>);
      })
      .catch((error: unknown) => callback(`failed loading ${url}: ${String(error)}`, true));
  },
};
