/**
 * Steady member traffic for the rolling-restart test: every request is recorded with its answer
 * and the instance that gave it, writes are sent again with their client ids until acknowledged
 * (as the page's queue does), and watchers hold event streams that reconnect when an instance ends
 * them, then poll once to catch up (the server keeps no backlog: no Last-Event-ID).
 */
import { SESSION_COOKIE } from '../../../server/plugins/session';
import type { ChatMessagesResponse } from '../../../src/shared/contract/chat';
import type { LikesResponse } from '../../../src/shared/contract/likes';
import type { LiveEvent } from '../../../src/shared/contract/live-events';
import { messages, openStream, type SseStream } from '../sse-client';

/** One request as the client saw it. */
export interface Sent {
  method: string;
  path: string;
  /** HTTP status, or 0 when the request failed without an answer. */
  status: number;
  instance: string | null;
  /** Instances the proxy tried before the one that answered. */
  proxyRetries: number;
  at: number;
  error?: string;
}

/** A member with a session. */
export interface Member {
  id: number;
  cookie: string;
}

/** A write the client made, and when (if ever) the server acknowledged it. */
export interface Write {
  kind: 'like' | 'message';
  from: number;
  to: number;
  clientId: string;
  /** Sends until acknowledged; each failed one would have been queued and replayed by the page. */
  attempts: number;
  ackedAt?: number;
  ackedBy?: string | null;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** A failed fetch with its cause (undici hides the socket error there). */
function describe(err: unknown): string {
  const cause = (err as { cause?: unknown }).cause;
  return cause === undefined ? String(err) : `${String(err)}: ${String(cause)}`;
}

/** Fetches through the proxy and records every request. */
export class Traffic {
  readonly sent: Sent[] = [];

  constructor(readonly origin: string) {}

  async call(path: string, cookie: string, method = 'GET', body?: unknown): Promise<Response> {
    const at = Date.now();
    try {
      const res = await fetch(`${this.origin}${path}`, {
        method,
        headers: {
          ...(body === undefined ? {} : { 'content-type': 'application/json' }),
          ...(cookie ? { cookie: `${SESSION_COOKIE}=${cookie}` } : {}),
        },
        ...(body === undefined ? {} : { body: JSON.stringify(body) }),
      });
      this.sent.push(sentOf(method, path, at, res));
      return res;
    } catch (err) {
      this.sent.push({
        method,
        path,
        status: 0,
        instance: null,
        proxyRetries: 0,
        at,
        error: describe(err),
      });
      throw err;
    }
  }

  /** Sends a write until it is acknowledged (2xx), pausing between tries. */
  async write(write: Write, path: string, cookie: string, method: string, body: unknown) {
    for (;;) {
      write.attempts++;
      try {
        const res = await this.call(path, cookie, method, body);
        await res.body?.cancel();
        if (res.ok) {
          write.ackedAt = Date.now();
          write.ackedBy = res.headers.get('x-amora-instance');
          return;
        }
      } catch {
        // No answer: the page's queue would send it again.
      }
      await sleep(200);
    }
  }
}

function sentOf(method: string, path: string, at: number, res: Response): Sent {
  return {
    method,
    path,
    status: res.status,
    instance: res.headers.get('x-amora-instance'),
    proxyRetries: Number(res.headers.get('x-amora-proxy-retries') ?? 0),
    at,
  };
}

/** What a watcher saw of the writes to them, and how. */
export interface Seen {
  /** Like events (by liker id) and message client ids that came over a stream. */
  streamLikes: Set<number>;
  streamMessages: Set<string>;
  /** The same, found by the poll after each (re)connect. */
  polledLikes: Set<number>;
  polledMessages: Set<string>;
  /** Streams opened (200 and subscribed) and the instance of each. */
  connects: (string | null)[];
  /** Streams the server ended (an instance going away). */
  ends: number;
}

/** Nothing seen yet. */
export function emptySeen(): Seen {
  return {
    streamLikes: new Set(),
    streamMessages: new Set(),
    polledLikes: new Set(),
    polledMessages: new Set(),
    connects: [],
    ends: 0,
  };
}

/**
 * Holds an event stream for `member` until `stopped()`: when it ends, opens another after
 * `reconnectMs`, and after every open polls the likes and its conversations once. What it sees
 * goes into `seen` as it happens, so a test can wait on it while it runs.
 */
export async function watch(
  traffic: Traffic,
  member: Member,
  conversations: number[],
  stopped: () => boolean,
  reconnectMs: number,
  seen: Seen = emptySeen(),
): Promise<Seen> {
  const take = (stream: SseStream) => {
    for (const { data } of messages(stream.text())) {
      const event = JSON.parse(data) as LiveEvent;
      if (event.type === 'like') seen.streamLikes.add(event.by);
      if (event.type === 'message' && event.message?.client_id) {
        seen.streamMessages.add(event.message.client_id);
      }
    }
  };
  while (!stopped()) {
    const at = Date.now();
    let stream: SseStream;
    try {
      stream = await openStream(`${traffic.origin}/api/events.php`, member.cookie);
    } catch (err) {
      traffic.sent.push({
        method: 'GET',
        path: '/api/events.php',
        status: 0,
        instance: null,
        proxyRetries: 0,
        at,
        error: describe(err),
      });
      await sleep(reconnectMs);
      continue;
    }
    traffic.sent.push(sentOf('GET', '/api/events.php', at, stream.response));
    if (stream.response.status !== 200) {
      stream.close();
      await sleep(reconnectMs);
      continue;
    }
    try {
      // The retry hint comes once the stream is subscribed: from here on nothing is missed.
      await stream.until((text) => text.startsWith('retry:'), 10_000);
    } catch {
      take(stream);
      stream.close();
      continue;
    }
    seen.connects.push(stream.response.headers.get('x-amora-instance'));
    await catchUp(traffic, member, conversations, seen);
    let ended = false;
    while (!ended && !stopped()) {
      ended = await stream.ended(250).then(
        () => true,
        () => false,
      );
    }
    take(stream);
    if (ended) {
      seen.ends++;
      await sleep(reconnectMs);
    } else {
      stream.close();
    }
  }
  return seen;
}

/** The poll after a (re)connect: who likes me, and each conversation's messages not yet seen. */
async function catchUp(traffic: Traffic, member: Member, conversations: number[], seen: Seen) {
  const likes = await traffic.call('/api/likes.php', member.cookie);
  if (likes.ok) {
    for (const { id } of ((await likes.json()) as LikesResponse).liked_by) seen.polledLikes.add(id);
  }
  const known = (clientId: string | null) =>
    clientId !== null && (seen.streamMessages.has(clientId) || seen.polledMessages.has(clientId));
  for (const conversation of conversations) {
    let before = '';
    for (;;) {
      const res = await traffic.call(
        `/api/chat.php?conversation=${conversation}&read=0${before}`,
        member.cookie,
      );
      if (!res.ok) break;
      const page = (await res.json()) as ChatMessagesResponse;
      // Oldest first: once a page starts with a message seen before, older pages were seen too.
      const fresh = page.msg.filter((m) => !known(m.client_id));
      for (const m of fresh) if (m.client_id) seen.polledMessages.add(m.client_id);
      const first = page.msg[0];
      if (!page.has_more || !first || fresh.length < page.msg.length) break;
      before = `&before=${first.id}`;
    }
  }
}
