/**
 * The live event stream (DESIGN §3): an EventSource on /api/events.php held by the leader while
 * logged in. Each event names what changed; the worker refetches it. Polling stays the truth.
 */
import { calls } from '../src/shared/contract/calls';
import { LiveEvent } from '../src/shared/contract/live-events';
import type { EventSourceLike } from './context';

export const EVENTS_PATH = calls.events.path;

/** Reconnect delays after the browser gave up: 1 s doubling to 60 s. */
export const RECONNECT_MIN_MS = 1_000;
export const RECONNECT_MAX_MS = 60_000;
/** EventSource.CLOSED: the browser will not retry by itself (e.g. an HTTP error). */
const CLOSED = 2;

export interface EventStreamOptions {
  open: (url: string) => EventSourceLike;
  url: string;
  onEvent: (event: LiveEvent) => void;
  /** The stream came back after a break: the server does not replay, so events may be lost. */
  onReconnect: () => void;
}

export interface EventStream {
  readonly connected: boolean;
  start(): void;
  stop(): void;
}

/** A LiveEvent from an SSE data line, or null for anything off-contract. */
export function parseLiveEvent(raw: unknown): LiveEvent | null {
  if (typeof raw !== 'string') return null;
  try {
    const parsed = LiveEvent.safeParse(JSON.parse(raw));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

/** An event stream that reconnects with backoff; start/stop are idempotent. */
export function createEventStream(options: EventStreamOptions): EventStream {
  let source: EventSourceLike | null = null;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let delay = RECONNECT_MIN_MS;
  let broken = false;
  let connected = false;
  let wanted = false;

  const connect = () => {
    const current = options.open(options.url);
    source = current;
    current.onopen = () => {
      connected = true;
      delay = RECONNECT_MIN_MS;
      if (broken) options.onReconnect();
      broken = false;
    };
    current.onerror = () => {
      connected = false;
      broken = true;
      if (current.readyState !== CLOSED || !wanted) return; // the browser is retrying itself
      current.close();
      source = null;
      timer = setTimeout(() => {
        timer = undefined;
        if (wanted) connect();
      }, delay);
      delay = Math.min(delay * 2, RECONNECT_MAX_MS);
    };
    // The server sends unnamed events: the type is inside the JSON (contract LiveEvent).
    current.addEventListener('message', (event) => {
      const live = parseLiveEvent(event.data);
      if (live) options.onEvent(live);
    });
  };

  return {
    get connected() {
      return connected;
    },
    start() {
      wanted = true;
      if (!source && timer === undefined) connect();
    },
    stop() {
      wanted = false;
      clearTimeout(timer);
      timer = undefined;
      source?.close();
      source = null;
      connected = false;
      broken = false;
      delay = RECONNECT_MIN_MS;
    },
  };
}
