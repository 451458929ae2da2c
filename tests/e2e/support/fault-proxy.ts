/**
 * A loopback HTTP proxy between the browser and the server that misbehaves on purpose, the way a
 * mobile network and a busy gateway do: it resets connections, answers 500/502/503/429 itself,
 * delays, and loses replies after the server applied the write. The Host header passes through
 * unchanged, so the server's Origin check sees the address the browser used.
 */
import { createServer, request as forward, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';

/** What the proxy did to one request. */
export type Fault = 'pass' | 'reset' | 'status' | 'delay' | 'lost-reply' | 'late-status';

/** Counts of what the proxy did, by fault. */
export type FaultCounts = Record<Fault, number>;

export interface FaultProxyOptions {
  /** Where the real server listens. */
  target: { host: string; port: number };
  /** Random numbers in [0, 1); seeded by the caller so a failing run can be replayed. */
  random: () => number;
  /** Share of API requests that meet a fault (0 passes everything). */
  faultRate?: number;
}

export interface FaultProxy {
  /** The origin the browser should use, e.g. http://127.0.0.1:41234. */
  origin: string;
  /** Changes the share of API requests that meet a fault. */
  setFaultRate(rate: number): void;
  /** Cuts every open connection at once (held event streams, keep-alive sockets). */
  dropAll(): void;
  counts(): FaultCounts;
  close(): Promise<void>;
}

const STATUSES = [500, 502, 503, 429] as const;
const FAULTS: readonly Fault[] = ['reset', 'status', 'delay', 'lost-reply', 'late-status'];

/** Long-lived answers (the event stream) cannot lose a reply after it completes; they are cut instead. */
const isStream = (url: string) => url.startsWith('/api/events.php');

/** Starts the proxy on a free loopback port. */
export async function startFaultProxy(options: FaultProxyOptions): Promise<FaultProxy> {
  let faultRate = options.faultRate ?? 0;
  const counts: FaultCounts = {
    pass: 0,
    reset: 0,
    status: 0,
    delay: 0,
    'lost-reply': 0,
    'late-status': 0,
  };
  const sockets = new Set<Socket>();
  const pick = <T>(items: readonly T[]): T => items[Math.floor(options.random() * items.length)]!;

  const choose = (req: IncomingMessage): Fault => {
    const url = req.url ?? '/';
    if (!url.startsWith('/api/') || options.random() >= faultRate) return 'pass';
    const fault = pick(FAULTS);
    if (isStream(url) && (fault === 'lost-reply' || fault === 'late-status')) return 'reset';
    return fault;
  };

  const server: Server = createServer((req, res) => {
    const fault = choose(req);
    counts[fault]++;
    if (fault === 'reset') {
      req.socket.destroy();
      return;
    }
    if (fault === 'status') {
      const status = pick(STATUSES);
      res.writeHead(status, {
        'content-type': 'text/plain',
        ...(status === 429 || status === 503 ? { 'retry-after': '1' } : {}),
      });
      res.end('The gateway failed');
      return;
    }
    const send = () => {
      const upstream = forward(
        {
          ...options.target,
          method: req.method,
          path: req.url,
          headers: req.headers,
        },
        (reply) => {
          if (fault === 'lost-reply' || fault === 'late-status') {
            // The server has applied the request; the member's device never learns it.
            reply.resume();
            reply.on('end', () => {
              if (fault === 'lost-reply') {
                req.socket.destroy();
                return;
              }
              res.writeHead(502, { 'content-type': 'text/plain' });
              res.end('The gateway lost the reply');
            });
            return;
          }
          res.writeHead(reply.statusCode ?? 502, reply.headers);
          reply.pipe(res);
        },
      );
      upstream.on('error', () => req.socket.destroy());
      res.on('close', () => {
        if (!res.writableFinished) upstream.destroy();
      });
      req.pipe(upstream);
    };
    if (fault === 'delay') setTimeout(send, 100 + Math.floor(options.random() * 900));
    else send();
  });
  server.on('connection', (socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  server.on('clientError', (_error, socket) => socket.destroy());

  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    origin: `http://127.0.0.1:${port}`,
    setFaultRate: (rate) => {
      faultRate = rate;
    },
    dropAll: () => sockets.forEach((socket) => socket.destroy()),
    counts: () => ({ ...counts }),
    close: () =>
      new Promise<void>((resolve) => {
        sockets.forEach((socket) => socket.destroy());
        server.close(() => resolve());
      }),
  };
}
