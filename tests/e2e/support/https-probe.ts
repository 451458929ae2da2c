/**
 * Raw HTTPS requests to a site behind a proxy, from Node: the test CA is the only one trusted, the
 * TLS name is the site's, and `localAddress` picks which loopback address (127.0.0.2, …) the
 * connection comes from, so a test can be a client of its own in the proxy's and the server's eyes.
 * Bodies come back as sent (no decompression), so a test sees exactly what the proxy passed on.
 */
import { request as httpRequest, type IncomingHttpHeaders } from 'node:http';
import { request } from 'node:https';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';

/** Where the site answers and whom to trust. */
export interface SiteAddress {
  /** The name in the certificate and the Host header, e.g. amora.test. */
  hostName: string;
  /** The proxy's https port on 127.0.0.1. */
  port: number;
  /** PEM of the only trusted CA. */
  ca: string;
}

/** One request. */
export interface ProbeRequest {
  method?: string;
  path: string;
  headers?: Record<string, string | string[]>;
  body?: string;
  /** The loopback address the connection comes from; 127.0.0.1 unless told. */
  localAddress?: string;
}

/** An answer with its headers as sent (repeats kept) and its body undecoded. */
export interface ProbeResponse {
  status: number;
  headers: IncomingHttpHeaders;
  /** Every header line, lower-cased names, in order: a header sent twice shows twice. */
  headerLines: [string, string][];
  body: Buffer;
}

function lines(raw: string[]): [string, string][] {
  const out: [string, string][] = [];
  for (let i = 0; i + 1 < raw.length; i += 2) out.push([raw[i]!.toLowerCase(), raw[i + 1]!]);
  return out;
}

/** Every value of a header as sent, repeats kept. */
export function headerValues(res: ProbeResponse, name: string): string[] {
  return res.headerLines.filter(([n]) => n === name).map(([, v]) => v);
}

/** The body as a client sees it that decodes its one Content-Encoding once. */
export function decodedOnce(res: ProbeResponse): Buffer {
  const encodings = headerValues(res, 'content-encoding');
  if (encodings.length === 0) return res.body;
  if (encodings.length > 1) throw new Error(`encoded twice: ${encodings.join(' + ')}`);
  if (encodings[0] === 'br') return brotliDecompressSync(res.body);
  if (encodings[0] === 'gzip') return gunzipSync(res.body);
  throw new Error(`an encoding this test does not decode: ${encodings[0]}`);
}

/** Sends one request over a fresh connection and reads the whole answer. */
export function probe(site: SiteAddress, req: ProbeRequest): Promise<ProbeResponse> {
  return new Promise((resolve, reject) => {
    const outgoing = request(
      {
        host: '127.0.0.1',
        port: site.port,
        servername: site.hostName,
        ca: site.ca,
        agent: false,
        localAddress: req.localAddress,
        method: req.method ?? 'GET',
        path: req.path,
        headers: { host: `${site.hostName}:${site.port}`, ...req.headers },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () =>
          resolve({
            status: res.statusCode ?? 0,
            headers: res.headers,
            headerLines: lines(res.rawHeaders),
            body: Buffer.concat(chunks),
          }),
        );
        res.on('error', reject);
      },
    );
    outgoing.on('error', reject);
    outgoing.end(req.body);
  });
}

/** A member's session over raw requests: the cookies the site set, sent back on each request. */
export class ProbeSession {
  private readonly cookies = new Map<string, string>();

  constructor(
    private readonly site: SiteAddress,
    private readonly localAddress = '127.0.0.1',
  ) {}

  /** The Cookie header value. */
  cookieHeader(): string {
    return [...this.cookies].map(([name, value]) => `${name}=${value}`).join('; ');
  }

  async send(method: string, path: string, json?: unknown): Promise<ProbeResponse> {
    const headers: Record<string, string> = { cookie: this.cookieHeader() };
    if (json !== undefined) headers['content-type'] = 'application/json';
    const res = await probe(this.site, {
      method,
      path,
      headers,
      body: json === undefined ? undefined : JSON.stringify(json),
      localAddress: this.localAddress,
    });
    for (const [name, value] of res.headerLines) {
      if (name !== 'set-cookie') continue;
      const [pair = ''] = value.split(';');
      const eq = pair.indexOf('=');
      if (eq > 0) this.cookies.set(pair.slice(0, eq).trim(), pair.slice(eq + 1).trim());
    }
    return res;
  }
}

/** An open event stream and when each piece of it arrived. */
export interface ProbeStream {
  /** Resolves with the arrival time (Date.now()) of the first text matching `pattern`. */
  arrival(pattern: RegExp, timeoutMs?: number): Promise<number>;
  headers: IncomingHttpHeaders;
  close(): void;
}

/** Opens a GET that streams (text/event-stream) and records when each chunk arrives. */
export function openStream(
  site: SiteAddress,
  path: string,
  cookie: string,
  localAddress = '127.0.0.1',
): Promise<ProbeStream> {
  return new Promise((resolve, reject) => {
    const received: { at: number; text: string }[] = [];
    const waiters = new Set<() => void>();
    const outgoing = request(
      {
        host: '127.0.0.1',
        port: site.port,
        servername: site.hostName,
        ca: site.ca,
        agent: false,
        localAddress,
        path,
        headers: { host: `${site.hostName}:${site.port}`, cookie, accept: 'text/event-stream' },
      },
      (res) => {
        res.setEncoding('utf8');
        res.on('data', (text: string) => {
          received.push({ at: Date.now(), text });
          waiters.forEach((wake) => wake());
        });
        res.on('error', () => undefined);
        if (res.statusCode !== 200) {
          reject(new Error(`event stream answered ${res.statusCode}`));
          return;
        }
        resolve({
          headers: res.headers,
          close: () => outgoing.destroy(),
          arrival: (pattern, timeoutMs = 10_000) =>
            new Promise<number>((done, fail) => {
              const check = () => {
                let text = '';
                for (const chunk of received) {
                  text += chunk.text;
                  if (pattern.test(text)) {
                    waiters.delete(check);
                    clearTimeout(timer);
                    done(chunk.at);
                    return;
                  }
                }
              };
              const timer = setTimeout(() => {
                waiters.delete(check);
                fail(new Error(`nothing matching ${pattern} within ${timeoutMs} ms`));
              }, timeoutMs);
              waiters.add(check);
              check();
            }),
        });
      },
    );
    outgoing.on('error', reject);
    outgoing.end();
  });
}

/** A plain-http GET to the proxy's http port with the given Host: its status and Location. */
export function plainGet(
  port: number,
  path: string,
  host: string,
): Promise<{ status: number; location: string | undefined }> {
  return new Promise((resolve, reject) => {
    const req = httpRequest({ host: '127.0.0.1', port, path, headers: { host } }, (res) => {
      res.resume();
      resolve({ status: res.statusCode ?? 0, location: res.headers.location });
    });
    req.on('error', reject);
    req.end();
  });
}
