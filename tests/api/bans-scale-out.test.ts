/**
 * A ban on one server instance ends the member's sessions on every instance at once (DESIGN §5):
 * two instances share the database and Redis. Needs Redis (TEST_REDIS_URL).
 */
import { randomBytes } from 'node:crypto';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BANNED_KEY } from '../../src/shared/contract/fields';
import { LiveEvent } from '../../src/shared/contract/live-events';
import { SESSION_COOKIE } from '../../server/plugins/session';
import { ban } from './bans-fixtures';
import { as, insertMember, login } from './fixtures';
import { buildSiblingApp, buildTestApp, ENGINES, type TestApp } from './helper';
import { messages, openStream } from './sse-client';

const TEST_REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';
/** Every channel and key of this run starts with it, so parallel runs never meet. */
const PREFIX = `amora-test-${randomBytes(6).toString('hex')}-`;

afterAll(async () => {
  // Rate-limit counters are the only keys the instances leave behind.
  const redis = new Redis(TEST_REDIS_URL);
  try {
    const keys = await redis.keys(`${PREFIX}*`);
    if (keys.length > 0) await redis.del(...keys);
  } finally {
    await redis.quit();
  }
});

for (const engine of ENGINES) {
  describe(`a ban across instances (${engine})`, () => {
    let a: TestApp;
    let b: TestApp;
    let bUrl: string;

    beforeAll(async () => {
      // A long heartbeat: only the Redis event can end the stream within the test.
      a = await buildTestApp(engine, {
        redisUrl: TEST_REDIS_URL,
        redisPrefix: PREFIX,
        sseHeartbeatMs: 60_000,
      });
      b = await buildSiblingApp(a);
      bUrl = await b.app.listen({ port: 0, host: '127.0.0.1' });
    });
    afterAll(async () => {
      await b?.close();
      await a?.close();
    });

    it('banned on A: the next call on B answers 403 banned, the stream on B gets the event and ends', async () => {
      const id = await insertMember(a.app, { email: `two-devices-${engine}@example.com` });
      const phone = await login(a.app, `two-devices-${engine}@example.com`);
      const laptop = await login(b.app, `two-devices-${engine}@example.com`);
      for (const [app, cookie] of [
        [b.app, phone],
        [a.app, laptop],
      ] as const) {
        const res = await app.inject({ method: 'GET', url: '/api/user.php', ...as(cookie) });
        expect(res.statusCode).toBe(200);
      }
      const stream = await openStream(`${bUrl}/api/events.php`, laptop);
      try {
        expect(stream.response.status).toBe(200);
        // The retry hint is written once B's Redis subscription is in place.
        await stream.until((text) => text.includes('retry:'));

        const details = await ban(a.app, id, 'Threatening other members');

        await stream.ended(5000);
        expect(messages(stream.text()).map((m) => LiveEvent.parse(JSON.parse(m.data)))).toEqual([
          { type: 'banned', ...details },
        ]);
        for (const cookie of [phone, laptop]) {
          const res = await b.app.inject({ method: 'GET', url: '/api/chats.php', ...as(cookie) });
          expect(res.statusCode).toBe(403);
          expect(res.json()).toMatchObject({ key: BANNED_KEY, ban: details });
          expect(res.cookies.find((c) => c.name === SESSION_COOKIE)?.value).toBe('');
        }
      } finally {
        stream.close();
      }
    });
  });
}
