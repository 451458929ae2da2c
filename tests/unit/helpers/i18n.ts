/** An i18next instance with the real English messages, for component tests (no HTTP). */
import i18next, { type i18n } from 'i18next';
import messages from '../../../locales/en/messages.json';
import { createI18n } from '../../../src/i18n/i18n';

let ready: Promise<i18n> | null = null;

/** Initialises the global instance once, in English. */
export function setupI18n(): Promise<i18n> {
  document.cookie = 'i18n_redirected=en; path=/';
  ready ??= createI18n({ en: { translation: messages } }, i18next);
  return ready;
}
