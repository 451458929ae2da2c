/**
 * Which translator the app renders with: the page translator (page-i18n.ts) over one messages
 * file, so no first route needs i18next. A prerendered page names its language; the app shell
 * (a member's screens) takes the one i18next's detector would choose (the cookie, then the
 * browser's, else English). It serves the visit from then on, as it writes every message as
 * i18next would; i18next loads at the first language change (it loads the other language's file
 * and remembers the choice) and takes over. In the member shell, starting i18next instead cost
 * about 320 ms of main thread at 4x CPU before the first screen, and a second round trip. Loading
 * it earlier, at idle, only re-rendered every screen with the same words: in Lighthouse that
 * doubled to tripled the public pages' blocking time.
 */
import { useSyncExternalStore } from 'react';
import type { i18n, Resource } from 'i18next';
import type { Language } from '../shared/contract/fields';
import { FALLBACK_LANGUAGE, MESSAGES_PATH, toLanguage } from '../shared/languages';
import { preferredLanguages } from './i18n-plugins';
import { applyHtmlLang, rememberLanguage } from './interface-language';
import { createPageI18n, type Messages } from './page-i18n';
import { loadWithRetries } from '../lib/load-with-retries';

let active: i18n | null = null;
const listeners = new Set<() => void>();
/** What i18next starts with: the page's messages, so it needs no second fetch of them. */
let loaded: { language: Language; resources: Resource } | undefined;
let full: Promise<i18n> | undefined;

/** How often, and how far apart, i18next's chunk is asked for before a start or switch fails. */
const LOAD_TRIES = 3;
const LOAD_RETRY_MS = 1000;

function show(instance: i18n): i18n {
  active = instance;
  listeners.forEach((listener) => listener());
  return instance;
}

/**
 * i18next, loaded and started once, and from then on the translator everything renders with. A
 * load that failed every try is forgotten, so the next language change asks again.
 */
export function fullI18n(load = () => import('./i18n')): Promise<i18n> {
  full ??= loadWithRetries(load, LOAD_TRIES, LOAD_RETRY_MS)
    .then(({ createI18n }) => createI18n(undefined, undefined, loaded?.language, loaded?.resources))
    .then(show, (error: unknown) => {
      full = undefined;
      throw error;
    });
  return full;
}

/** The page's messages file (a prerendered page preloads it), or null when it cannot be had. */
async function pageMessages(language: Language): Promise<Messages | null> {
  try {
    const response = await fetch(MESSAGES_PATH.replace('{{lng}}', language));
    return response.ok ? ((await response.json()) as Messages) : null;
  } catch {
    return null;
  }
}

/** The language the app shell starts in: the one i18next's detector would choose. */
export function shellLanguage(): Language {
  return toLanguage(preferredLanguages()[0] ?? FALLBACK_LANGUAGE);
}

/**
 * The translator the first render uses: the page translator over `language`'s messages, or
 * i18next (which retries the file) when they could not be loaded or no language is given.
 */
export async function startI18n(language?: Language): Promise<i18n> {
  const messages = language ? await pageMessages(language) : null;
  if (!language || !messages) return fullI18n();
  loaded = { language, resources: { [language]: { translation: messages } } };
  applyHtmlLang(language);
  // As i18next does when it starts in a language: the site keeps it for the next visit.
  rememberLanguage(language);
  return show(createPageI18n(language, messages, () => fullI18n()));
}

/** The translator in use now; only after startI18n has settled. */
export function activeI18n(): i18n {
  if (!active) throw new Error('startI18n has not settled yet');
  return active;
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** The translator in use, re-rendering when i18next takes over. */
export function useActiveI18n(): i18n {
  return useSyncExternalStore(subscribe, activeI18n);
}
