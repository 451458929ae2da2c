/**
 * One generated request for one route: who sends it, how (inject, a real socket, hand-written
 * bytes), and its path, query, headers and body, each valid-ish or spoiled.
 */
import fc from 'fast-check';
import { body, cleanBody, type Body } from './body-arbitrary';
import type { Huge } from './hostile-values';
import { cleanQuery, cookies, headers, path, query, type QueryPart } from './request-parts';
import type { FuzzTarget } from './route-table';
import type { Hints } from './schema-arbitrary';

export type Identity = 'visitor' | 'member' | 'moderator';
export type Transport = 'inject' | 'http' | 'raw';

/** Ways a hand-written request breaks HTTP framing. */
export const RAW_TWISTS = [
  'content-length-short',
  'content-length-long',
  'content-length-and-chunked',
  'two-content-lengths',
  'negative-content-length',
  'bad-chunk-size',
  'chunked',
  'bad-header-name',
  'huge-header',
  'http-1.0',
  'pipelined',
  'bad-method',
] as const;
export type RawTwist = (typeof RAW_TWISTS)[number];

/** A generated request; `wire` in wire.ts turns it into bytes. */
export interface FuzzCase {
  target: FuzzTarget;
  shape: string;
  identity: Identity;
  transport: Transport;
  twist?: RawTwist;
  method: string;
  path: string;
  query: QueryPart;
  headers: Record<string, string | Huge>;
  /** Extra cookies beside the identity's session (garbage ones, mostly). */
  cookies: Record<string, string>;
  body: Body;
}

const SAFE_METHODS = new Set(['GET', 'HEAD']);
const OTHER_METHODS = ['OPTIONS', 'PATCH', 'TRACE', 'PROPFIND', 'DELETE', 'PUT', 'POST', 'GET'];

/**
 * A request for `target`; the caller picks the target so every route gets its share. Two in
 * seven are clean (schema values, right content type, nothing odd), so the rules behind
 * validation run too.
 */
export function fuzzCase(target: FuzzTarget, hints: Hints): fc.Arbitrary<FuzzCase> {
  const signable = target.path === '/api/payment_webhook.php';
  const safe = SAFE_METHODS.has(target.method);
  // Built once per shape: building arbitraries inside a chain would cost more than drawing them.
  const perShape = target.shapes.flatMap((shape) => [
    {
      weight: 5,
      arbitrary: fc.record({
        target: fc.constant(target),
        shape: fc.constant(shape.name),
        identity: fc.constantFrom<Identity>('visitor', 'visitor', 'member', 'member', 'moderator'),
        transport: fc.oneof(
          { arbitrary: fc.constant<Transport>('inject'), weight: 93 },
          { arbitrary: fc.constant<Transport>('http'), weight: 5 },
          { arbitrary: fc.constant<Transport>('raw'), weight: 2 },
        ),
        twist: fc.constantFrom(...RAW_TWISTS),
        method: fc.oneof(
          { arbitrary: fc.constant(target.method as string), weight: 30 },
          { arbitrary: fc.constantFrom(...OTHER_METHODS), weight: 1 },
        ),
        path: path(target),
        query: query(shape, hints),
        headers,
        cookies,
        body: safe
          ? fc.oneof(
              { arbitrary: fc.constant<Body>({ kind: 'none' }), weight: 12 },
              { arbitrary: body(shape, hints, false), weight: 1 },
            )
          : body(shape, hints, signable),
      }),
    },
    {
      weight: 2,
      arbitrary: fc.record({
        target: fc.constant(target),
        shape: fc.constant(`${shape.name} (clean)`),
        identity: fc.constantFrom<Identity>('visitor', 'member', 'member', 'moderator'),
        transport: fc.constant<Transport>('inject'),
        method: fc.constant(target.method as string),
        path: path(target),
        query: cleanQuery(shape, hints),
        headers: fc.constant({}),
        cookies: fc.constant({}),
        body: safe ? fc.constant<Body>({ kind: 'none' }) : cleanBody(shape, hints, signable),
      }),
    },
  ]);
  return fc.oneof(...perShape);
}
