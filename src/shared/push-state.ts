/**
 * The push state machine of SPEC §3/§4 as pure functions: what the browser reports (capability,
 * permission, an existing subscription) becomes one of unsubscribed, subscribed, denied or unknown.
 * No DOM here: the page's push bridge, the service worker and the server share the tag rules.
 */

/** SPEC §4 push states. */
export type PushState = 'unsubscribed' | 'subscribed' | 'denied' | 'unknown';

/** A push message as the page hears it from the service worker. */
export interface PushLastMessage {
  type?: string;
  title?: string;
  body?: string;
  tag?: string;
  url?: string;
}

/** SPEC §3 "Push state": isSubscribed is false, 'denied', a serialised subscription, or null (not known yet). */
export interface PushStatus {
  isCapable: boolean;
  isSubscribed: false | 'denied' | string | null;
  lastMessage: PushLastMessage | null;
  /** A subscribe or unsubscribe is running: the switch is disabled meanwhile. */
  busy: boolean;
  /** The last subscribe or unsubscribe failed for another reason than a denied permission. */
  failed: boolean;
}

/** Notification.permission, or unsupported where the browser has no Notification API (no DOM types here). */
export type PermissionState = 'default' | 'granted' | 'denied' | 'unsupported';

/** What the browser offers; every part is needed for web push. */
export interface PushCapabilities {
  serviceWorker: boolean;
  pushManager: boolean;
  notification: boolean;
  /** settings.push_pub: without a server key nobody can subscribe. */
  publicKey: string | null;
}

/** Page → service worker: close the notifications of `tag` (the conversation was read here). */
export const CLOSE_NOTIFICATIONS = 'CLOSE_NOTIFICATIONS';
/** The message a page posts to close notifications already read. */
export interface CloseNotificationsMessage {
  type: typeof CLOSE_NOTIFICATIONS;
  tag: string;
}

/** One tag per conversation, so a newer notification replaces the older and a read closes it. */
export function conversationTag(conversationId: number): string {
  return `chat-${conversationId}`;
}

/** One tag per liker, so a repeated like does not stack notifications. */
export function likeTag(likerId: number): string {
  return `like-${likerId}`;
}

/** The initial status before anything was checked. */
export function initialPushStatus(isCapable: boolean): PushStatus {
  return { isCapable, isSubscribed: null, lastMessage: null, busy: false, failed: false };
}

/** Web push works only with a service worker, PushManager, notifications and a server key. */
export function isCapable(caps: PushCapabilities): boolean {
  return caps.serviceWorker && caps.pushManager && caps.notification && Boolean(caps.publicKey);
}

/** The SPEC §4 state of a status. */
export function pushState(status: Pick<PushStatus, 'isSubscribed'>): PushState {
  const { isSubscribed } = status;
  if (isSubscribed === null) return 'unknown';
  if (isSubscribed === 'denied') return 'denied';
  return isSubscribed === false ? 'unsubscribed' : 'subscribed';
}

/** What a check of the browser found: a denied permission wins over a stale subscription. */
export function checkedSubscription(
  permission: PermissionState,
  subscriptionJson: string | null,
): PushStatus['isSubscribed'] {
  if (permission === 'denied') return 'denied';
  if (permission === 'unsupported') return false;
  return subscriptionJson ?? false;
}

/** SPEC §4: a subscribe failure with denied permission sets denied; otherwise nothing changes. */
export function afterSubscribeFailure(
  previous: PushStatus['isSubscribed'],
  permission: PermissionState,
): PushStatus['isSubscribed'] {
  if (permission === 'denied') return 'denied';
  return previous === null ? false : previous;
}

/** SPEC §7: the subscription is sent to the server only when subscribed and not denied. */
export function shouldSendSubscription(status: Pick<PushStatus, 'isSubscribed'>): boolean {
  return pushState(status) === 'subscribed';
}

/** The switch can be turned on: capable, not denied, nothing running. */
export function canToggle(status: PushStatus): boolean {
  return status.isCapable && !status.busy && pushState(status) !== 'denied';
}

/** The VAPID key of settings.push_pub (base64url) as the bytes pushManager.subscribe wants. */
export function applicationServerKey(base64url: string): Uint8Array<ArrayBuffer> {
  const base64 = base64url.replace(/-/g, '+').replace(/_/g, '/');
  const padded = base64 + '='.repeat((4 - (base64.length % 4)) % 4);
  const raw = atob(padded);
  const bytes = new Uint8Array(new ArrayBuffer(raw.length));
  for (let i = 0; i < raw.length; i += 1) bytes[i] = raw.charCodeAt(i);
  return bytes;
}

/** The endpoint inside a serialised subscription, or null when it is not one. */
export function endpointOf(subscriptionJson: string): string | null {
  try {
    const parsed = JSON.parse(subscriptionJson) as { endpoint?: unknown };
    return typeof parsed.endpoint === 'string' ? parsed.endpoint : null;
  } catch {
    return null;
  }
}
