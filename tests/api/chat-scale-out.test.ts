/**
 * Chat across two server instances on one database and one Redis (DESIGN §5): a member whose
 * event stream is held by instance B receives the message sent through instance A, and the read
 * receipt of a read on B reaches the sender's stream on A. Needs Redis: TEST_REDIS_URL, or the
 * default address when a Redis answers there (skipped only when neither is available).
 */
import { randomBytes, randomUUID } from 'node:crypto';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ChatMessage } from '../../src/shared/contract/chat';
import { LiveEvent } from '../../src/shared/contract/live-events';
import { DEFAULT_RATE_LIMITS } from '../../server/config';
import { as, insertConversation, insertMember, login } from './fixtures';
import { buildSiblingApp, buildTestApp, ENGINES, type TestApp } from './helper';
import { messages, openStream } from './sse-client';

const REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';
const PREFIX = `amora-test-${randomBytes(6).toString('hex')}-`;

/** Whether a Redis answers PING at `url`. */
async function reachable(url: string): Promise<boolean> {
  const redis = new Redis(url, { lazyConnect: true, connectTimeout: 500, maxRetriesPerRequest: 0 });
  redis.on('error', () => undefined);
  try {
    await redis.connect();
    return (await redis.ping()) === 'PONG';
  } catch {
    return false;
  } finally {
    redis.disconnect();
  }
}

const available = process.env.TEST_REDIS_URL !== undefined || (await reachable(REDIS_URL));

/** The live events in a stream's text. */
const eventsOf = (text: string) => messages(text).map((m) => LiveEvent.parse(JSON.parse(m.data)));

for (const engine of ENGINES) {
  describe.skipIf(!available)(`chat scale-out over Redis (${engine})`, () => {
    let a: TestApp;
    let b: TestApp;
    let aUrl: string;
    let bUrl: string;
    let ann: number;
    let bob: number;
    let annCookie: string;
    let bobCookie: string;

    beforeAll(async () => {
      a = await buildTestApp(engine, {
        redisUrl: REDIS_URL,
        redisPrefix: PREFIX,
        rateLimits: { ...DEFAULT_RATE_LIMITS, global: 100_000 },
      });
      b = await buildSiblingApp(a);
      aUrl = await a.app.listen({ port: 0, host: '127.0.0.1' });
      bUrl = await b.app.listen({ port: 0, host: '127.0.0.1' });
      ann = await insertMember(a.app, {
        email: `chat-scale-ann-${engine}@example.com`,
        country: 'NL',
      });
      bob = await insertMember(a.app, {
        email: `chat-scale-bob-${engine}@example.com`,
        country: 'NL',
      });
      await a.app.db.updateTable('members').set({ credits: 10 }).execute();
      annCookie = await login(a.app, `chat-scale-ann-${engine}@example.com`);
      bobCookie = await login(a.app, `chat-scale-bob-${engine}@example.com`);
    });
    afterAll(async () => {
      await b?.close();
      await a?.close();
      const redis = new Redis(REDIS_URL);
      try {
        const keys = await redis.keys(`${PREFIX}*`);
        if (keys.length > 0) await redis.del(...keys);
      } finally {
        await redis.quit();
      }
    });

    it("delivers a message sent through A to the receiver's stream on B, and the read back", async () => {
      const conversation = await insertConversation(a.app, ann, bob);
      const bobStream = await openStream(`${bUrl}/api/events.php`, bobCookie);
      const annStream = await openStream(`${aUrl}/api/events.php`, annCookie);
      try {
        await bobStream.until((text) => text.includes('retry:'));
        await annStream.until((text) => text.includes('retry:'));
        const res = await a.app.inject({
          method: 'POST',
          url: '/api/chat.php',
          payload: { conversation, message: 'across instances', client_id: randomUUID() },
          ...as(annCookie),
        });
        expect(res.statusCode, res.body).toBe(200);
        const message = ChatMessage.parse(res.json());
        const text = await bobStream.until((s) => eventsOf(s).some((e) => e.type === 'message'));
        expect(eventsOf(text)).toContainEqual({ type: 'message', conversation, message });

        // Bob reads through B; Ann's stream on A gets the receipt.
        const read = await b.app.inject({
          method: 'GET',
          url: `/api/chat.php?conversation=${conversation}`,
          ...as(bobCookie),
        });
        expect(read.statusCode).toBe(200);
        const annText = await annStream.until((s) => eventsOf(s).some((e) => e.type === 'read'));
        expect(eventsOf(annText)).toContainEqual(
          expect.objectContaining({ type: 'read', conversation, by: bob, up_to: message.id }),
        );
      } finally {
        bobStream.close();
        annStream.close();
      }
    });
  });
}
