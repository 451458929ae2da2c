/**
 * The app's service worker, served as /sw.js (SPEC §7): precached shell, runtime caches, the action
 * queue, push, and updates that wait for the user (DESIGN §6). See sw/README.md.
 */
import { cacheNames } from 'workbox-core';
import { PrecacheController, PrecacheRoute, type PrecacheEntry } from 'workbox-precaching';
import { registerRoute } from 'workbox-routing';
import type { SwInboundMessage } from '../src/shared/offline-protocol';
import { outdatedPrecaches } from './precache-cleanup';
import { installPushHandlers } from './push/install';
import { installActionQueue } from './queue/install-queue';
import { CACHE_NAMES, installLocales } from './route-rules';
import { registerRuntimeRoutes } from './routes';
import { addStaticRoutes } from './static-routes';

declare let self: ServiceWorkerGlobalScope & {
  /** Replaced at build time by the precache manifest (vite-plugin-pwa injectManifest). */
  __WB_MANIFEST: (PrecacheEntry | string)[];
};

const precache = new PrecacheController();
precache.addToCacheList(self.__WB_MANIFEST);

// Route order matters: actions first, navigations (network first) before the precache route.
const { kick } = installActionQueue(self, {
  // Another member's photos must not stay on a shared device (DESIGN §3).
  onMemberChange: async (previous) => {
    if (typeof previous === 'number') await caches.delete(CACHE_NAMES.uploads);
  },
  // Photos come back from the network; the queued action would not.
  makeRoom: () => caches.delete(CACHE_NAMES.uploads),
});
const runtime = registerRuntimeRoutes(precache, self.location.origin);
registerRoute(new PrecacheRoute(precache, { directoryIndex: '' }));
installPushHandlers(self);

// No skipWaiting here: the new worker waits until the page posts SKIP_WAITING on the user's click.
self.addEventListener('install', (event) =>
  event.waitUntil(
    Promise.all([
      precache.install(event),
      cacheLocales(),
      addStaticRoutes(event, cacheNames.precache),
    ]),
  ),
);

/** Puts the likely locale messages in the runtime cache; missing ones come with the first use. */
async function cacheLocales(): Promise<void> {
  const cache = await caches.open(CACHE_NAMES.i18n);
  // add() refuses an answer that is not ok; offline while installing, the page's next load
  // through the worker caches it.
  await Promise.all(
    installLocales(self.navigator.languages).map((path) => cache.add(path).catch(() => undefined)),
  );
}

self.addEventListener('activate', (event) => {
  event.waitUntil(
    (async () => {
      await self.clients.claim();
      // Only now, with every client on this worker, may the previous version's files go.
      await precache.activate(event);
      const stale = outdatedPrecaches(
        await caches.keys(),
        cacheNames.precache,
        self.registration.scope,
      );
      await Promise.all(stale.map((name) => caches.delete(name)));
      await kick();
    })(),
  );
});

self.addEventListener('message', (event) => {
  const message = event.data as Partial<SwInboundMessage> | null;
  if (message?.type === 'SKIP_WAITING') event.waitUntil(self.skipWaiting());
  // Only pages of this origin can post here: the app's own.
  else if (message?.type === 'keep') event.waitUntil(runtime.keep(event, message.urls));
});
