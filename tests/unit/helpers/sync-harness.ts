/**
 * Builds the sync worker's modules around fakes (server, Web Locks, BroadcastChannel,
 * EventSource, Badging) on fake-indexeddb, without a real Worker.
 */
import { vi } from 'vitest';
import 'fake-indexeddb/auto';
import { IDBKeyRange, indexedDB } from 'fake-indexeddb';
import type { ActionsMessage } from '../../../src/shared/offline-protocol';
import {
  PAGE_LANE_CHANNEL,
  type HeldSearch,
  type MessagesArrival,
  type UnstoredLike,
} from '../../../src/shared/page-lane';
import { openAmoraDb, type AmoraDb, type DbEvents } from '../../../src/db/db';
import type { Channel, EventSourceLike, Locks, SyncNotice } from '../../../workers/context';
import { createHttp } from '../../../workers/fetcher';
import { createSync } from '../../../workers/sync';
import { createUpload } from '../../../workers/upload';
import { FakeBackend } from './fake-backend';

let dbCount = 0;

/** A fresh database on fake-indexeddb. */
export function newDb(events: DbEvents = {}, name = `amora-test-${++dbCount}`): AmoraDb {
  return openAmoraDb(name, events, { indexedDB, IDBKeyRange });
}

/** Web Locks with one exclusive lock per name, granted in request order. */
export class FakeLocks implements Locks {
  private held = false;
  private queue: Array<{ grant: () => void }> = [];

  request(_name: string, options: { signal?: AbortSignal }, callback: () => Promise<void>) {
    return new Promise<unknown>((resolve, reject) => {
      const entry = {
        grant: () => {
          this.held = true;
          callback()
            .then(resolve, reject)
            .finally(() => {
              this.held = false;
              this.pump();
            });
        },
      };
      options.signal?.addEventListener('abort', () => {
        const at = this.queue.indexOf(entry);
        if (at >= 0) {
          this.queue.splice(at, 1);
          reject(new DOMException('Aborted', 'AbortError'));
        }
      });
      this.queue.push(entry);
      this.pump();
    });
  }

  private pump() {
    if (this.held) return;
    this.queue.shift()?.grant();
  }
}

/** BroadcastChannel semantics: a post reaches every other endpoint, asynchronously. */
export class ChannelHub {
  readonly posted: ActionsMessage[] = [];
  private endpoints = new Set<(message: ActionsMessage) => void>();

  endpoint(): Channel {
    const own = new Set<(message: ActionsMessage) => void>();
    const deliver = (message: ActionsMessage) => own.forEach((fn) => fn(message));
    this.endpoints.add(deliver);
    return {
      post: (message) => {
        this.posted.push(message);
        this.endpoints.forEach((fn) => fn !== deliver && queueMicrotask(() => fn(message)));
      },
      subscribe: (listener) => {
        own.add(listener);
        return () => own.delete(listener);
      },
      close: () => this.endpoints.delete(deliver),
    };
  }

  /** A message from the service worker. */
  broadcast(message: ActionsMessage): void {
    this.endpoints.forEach((fn) => queueMicrotask(() => fn(message)));
  }
}

/** An EventSource the test drives. */
export class FakeEventSource implements EventSourceLike {
  readyState = 0;
  onopen: ((event: Event) => void) | null = null;
  onerror: ((event: Event) => void) | null = null;
  closed = false;
  private listeners = new Map<string, Array<(event: MessageEvent) => void>>();

  constructor(readonly url: string) {}

  addEventListener(type: string, listener: (event: MessageEvent) => void): void {
    this.listeners.set(type, [...(this.listeners.get(type) ?? []), listener]);
  }
  close(): void {
    this.closed = true;
    this.readyState = 2;
  }
  open(): void {
    this.readyState = 1;
    this.onopen?.(new Event('open'));
  }
  emit(type: string, data: unknown): void {
    const event = new MessageEvent(type, { data: JSON.stringify(data) });
    this.listeners.get(type)?.forEach((fn) => fn(event));
  }
  /** The connection broke; `closed` means the browser gave up (HTTP error). */
  fail(closed: boolean): void {
    this.readyState = closed ? 2 : 0;
    this.onerror?.(new Event('error'));
  }
}

export interface HarnessOptions {
  db?: AmoraDb;
  backend?: FakeBackend;
  hub?: ChannelHub;
  locks?: Locks | null;
  timeoutMs?: number;
  /** Also post what the worker hands to pages on the real BroadcastChannel, as sync.worker.ts does. */
  lane?: boolean;
}

/** One worker instance (one tab) over shared or fresh fakes. */
export function createHarness(options: HarnessOptions = {}) {
  const db = options.db ?? newDb();
  const backend = options.backend ?? new FakeBackend();
  const hub = options.hub ?? new ChannelHub();
  const sources: FakeEventSource[] = [];
  const badge = {
    value: 0,
    set: async (n: number) => void (badge.value = n),
    clear: async () => void (badge.value = 0),
  };
  const notices: SyncNotice[] = [];
  const arrivals: MessagesArrival[] = [];
  const heldSearches: HeldSearch[] = [];
  const likes: UnstoredLike[] = [];
  let uuid = 0;
  const sync = createSync({
    db,
    http: createHttp({
      fetch: backend.fetch,
      base: 'https://amora.test',
      host: 'amora.test',
      timeoutMs: options.timeoutMs,
    }),
    channel: hub.endpoint(),
    locks: options.locks === undefined ? null : options.locks,
    badge,
    openEventSource: (url) => {
      const source = new FakeEventSource(url);
      sources.push(source);
      return source;
    },
    upload: createUpload({ fetch: backend.fetch, base: 'https://amora.test', host: 'amora.test' }),
    uuid: () => `00000000-0000-4000-8000-${String(++uuid).padStart(12, '0')}`,
    announce: (message) => {
      if (message.type === 'messages') arrivals.push(message);
      else if (message.type === 'search') heldSearches.push(message);
      else likes.push(message);
      if (options.lane) {
        const channel = new BroadcastChannel(PAGE_LANE_CHANNEL);
        channel.postMessage(message);
        channel.close();
      }
    },
    log: () => undefined,
  });
  sync.api.onNotice((notice) => notices.push(notice));
  return {
    db,
    backend,
    hub,
    sources,
    badge,
    notices,
    /** What the worker handed to pages on the page lane: messages, searches it holds, likes. */
    arrivals,
    heldSearches,
    likes,
    sync,
    api: sync.api,
    ctx: sync.ctx,
  };
}

/** Node's setImmediate (the DOM lib of this test project does not declare it). */
const nextTurn = (globalThis as unknown as { setImmediate: (fn: () => void) => void }).setImmediate;

/** Lets IndexedDB (setImmediate-driven, never faked) and promise chains run to rest. */
export async function flush(rounds = 40): Promise<void> {
  for (let i = 0; i < rounds; i++) await new Promise<void>((resolve) => nextTurn(resolve));
}

/** Moves the faked clock on by `ms`, letting IndexedDB and promises settle before and after. */
export async function tick(ms: number): Promise<void> {
  await flush();
  await vi.advanceTimersByTimeAsync(ms);
  await flush();
}

/** Fake only the clock the worker schedules with; fake-indexeddb keeps its real setImmediate. */
export const FAKE_TIMERS: {
  toFake: Array<'setTimeout' | 'clearTimeout' | 'setInterval' | 'clearInterval' | 'Date'>;
} = {
  toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval', 'Date'],
};
