/**
 * Two server instances on one database and one Redis, as behind a load balancer (DESIGN §5):
 * sessions, live events and rate limits work across them. Needs Redis (TEST_REDIS_URL).
 */
import { randomBytes } from 'node:crypto';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LiveEvent } from '../../src/shared/contract/live-events';
import { DEFAULT_RATE_LIMITS } from '../../server/config';
import { as, insertMember, login, PASSWORD } from './fixtures';
import { buildSiblingApp, buildTestApp, ENGINES, type TestApp } from './helper';
import { messages, openStream } from './sse-client';

const TEST_REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';
/** Every key and channel of this run starts with it, so parallel runs never meet. */
const PREFIX = `amora-test-${randomBytes(6).toString('hex')}-`;

/** Deletes this run's keys (rate-limit counters; pub/sub leaves none). */
async function dropRedisKeys(): Promise<void> {
  const redis = new Redis(TEST_REDIS_URL);
  try {
    let cursor = '0';
    do {
      const [next, keys] = await redis.scan(cursor, 'MATCH', `${PREFIX}*`, 'COUNT', 500);
      if (keys.length > 0) await redis.del(...keys);
      cursor = next;
    } while (cursor !== '0');
  } finally {
    await redis.quit();
  }
}

/** Instance A and instance B on one store and one Redis. */
async function buildPair(
  engine: (typeof ENGINES)[number],
  rateLimits = DEFAULT_RATE_LIMITS,
): Promise<[TestApp, TestApp]> {
  const a = await buildTestApp(engine, {
    redisUrl: TEST_REDIS_URL,
    redisPrefix: PREFIX,
    rateLimits,
  });
  try {
    return [a, await buildSiblingApp(a)];
  } catch (err) {
    await a.close();
    throw err;
  }
}

afterAll(dropRedisKeys);

for (const engine of ENGINES) {
  describe(`scale-out over Redis (${engine})`, () => {
    let a: TestApp;
    let b: TestApp;
    let bUrl: string;
    let ann: number;
    let bob: number;
    let annCookie: string;
    let bobCookie: string;

    beforeAll(async () => {
      [a, b] = await buildPair(engine, { ...DEFAULT_RATE_LIMITS, global: 100_000 });
      bUrl = await b.app.listen({ port: 0, host: '127.0.0.1' });
      ann = await insertMember(a.app, { email: 'scale-ann@example.com' });
      bob = await insertMember(a.app, { email: 'scale-bob@example.com' });
      annCookie = await login(a.app, 'scale-ann@example.com');
      bobCookie = await login(a.app, 'scale-bob@example.com');
    });
    afterAll(async () => {
      await b?.close();
      await a?.close();
    });

    it('accepts a session made on A at B', async () => {
      const res = await b.app.inject({ method: 'GET', url: '/api/user.php', ...as(bobCookie) });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({ user: { id: bob, email: 'scale-bob@example.com' } });
    });

    it("delivers a like made through A to the receiver's stream on B", async () => {
      const stream = await openStream(`${bUrl}/api/events.php`, bobCookie);
      try {
        expect(stream.response.status).toBe(200);
        // The retry hint is written once B's Redis subscription is in place.
        await stream.until((text) => text.includes('retry:'));
        const res = await a.app.inject({
          method: 'POST',
          url: '/api/likes.php',
          payload: { profile: bob },
          ...as(annCookie),
        });
        expect(res.json()).toEqual({ liked: true, applied: true });
        const text = await stream.until((s) => messages(s).length > 0, 5000);
        expect(messages(text).map((m) => LiveEvent.parse(JSON.parse(m.data)))).toEqual([
          { type: 'like', by: ann, profile: bob },
        ]);
      } finally {
        stream.close();
      }
    });

    it('delivers events published on B to listeners on A, and not to other members', async () => {
      const received: LiveEvent[] = [];
      const others: LiveEvent[] = [];
      const stop = await a.app.realtime.subscribe(ann, (event) => received.push(event));
      const stopOthers = await a.app.realtime.subscribe(bob, (event) => others.push(event));
      try {
        await b.app.realtime.publish(ann, { type: 'user' });
        const until = Date.now() + 5000;
        while (received.length === 0 && Date.now() < until) {
          await new Promise((resolve) => setTimeout(resolve, 10));
        }
        expect(received).toEqual([{ type: 'user' }]);
        expect(others).toEqual([]);
      } finally {
        stop();
        stopOthers();
      }
    });
  });

  describe(`shared rate limits (${engine})`, () => {
    let a: TestApp;
    let b: TestApp;

    beforeAll(async () => {
      [a, b] = await buildPair(engine, { ...DEFAULT_RATE_LIMITS, global: 100_000, login: 3 });
      await insertMember(a.app, { email: 'limited@example.com' });
    });
    afterAll(async () => {
      await b?.close();
      await a?.close();
    });

    it('counts login attempts on A and B together', async () => {
      const codes: number[] = [];
      for (const app of [a.app, b.app, a.app, b.app, a.app]) {
        const res = await app.inject({
          method: 'POST',
          url: '/api/login.php',
          payload: { email: 'limited@example.com', password: `${PASSWORD}-wrong` },
          // An address of its own, so no other test's logins count here.
          remoteAddress: `10.${engine === 'sqlite' ? 1 : 2}.0.7`,
        });
        codes.push(res.statusCode);
      }
      expect(codes).toEqual([401, 401, 401, 429, 429]);
    });
  });
}
