/**
 * Sends a wire request through app.inject, through node:http over a real socket, or as
 * hand-written bytes whose framing is broken on purpose (content length, chunking, headers).
 */
import { request as httpRequest, Agent } from 'node:http';
import { connect } from 'node:net';
import { brotliDecompressSync, gunzipSync, inflateSync } from 'node:zlib';
import type { FastifyInstance } from 'fastify';
import type { RawTwist } from './request-arbitrary';
import type { WireRequest } from './wire';

/** One HTTP answer, body decoded from its content encoding. */
export interface Answer {
  status: number;
  headers: Record<string, string>;
  body: Buffer;
  /** False when the connection was given up before the whole body arrived. */
  complete?: boolean;
  /** The URL as the server saw it, when the client rewrote it (inject resolves dot segments). */
  url?: string;
}

/** What came back: answers (none when the server rightly waits or drops), or a transport error. */
export type Outcome =
  | { answers: Answer[] }
  /** The client library refused to send it: not the server's doing. */
  | { unsendable: string };

/** An answer is never awaited longer than this: a hang is reported as a failure. */
export const ANSWER_TIMEOUT_MS = 20_000;

function flatHeaders(headers: Record<string, unknown>): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [k, v] of Object.entries(headers)) {
    if (v !== undefined) out[k.toLowerCase()] = Array.isArray(v) ? v.join(', ') : String(v);
  }
  return out;
}

function decoded(headers: Record<string, string>, body: Buffer): Buffer {
  if (body.length === 0) return body;
  switch (headers['content-encoding']) {
    case 'gzip':
      return gunzipSync(body);
    case 'deflate':
      return inflateSync(body);
    case 'br':
      return brotliDecompressSync(body);
    default:
      return body;
  }
}

/** Reads a stream fully; an event stream is left after its headers (it never ends). */
async function collect(
  stream: NodeJS.ReadableStream & { destroy(): void },
  headers: Record<string, string>,
) {
  if (headers['content-type']?.startsWith('text/event-stream')) {
    stream.destroy();
    return Buffer.alloc(0);
  }
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(Buffer.from(chunk as Uint8Array));
  return Buffer.concat(chunks);
}

/** Through app.inject: no socket, no HTTP parser, so no header or URL size limits either. */
export async function viaInject(app: FastifyInstance, w: WireRequest): Promise<Outcome> {
  const res = await app.inject({
    method: w.method as 'GET',
    url: w.url,
    headers: w.headers,
    ...(w.body && { payload: w.body }),
    payloadAsStream: true,
  });
  const headers = flatHeaders(res.headers);
  const body = await collect(res.stream(), headers);
  // light-my-request parses the URL as WHATWG URL does, so the route sees /a/../b as /b.
  const seen = new URL(
    w.url.startsWith('//') ? `http://localhost${w.url}` : w.url,
    'http://localhost',
  );
  const url = seen.pathname + seen.search;
  return { answers: [{ status: res.statusCode, headers, body: decoded(headers, body), url }] };
}

const agent = new Agent({ keepAlive: true, maxSockets: 4 });

/**
 * Through node:http on a kept-alive connection to the listening app. A kept-alive socket the
 * server closed just as it was reused fails with ECONNRESET; Node's docs advise one retry then.
 */
export async function viaHttp(port: number, w: WireRequest): Promise<Outcome> {
  try {
    return await httpOnce(port, w);
  } catch (err) {
    if (!(err as { reused?: boolean }).reused) throw err;
    transportStats.retries += 1;
    return httpOnce(port, w);
  }
}

/** How often a reused socket had been closed under a request (then retried once). */
export const transportStats = { retries: 0 };

function httpOnce(port: number, w: WireRequest): Promise<Outcome> {
  return new Promise((resolve, reject) => {
    let req;
    try {
      req = httpRequest({
        host: '127.0.0.1',
        port,
        agent,
        method: w.method,
        path: w.url,
        headers: { ...w.headers, ...(w.body && { 'content-length': String(w.body.length) }) },
        timeout: ANSWER_TIMEOUT_MS,
      });
    } catch (err) {
      resolve({ unsendable: (err as Error).message });
      return;
    }
    req.on('timeout', () => req.destroy(new Error('no answer in time')));
    req.on('error', (err: NodeJS.ErrnoException) =>
      reject(Object.assign(err, { reused: req.reusedSocket && err.code === 'ECONNRESET' })),
    );
    req.on('response', (res) => {
      const headers = flatHeaders(res.headers);
      collect(res, headers)
        .then((body) =>
          resolve({
            answers: [{ status: res.statusCode ?? 0, headers, body: decoded(headers, body) }],
          }),
        )
        .catch(reject);
    });
    req.end(w.body);
  });
}

/** Frees the kept-alive sockets. */
export function closeHttp(): void {
  agent.destroy();
}

function chunked(body: Buffer, size = 7): Buffer {
  const parts: Buffer[] = [];
  for (let i = 0; i < body.length; i += size) {
    const piece = body.subarray(i, i + size);
    parts.push(Buffer.from(`${piece.length.toString(16)}\r\n`), piece, Buffer.from('\r\n'));
  }
  parts.push(Buffer.from('0\r\n\r\n'));
  return Buffer.concat(parts);
}

