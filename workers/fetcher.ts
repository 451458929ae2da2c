/**
 * The worker's HTTP layer: SPEC §7 headers, a timeout on every request, If-None-Match for polled
 * calls, the service worker's "queued" answer, contract parsing, and failures as SyncErrors.
 */
import type { z } from 'zod';
import { calls } from '../src/shared/contract/calls';
import { ApiError, ORIGINAL_HOST_HEADER, PACKAGE_HEADER } from '../src/shared/contract/fields';
import { QUEUED_HEADER } from '../src/shared/offline-protocol';
import { syncError } from './errors';

/** Package name sent with every call (SPEC §7). */
export const PACKAGE_NAME = 'amora';
/** No call may hang: after this the request is aborted and reported as a network failure. */
export const REQUEST_TIMEOUT_MS = 15_000;

export interface HttpDeps {
  fetch: typeof fetch;
  /** Origin of the API, e.g. `https://example.com`. */
  base: string;
  /** Host the app was loaded from, for the original-host header. */
  host: string;
  timeoutMs?: number;
}

export type QueryValue = string | number | boolean | null | undefined;

export interface HttpRequest {
  method: string;
  path: string;
  query?: Record<string, QueryValue>;
  body?: unknown;
  headers?: Record<string, string>;
  /** ETag of the copy we hold; a 304 answer comes back as notModified. */
  etag?: string | null;
  /** Cancels the request (a newer one replaced it); it then rejects as `aborted`. */
  signal?: AbortSignal;
}

export interface HttpResult<T = unknown> {
  status: number;
  data: T;
  etag: string | null;
  /** The server had nothing new (304): nothing to write. */
  notModified: boolean;
  /** The service worker queued the request for a later replay (202 + x-queued). */
  queued: boolean;
}

type Calls = typeof calls;
export type CallName = keyof Calls;
export type CallOutput<N extends CallName> = Calls[N] extends {
  response: infer R extends z.ZodType;
}
  ? z.output<R>
  : unknown;

export interface Http {
  send(request: HttpRequest): Promise<HttpResult>;
  call<N extends CallName>(
    name: N,
    options?: Omit<HttpRequest, 'method' | 'path'>,
  ): Promise<HttpResult<CallOutput<N>>>;
}

function buildUrl(base: string, path: string, query: HttpRequest['query']): string {
  const url = new URL(path, base);
  for (const [key, value] of Object.entries(query ?? {})) {
    if (value !== undefined && value !== null) url.searchParams.set(key, String(value));
  }
  return url.toString();
}

async function readBody(response: Response): Promise<unknown> {
  const text = await response.text();
  if (!(response.headers.get('content-type') ?? '').includes('json')) return text;
  try {
    return text ? JSON.parse(text) : null;
  } catch {
    return text;
  }
}

/** Resolves with the fetch, or rejects when the time is up even if fetch ignores the abort. */
function fetchWithTimeout(
  deps: HttpDeps,
  url: string,
  init: RequestInit,
  cancel?: AbortSignal,
): Promise<Response> {
  const controller = new AbortController();
  const ms = deps.timeoutMs ?? REQUEST_TIMEOUT_MS;
  return new Promise<Response>((resolve, reject) => {
    const aborted = () => {
      clearTimeout(timer);
      controller.abort();
      reject(syncError('aborted', 'Replaced by a newer request'));
    };
    const timer = setTimeout(() => {
      cancel?.removeEventListener('abort', aborted);
      controller.abort();
      reject(syncError('network', `No answer within ${ms} ms`));
    }, ms);
    if (cancel?.aborted) return aborted();
    cancel?.addEventListener('abort', aborted, { once: true });
    deps.fetch(url, { ...init, signal: controller.signal }).then(
      (response) => {
        clearTimeout(timer);
        cancel?.removeEventListener('abort', aborted);
        resolve(response);
      },
      (cause: unknown) => {
        clearTimeout(timer);
        cancel?.removeEventListener('abort', aborted);
        reject(syncError('network', cause instanceof Error ? cause.message : 'Network error'));
      },
    );
  });
}

/** An HTTP client bound to an origin and a fetch implementation (tests pass a fake server). */
export function createHttp(deps: HttpDeps): Http {
  const send = async (request: HttpRequest): Promise<HttpResult> => {
    const label = `${request.method} ${request.path}`;
    const headers: Record<string, string> = {
      accept: 'application/json, text/plain',
      [PACKAGE_HEADER]: PACKAGE_NAME,
      [ORIGINAL_HOST_HEADER]: deps.host,
      ...request.headers,
    };
    if (request.body !== undefined) headers['content-type'] = 'application/json';
    if (request.etag) headers['if-none-match'] = request.etag;

    const response = await fetchWithTimeout(
      deps,
      buildUrl(deps.base, request.path, request.query),
      {
        method: request.method,
        headers,
        body: request.body === undefined ? undefined : JSON.stringify(request.body),
        credentials: 'same-origin',
        // Our own If-None-Match decides; the HTTP cache must not turn a 304 into a stale 200.
        cache: 'no-store',
      },
      request.signal,
    );
    const etag = response.headers.get('etag');
    if (response.status === 304) {
      return {
        status: 304,
        data: null,
        etag: etag ?? request.etag ?? null,
        notModified: true,
        queued: false,
      };
    }
    let data: unknown;
    try {
      data = await readBody(response);
    } catch {
      throw syncError('network', `${label}: the answer broke off`, { status: response.status });
    }
    if (response.status >= 400) {
      const parsed = ApiError.safeParse(data);
      const message = parsed.success ? parsed.data.message : `${label} failed (${response.status})`;
      const kind = response.status === 401 || response.status === 403 ? 'auth' : 'http';
      throw syncError(kind, message, {
        status: response.status,
        key: parsed.data?.key,
        ban: parsed.data?.ban,
      });
    }
    const queued = response.status === 202 && response.headers.get(QUEUED_HEADER) === '1';
    return { status: response.status, data, etag, notModified: false, queued };
  };

  const call: Http['call'] = async (name, options = {}) => {
    const def: { method: string; path: string; response?: z.ZodType } = calls[name];
    const result = await send({ ...options, method: def.method, path: def.path });
    if (result.notModified || result.queued || !def.response) return result as never;
    const parsed = def.response.safeParse(result.data);
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      const where = issue ? ` at ${issue.path.join('.') || 'root'}: ${issue.message}` : '';
      throw syncError('validation', `${def.method} ${def.path} answered off-contract${where}`, {
        status: result.status,
      });
    }
    return { ...result, data: parsed.data } as never;
  };

  return { send, call };
}
