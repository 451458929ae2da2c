/** Wires the action queue into the service worker: its fetch route, replay triggers and session messages. */
import { registerRoute } from 'workbox-routing';
import {
  ACTIONS_CHANNEL,
  QUEUEABLE,
  SYNC_TAG,
  type ActionsMessage,
  type SwInboundMessage,
} from '../../src/shared/offline-protocol';
import { ActionQueue, type ReplayOptions, type ReplayResult } from './action-queue';
import { isQueueable } from './capture';
import { openQueueStore } from './idb-store';
import { replayOptions } from './replay-request';

/** The Background Sync parts TypeScript's WebWorker lib lacks. */
type SyncEventLike = ExtendableEvent & { tag: string; lastChance?: boolean };
type SyncRegistration = ServiceWorkerRegistration & {
  sync?: { register(tag: string): Promise<void> };
};

/**
 * A stalled connection must not hold a member's actions forever: each waits behind the one before
 * it. An abandoned request may still have reached the server, which dedupes it by client id.
 */
export const ACTION_FETCH_TIMEOUT_MS = 20_000;

/** What the rest of the worker needs from the queue. */
export interface InstalledQueue {
  queue: ActionQueue;
  /** Replays now if this worker is the active one (a waiting worker must not race the active one). */
  kick(options?: ReplayOptions): Promise<ReplayResult | null>;
}

export interface InstallQueueOptions {
  /** Called when the session member changed, e.g. to wipe personal caches (DESIGN §3). */
  onMemberChange?: (previous: number | null | undefined, next: number | null) => Promise<void>;
  /** Frees disk space when a queue write is refused for lack of it. */
  makeRoom?: () => Promise<unknown>;
}

/** Registers the queue's routes and triggers on `scope`. */
export function installActionQueue(
  scope: ServiceWorkerGlobalScope,
  options: InstallQueueOptions = {},
): InstalledQueue {
  const channel = new BroadcastChannel(ACTIONS_CHANNEL);
  let timer: ReturnType<typeof setTimeout> | undefined;

  // From 'activating' on, the previous worker is redundant: this one alone replays. Browsers
  // without `self.serviceWorker` replay anyway; the server's idempotency absorbs a double send.
  const isActive = () => {
    const state = (scope.serviceWorker as ServiceWorker | undefined)?.state;
    return state === undefined || state === 'activating' || state === 'activated';
  };
  const kick = (options?: ReplayOptions) =>
    isActive() ? queue.replay(options) : Promise.resolve(null);

  const queue = new ActionQueue({
    store: openQueueStore(indexedDB),
    fetch: (request) =>
      fetch(request, {
        signal: AbortSignal.any([request.signal, AbortSignal.timeout(ACTION_FETCH_TIMEOUT_MS)]),
      }),
    post: (message) => channel.postMessage(message),
    makeRoom: options.makeRoom,
    onWaiting: (wakeAt) => {
      channel.postMessage({ type: 'waiting', wakeAt } satisfies ActionsMessage);
      clearTimeout(timer);
      if (wakeAt === null) return;
      // The timer only lives while the browser keeps this worker running; Background Sync, the
      // page's replay messages and the next worker start cover the rest.
      timer = setTimeout(() => void kick(), Math.max(0, wakeAt - Date.now()));
      void (scope.registration as SyncRegistration).sync?.register(SYNC_TAG).catch(() => undefined);
    },
  });

  /** A session message: drop other members' entries, then replay the new member's. */
  const session = async (memberId: number | null) => {
    const { previous } = await queue.setSession(memberId);
    if (previous !== memberId) await options.onMemberChange?.(previous, memberId);
    await kick();
  };

  /** Handles the page's postMessage and the channel alike; null when the message is not the queue's. */
  const onMessage = (message: Partial<SwInboundMessage> | null): Promise<unknown> | null => {
    if (message?.type === 'replay') return kick(replayOptions(message));
    if (message?.type === 'session' && isMemberId(message.memberId))
      return session(message.memberId);
    return null;
  };

  for (const method of new Set(QUEUEABLE.map((q) => q.method))) {
    registerRoute(
      ({ request }) => isQueueable(request, scope.location.origin),
      ({ request }) => queue.handle(request),
      method,
    );
  }

  scope.addEventListener('sync', (event) => {
    const sync = event as SyncEventLike;
    if (sync.tag !== SYNC_TAG) return;
    sync.waitUntil(
      kick({ eager: true }).then((result) => {
        // A rejected sync is retried by the browser later, on its own schedule.
        if (result && result.waiting > 0 && !sync.lastChance) throw new Error('Actions still wait');
      }),
    );
  });

  // postMessage wakes a stopped worker and lets it finish inside waitUntil; the channel does neither.
  scope.addEventListener('message', (event) => {
    const work = onMessage(event.data as Partial<SwInboundMessage> | null);
    if (work) event.waitUntil(work);
  });
  channel.onmessage = (event: MessageEvent<Partial<SwInboundMessage | ActionsMessage> | null>) => {
    const message = event.data;
    // Another service worker (a previous version finishing a request) added to the shared store.
    if (message?.type === 'queued' && isMemberId(message.memberId) && message.memberId !== null) {
      queue.heardQueued(message.memberId);
      return;
    }
    void onMessage(message as Partial<SwInboundMessage> | null);
  };

  void kick(); // a worker (re)start replays what waits
  return { queue, kick };
}

/** A member id as the protocol sends it: a positive integer, or null for logged out. */
export function isMemberId(value: unknown): value is number | null {
  return value === null || (Number.isSafeInteger(value) && (value as number) > 0);
}
