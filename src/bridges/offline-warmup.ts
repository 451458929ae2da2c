/**
 * A first visit loads before the service worker controls the page, so the worker's caches miss
 * what that visit showed. Once it takes control, the page asks for those things once more through
 * it: the messages of the page's language, and the members' photos on screen, so the next
 * offline start speaks the language and shows the same faces (a lander visited once, SPEC §9).
 */
import { UPLOADS_PATH } from '../api/cache-names';
import { MESSAGES_PATH } from '../i18n/i18n-plugins';
import { toLanguage } from '../i18n/languages';

/** At most this many photos per first visit: a gallery's worth, never a burst of hundreds. */
export const WARM_PHOTOS_MAX = 24;

/** What the warm-up reads of the page. */
export interface WarmablePage {
  documentElement: { lang: string };
  images: Iterable<{ currentSrc: string; src: string }>;
  location: { origin: string };
}

/** The page's own member photos, in document order, each once. */
export function photosShown(page: WarmablePage, max = WARM_PHOTOS_MAX): string[] {
  const urls = new Set<string>();
  for (const image of page.images) {
    if (urls.size >= max) break;
    const source = image.currentSrc || image.src;
    if (!source) continue;
    const url = new URL(source, page.location.origin);
    if (url.origin === page.location.origin && url.pathname.startsWith(UPLOADS_PATH))
      urls.add(url.pathname + url.search);
  }
  return [...urls];
}

/** Fetches the page's messages and photos through the worker that now controls the page. */
export function warmOfflineCaches(
  page: WarmablePage,
  get: (url: string) => Promise<unknown>,
): void {
  const messages = MESSAGES_PATH.replace('{{lng}}', toLanguage(page.documentElement.lang));
  for (const url of [messages, ...photosShown(page)]) {
    get(url).catch((error: unknown) => console.warn('Could not keep for offline use', url, error));
  }
}
