/**
 * Readiness and liveness (routes/health.ts) and the drain before a shutdown
 * (plugins/graceful-close.ts): GET /api/health is 200 only while the database and Redis answer and
 * no shutdown has begun, otherwise a 503 naming the failed check; GET /api/health/live stays 200
 * while draining; during the drain delay requests are still served and event streams stay open,
 * then the listener closes. The Redis part needs Redis (TEST_REDIS_URL or the default address).
 */
import { once } from 'node:events';
import { randomBytes } from 'node:crypto';
import { connect, createServer, type Server, type Socket } from 'node:net';
import { Redis } from 'ioredis';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { HealthUnavailable } from '../../src/shared/contract/settings';
import { HEALTH_CHECK_TIMEOUT_MS } from '../../server/routes/health';
import { insertMember, login } from './fixtures';
import { buildTestApp, ENGINES } from './helper';
import { openStream } from './sse-client';

/** The drain test's delay: what it checks while draining must fit in it, however busy the machine. */
const DRAIN_DELAY_MS = 4_000;

const TEST_REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';
const PREFIX = `amora-health-${randomBytes(6).toString('hex')}-`;

async function reachable(url: string): Promise<boolean> {
  const redis = new Redis(url, {
    lazyConnect: true,
    connectTimeout: 500,
    retryStrategy: () => null,
  });
  redis.on('error', () => undefined);
  try {
    await redis.connect();
    await redis.ping();
    return true;
  } catch {
    return false;
  } finally {
    redis.disconnect();
  }
}
const redisThere = process.env.TEST_REDIS_URL !== undefined || (await reachable(TEST_REDIS_URL));

/** A TCP relay to Redis that can be cut (Redis stops answering) and put back on the same port. */
async function redisRelay(url: string) {
  const target = new URL(url);
  const sockets = new Set<Socket>();
  let server: Server | undefined;
  let port = 0;
  const open = async () => {
    server = createServer((client) => {
      const upstream = connect(Number(target.port || 6379), target.hostname);
      for (const s of [client, upstream]) {
        sockets.add(s);
        s.on('close', () => sockets.delete(s));
        s.on('error', () => undefined);
      }
      client.pipe(upstream).pipe(client);
    });
    server.listen(port, '127.0.0.1');
    await once(server, 'listening');
    port = (server.address() as { port: number }).port;
  };
  await open();
  return {
    url: () => `redis://127.0.0.1:${port}`,
    async cut() {
      const closed = new Promise((resolve) => server?.close(resolve));
      for (const s of sockets) s.destroy();
      await closed;
    },
    restore: open,
    close() {
      return this.cut();
    },
  };
}

afterAll(async () => {
  if (!redisThere) return;
  const redis = new Redis(TEST_REDIS_URL);
  const keys = await redis.keys(`${PREFIX}*`);
  if (keys.length > 0) await redis.del(...keys);
  await redis.quit();
});

for (const engine of ENGINES) {
  describe(`readiness and liveness (${engine})`, () => {
    it('is ready and alive; a database that fails or hangs makes it unready', async () => {
      const t = await buildTestApp(engine);
      try {
        const ready = await t.app.inject({ method: 'GET', url: '/api/health' });
        expect(ready.statusCode).toBe(200);
        expect(ready.json()).toEqual({ status: 'ok', engine });
        const live = await t.app.inject({ method: 'GET', url: '/api/health/live' });
        expect(live.statusCode).toBe(200);
        expect(live.json()).toEqual({ status: 'ok', draining: false });

        const ping = vi.spyOn(t.app.repos.health, 'ping');
        ping.mockRejectedValueOnce(new Error('connection refused'));
        const failed = await t.app.inject({ method: 'GET', url: '/api/health' });
        expect(failed.statusCode).toBe(503);
        expect(HealthUnavailable.parse(failed.json())).toEqual({
          statusCode: 503,
          error: 'Service Unavailable',
          message: 'Not ready: the database does not answer',
          key: 'health.database',
          checks: { database: 'failed', redis: 'off', draining: false },
        });

        ping.mockReturnValueOnce(new Promise(() => undefined));
        const started = Date.now();
        const hung = await t.app.inject({ method: 'GET', url: '/api/health' });
        expect(hung.statusCode).toBe(503);
        expect(hung.json()).toMatchObject({ key: 'health.database' });
        expect(Date.now() - started).toBeGreaterThanOrEqual(HEALTH_CHECK_TIMEOUT_MS - 50);
        // Liveness checks no dependency.
        expect((await t.app.inject({ method: 'GET', url: '/api/health/live' })).statusCode).toBe(
          200,
        );
        ping.mockRestore();
      } finally {
        await t.close();
      }
    });

    it.skipIf(!redisThere)(
      'is unready while Redis does not answer, ready again after',
      async () => {
        const relay = await redisRelay(TEST_REDIS_URL);
        const t = await buildTestApp(engine, { redisUrl: relay.url(), redisPrefix: PREFIX });
        try {
          expect((await t.app.inject({ method: 'GET', url: '/api/health' })).statusCode).toBe(200);
          await relay.cut();
          const res = await t.app.inject({ method: 'GET', url: '/api/health' });
          expect(res.statusCode).toBe(503);
          expect(res.json()).toMatchObject({
            key: 'health.redis',
            message: 'Not ready: Redis does not answer',
            checks: { database: 'ok', redis: 'failed', draining: false },
          });
          expect((await t.app.inject({ method: 'GET', url: '/api/health/live' })).statusCode).toBe(
            200,
          );
          await relay.restore();
          let again = 503;
          for (let i = 0; i < 50 && again !== 200; i++) {
            await new Promise((resolve) => setTimeout(resolve, 100));
            again = (await t.app.inject({ method: 'GET', url: '/api/health' })).statusCode;
          }
          expect(again).toBe(200);
        } finally {
          await t.close();
          await relay.close();
        }
      },
    );

    it('drains: unready at once, still serving and streaming for the delay, then closed', async () => {
      // Long enough for the checks below to finish inside it on a busy machine.
      const t = await buildTestApp(engine, { shutdownDrainDelayMs: DRAIN_DELAY_MS });
      const origin = new URL(await t.app.listen({ port: 0, host: '127.0.0.1' })).origin;
      await insertMember(t.app, { email: 'drain-delay@example.com' });
      const stream = await openStream(
        `${origin}/api/events.php`,
        await login(t.app, 'drain-delay@example.com'),
      );
      await stream.until((text) => text.startsWith('retry:'));

      const closing = t.app.shutdown.drainAndClose();
      const ready = await fetch(`${origin}/api/health`);
      expect(ready.status).toBe(503);
      // Each answer while draining ends its connection, so pooled connections move elsewhere.
      expect(ready.headers.get('connection')).toBe('close');
      expect(HealthUnavailable.parse(await ready.json())).toMatchObject({
        key: 'health.draining',
        message: 'Not ready: the instance is shutting down',
        checks: { database: 'ok', redis: 'off', draining: true },
      });
      const live = await fetch(`${origin}/api/health/live`);
      expect(live.status).toBe(200);
      expect(await live.json()).toEqual({ status: 'ok', draining: true });
      expect((await fetch(`${origin}/api/settings.php`)).status).toBe(200);
      await expect(stream.ended(100)).rejects.toThrow(/timed out/);

      await stream.ended(DRAIN_DELAY_MS + 10_000);
      await closing;
      await expect(fetch(`${origin}/api/health/live`)).rejects.toThrow();
      await t.close();
    });
  });
}
