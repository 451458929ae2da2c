/**
 * The typed client of the wire contract: `call(name, {query, body})` for every entry of `calls`.
 * One place sends the SPEC §7 headers, parses answers with the contract and classifies failures.
 */
import type { z } from 'zod';
import { calls } from '../shared/contract/calls';
import { ApiError, ORIGINAL_HOST_HEADER, PACKAGE_HEADER } from '../shared/contract/fields';
import { API_BASE, ApiFailure, kindForStatus } from './failure';

/** Package name sent with every call (SPEC §7). */
export const PACKAGE_NAME = 'amora';

type Calls = typeof calls;
export type CallName = keyof Calls;

type QueryPart<N extends CallName> = Calls[N] extends { query: infer Q extends z.ZodType }
  ? object extends z.input<Q>
    ? { query?: z.input<Q> }
    : { query: z.input<Q> }
  : { query?: undefined };
type BodyPart<N extends CallName> = Calls[N] extends { body: infer B extends z.ZodType }
  ? { body: z.input<B> }
  : { body?: undefined };

export type CallOptions<N extends CallName> = QueryPart<N> & BodyPart<N> & { signal?: AbortSignal };
export type CallResult<N extends CallName> = Calls[N] extends {
  response: infer R extends z.ZodType;
}
  ? z.output<R>
  : unknown;

export interface SendOptions {
  query?: Record<string, unknown>;
  body?: unknown;
  signal?: AbortSignal;
}

function buildUrl(path: string, query?: Record<string, unknown>): string {
  const url = new URL(API_BASE + path, location.origin);
  for (const [key, value] of Object.entries(query ?? {})) {
    if (value === undefined || value === null) continue;
    url.searchParams.set(key, String(value));
  }
  return API_BASE ? url.toString() : url.pathname + url.search;
}

async function readBody(response: Response): Promise<unknown> {
  const text = await response.text();
  const type = response.headers.get('content-type') ?? '';
  if (!type.includes('json')) return text;
  try {
    return text ? JSON.parse(text) : null;
  } catch {
    return text;
  }
}

/** A raw request with the app headers; for endpoints outside the contract map. Resolves to the parsed body. */
export async function send(
  method: string,
  path: string,
  options: SendOptions = {},
): Promise<unknown> {
  const request = `${method} ${path}`;
  const headers: Record<string, string> = {
    accept: 'application/json, text/plain',
    [PACKAGE_HEADER]: PACKAGE_NAME,
    [ORIGINAL_HOST_HEADER]: location.host,
  };
  if (options.body !== undefined) headers['content-type'] = 'application/json';

  let response: Response;
  try {
    response = await fetch(buildUrl(path, options.query), {
      method,
      headers,
      body: options.body === undefined ? undefined : JSON.stringify(options.body),
      credentials: 'same-origin',
      signal: options.signal,
    });
  } catch (cause) {
    const aborted =
      options.signal?.aborted || (cause instanceof DOMException && cause.name === 'AbortError');
    throw new ApiFailure(aborted ? 'aborted' : 'network', request, null, null, [], { cause });
  }

  let data: unknown;
  try {
    data = await readBody(response);
  } catch (cause) {
    throw new ApiFailure('network', request, response.status, null, [], { cause });
  }
  const kind = kindForStatus(response.status);
  if (kind) {
    const parsed = ApiError.safeParse(data);
    throw new ApiFailure(kind, request, response.status, parsed.success ? parsed.data : null);
  }
  return data;
}

/** Calls a contract entry: validates the input, sends it, and parses the answer with the contract. */
export async function call<N extends CallName>(
  name: N,
  ...[options]: object extends CallOptions<N>
    ? [options?: CallOptions<N>]
    : [options: CallOptions<N>]
): Promise<CallResult<N>> {
  const def: {
    method: string;
    path: string;
    query?: z.ZodType;
    body?: z.ZodType;
    response?: z.ZodType;
  } = calls[name];
  const request = `${def.method} ${def.path}`;
  const opts = (options ?? {}) as SendOptions;

  // Input is checked but sent as given: the server applies the same schema, transforms included.
  for (const [schema, value] of [
    [def.query, opts.query],
    [def.body, opts.body],
  ] as const) {
    if (!schema || value === undefined) continue;
    const checked = schema.safeParse(value);
    if (!checked.success)
      throw new ApiFailure('invalid-request', request, null, null, checked.error.issues);
  }

  const data = await send(def.method, def.path, opts);
  if (!def.response) return data as CallResult<N>;
  const parsed = def.response.safeParse(data);
  if (!parsed.success)
    throw new ApiFailure('invalid-response', request, 200, null, parsed.error.issues);
  return parsed.data as CallResult<N>;
}
