/**
 * The page's one door to the service workers (DESIGN §2; no other module touches
 * navigator.serviceWorker): registers /sw.js, exposes its lifecycle (SPEC §4), raises the
 * refresh-needed signal and reloads once when the new worker takes over (SPEC §2.8), asks for
 * replays of queued actions (replay-triggers.ts) and relays push messages (SPEC §7).
 */
import {
  ACTIONS_CHANNEL,
  PUSH_CLICK,
  PUSH_MESSAGE,
  type PushPageMessage,
  type PushPayload,
  type SwInboundMessage,
} from '../shared/offline-protocol';
import { API_BASE } from '../api/failure';
import { CLOSE_NOTIFICATIONS, type CloseNotificationsMessage } from '../shared/push-state';
import { createInstallPrompt, type InstallPrompt } from './install-prompt';
import { offlineKeepList } from './offline-warmup';
import { watchPageHidden } from './page-hidden';
import { watchReplayTriggers, type VisibilityLike } from './replay-triggers';
import { createStore, type Store } from './store';
import { tabStorage } from '../lib/tab-storage';

/** Root scope, version query of SPEC §7. */
export const SW_URL = '/sw.js?v=2';
export const SW_SCOPE = '/';
/** A reload for a new worker within this window is not repeated (same guard as SPEC §9 chunk reloads). */
export const RELOAD_GUARD_MS = 10_000;
const RELOAD_KEY = 'amora.sw-reload-at';
/** Long-open tabs look for a new version this often; browsers only check on navigations. */
export const UPDATE_CHECK_MS = 60 * 60_000;

/** SPEC §4 lifecycle, plus the states before registration. */
export type SwState =
  'unsupported' | 'disabled' | 'idle' | 'registered' | 'installed' | 'waiting' | 'activated';

export interface SwStatus {
  state: SwState;
  /** A new version waits: the shell shows the refresh banner. */
  refreshNeeded: boolean;
  /** The user asked for the new version; the page reloads when it takes over. */
  updating: boolean;
  /** Registration failed (SPEC §8). */
  registrationError: boolean;
}

/** The parts of workbox-window's Workbox the bridge uses. */
export interface WorkboxLike {
  register(): Promise<ServiceWorkerRegistration | undefined>;
  addEventListener(
    type: 'installed' | 'waiting' | 'activated' | 'controlling',
    listener: () => void,
  ): void;
  messageSkipWaiting(): void;
  update(): Promise<void>;
}

/** The parts of navigator.serviceWorker the bridge uses. */
export interface SwContainerLike extends EventTarget {
  readonly controller: { postMessage(message: unknown): void } | null;
}

export interface SwBridgeDeps {
  /** navigator.serviceWorker; undefined where the browser has none. */
  container: SwContainerLike | undefined;
  createWorkbox: (url: string, options: RegistrationOptions) => Promise<WorkboxLike>;
  /** False in Vite dev unless VITE_SW_DEV=true: the dev server serves no worker. */
  enabled: boolean;
  /** The window: `online` events. */
  events: EventTarget;
  /** The document: replays when the page is shown again. */
  document?: VisibilityLike;
  /** The ACTIONS_CHANNEL: the queue's wake time, for the page's own backoff timer. */
  channel?: EventTarget | null;
  reload: () => void;
  /** sessionStorage for the reload guard; null when blocked. */
  storage: Storage | null;
  now: () => number;
  /** The first worker took over: fetch again what the page loaded before it could cache it. */
  /** What the first worker to control the page should fetch and store (offline-warmup.ts). */
  keepForOffline?: () => string[];
}

export interface SwBridge {
  status: Store<SwStatus>;
  /** Registers the worker (after the load event) and asks it to replay queued actions. */
  start(): Promise<void>;
  /** The user clicked Refresh: the waiting worker takes over and the page reloads once. */
  update(): void;
  /** Asks the active worker to replay queued actions now. */
  requestReplay(): void;
  /** The sync worker's poll reached the server: replay if actions may be waiting. */
  serverReached(): void;
  /**
   * Tells the worker who is logged in (null: nobody), so it drops anyone else's queued actions and
   * replays only this member's. Call at app start once the user is known and on every change.
   */
  setSession(memberId: number | null): void;
  onPushMessage(listener: (payload: PushPayload) => void): () => void;
  onPushClick(listener: (payload: PushPayload) => void): () => void;
  /** The registration once known (push subscriptions need it); null without a worker. */
  registration(): ServiceWorkerRegistration | null;
  /** A conversation was read here: the worker closes its notifications (tag = conversationTag(id)). */
  closeNotifications(tag: string): void;
}

