/**
 * helmet's response headers worked out once. Our options hold no per-request part (no nonces), so
 * every answer gets the same headers; @fastify/helmet would rebuild helmet, CSP parsing included,
 * on every request.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import helmet, { type HelmetOptions } from 'helmet';

/** Header name and value pairs, in the order helmet sets them. */
export type HeaderList = ReadonlyArray<readonly [string, string]>;

/** The headers helmet sets for `options`; throws what helmet throws for invalid options. */
export function helmetHeaders(options: HelmetOptions): HeaderList {
  const headers: Array<[string, string]> = [];
  const recorder = {
    setHeader(name: string, value: string) {
      headers.push([name.toLowerCase(), value]);
    },
    // helmet removes X-Powered-By, which Node never sets.
    removeHeader() {},
  };
  let failure: unknown;
  helmet(options)(
    {} as IncomingMessage,
    recorder as unknown as ServerResponse,
    (err?: unknown) => (failure = err),
  );
  if (failure) throw failure instanceof Error ? failure : new Error(String(failure));
  return headers;
}
