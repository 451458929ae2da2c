/**
 * A traffic partner on loopback that receives postbacks: it records every request and answers
 * what the test tells it to (2xx, an error status, a slow answer), and it can go away and come
 * back on the same port, as a partner's server does during an outage.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';
import {
  createServer,
  type IncomingHttpHeaders,
  type Server,
  type ServerResponse,
} from 'node:http';
import type { AddressInfo } from 'node:net';

/** One postback as the partner saw it. */
export interface ReceivedPostback {
  /** The full address, as the sender signed it. */
  url: string;
  query: Record<string, string>;
  headers: IncomingHttpHeaders;
}

/** The loopback partner a test talks to. */
export interface PostbackPartner {
  /** e.g. http://127.0.0.1:40123; stays the same across down() and up(). */
  origin: string;
  received: ReceivedPostback[];
  /** The status of the next answers (200 unless set). */
  status: number;
  /** How long each answer waits, in ms. */
  delayMs: number;
  /** Stops listening (connection refused) until up(). */
  down(): Promise<void>;
  up(): Promise<void>;
  /** Resolves once `count` postbacks arrived; fails after `timeoutMs`. */
  until(count: number, timeoutMs?: number): Promise<ReceivedPostback[]>;
  close(): Promise<void>;
}

/** Whether X-Amora-Signature is the HMAC-SHA256 of "<t>.<url>" under `secret`. */
export function signatureValid(secret: string, p: ReceivedPostback): boolean {
  const header = p.headers['x-amora-signature'];
  const match = typeof header === 'string' ? /^t=(\d+),v1=([0-9a-f]{64})$/.exec(header) : null;
  if (!match) return false;
  const expected = createHmac('sha256', secret).update(`${match[1]}.${p.url}`).digest();
  return timingSafeEqual(expected, Buffer.from(match[2] ?? '', 'hex'));
}

function listen(server: Server, port: number): Promise<number> {
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => {
      server.off('error', reject);
      resolve((server.address() as AddressInfo).port);
    });
  });
}

/** Starts a partner on a free loopback port. */
export async function startPostbackPartner(): Promise<PostbackPartner> {
  const received: ReceivedPostback[] = [];
  let port = 0;
  const answer = (res: ServerResponse) => {
    if (partner.delayMs > 0)
      setTimeout(() => res.writeHead(partner.status).end('ok'), partner.delayMs);
    else res.writeHead(partner.status).end('ok');
  };
  const makeServer = () =>
    createServer((req, res) => {
      const url = `http://127.0.0.1:${port}${req.url ?? '/'}`;
      received.push({
        url,
        query: Object.fromEntries(new URL(url).searchParams),
        headers: req.headers,
      });
      answer(res);
    });
  let server: Server | null = makeServer();
  port = await listen(server, 0);

  const stop = async () => {
    const s = server;
    server = null;
    if (!s) return;
    s.closeAllConnections();
    await new Promise((resolve) => s.close(resolve));
  };
  const partner: PostbackPartner = {
    origin: `http://127.0.0.1:${port}`,
    received,
    status: 200,
    delayMs: 0,
    down: stop,
    async up() {
      if (server) return;
      server = makeServer();
      await listen(server, port);
    },
    async until(count, timeoutMs = 10_000) {
      const deadline = Date.now() + timeoutMs;
      while (received.length < count) {
        if (Date.now() > deadline) {
          throw new Error(`partner got ${received.length} postbacks, expected ${count}`);
        }
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
      return received;
    },
    close: stop,
  };
  return partner;
}
