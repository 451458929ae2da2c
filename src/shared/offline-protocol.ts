/**
 * What the sync worker, the service worker and the page tell each other about queued actions.
 * Pure constants and types (no imports), compiled for the page, the worker and the service worker.
 */

/** Requests the service worker may queue while offline and replay exactly once. */
export const QUEUEABLE = [
  { method: 'POST', path: '/api/likes.php' },
  { method: 'DELETE', path: '/api/likes.php' },
  { method: 'POST', path: '/api/chat.php' },
] as const;

/** Marks a request as an action: its body carries `client_id` (and `client_seq` for likes). */
export const ACTION_HEADER = 'x-client-action';
/** The member the action belongs to; a queued entry is never replayed for another member. */
export const MEMBER_HEADER = 'x-member-id';
/** Set on the service worker's own 202 answer when it queued the request. */
export const QUEUED_HEADER = 'x-queued';

/** BroadcastChannel shared by pages, the sync worker and the service worker. */
export const ACTIONS_CHANNEL = 'amora-actions';
/** Background Sync tag of the replay. */
export const SYNC_TAG = 'amora-actions';

export type ActionKind = 'like' | 'unlike' | 'message';

/** Messages on the actions channel. */
export type ActionsMessage =
  /** The service worker queued an action (network error, 5xx or 429). */
  | { type: 'queued'; clientId: string; memberId: number }
  /** A replay reached the server and it answered 2xx; `body` is the JSON answer. */
  | { type: 'delivered'; clientId: string; memberId: number; status: number; body: unknown }
  /** A replay got a final 4xx: the action will not be retried. */
  | { type: 'failed'; clientId: string; memberId: number; status: number; body: unknown }
  /** The session member changed (login, logout = null): entries of anyone else are dropped. */
  | { type: 'session'; memberId: number | null }
  /**
   * Ask the service worker to replay now: the page came online or visible, the app started, the
   * sync worker reached the server. `dueOnly` (the page's backoff timer): entries whose backoff has
   * not ended keep waiting; otherwise entries that failed on a network error are tried at once.
   */
  | { type: 'replay'; dueOnly?: boolean }
  /**
   * The queue changed: when the session member's head entry may be tried next (null: nothing
   * waits). Pages time their replay requests by it, since the worker's own timer dies with it.
   */
  | { type: 'waiting'; wakeAt: number | null };

/** Messages the push service worker posts to pages (SPEC §7). */
export const PUSH_MESSAGE = 'NEW_PUSH_MESSAGE';
export const PUSH_CLICK = 'NEW_PUSH_CLICK';

/**
 * Messages a page posts to the service worker (postMessage wakes a stopped worker; the channel does
 * not). SKIP_WAITING: the user chose to refresh, so the waiting worker takes over now.
 */
/**
 * Page → service worker: what a first visit showed before the worker controlled the page (its
 * language's messages, the member photos on screen); the worker fetches and stores them itself.
 */
export interface KeepForOfflineMessage {
  type: 'keep';
  urls: string[];
}

export type SwInboundMessage =
  | { type: 'SKIP_WAITING' }
  | Extract<ActionsMessage, { type: 'session' | 'replay' }>
  | KeepForOfflineMessage;

/** JSON body of a web push (the server sends it; both service workers read it). */
export interface PushPayload {
  /** `read` closes the notifications with `tag` (read on another device); anything else shows one. */
  type?: 'message' | 'like' | 'read';
  title?: string;
  body?: string;
  /** One tag per conversation, so a newer notification replaces the older one. */
  tag?: string;
  /** Same-origin path a click opens, e.g. `/chats/12`. */
  url?: string;
}

/** What the service worker posts to every window about pushes (SPEC §7). */
export type PushPageMessage =
  | { type: typeof PUSH_MESSAGE; payload: PushPayload }
  | { type: typeof PUSH_CLICK; payload: PushPayload };
