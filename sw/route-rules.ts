/** Which requests the service worker caches, as plain predicates (tested without a worker). */

/** Runtime cache names, shared with the sync worker (it may drop the photos on a full disk). */
export { CACHE_NAMES } from '../src/shared/cache-names';
import { SETTINGS_PATH, UPLOADS_PATH } from '../src/shared/cache-names';

/** Navigations here reach the server as they are: never answered with the app shell. */
export const NAVIGATION_DENYLIST = [/^\/api\//, /^\/uploads\//, /^\/_i18n\//];

/** How long a navigation may take before the precached shell is shown instead. */
export const NAVIGATION_TIMEOUT_SECONDS = 3;
/** Locale messages live a day (SPEC §9 message cache lifetime). */
export const I18N_MAX_AGE_SECONDS = 24 * 60 * 60;
export const UPLOADS_MAX_ENTRIES = 300;
export const UPLOADS_MAX_AGE_SECONDS = 30 * 24 * 60 * 60;

/** `/_i18n/{lng}/messages.json`: the locale messages the page loads. */
export const localeMessagesPath = (language: string) => `/_i18n/${language}/messages.json`;

/**
 * The locale messages worth caching when the worker installs: those of the browser's languages
 * and English, the fallback. On a first visit the page loaded its messages before the worker
 * controlled it; without these, going offline at once would show the page untranslated.
 */
export function installLocales(browserLanguages: readonly string[]): string[] {
  const bases = browserLanguages
    .map((tag) => tag.slice(0, 2).toLowerCase())
    .filter((base) => /^[a-z]{2}$/.test(base));
  const wanted = [...new Set(bases)].slice(0, 2);
  if (!wanted.includes('en')) wanted.push('en');
  return wanted.map(localeMessagesPath);
}

/** True for a navigation the app shell may answer. */
export function isAppNavigation(url: URL): boolean {
  return !NAVIGATION_DENYLIST.some((pattern) => pattern.test(url.pathname));
}

/** `/_i18n/{lng}/messages.json` of this origin. */
export function isLocaleMessages(url: URL, origin: string): boolean {
  return url.origin === origin && /^\/_i18n\/[A-Za-z-]{2,5}\/messages\.json$/.test(url.pathname);
}

/** `GET /api/settings.php`: the one API answer the worker caches (site settings, not personal). */
export function isSettings(url: URL, origin: string): boolean {
  return url.origin === origin && url.pathname === SETTINGS_PATH;
}

/** Same-origin uploaded photos; another origin's would be opaque and cost quota blindly. */
export function isUpload(url: URL, origin: string): boolean {
  return url.origin === origin && url.pathname.startsWith(UPLOADS_PATH);
}
