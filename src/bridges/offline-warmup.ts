/**
 * A first visit loads before the service worker controls the page, so the worker's caches miss
 * what that visit showed. Once it takes control, the page names those things and the worker
 * fetches and stores them itself (a `keep` message): the messages of the page's language, the site
 * settings, and the members' photos on screen, so the next offline start speaks the language,
 * draws the map lander's country and shows the same faces (a lander visited once, SPEC §9). The
 * worker's own requests are not cut short when the page moves on, as the page's would be.
 */
import { SETTINGS_PATH, UPLOADS_PATH } from '../shared/cache-names';
import { MESSAGES_PATH, toLanguage } from '../shared/languages';

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

/** What the service worker should keep of this page: its messages, the settings, its photos. */
export function offlineKeepList(page: WarmablePage): string[] {
  const messages = MESSAGES_PATH.replace('{{lng}}', toLanguage(page.documentElement.lang));
  return [messages, SETTINGS_PATH, ...photosShown(page)];
}
