/**
 * The interface language of a translator, and switching it. Kept apart from i18n.ts so that the
 * screens a prerendered page shows first do not load i18next to ask (page-i18n.ts).
 */
import type { i18n, TFunction } from 'i18next';
import type { Language } from '../shared/contract/fields';
import { writeCookie } from '../lib/cookies';
import {
  LANGUAGE_COOKIE,
  LANGUAGE_COOKIE_DAYS,
  LANGUAGE_TAGS,
  isLanguage,
  toLanguage,
} from '../shared/languages';

/** Keeps `<html lang>` on the full tag of the active language. */
export function applyHtmlLang(lng: string): void {
  document.documentElement.lang = LANGUAGE_TAGS[toLanguage(lng)];
}

/** Keeps `lng` for the next visit (SPEC §9); i18next's detector calls this on every switch. */
export function rememberLanguage(lng: string): void {
  if (!isLanguage(lng)) return;
  writeCookie(LANGUAGE_COOKIE, lng, { maxAge: LANGUAGE_COOKIE_DAYS * 24 * 60 * 60 });
}

/** The language the interface shows now. */
export function currentLanguage(instance: i18n): Language {
  return toLanguage(instance.resolvedLanguage ?? instance.language);
}

/**
 * Switches language: i18next loads the messages, the detector writes the cookie, `<html lang>`
 * follows. Resolves with the new language's `t`: `instance` may be the page translator, which hands
 * over to i18next and keeps its own language.
 */
export function setLanguage(lng: Language, instance: i18n): Promise<TFunction> {
  return instance.changeLanguage(lng);
}