/** Builds the bridge; `getSwBridge()` is the app's instance. */
export function createSwBridge(deps: SwBridgeDeps): SwBridge {
  const initial: SwState = !deps.container ? 'unsupported' : deps.enabled ? 'idle' : 'disabled';
  const status = createStore<SwStatus>({
    state: initial,
    refreshNeeded: false,
    updating: false,
    registrationError: false,
  });
  const pushListeners = {
    [PUSH_MESSAGE]: new Set<(payload: PushPayload) => void>(),
    [PUSH_CLICK]: new Set<(payload: PushPayload) => void>(),
  };
  let workbox: WorkboxLike | null = null;
  let registration: ServiceWorkerRegistration | null = null;
  // A first install claiming an uncontrolled page changes nothing the user sees: no reload then.
  let hadController = Boolean(deps.container?.controller);
  let reloading = false;
  /** Last member passed to setSession, re-sent once a worker can hear it. */
  let session: number | null | undefined;

  const post = (message: SwInboundMessage | CloseNotificationsMessage) => {
    const target = deps.container?.controller ?? registration?.active;
    target?.postMessage(message);
  };

  /** Reloads at most once per page and never twice within the guard window across pages. */
  const reloadOnce = () => {
    if (reloading) return;
    const now = deps.now();
    const last = Number(deps.storage?.getItem(RELOAD_KEY) ?? 0);
    if (last && now - last < RELOAD_GUARD_MS) return;
    reloading = true;
    deps.storage?.setItem(RELOAD_KEY, String(now));
    deps.reload();
  };

  /** Tells the worker who is logged in (it may have been stopped or absent when that changed). */
  const postSession = () => {
    if (session !== undefined) post({ type: 'session', memberId: session });
  };

  const onControlling = () => {
    if (!hadController) {
      hadController = true;
      postSession(); // the first worker just took over: it has not heard of the session yet
      const urls = deps.keepForOffline?.() ?? [];
      if (urls.length > 0) post({ type: 'keep', urls });
      return;
    }
    reloadOnce();
  };

  deps.container?.addEventListener('message', (event) => {
    const data = (event as MessageEvent<Partial<PushPageMessage> | null>).data;
    if (data?.type !== PUSH_MESSAGE && data?.type !== PUSH_CLICK) return;
    const payload = data.payload ?? {};
    pushListeners[data.type].forEach((listener) => listener(payload));
  });
  // Online, shown again, the queue's wake time: Background Sync is optional (Firefox, Safari).
  const replays = watchReplayTriggers({
    events: deps.events,
    document: deps.document,
    channel: deps.channel ?? null,
    now: deps.now,
    ask: post,
  });

  const listen = (type: keyof typeof pushListeners, listener: (p: PushPayload) => void) => {
    pushListeners[type].add(listener);
    return () => {
      pushListeners[type].delete(listener);
    };
  };

  return {
    status,
    async start() {
      if (!deps.container || !deps.enabled || workbox) return;
      try {
        workbox = await deps.createWorkbox(SW_URL, { scope: SW_SCOPE });
        workbox.addEventListener('installed', () => status.patch({ state: 'installed' }));
        workbox.addEventListener('waiting', () =>
          status.patch({ state: 'waiting', refreshNeeded: true }),
        );
        workbox.addEventListener('activated', () => status.patch({ state: 'activated' }));
        workbox.addEventListener('controlling', onControlling);
        registration = (await workbox.register()) ?? null;
      } catch (error) {
        console.warn('Service worker registration failed; the app works without it.', error);
        status.patch({ registrationError: true });
        return;
      }
      // A worker that was already waiting announced itself during register(): keep that state.
      if (status.get().state === 'idle') {
        status.patch({ state: registration?.active ? 'activated' : 'registered' });
      }
      postSession();
      post({ type: 'replay' }); // app start: send what was queued in an earlier visit
      const registered = workbox;
      setInterval(() => void registered.update().catch(() => undefined), UPDATE_CHECK_MS);
    },
    update() {
      status.patch({ updating: true });
      if (registration && !registration.waiting) {
        reloadOnce(); // another tab already switched versions
        return;
      }
      workbox?.messageSkipWaiting();
    },
    requestReplay: () => post({ type: 'replay' }),
    serverReached: () => replays.serverReached(),
    setSession(memberId) {
      session = memberId;
      postSession();
    },
    onPushMessage: (listener) => listen(PUSH_MESSAGE, listener),
    onPushClick: (listener) => listen(PUSH_CLICK, listener),
    registration: () => registration,
    closeNotifications: (tag) => post({ type: CLOSE_NOTIFICATIONS, tag }),
  };
}

/** For the chat screen: close this conversation's notifications once it is read on this device. */
export function closeNotifications(tag: string): void {
  getSwBridge().closeNotifications(tag);
}

let bridge: SwBridge | null = null;
let installPrompt: InstallPrompt | null = null;

/** The app's bridge over the real browser objects. */
export function getSwBridge(): SwBridge {
  bridge ??= createSwBridge({
    container: 'serviceWorker' in navigator ? navigator.serviceWorker : undefined,
    createWorkbox: async (url, options) =>
      new (await import('workbox-window')).Workbox(url, options),
    enabled: !import.meta.env.DEV || import.meta.env.VITE_SW_DEV === 'true',
    events: window,
    document,
    channel: 'BroadcastChannel' in window ? new BroadcastChannel(ACTIONS_CHANNEL) : null,
    reload: () => location.reload(),
    storage: tabStorage(),
    now: () => Date.now(),
    keepForOffline: () => offlineKeepList(document),
  });
  return bridge;
}

/** The app's install offer store. */
export function getInstallPrompt(): InstallPrompt {
  installPrompt ??= createInstallPrompt(window);
  return installPrompt;
}

/** Boot hook for main.tsx: install offer, page-hidden beacon, then registration after load. */
export function startSwBridge(): void {
  getInstallPrompt();
  watchPageHidden(document, (url, data) => navigator.sendBeacon(url, data), API_BASE);
  void getSwBridge().start();
}
