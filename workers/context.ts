/**
 * Everything the sync modules touch outside plain code, in one object: the browser wiring builds
 * it in sync.worker.ts, tests build it with fakes (fake server, fake locks, fake channel).
 */
import type { AmoraDb } from '../src/db/db';
import type { ActionsMessage } from '../src/shared/offline-protocol';
import type { LaneMessage } from '../src/shared/page-lane';
import type { Http } from './fetcher';
import type { Upload } from './upload';

/** The ACTIONS_CHANNEL as the worker uses it. */
export interface Channel {
  post(message: ActionsMessage): void;
  subscribe(listener: (message: ActionsMessage) => void): () => void;
  close(): void;
}

/** The part of EventSource the event stream uses. */
export interface EventSourceLike {
  readonly readyState: number;
  onopen: ((event: Event) => void) | null;
  onerror: ((event: Event) => void) | null;
  addEventListener(type: string, listener: (event: MessageEvent) => void): void;
  close(): void;
}

/** The Badging API, when the browser has it. */
export interface Badge {
  set(count: number): Promise<void>;
  clear(): Promise<void>;
}

/** The part of the Web Locks API leader election uses. */
export interface Locks {
  request(
    name: string,
    options: { signal?: AbortSignal },
    callback: () => Promise<void>,
  ): Promise<unknown>;
}

/** What the worker tells the page outside call results. */
export type SyncNotice =
  /** A newer tab upgraded the database: this tab must reload. */
  | { type: 'reload-needed' }
  /** This tab's upgrade waits for older tabs to close. */
  | { type: 'db-blocked' }
  /** The session member changed (login, logout, 403). */
  | { type: 'session'; memberId: number | null }
  /** This tab's worker became the one that polls. */
  | { type: 'leader' }
  /** A poll reached the server: queued actions can go now, even where Background Sync is missing. */
  | { type: 'server-reached' }
  /** A write was refused for lack of space even after old data was removed (quota-guard.ts). */
  | { type: 'storage-full' };

export interface SyncContext {
  db: AmoraDb;
  http: Http;
  channel: Channel;
  /** Null where Web Locks are missing: the worker then polls alone. */
  locks: Locks | null;
  badge: Badge | null;
  openEventSource: (url: string) => EventSourceLike;
  /** Multipart photo upload with progress (upload.ts). */
  upload: Upload;
  uuid: () => string;
  /** `navigator.storage.estimate()`; absent where the browser has no StorageManager. */
  estimateStorage?: () => Promise<{ usage?: number; quota?: number }>;
  /** Empties the service worker's photo cache (photos load again when shown); absent in tests. */
  dropPhotos?: () => Promise<unknown>;
  notify: (notice: SyncNotice) => void;
  /** Hands data to every open page without going through IndexedDB (page-lane.ts); absent in tests. */
  announce?: (message: LaneMessage) => void;
  /** Called by the session module when the member changes; the orchestrator starts/stops work. */
  onSessionChange: (memberId: number | null) => void;
  /** Called on a 403 from chats or likes (SPEC §6): re-fetch the user. */
  recheckUser: () => void;
}
