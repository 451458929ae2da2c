/** Runtime routes: navigations, locale messages, settings and photos. No other API answer is cached. */
import { ExpirationPlugin } from 'workbox-expiration';
import type { PrecacheController } from 'workbox-precaching';
import { NavigationRoute, registerRoute } from 'workbox-routing';
import { CacheFirst, NetworkFirst, StaleWhileRevalidate } from 'workbox-strategies';
import {
  CACHE_NAMES,
  I18N_MAX_AGE_SECONDS,
  isLocaleMessages,
  isSettings,
  isUpload,
  NAVIGATION_DENYLIST,
  NAVIGATION_TIMEOUT_SECONDS,
  UPLOADS_MAX_AGE_SECONDS,
  UPLOADS_MAX_ENTRIES,
} from './route-rules';

/** How many addresses one `keep` message may ask for (a page's messages and its photos). */
export const KEEP_MAX = 32;

/** What the runtime routes offer beyond answering fetches. */
export interface RuntimeCaches {
  /**
   * Fetches and stores, through the routes' own strategies (so their expiry applies), the locale
   * messages, settings and photos a page named; anything else, or another origin, is ignored.
   */
  keep(event: ExtendableEvent, urls: unknown): Promise<void>;
}

/** Registers the runtime routes; call before the precache route so navigations go network first. */
export function registerRuntimeRoutes(precache: PrecacheController, origin: string): RuntimeCaches {
  registerRoute(
    new NavigationRoute(
      new NetworkFirst({
        cacheName: CACHE_NAMES.pages,
        networkTimeoutSeconds: NAVIGATION_TIMEOUT_SECONDS,
        plugins: [
          {
            // A stored page would name chunks a later version deleted: only the precache answers offline.
            cacheWillUpdate: async () => null,
            cachedResponseWillBeUsed: async ({ cachedResponse }) =>
              cachedResponse ?? (await precache.matchPrecache('/index.html')) ?? null,
          },
        ],
      }),
      { denylist: NAVIGATION_DENYLIST },
    ),
  );

  const locales = new StaleWhileRevalidate({
    cacheName: CACHE_NAMES.i18n,
    // Locales come back from the network; on a full disk they go before anything queued.
    plugins: [
      new ExpirationPlugin({ maxAgeSeconds: I18N_MAX_AGE_SECONDS, purgeOnQuotaError: true }),
      // Offline without a stored copy: an answer the page's loader handles (it falls back to
      // English or the keys), where a failed respondWith is a network error in the console.
      { handlerDidError: async () => localeUnavailable() },
    ],
  });
  registerRoute(({ url }) => isLocaleMessages(url, origin), locales);

  const settings = new StaleWhileRevalidate({ cacheName: CACHE_NAMES.settings });
  registerRoute(({ url }) => isSettings(url, origin), settings);

  const uploads = new CacheFirst({
    cacheName: CACHE_NAMES.uploads,
    plugins: [
      new ExpirationPlugin({
        maxEntries: UPLOADS_MAX_ENTRIES,
        maxAgeSeconds: UPLOADS_MAX_AGE_SECONDS,
        purgeOnQuotaError: true,
      }),
      // Offline and never stored (a photo below the fold that did not load online): a plain
      // 503 the image shows as missing. A failed respondWith is the same missing photo, but
      // Firefox reports it as an error of the page.
      { handlerDidError: async () => photoUnavailable() },
    ],
  });
  registerRoute(({ url }) => isUpload(url, origin), uploads);

  return {
    async keep(event, urls) {
      if (!Array.isArray(urls)) return;
      const wanted = urls
        .filter((url): url is string => typeof url === 'string')
        .slice(0, KEEP_MAX);
      await Promise.all(
        wanted.map(async (path) => {
          const url = new URL(path, origin);
          const strategy = isLocaleMessages(url, origin)
            ? locales
            : isSettings(url, origin)
              ? settings
              : isUpload(url, origin)
                ? uploads
                : null;
          // What cannot be fetched now is fetched when it is next asked for.
          await strategy?.handle({ event, request: new Request(url.href) }).catch(() => undefined);
        }),
      );
    },
  };
}

/** The answer for locale messages that neither the network nor the cache could give. */
function localeUnavailable(): Response {
  return new Response(JSON.stringify({ message: 'These messages are not available offline' }), {
    status: 503,
    headers: { 'content-type': 'application/json', 'cache-control': 'no-store' },
  });
}

/** The answer for a photo that neither the network nor the cache could give. */
function photoUnavailable(): Response {
  return new Response(null, { status: 503, headers: { 'cache-control': 'no-store' } });
}
