/**
 * The page's door to web push (SPEC §3 "Push state", §4, §7): subscribes through the service
 * worker registration's pushManager with settings.push_pub, hands the subscription to the sync
 * worker (which posts it and slows polling to 300 s) and exposes the state as a store. Components
 * never touch Notification or pushManager themselves.
 */
import { siteSettings } from '../db/queries';
import {
  afterSubscribeFailure,
  applicationServerKey,
  checkedSubscription,
  initialPushStatus,
  isCapable,
  pushState,
  shouldSendSubscription,
  type PermissionState,
  type PushState,
  type PushStatus,
} from '../shared/push-state';
import { getSwBridge } from './sw-bridge';
import { createStore, type Store } from './store';
import { getSync } from './worker-bridge';

/** What the bridge needs of a subscription. */
export interface SubscriptionLike {
  readonly endpoint: string;
  toJSON(): PushSubscriptionJSON;
  unsubscribe(): Promise<boolean>;
}

/** What the bridge needs of the registration's PushManager. */
export interface PushManagerLike {
  getSubscription(): Promise<SubscriptionLike | null>;
  subscribe(options: PushSubscriptionOptionsInit): Promise<SubscriptionLike>;
}

/** The sync worker calls the bridge makes. */
export interface PushSync {
  subscribePush(subscription: SubscriptionBody): Promise<void>;
  unsubscribePush(endpoint: string): Promise<void>;
  setPushSubscribed(subscribed: boolean): Promise<void>;
}

/** The body the server takes. */
export interface SubscriptionBody {
  endpoint: string;
  expirationTime?: number | null;
  keys: { p256dh: string; auth: string };
}

/** Browser objects behind the bridge; tests hand in fakes. */
export interface PushBridgeDeps {
  /** Service worker, PushManager and Notification exist. */
  browserCapable: boolean;
  permission(): PermissionState;
  requestPermission(): Promise<PermissionState>;
  pushManager(): Promise<PushManagerLike | null>;
  publicKey(): Promise<string | null>;
  sync: PushSync;
}

/** The push switch's operations and state. */
export interface PushBridge {
  status: Store<PushStatus>;
  /** Reads permission and subscription; re-sends a live subscription so the server has it. */
  refresh(): Promise<PushState>;
  /** Asks permission and subscribes; resolves with the state reached. */
  subscribe(): Promise<PushState>;
  unsubscribe(): Promise<PushState>;
}

/** The server body of a subscription, or null when the browser gave an incomplete one. */
export function subscriptionBody(json: PushSubscriptionJSON): SubscriptionBody | null {
  const { endpoint, keys, expirationTime } = json;
  if (!endpoint || !keys?.p256dh || !keys.auth) return null;
  return {
    endpoint,
    expirationTime: expirationTime ?? null,
    keys: { p256dh: keys.p256dh, auth: keys.auth },
  };
}

/** Builds the bridge; `getPushBridge()` is the app's instance. */
export function createPushBridge(deps: PushBridgeDeps): PushBridge {
  const status = createStore<PushStatus>(initialPushStatus(deps.browserCapable));

  /** Runs one operation at a time with the switch disabled; failures are kept, not thrown. */
  const run = async (work: () => Promise<void>): Promise<PushState> => {
    if (status.get().busy) return pushState(status.get());
    status.patch({ busy: true, failed: false });
    try {
      await work();
    } catch (error) {
      console.warn('Push notifications could not be changed', error);
      status.patch({ failed: true });
    } finally {
      status.patch({ busy: false });
    }
    return pushState(status.get());
  };

  const send = async (subscription: SubscriptionLike) => {
    const body = subscriptionBody(subscription.toJSON());
    const serialised = body ? JSON.stringify(body) : null;
    status.patch({ isSubscribed: serialised ?? false });
    if (body && shouldSendSubscription(status.get())) await deps.sync.subscribePush(body);
  };

  return {
    status,
    refresh: () =>
      run(async () => {
        const capable =
          deps.browserCapable &&
          isCapable({
            serviceWorker: true,
            pushManager: true,
            notification: true,
            publicKey: await deps.publicKey(),
          });
        status.patch({ isCapable: capable });
        const permission = deps.permission();
        const manager = capable ? await deps.pushManager() : null;
        const current = manager && permission !== 'denied' ? await manager.getSubscription() : null;
        const checked = checkedSubscription(capable ? permission : 'unsupported', null);
        if (current && checked !== 'denied') await send(current);
        else {
          status.patch({ isSubscribed: checked });
          await deps.sync.setPushSubscribed(false);
        }
      }),
    subscribe: () =>
      run(async () => {
        const key = await deps.publicKey();
        const manager = await deps.pushManager();
        if (!key || !manager) throw new Error('Push is not available here');
        try {
          const permission = await deps.requestPermission();
          if (permission !== 'granted') throw new Error(`Notification permission ${permission}`);
          const subscription = await manager.subscribe({
            userVisibleOnly: true,
            applicationServerKey: applicationServerKey(key),
          });
          await send(subscription);
        } catch (error) {
          // SPEC §4: a subscribe failure with denied permission sets denied.
          const next = afterSubscribeFailure(status.get().isSubscribed, deps.permission());
          status.patch({ isSubscribed: next });
          if (next === 'denied') return;
          throw error;
        }
      }),
    unsubscribe: () =>
      run(async () => {
        const manager = await deps.pushManager();
        const current = await manager?.getSubscription();
        status.patch({ isSubscribed: false });
        if (!current) {
          await deps.sync.setPushSubscribed(false);
          return;
        }
        await current.unsubscribe();
        await deps.sync.unsubscribePush(current.endpoint);
      }),
  };
}

/** Waits this long for a service worker before calling push unavailable (none in Vite dev). */
const READY_TIMEOUT_MS = 5000;

async function browserPushManager(): Promise<PushManagerLike | null> {
  const known = getSwBridge().registration();
  if (known) return known.pushManager;
  if (!('serviceWorker' in navigator)) return null;
  const timeout = new Promise<null>((resolve) => setTimeout(() => resolve(null), READY_TIMEOUT_MS));
  const ready = await Promise.race([navigator.serviceWorker.ready, timeout]);
  return ready?.pushManager ?? null;
}

let bridge: PushBridge | null = null;
let listening = false;

/** The app's push bridge over the real browser objects. */
export function getPushBridge(): PushBridge {
  const hasNotification = typeof Notification !== 'undefined';
  bridge ??= createPushBridge({
    browserCapable: 'serviceWorker' in navigator && 'PushManager' in window && hasNotification,
    permission: () => (hasNotification ? Notification.permission : 'unsupported'),
    requestPermission: async () =>
      hasNotification ? Notification.requestPermission() : 'unsupported',
    pushManager: browserPushManager,
    publicKey: async () => (await siteSettings())?.push_pub ?? null,
    sync: getSync(),
  });
  const created = bridge;
  if (!listening) {
    listening = true;
    getSwBridge().onPushMessage((payload) => created.status.patch({ lastMessage: payload }));
  }
  return bridge;
}
