/**
 * What a push and a click on its notification do, written against small structural types so it is
 * tested without a service worker; `install.ts` binds it to the real events.
 */
import {
  PUSH_CLICK,
  PUSH_MESSAGE,
  type PushPageMessage,
  type PushPayload,
} from '../../src/shared/offline-protocol';
import { CLOSE_NOTIFICATIONS, type CloseNotificationsMessage } from '../../src/shared/push-state';

/** Shown beside every notification. */
export const NOTIFICATION_ICON = '/icons/icon-192.png';
/** Title when a push has none. */
export const DEFAULT_TITLE = 'Amora';

/** A window client, as much of it as the handlers use. */
export interface PushClient {
  readonly url: string;
  /** The window has focus: the member is looking at it. */
  readonly focused?: boolean;
  postMessage(message: PushPageMessage): void;
  focus?(): Promise<unknown>;
  navigate?(url: string): Promise<PushClient | null>;
}

/** The worker services the handlers use. */
export interface PushEnv {
  origin: string;
  showNotification(title: string, options: NotificationOptions): Promise<void>;
  getNotifications(filter: { tag: string }): Promise<{ close(): void }[]>;
  windowClients(): Promise<readonly PushClient[]>;
  openWindow(url: string): Promise<PushClient | null>;
}

/** What a notification carries to its click. */
export interface NotificationData {
  url: string;
  payload: PushPayload;
}

const text = (value: unknown): string | undefined =>
  typeof value === 'string' && value.length > 0 ? value : undefined;

/** Reads a push body defensively: unknown fields are dropped, `data.url` is accepted for `url`. */
export function parsePushPayload(raw: unknown): PushPayload {
  if (typeof raw === 'string') return { body: raw };
  if (!raw || typeof raw !== 'object') return {};
  const r = raw as Record<string, unknown>;
  const data = r.data && typeof r.data === 'object' ? (r.data as Record<string, unknown>) : {};
  const type = r.type === 'message' || r.type === 'like' || r.type === 'read' ? r.type : undefined;
  const payload: PushPayload = {};
  if (type) payload.type = type;
  const title = text(r.title);
  const body = text(r.body);
  const tag = text(r.tag);
  const url = text(r.url) ?? text(data.url);
  if (title) payload.title = title;
  if (body) payload.body = body;
  if (tag) payload.tag = tag;
  if (url) payload.url = url;
  return payload;
}

/** An absolute same-origin address for `path`; anything else falls back to the home page. */
export function safeUrl(path: string | undefined, origin: string): string {
  try {
    const url = new URL(path ?? '/', origin);
    if (url.origin === origin) return url.href;
  } catch {
    // not a URL: use the home page
  }
  return new URL('/', origin).href;
}

async function tellWindows(env: PushEnv, message: PushPageMessage): Promise<void> {
  for (const client of await env.windowClients()) client.postMessage(message);
}

/** A push: close notifications already read elsewhere, or show one (per-conversation tag). */
export async function handlePush(raw: unknown, env: PushEnv): Promise<void> {
  const payload = parsePushPayload(raw);
  if (payload.type === 'read') {
    if (payload.tag) for (const n of await env.getNotifications({ tag: payload.tag })) n.close();
  } else {
    const data: NotificationData = { url: safeUrl(payload.url, env.origin), payload };
    const clients = await env.windowClients();
    // The member is reading that very conversation: the open page shows the message already.
    if (clients.some((c) => c.focused && sameAddress(c.url, data.url))) {
      for (const client of clients) client.postMessage({ type: PUSH_MESSAGE, payload });
      return;
    }
    const options: NotificationOptions = {
      body: payload.body ?? '',
      icon: NOTIFICATION_ICON,
      data,
    };
    if (payload.tag) options.tag = payload.tag;
    await env.showNotification(payload.title ?? DEFAULT_TITLE, options);
  }
  await tellWindows(env, { type: PUSH_MESSAGE, payload });
}

/** A click: focus the window already at the address, else steer any window there, else open one. */
export async function handleNotificationClick(raw: unknown, env: PushEnv): Promise<void> {
  const data = (raw && typeof raw === 'object' ? raw : {}) as Partial<NotificationData>;
  const payload = parsePushPayload(data.payload ?? {});
  const target = safeUrl(data.url ?? payload.url, env.origin);
  const message: PushPageMessage = { type: PUSH_CLICK, payload };
  const clients = await env.windowClients();

  // A refused focus (the browser decides; it throws or rejects) must not stop the member from
  // reaching the conversation.
  const focus = (client: (typeof clients)[number]) =>
    Promise.resolve()
      .then(() => client.focus?.())
      .catch(() => undefined);
  const there = clients.find((c) => sameAddress(c.url, target));
  if (there) {
    await focus(there);
    there.postMessage(message);
    return;
  }
  const any = clients[0];
  if (any) {
    await focus(any);
    // navigate() only works on a client this worker controls; otherwise a new window is opened.
    const moved = await any.navigate?.(target).catch(() => null);
    if (moved) {
      moved.postMessage(message);
      return;
    }
  }
  // Without a user gesture (a click the browser did not see) opening a window is refused.
  const opened = await env.openWindow(target).catch(() => null);
  opened?.postMessage(message);
}

/** A page's `{type: 'CLOSE_NOTIFICATIONS', tag}`, or null for any other message. */
export function parseCloseMessage(raw: unknown): CloseNotificationsMessage | null {
  if (!raw || typeof raw !== 'object') return null;
  const { type, tag } = raw as Record<string, unknown>;
  return type === CLOSE_NOTIFICATIONS && typeof tag === 'string' && tag.length > 0
    ? { type, tag }
    : null;
}

/** A conversation was read in a page: its notifications are old news. */
export async function closeNotifications(
  tag: string,
  env: Pick<PushEnv, 'getNotifications'>,
): Promise<number> {
  const open = await env.getNotifications({ tag });
  for (const notification of open) notification.close();
  return open.length;
}

/** Same page, ignoring a trailing hash. */
function sameAddress(a: string, b: string): boolean {
  return a.split('#')[0] === b.split('#')[0];
}
