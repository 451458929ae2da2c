/**
 * A loopback HTTP proxy between WebKit and the server. WebKitGTK's WebDriver has no network
 * emulation, so "offline" is this proxy switched off: open connections are cut and new ones
 * refused, for the page, its workers and its service worker alike. It can also "deploy" a new
 * build: from then on /sw.js comes with a mark appended, so the browser's next update check finds
 * a new service worker, as when a release replaces the file (tests/e2e/update.spec.ts does the
 * same on a copy of the build). Everything else passes untouched, Host and Origin included.
 */
import {
  createServer,
  request as forward,
  type IncomingHttpHeaders,
  type IncomingMessage,
  type ServerResponse,
} from 'node:http';

export interface WebKitProxy {
  /** The address the browser uses, e.g. http://127.0.0.1:41234. */
  readonly url: string;
  /** false: cuts open connections and refuses new ones until switched back on. */
  setOnline(online: boolean): Promise<void>;
  /** Serves /sw.js with `mark` appended from now on: a new service worker for the next check. */
  deploy(mark: string): void;
  close(): Promise<void>;
  /** Every request that reached the proxy while it was on, oldest first. */
  readonly requests: readonly ProxiedRequest[];
}

export interface ProxiedRequest {
  method: string;
  /** Path and query. */
  path: string;
  at: number;
  /** The server's answer, once it came. */
  status?: number;
}

/** Headers that would let the server answer 304 or compress the file the proxy must change. */
const CONDITIONAL = ['if-none-match', 'if-modified-since', 'accept-encoding'];
/** Response headers that no longer describe the changed file. */
const STALE = new Set(['etag', 'last-modified', 'content-length', 'content-encoding']);

/** Starts a proxy on a free loopback port that forwards to `targetPort` on 127.0.0.1. */
export async function startWebKitProxy(targetPort: number): Promise<WebKitProxy> {
  let deployment: string | null = null;
  const requests: ProxiedRequest[] = [];

  const server = createServer((req: IncomingMessage, res: ServerResponse) => {
    const changed =
      deployment !== null && new URL(req.url ?? '/', 'http://x').pathname === '/sw.js';
    const seen: ProxiedRequest = {
      method: req.method ?? 'GET',
      path: req.url ?? '/',
      at: Date.now(),
    };
    requests.push(seen);
    const headers: IncomingHttpHeaders = { ...req.headers };
    if (changed) for (const name of CONDITIONAL) delete headers[name];
    const upstream = forward(
      { host: '127.0.0.1', port: targetPort, method: req.method, path: req.url, headers },
      (answer) => {
        seen.status = answer.statusCode;
        if (!changed || answer.statusCode !== 200) {
          res.writeHead(answer.statusCode ?? 502, answer.statusMessage, answer.rawHeaders);
          answer.pipe(res);
          return;
        }
        const chunks: Buffer[] = [];
        answer.on('data', (chunk: Buffer) => chunks.push(chunk));
        answer.on('end', () => {
          const body = Buffer.concat([...chunks, Buffer.from(`\n// ${deployment}\n`)]);
          const kept: string[] = [];
          for (let i = 0; i < answer.rawHeaders.length; i += 2) {
            const name = answer.rawHeaders[i]!;
            if (!STALE.has(name.toLowerCase())) kept.push(name, answer.rawHeaders[i + 1]!);
          }
          res.writeHead(200, [...kept, 'content-length', String(body.length)]);
          res.end(body);
        });
      },
    );
    upstream.on('error', () => res.destroy());
    // The browser's side closed (or the proxy cut it): the server's side goes too.
    res.on('close', () => upstream.destroy());
    req.pipe(upstream);
  });

  const listen = (port: number) =>
    new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(port, '127.0.0.1', () => {
        server.off('error', reject);
        resolve();
      });
    });
  await listen(0);
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : 0;

  const setOnline = async (online: boolean): Promise<void> => {
    // Off, the port does not listen: new connections are refused at once, as by a server that is down.
    if (online === server.listening) return;
    if (online) return listen(port);
    const closed = new Promise<void>((resolve) => server.close(() => resolve()));
    server.closeAllConnections();
    await closed;
  };

  return {
    url: `http://127.0.0.1:${port}`,
    setOnline,
    deploy: (mark) => {
      deployment = mark;
    },
    close: () => setOnline(false),
    requests,
  };
}
