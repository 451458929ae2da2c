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

/** Registers the runtime routes; call before the precache route so navigations go network first. */
export function registerRuntimeRoutes(precache: PrecacheController, origin: string): void {
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

  registerRoute(
    ({ url }) => isLocaleMessages(url, origin),
    new StaleWhileRevalidate({
      cacheName: CACHE_NAMES.i18n,
      // Locales come back from the network; on a full disk they go before anything queued.
      plugins: [
        new ExpirationPlugin({ maxAgeSeconds: I18N_MAX_AGE_SECONDS, purgeOnQuotaError: true }),
        // Offline without a stored copy: an answer the page's loader handles (it falls back to
        // English or the keys), where a failed respondWith is a network error in the console.
        { handlerDidError: async () => localeUnavailable() },
      ],
    }),
  );

  registerRoute(
    ({ url }) => isSettings(url, origin),
    new StaleWhileRevalidate({ cacheName: CACHE_NAMES.settings }),
  );

  registerRoute(
    ({ url }) => isUpload(url, origin),
    new CacheFirst({
      cacheName: CACHE_NAMES.uploads,
      plugins: [
        new ExpirationPlugin({
          maxEntries: UPLOADS_MAX_ENTRIES,
          maxAgeSeconds: UPLOADS_MAX_AGE_SECONDS,
          purgeOnQuotaError: true,
        }),
      ],
    }),
  );
}

/** The answer for locale messages that neither the network nor the cache could give. */
function localeUnavailable(): Response {
  return new Response(JSON.stringify({ message: 'These messages are not available offline' }), {
    status: 503,
    headers: { 'content-type': 'application/json', 'cache-control': 'no-store' },
  });
}
