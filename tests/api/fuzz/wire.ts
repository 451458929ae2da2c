/** Turns a generated case into method, URL, headers and body bytes. */
import { signDemoPayload } from '../../../server/payments/demo-provider';
import { damaged, jsonText, multipartBody, plainText, queryString, urlSafe } from './encode';
import type { FuzzCase } from './request-arbitrary';

/** What goes over the wire. */
export interface WireRequest {
  method: string;
  url: string;
  headers: Record<string, string>;
  body?: Buffer;
}

/** What the sender knows that the generator does not. */
export interface WireContext {
  /** Cookie header part of the identity's session, if it has one. */
  sessionCookie(identity: FuzzCase['identity']): string | undefined;
  /** Secret of the demo payment provider, so some webhook events carry a valid signature. */
  demoSecret: string;
}

function bodyBytes(
  c: FuzzCase,
  ctx: WireContext,
): { bytes?: Buffer; type?: string | null; extra?: Record<string, string> } {
  const b = c.body;
  switch (b.kind) {
    case 'none':
      return {};
    case 'json':
      return { bytes: Buffer.from(jsonText(b.value)), type: b.type };
    case 'broken-json':
      return { bytes: damaged(jsonText(b.value), b.damage), type: b.type };
    case 'text':
      return { bytes: Buffer.from(plainText(b.text)), type: b.type };
    case 'multipart':
      return {
        bytes: multipartBody(b.boundary, b.parts, b.cut),
        type: b.type === null ? null : `${b.type}; boundary=${b.boundary}`,
      };
    case 'form':
      return { bytes: Buffer.from(queryString(b.pairs, [])), type: b.type };
    case 'signed': {
      const text = jsonText(b.value);
      const signature = signDemoPayload(ctx.demoSecret, text, Math.floor(Date.now() / 1000));
      return {
        bytes: Buffer.from(text),
        type: 'application/json',
        extra: { 'x-demo-signature': signature },
      };
    }
  }
}

/** The request as bytes and strings. */
export function wire(c: FuzzCase, ctx: WireContext): WireRequest {
  const headers: Record<string, string> = {};
  for (const [name, value] of Object.entries(c.headers)) headers[name] = plainText(value);
  const { bytes, type, extra } = bodyBytes(c, ctx);
  if (type) headers['content-type'] = type;
  Object.assign(headers, extra);
  const session = ctx.sessionCookie(c.identity);
  const cookies = [
    ...(session ? [session] : []),
    ...Object.entries(c.cookies).map(([k, v]) => `${k}=${v}`),
  ];
  if (cookies.length > 0) headers.cookie = cookies.join('; ');
  const pairs =
    c.body.kind === 'signed'
      ? [['provider', 'demo'] as [string, unknown], ...c.query.pairs]
      : c.query.pairs;
  const query = queryString(pairs, c.query.raw);
  return {
    method: c.method,
    url: urlSafe(c.path) + (query ? `?${query}` : ''),
    headers,
    ...(bytes && { body: bytes }),
  };
}

/** A short description for failure reports: no megabytes, no secrets. */
export function describe(c: FuzzCase, w: WireRequest): string {
  const body = w.body
    ? `${w.body.length} B ${c.body.kind}: ${w.body.subarray(0, 160).toString('utf8')}`
    : 'no body';
  const url = w.url.length > 300 ? `${w.url.slice(0, 300)}… (${w.url.length} chars)` : w.url;
  const headers = Object.entries(w.headers)
    .filter(([k]) => k !== 'cookie')
    .map(([k, v]) => `${k}: ${v.slice(0, 60)}`)
    .join(' | ');
  const via = `${c.identity} via ${c.transport}${c.transport === 'raw' ? ` ${c.twist}` : ''}`;
  return `[${c.shape}, ${via}] ${w.method} ${url} {${headers}} ${body}`;
}
