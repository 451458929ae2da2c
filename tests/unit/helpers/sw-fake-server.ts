/**
 * A fake API server for the action queue tests: it records every call, applies each action once per
 * (member, client id) like the real server, and can fail a call in the ways DESIGN §6 lists.
 */
import { IDBFactory } from 'fake-indexeddb';
import {
  ACTION_HEADER,
  MEMBER_HEADER,
  type ActionsMessage,
} from '../../../src/shared/offline-protocol';
import { ActionQueue } from '../../../sw/queue/action-queue';
import { openQueueStore } from '../../../sw/queue/idb-store';

export const ORIGIN = 'https://amora.test';

/** How the next call fails: down before the server sees it, lost after it committed, or an HTTP error. */
export type Fault = 'down' | 'lost' | { status: number; retryAfter?: string };

export interface Call {
  method: string;
  path: string;
  memberId: number;
  clientId: string;
  body: Record<string, unknown>;
}

export class FakeServer {
  readonly calls: Call[] = [];
  /** Actions applied, in order: `POST /api/chat.php hello` etc. */
  readonly effects: string[] = [];
  private readonly results = new Map<string, unknown>();
  private readonly faults: (Fault | null)[] = [];
  /** Runs inside a call, before it is answered (e.g. to log out mid-replay). */
  onCall: ((call: Call) => void | Promise<void>) | null = null;

  /** Fails the next calls in order; `null` lets one through. */
  fail(...faults: (Fault | null)[]): void {
    this.faults.push(...faults);
  }

  readonly fetch = async (request: Request): Promise<Response> => {
    const fault = this.faults.shift() ?? null;
    if (fault === 'down') throw new TypeError('Failed to fetch');
    const body = JSON.parse(await request.text()) as Record<string, unknown>;
    const path = new URL(request.url).pathname;
    const call: Call = {
      method: request.method,
      path,
      memberId: Number(request.headers.get(MEMBER_HEADER)),
      clientId: String(body.client_id),
      body,
    };
    this.calls.push(call);
    await this.onCall?.(call);
    if (fault && typeof fault === 'object') {
      const headers: Record<string, string> = fault.retryAfter
        ? { 'retry-after': fault.retryAfter }
        : {};
      return Response.json(
        { code: 'fault', message: `status ${fault.status}` },
        { status: fault.status, headers },
      );
    }
    const key = `${call.memberId}/${call.clientId}`;
    if (!this.results.has(key)) {
      this.effects.push(`${call.method} ${path} ${String(body.message ?? body.profile)}`);
      this.results.set(key, { id: this.results.size + 1, client_id: call.clientId });
    }
    if (fault === 'lost') throw new TypeError('Network connection lost');
    return Response.json(this.results.get(key));
  };
}

let seq = 0;

/** A page's action request as the sync worker sends it. */
export function actionRequest(
  memberId: number | null,
  options: {
    method?: string;
    path?: string;
    body?: Record<string, unknown>;
    clientId?: string;
  } = {},
): Request {
  const clientId = options.clientId ?? `00000000-0000-4000-8000-${String(++seq).padStart(12, '0')}`;
  const headers: Record<string, string> = {
    'content-type': 'application/json',
    [ACTION_HEADER]: '1',
    cookie: 'sid=secret',
  };
  if (memberId !== null) headers[MEMBER_HEADER] = String(memberId);
  return new Request(`${ORIGIN}${options.path ?? '/api/chat.php'}`, {
    method: options.method ?? 'POST',
    headers,
    body: JSON.stringify({ client_id: clientId, ...options.body }),
  });
}

/** A chat message action. */
export const message = (memberId: number, text: string) =>
  actionRequest(memberId, { body: { conversation: 1, message: text } });

/** A queue over a fresh fake IndexedDB, the fake server, a settable clock and no jitter. */
export function setupQueue(factory: IDBFactory = new IDBFactory()) {
  const server = new FakeServer();
  const posted: ActionsMessage[] = [];
  const wakes: (number | null)[] = [];
  const clock = { now: 1_000_000 };
  const store = openQueueStore(factory);
  /** A queue as a (re)started worker builds it; random 1 makes the backoff its full ceiling. */
  const start = (over = store) =>
    new ActionQueue({
      store: over,
      fetch: server.fetch,
      post: (m) => posted.push(m),
      now: () => clock.now,
      random: () => 1,
      onWaiting: (at) => wakes.push(at),
    });
  return { server, posted, wakes, clock, store, queue: start(), start, factory };
}

/** The `delivered` messages among those posted. */
export const delivered = (posted: ActionsMessage[]) => posted.filter((m) => m.type === 'delivered');