/** Request bytes with the framing `twist` breaks (or, for `chunked` and `pipelined`, exercises). */
function rawBytes(port: number, w: WireRequest, twist: RawTwist): Buffer {
  const body = w.body ?? Buffer.alloc(0);
  const head = (method: string, version: string, extra: string[], close = true) => {
    const lines = [`${method} ${w.url} HTTP/${version}`];
    if (version === '1.1') lines.push(`Host: 127.0.0.1:${port}`);
    for (const [k, v] of Object.entries(w.headers))
      lines.push(`${k}: ${v.replace(/[\r\n]/g, ' ')}`);
    lines.push(...extra);
    if (close) lines.push('Connection: close');
    return Buffer.from(`${lines.join('\r\n')}\r\n\r\n`, 'latin1');
  };
  const length = `Content-Length: ${body.length}`;
  switch (twist) {
    case 'content-length-short':
      return Buffer.concat([
        head(w.method, '1.1', [`Content-Length: ${Math.max(0, body.length - 3)}`]),
        body,
      ]);
    case 'content-length-long':
      return Buffer.concat([head(w.method, '1.1', [`Content-Length: ${body.length + 10}`]), body]);
    case 'content-length-and-chunked':
      return Buffer.concat([
        head(w.method, '1.1', [length, 'Transfer-Encoding: chunked']),
        chunked(body),
      ]);
    case 'two-content-lengths':
      return Buffer.concat([
        head(w.method, '1.1', [length, `Content-Length: ${body.length + 1}`]),
        body,
      ]);
    case 'negative-content-length':
      return Buffer.concat([head(w.method, '1.1', ['Content-Length: -1']), body]);
    case 'bad-chunk-size':
      return Buffer.concat([
        head(w.method, '1.1', ['Transfer-Encoding: chunked']),
        Buffer.from('zz\r\n'),
        body,
        Buffer.from('\r\n0\r\n\r\n'),
      ]);
    case 'chunked':
      return Buffer.concat([head(w.method, '1.1', ['Transfer-Encoding: chunked']), chunked(body)]);
    case 'bad-header-name':
      return Buffer.concat([head(w.method, '1.1', [length, 'Bad Header: x']), body]);
    case 'huge-header':
      return Buffer.concat([head(w.method, '1.1', [length, `X-Big: ${'a'.repeat(20_000)}`]), body]);
    case 'http-1.0':
      return Buffer.concat([head(w.method, '1.0', [length]), body]);
    case 'pipelined':
      return Buffer.concat([
        head(w.method, '1.1', [length], false),
        body,
        head(w.method, '1.1', [length]),
        body,
      ]);
    case 'bad-method':
      return Buffer.concat([head('BREW', '1.1', [length]), body]);
  }
}

/** Splits raw response bytes into answers (Content-Length or chunked bodies). */
export function parseAnswers(data: Buffer, method: string): Answer[] {
  const answers: Answer[] = [];
  let at = 0;
  while (at < data.length) {
    const end = data.indexOf('\r\n\r\n', at);
    if (end < 0) break;
    const [statusLine = '', ...lines] = data.subarray(at, end).toString('latin1').split('\r\n');
    const status = Number(/^HTTP\/1\.[01] (\d{3})/.exec(statusLine)?.[1] ?? 0);
    const headers: Record<string, string> = {};
    for (const line of lines) {
      const colon = line.indexOf(':');
      headers[line.slice(0, colon).trim().toLowerCase()] = line.slice(colon + 1).trim();
    }
    at = end + 4;
    let body: Buffer = Buffer.alloc(0);
    let complete = true;
    if (method === 'HEAD' || status === 304 || status === 204) {
      // No body follows.
    } else if (headers['transfer-encoding'] === 'chunked') {
      const parts: Buffer[] = [];
      let ended = false;
      for (;;) {
        const lineEnd = data.indexOf('\r\n', at);
        if (lineEnd < 0) break;
        const size = parseInt(data.subarray(at, lineEnd).toString('latin1'), 16);
        at = lineEnd + 2;
        if (!(size > 0)) {
          at += 2;
          ended = size === 0;
          break;
        }
        parts.push(data.subarray(at, at + size));
        at += size + 2;
      }
      body = Buffer.concat(parts);
      complete = ended && at <= data.length;
    } else {
      const length = Number(headers['content-length'] ?? data.length - at);
      body = data.subarray(at, at + length);
      complete = body.length === length;
      at += length;
    }
    answers.push(
      complete
        ? { status, headers, body: decoded(headers, body) }
        : { status, headers, body, complete },
    );
  }
  return answers;
}

/** How long a request that rightly gets no answer (its body never completes) is given. */
const WAIT_FOR_NOTHING_MS = 300;

/** Hand-written bytes over a fresh connection; answers are whatever arrives before it closes. */
export function viaRaw(port: number, w: WireRequest, twist: RawTwist): Promise<Outcome> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1');
    const chunks: Buffer[] = [];
    const patience = twist === 'content-length-long' ? WAIT_FOR_NOTHING_MS : ANSWER_TIMEOUT_MS;
    const timer = setTimeout(() => {
      socket.destroy();
      if (twist === 'content-length-long')
        resolve({ answers: parseAnswers(Buffer.concat(chunks), w.method) });
      else reject(new Error('no answer in time'));
    }, patience);
    socket.on('data', (d: Buffer) => {
      chunks.push(d);
      // An event stream never ends: its head is all there is to judge.
      if (/content-type: text\/event-stream/i.test(Buffer.concat(chunks).toString('latin1'))) {
        socket.destroy();
      }
    });
    socket.on('error', () => {
      // A reset after the server answered a broken request; what arrived is judged below.
    });
    socket.on('close', () => {
      clearTimeout(timer);
      resolve({
        answers: parseAnswers(Buffer.concat(chunks), twist === 'bad-method' ? 'BREW' : w.method),
      });
    });
    socket.write(rawBytes(port, w, twist));
  });
}
