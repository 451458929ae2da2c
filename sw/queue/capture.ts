/** Turning a page's action request into a storable entry and back (DESIGN §3, §6). */
import {
  ACTION_HEADER,
  MEMBER_HEADER,
  QUEUEABLE,
  QUEUED_HEADER,
} from '../../src/shared/offline-protocol';
import type { NewQueuedAction } from './types';

/** Headers that must never be stored: the browser adds the session cookie itself on replay. */
const DROPPED_HEADERS = new Set(['cookie', 'cookie2', 'set-cookie']);

/** True for a same-origin QUEUEABLE request that the page marked as an action. */
export function isQueueable(request: Request, origin: string): boolean {
  const url = new URL(request.url);
  if (url.origin !== origin || !request.headers.has(ACTION_HEADER)) return false;
  return QUEUEABLE.some((q) => q.method === request.method && q.path === url.pathname);
}

/** What the queue stores of a request, or null when it lacks a member or a client id (no safe replay). */
export type CapturedAction = Pick<
  NewQueuedAction,
  'url' | 'method' | 'headers' | 'body' | 'clientId' | 'memberId'
>;

/** A page's action as the queue reads it: the request to send on, and what it would store. */
export interface ReadAction {
  /** The same request with the body already read: the original's is used up. */
  outgoing: Request;
  captured: CapturedAction | null;
}

/**
 * Reads the body once. A clone would let the original go as it is, but teeing its body took about
 * as long as the way from the page to this worker, on every message sent.
 */
export async function readAction(request: Request): Promise<ReadAction> {
  const body = await request.text();
  return { outgoing: new Request(request, { body }), captured: capturedFrom(request, body) };
}

/** What the queue stores of a request whose body is `body`; null without a member or client id. */
function capturedFrom(request: Request, body: string): CapturedAction | null {
  const memberId = Number(request.headers.get(MEMBER_HEADER));
  if (!Number.isSafeInteger(memberId) || memberId <= 0) return null;
  const clientId = clientIdOf(body);
  if (!clientId) return null;
  const headers: [string, string][] = [];
  request.headers.forEach((value, name) => {
    if (!DROPPED_HEADERS.has(name.toLowerCase())) headers.push([name, value]);
  });
  return { url: request.url, method: request.method, headers, body, clientId, memberId };
}

/** The `client_id` of a JSON body, or null. */
export function clientIdOf(body: string): string | null {
  try {
    const parsed: unknown = JSON.parse(body);
    if (parsed && typeof parsed === 'object' && 'client_id' in parsed) {
      const id = (parsed as { client_id: unknown }).client_id;
      return typeof id === 'string' && id.length > 0 ? id : null;
    }
  } catch {
    // not JSON: no client id, so the action is not queued
  }
  return null;
}

/** Rebuilds the stored request for a replay; same-origin credentials bring the current session cookie. */
export function toRequest(
  action: Pick<NewQueuedAction, 'url' | 'method' | 'headers' | 'body'>,
): Request {
  return new Request(action.url, {
    method: action.method,
    headers: action.headers,
    body: action.body,
    credentials: 'same-origin',
    cache: 'no-store',
  });
}

/** The answer the page gets instead of the server's when its action was queued. */
export function queuedResponse(): Response {
  return new Response(JSON.stringify({ queued: true }), {
    status: 202,
    headers: { 'content-type': 'application/json', [QUEUED_HEADER]: '1' },
  });
}

/** The JSON body of a final answer for the `delivered`/`failed` message; null when there is none. */
export async function readJson(response: Response): Promise<unknown> {
  try {
    const text = await response.text();
    return text ? (JSON.parse(text) as unknown) : null;
  } catch {
    return null;
  }
}
