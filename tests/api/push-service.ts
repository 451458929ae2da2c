/**
 * A push service on loopback for the push tests: records what the server posts to each
 * subscription endpoint, answers with a chosen status, and decrypts aes128gcm bodies (RFC 8291)
 * with the browser-side keys, so a test reads exactly what the service worker would.
 */
import { createDecipheriv, createECDH, hkdfSync, randomBytes, type ECDH } from 'node:crypto';
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

/** One request the push service received. */
export interface ReceivedPush {
  id: string;
  headers: IncomingHttpHeaders;
  body: Buffer;
}

/** A browser-side subscription with its private key, as PushSubscription.toJSON() would give it. */
export interface TestSubscription {
  endpoint: string;
  keys: { p256dh: string; auth: string };
  ecdh: ECDH;
  authSecret: Buffer;
}

/** The fake push service. */
export interface PushService {
  received: ReceivedPush[];
  /** Status answered for an id (default 201). */
  statusFor: Map<string, number>;
  subscription(id: string): TestSubscription;
  /** Resolves once `count` pushes arrived in total. */
  waitFor(count: number, timeoutMs?: number): Promise<ReceivedPush[]>;
  close(): Promise<void>;
}

/** Starts the service on a free loopback port. */
export async function startPushService(): Promise<PushService> {
  const received: ReceivedPush[] = [];
  const statusFor = new Map<string, number>();
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const id = (req.url ?? '').replace(/^\/push\//, '');
      received.push({ id, headers: req.headers, body: Buffer.concat(chunks) });
      res.writeHead(statusFor.get(id) ?? 201).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    received,
    statusFor,
    subscription(id) {
      const ecdh = createECDH('prime256v1');
      ecdh.generateKeys();
      const authSecret = randomBytes(16);
      return {
        endpoint: `http://127.0.0.1:${port}/push/${id}`,
        keys: {
          p256dh: ecdh.getPublicKey().toString('base64url'),
          auth: authSecret.toString('base64url'),
        },
        ecdh,
        authSecret,
      };
    },
    async waitFor(count, timeoutMs = 5000) {
      const until = Date.now() + timeoutMs;
      while (received.length < count) {
        if (Date.now() > until) throw new Error(`only ${received.length} of ${count} pushes`);
        await new Promise((r) => setTimeout(r, 10));
      }
      return received;
    },
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

/** Decrypts an aes128gcm push body (RFC 8188 framing, RFC 8291 keys) and parses its JSON. */
export function decryptPush(sub: TestSubscription, body: Buffer): unknown {
  const salt = body.subarray(0, 16);
  const idLength = body[20] ?? 0;
  const serverKey = body.subarray(21, 21 + idLength);
  const cipher = body.subarray(21 + idLength);
  const shared = sub.ecdh.computeSecret(serverKey);
  const keyInfo = Buffer.concat([
    Buffer.from('WebPush: info\0'),
    sub.ecdh.getPublicKey(),
    serverKey,
  ]);
  const ikm = Buffer.from(hkdfSync('sha256', shared, sub.authSecret, keyInfo, 32));
  const cek = Buffer.from(hkdfSync('sha256', ikm, salt, 'Content-Encoding: aes128gcm\0', 16));
  const nonce = Buffer.from(hkdfSync('sha256', ikm, salt, 'Content-Encoding: nonce\0', 12));
  const decipher = createDecipheriv('aes-128-gcm', cek, nonce);
  decipher.setAuthTag(cipher.subarray(cipher.length - 16));
  const plain = Buffer.concat([
    decipher.update(cipher.subarray(0, cipher.length - 16)),
    decipher.final(),
  ]);
  // The record ends with a delimiter (2) and optional zero padding.
  const end = plain.lastIndexOf(2);
  return JSON.parse(plain.subarray(0, end).toString('utf8'));
}

/** The subscription body the client posts (no private parts). */
export function subscriptionBody(sub: TestSubscription) {
  return { subscription: { endpoint: sub.endpoint, expirationTime: null, keys: sub.keys } };
}
