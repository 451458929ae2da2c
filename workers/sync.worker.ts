/**
 * The sync worker's entry (DESIGN §1): wires the browser's fetch, IndexedDB, Web Locks,
 * BroadcastChannel, EventSource and Badging into the sync modules and exposes ONE API object.
 */
import * as Comlink from 'comlink';
import { CACHE_NAMES } from '../src/shared/cache-names';
import { PAGE_LANE_CHANNEL } from '../src/shared/page-lane';
import { ACTIONS_CHANNEL, type ActionsMessage } from '../src/shared/offline-protocol';
import { DB_NAME, openAmoraDb } from '../src/db/db';
import { trackTransactions } from '../src/db/live-transactions';
import type { Badge, Channel } from './context';
import { createHttp } from './fetcher';
import { createLeavingGate } from './leaving';
import { routeActions, type PageFetch } from './page-transport';
import { createSync } from './sync';
import { createUpload } from './upload';

/** The ACTIONS_CHANNEL; a BroadcastChannel never hears its own posts, only other contexts'. */
function actionsChannel(): Channel {
  const channel = new BroadcastChannel(ACTIONS_CHANNEL);
  return {
    post: (message) => channel.postMessage(message),
    subscribe(listener) {
      const handler = (event: MessageEvent<ActionsMessage>) => listener(event.data);
      channel.addEventListener('message', handler);
      return () => channel.removeEventListener('message', handler);
    },
    close: () => channel.close(),
  };
}

function appBadge(): Badge | null {
  if (!('setAppBadge' in navigator)) return null;
  return { set: (count) => navigator.setAppBadge(count), clear: () => navigator.clearAppBadge() };
}

/** Pages listen here for what this worker hands them directly (page-lane.ts). */
const pageLane = new BroadcastChannel(PAGE_LANE_CHANNEL);

/**
 * How long a worker whose page may be leaving starts no transaction. Long enough for the next
 * page to arrive on a slow connection; a page that stays meanwhile only polls a little later.
 */
const LEAVING_HOLD_MS = 3000;

/** Set when this worker started outside the service worker's control (page-transport.ts). */
let pageFetch: PageFetch | null = null;

const db = openAmoraDb(DB_NAME, {
  // The connection is closed now: stop working and let the page ask for a reload.
  onReloadNeeded: () => {
    sync.ctx.notify({ type: 'reload-needed' });
    sync.stop();
  },
  onBlocked: () => sync.ctx.notify({ type: 'db-blocked' }),
});
const transactions = trackTransactions(db);

const sync = createSync({
  db,
  http: createHttp({
    fetch: routeActions(
      (input, init) => fetch(input, init),
      () => pageFetch,
    ),
    base: location.origin,
    host: location.host,
  }),
  channel: actionsChannel(),
  announce: (message) => pageLane.postMessage(message),
  locks: 'locks' in navigator ? navigator.locks : null,
  badge: appBadge(),
  openEventSource: (url) => new EventSource(url, { withCredentials: true }),
  upload: createUpload({
    fetch: (input, init) => fetch(input, init),
    base: location.origin,
    host: location.host,
    XMLHttpRequest,
  }),
  uuid: () => crypto.randomUUID(),
  estimateStorage: navigator.storage?.estimate ? () => navigator.storage.estimate() : undefined,
  dropPhotos: 'caches' in self ? () => caches.delete(CACHE_NAMES.uploads) : undefined,
});
sync.start();
// Back online: a member's complaints saved without a connection go now.
self.addEventListener('online', () => void sync.api.flushComplaints().catch(() => undefined));

const gate = createLeavingGate();

const api = {
  ...gate.guard(sync.api),
  /** The page started this worker before a service worker controlled it: send actions via the page. */
  sendActionsThroughPage(transport: PageFetch): void {
    pageFetch = transport;
  },
  /**
   * The page may be leaving (its beforeunload): WebKit freezes it and this worker with it once the
   * next page arrives, and a worker frozen as leader or inside a transaction stalls the pages after
   * it (src/lib/page-cache.ts). Frozen before it heard `releaseForPageCache`, it holds nothing now;
   * a page that stays after all (a cancelled load) gets its worker back a moment later. Calls
   * this cuts short stay unanswered (leaving.ts).
   */
  prepareToLeave(): void {
    gate.leaving();
    sync.standDown();
    transactions.holdFor(LEAVING_HOLD_MS, () => {
      gate.stayed();
      sync.start();
    });
  },
  /**
   * The page goes into the back/forward cache, where WebKit would freeze this worker holding the
   * leader lock and any transaction it has open (src/lib/page-cache.ts): it lets go and ends.
   */
  releaseForPageCache(): void {
    sync.stop();
    transactions.abortAll();
    db.close({ disableAutoOpen: true });
    self.close();
  },
};
Comlink.expose(api);

/** The worker's API as the page sees it (imported as a type only). */
export type SyncApi = typeof api;
