/**
 * Entry of /sw-push.js (SPEC §7): the push handlers alone, for a registration that only needs
 * pushes. The app's /sw.js installs the same handlers, so pushes work under the root scope too.
 */
import { installPushHandlers } from './push/install';

declare let self: ServiceWorkerGlobalScope;

installPushHandlers(self);

// This worker answers no fetches, so it has nothing to wait for before taking over.
self.addEventListener('install', () => void self.skipWaiting());
self.addEventListener('activate', (event) => event.waitUntil(self.clients.claim()));
