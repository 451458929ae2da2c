/**
 * When the page asks the service worker to replay queued actions (sw/README.md, Triggers). Browsers
 * without Background Sync depend on these, and the worker's own timer dies whenever the browser
 * stops the idle worker, so the page keeps the backoff timer too.
 */
import type { ActionsMessage, SwInboundMessage } from '../shared/offline-protocol';

/** Never ask sooner than this after a wake time, so a wake time in the past cannot spin. */
export const MIN_WAKE_DELAY_MS = 500;

/** The document's part: whether the page is shown, and its `visibilitychange` events. */
export interface VisibilityLike extends EventTarget {
  readonly visibilityState: DocumentVisibilityState;
}

export interface ReplayTriggerDeps {
  /** The window: `online` events. */
  events: EventTarget;
  /** The document; undefined where there is none. */
  document: VisibilityLike | undefined;
  /** The ACTIONS_CHANNEL, where the service worker announces its wake time; null without one. */
  channel: EventTarget | null;
  now: () => number;
  /** Posts to the service worker (postMessage wakes a stopped worker). */
  ask: (message: Extract<SwInboundMessage, { type: 'replay' }>) => void;
}

export interface ReplayTriggers {
  /** The sync worker reached the server: replay now unless the queue is known to be empty. */
  serverReached(): void;
  stop(): void;
}

/** Watches connectivity, visibility and the queue's wake time; returns the controls. */
export function watchReplayTriggers(deps: ReplayTriggerDeps): ReplayTriggers {
  /** What the service worker last said: undefined before it said anything (then assume entries). */
  let waiting: boolean | undefined;
  let timer: ReturnType<typeof setTimeout> | undefined;

  const replayNow = () => deps.ask({ type: 'replay' });
  const replayIfWaiting = () => {
    if (waiting !== false) replayNow();
  };

  const onOnline = () => replayNow();
  const onVisibility = () => {
    if (deps.document?.visibilityState === 'visible') replayIfWaiting();
  };
  const onChannel = (event: Event) => {
    const message = (event as MessageEvent<Partial<ActionsMessage> | null>).data;
    if (message?.type !== 'waiting') return;
    const wakeAt = typeof message.wakeAt === 'number' ? message.wakeAt : null;
    clearTimeout(timer);
    waiting = wakeAt !== null;
    if (wakeAt === null) return;
    const delay = Math.max(MIN_WAKE_DELAY_MS, wakeAt - deps.now());
    // dueOnly: every open tab keeps this timer; only the first request of a wake finds work.
    timer = setTimeout(() => deps.ask({ type: 'replay', dueOnly: true }), delay);
  };

  deps.events.addEventListener('online', onOnline);
  deps.document?.addEventListener('visibilitychange', onVisibility);
  deps.channel?.addEventListener('message', onChannel);

  return {
    serverReached: replayIfWaiting,
    stop() {
      clearTimeout(timer);
      deps.events.removeEventListener('online', onOnline);
      deps.document?.removeEventListener('visibilitychange', onVisibility);
      deps.channel?.removeEventListener('message', onChannel);
    },
  };
}
