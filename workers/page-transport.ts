/**
 * First visit: a dedicated worker started before any service worker controlled the page stays
 * uncontrolled for life, so its offline likes and messages would reach no queue. The page, once
 * the service worker claims it, is controlled; such a worker therefore sends its actions through
 * the page's fetch, and every action still has exactly one way out: the service worker's queue.
 */
import { ACTION_HEADER } from '../src/shared/offline-protocol';

/** A request as it crosses to the page (no signal: it cannot be cloned; the worker times out). */
export interface PageRequest {
  url: string;
  method: string;
  headers: Record<string, string>;
  body: string | null;
}

/** The page's answer, reduced to what the worker's HTTP layer reads. */
export interface PageResponse {
  status: number;
  headers: Record<string, string>;
  body: string;
}

export type PageFetch = (request: PageRequest) => Promise<PageResponse>;

/** Headers the worker reads from an answer (fetcher.ts). */
export const FORWARDED_HEADERS = ['content-type', 'etag', 'x-queued'];

function headerRecord(headers: HeadersInit | undefined): Record<string, string> {
  const record: Record<string, string> = {};
  new Headers(headers).forEach((value, name) => (record[name] = value));
  return record;
}

/** Whether a request is a queueable member action (likes, unlikes, messages). */
export function isAction(init: RequestInit | undefined): boolean {
  return new Headers(init?.headers).has(ACTION_HEADER);
}

/**
 * A fetch for the worker: actions go through `pageFetch()` when the page offers one, everything
 * else (and every action of a worker the service worker controls) goes out directly.
 */
export function routeActions(
  direct: typeof fetch,
  pageFetch: () => PageFetch | null,
): typeof fetch {
  return async (input, init) => {
    const viaPage = pageFetch();
    if (!viaPage || !isAction(init)) return direct(input, init);
    const answer = await viaPage({
      url: String(input instanceof Request ? input.url : input),
      method: init?.method ?? 'GET',
      headers: headerRecord(init?.headers),
      body: typeof init?.body === 'string' ? init.body : null,
    });
    return new Response(answer.status === 204 || answer.status === 304 ? null : answer.body, {
      status: answer.status,
      headers: answer.headers,
    });
  };
}

/** The page side: runs the request with the page's own fetch (seen by its service worker). */
export async function fetchForWorker(request: PageRequest): Promise<PageResponse> {
  // A network failure rejects here and arrives in the worker as a failed fetch, as it would there.
  const response = await fetch(request.url, {
    method: request.method,
    headers: request.headers,
    body: request.body,
    credentials: 'same-origin',
    cache: 'no-store',
  });
  const headers: Record<string, string> = {};
  for (const name of FORWARDED_HEADERS) {
    const value = response.headers.get(name);
    if (value !== null) headers[name] = value;
  }
  return { status: response.status, headers, body: await response.text() };
}
