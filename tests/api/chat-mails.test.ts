/**
 * E-mail notifications (notification-mails.ts): a member who is not connected live and has the
 * switch on gets one unread-messages mail per conversation until they read it, and at most one
 * likes mail per hour, in their language, with a link; nothing when the switch is off, when they
 * are live (on any instance: Redis tells), or when their address is not confirmed.
 */
import { randomBytes } from 'node:crypto';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  LIKES_MAIL_EVERY_MS,
  LIKES_MAIL_KIND,
  MESSAGES_MAIL_KIND,
} from '../../server/services/notification-mails';
import { as, insertConversation, insertMember, login } from './fixtures';
import { chatCalls, chatRateLimits } from './chat-calls';
import { buildSiblingApp, buildTestApp, ENGINES, type TestApp } from './helper';

const REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';

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
const redisAvailable = process.env.TEST_REDIS_URL !== undefined || (await reachable(REDIS_URL));

/** The outbox mails of a member, oldest first. */
async function mailsOf(t: TestApp, memberId: number) {
  return t.app.db
    .selectFrom('mail_outbox')
    .select(['kind', 'to_email', 'subject', 'text'])
    .where('member_id', '=', memberId)
    .orderBy('id')
    .execute();
}

for (const engine of ENGINES) {
  describe(`notification mails (${engine})`, () => {
    let t: TestApp;

    beforeAll(async () => {
      t = await buildTestApp(engine, { rateLimits: chatRateLimits() });
    });
    afterAll(() => t.close());

    const { member, read, sendOk, remove } = chatCalls(() => t, `chat-mails-${engine}`);

    const settings = (cookie: string, patch: Record<string, boolean>) =>
      t.app.inject({
        method: 'POST',
        url: '/api/notification_settings.php',
        payload: patch,
        ...as(cookie),
      });
    const like = (cookie: string, profile: number) =>
      t.app.inject({ method: 'POST', url: '/api/likes.php', payload: { profile }, ...as(cookie) });
    const conversationOf = async (a: number, b: number) =>
      insertConversation(t.app, a, b, { messages: [] });

    it('mails an offline receiver once per conversation until they read it, in their language', async () => {
      const ann = await member();
      const bob = await member();
      await t.app.db
        .updateTable('members')
        .set({ language: 'nl' })
        .where('id', '=', bob.id)
        .execute();
      const conversation = await conversationOf(ann.id, bob.id);

      await sendOk(ann.cookie, conversation, 'Hello?');
      await sendOk(ann.cookie, conversation, 'Are you there?');
      let mails = await mailsOf(t, bob.id);
      expect(mails).toHaveLength(1);
      const [mail] = mails;
      const { email } = await t.app.db
        .selectFrom('members')
        .select('email')
        .where('id', '=', bob.id)
        .executeTakeFirstOrThrow();
      const { name: annName } = await t.app.db
        .selectFrom('members')
        .select('name')
        .where('id', '=', ann.id)
        .executeTakeFirstOrThrow();
      expect(mail).toMatchObject({ kind: MESSAGES_MAIL_KIND, to_email: email });
      expect(mail?.subject).toBe(`${annName} heeft je een bericht gestuurd op Amora`);
      expect(mail?.text).toMatch(new RegExp(`^Hoi `));
      expect(mail?.text).toContain(`${t.app.siteOrigin()}/chats/${conversation}\n`);
      expect(mail?.text).toContain(`${t.app.siteOrigin()}/notifications`);
      // The message text itself stays on the site.
      expect(mail?.text).not.toContain('Hello?');

      // Read: the next message may mail again, once.
      await read(bob.cookie, `conversation=${conversation}`);
      await sendOk(ann.cookie, conversation, 'Thanks for reading');
      await sendOk(ann.cookie, conversation, 'One more');
      mails = await mailsOf(t, bob.id);
      expect(mails.map((m) => m.kind)).toEqual([MESSAGES_MAIL_KIND, MESSAGES_MAIL_KIND]);
      // A background refresh (read=0) is not reading it.
      await read(bob.cookie, `conversation=${conversation}&read=0`);
      await sendOk(ann.cookie, conversation, 'Still there?');
      expect(await mailsOf(t, bob.id)).toHaveLength(2);
      // The sender gets nothing about their own messages.
      expect(await mailsOf(t, ann.id)).toEqual([]);
    });

    it('mails per conversation: a second conversation gets its own mail', async () => {
      const bob = await member();
      const ann = await member();
      const cat = await member();
      await sendOk(ann.cookie, await conversationOf(ann.id, bob.id), 'hi from ann');
      await sendOk(cat.cookie, await conversationOf(cat.id, bob.id), 'hi from cat');
      expect(await mailsOf(t, bob.id)).toHaveLength(2);
    });

    it('a deleted conversation may mail again when a new message brings it back', async () => {
      const ann = await member();
      const bob = await member();
      const conversation = await conversationOf(ann.id, bob.id);
      await sendOk(ann.cookie, conversation, 'first');
      await remove(bob.cookie, { conversation });
      await sendOk(ann.cookie, conversation, 'back again');
      expect(await mailsOf(t, bob.id)).toHaveLength(2);
    });

    it('sends nothing with the switch off', async () => {
      const ann = await member();
      const bob = await member();
      expect((await settings(bob.cookie, { email_messages: false })).statusCode).toBe(200);
      await sendOk(ann.cookie, await conversationOf(ann.id, bob.id), 'hi');
      expect(await mailsOf(t, bob.id)).toEqual([]);
      // The likes switch is separate.
      expect((await like(ann.cookie, bob.id)).statusCode).toBe(200);
      expect((await mailsOf(t, bob.id)).map((m) => m.kind)).toEqual([LIKES_MAIL_KIND]);
    });

    it('sends nothing to a member with an open event stream', async () => {
      const ann = await member();
      const bob = await member();
      const stop = await t.app.realtime.subscribe(bob.id, () => undefined);
      try {
        await sendOk(ann.cookie, await conversationOf(ann.id, bob.id), 'you are online');
        expect((await like(ann.cookie, bob.id)).statusCode).toBe(200);
        expect(await mailsOf(t, bob.id)).toEqual([]);
      } finally {
        stop();
      }
    });

    it('sends nothing to an address that was never confirmed', async () => {
      const ann = await member();
      const email = `chat-mails-unconfirmed-${engine}@example.com`;
      const id = await insertMember(t.app, { email, status: 'not_confirmed' });
      await login(t.app, email);
      await sendOk(ann.cookie, await conversationOf(ann.id, id), 'hi');
      expect(await mailsOf(t, id)).toEqual([]);
    });

    it('mails likes at most once per hour, with a link to the likes page', async () => {
      const bob = await member();
      const [ann, cat] = [await member(), await member()];
      expect((await like(ann.cookie, bob.id)).statusCode).toBe(200);
      expect((await like(cat.cookie, bob.id)).statusCode).toBe(200);
      let mails = await mailsOf(t, bob.id);
      expect(mails.map((m) => m.kind)).toEqual([LIKES_MAIL_KIND]);
      expect(mails[0]?.subject).toMatch(/ likes you on Amora$/);
      expect(mails[0]?.text).toContain(`${t.app.siteOrigin()}/likes\n`);
      // Unliking and liking again within the hour sends nothing new.
      await t.app.inject({
        method: 'DELETE',
        url: '/api/likes.php',
        payload: { profile: bob.id },
        ...as(ann.cookie),
      });
      expect((await like(ann.cookie, bob.id)).statusCode).toBe(200);
      expect(await mailsOf(t, bob.id)).toHaveLength(1);
      // An hour later the next like mails again.
      await t.app.db
        .withTables<{ notification_mail_state: { member_id: number; likes_mailed_at: number } }>()
        .updateTable('notification_mail_state')
        .set({ likes_mailed_at: Date.now() - LIKES_MAIL_EVERY_MS - 1 })
        .where('member_id', '=', bob.id)
        .execute();
      const dan = await member();
      expect((await like(dan.cookie, bob.id)).statusCode).toBe(200);
      mails = await mailsOf(t, bob.id);
      expect(mails.map((m) => m.kind)).toEqual([LIKES_MAIL_KIND, LIKES_MAIL_KIND]);
    });

    it('claims one mail under concurrent messages and likes', async () => {
      const bob = await member();
      const senders = await Promise.all(Array.from({ length: 4 }, () => member()));
      const ann = senders[0] ?? (await member());
      const conversation = await conversationOf(ann.id, bob.id);
      await Promise.all([
        ...Array.from({ length: 6 }, (_, i) => sendOk(ann.cookie, conversation, `burst ${i}`)),
        ...senders.map((s) => like(s.cookie, bob.id)),
      ]);
      const kinds = (await mailsOf(t, bob.id)).map((m) => m.kind).sort();
      expect(kinds).toEqual([LIKES_MAIL_KIND, MESSAGES_MAIL_KIND].sort());
    });
  });

  describe.skipIf(!redisAvailable)(`notification mails across instances (${engine})`, () => {
    let a: TestApp;
    let b: TestApp;

    beforeAll(async () => {
      a = await buildTestApp(engine, {
        redisUrl: REDIS_URL,
        redisPrefix: `amora-test-${randomBytes(6).toString('hex')}-`,
        rateLimits: chatRateLimits(),
      });
      b = await buildSiblingApp(a);
    });
    afterAll(async () => {
      await b.close();
      await a.close();
    });

    it('sends nothing while the receiver is live on another instance, and mails once they left', async () => {
      const { member, sendOk } = chatCalls(() => a, `chat-mails-redis-${engine}`);
      const ann = await member();
      const bob = await member();
      const conversation = await insertConversation(a.app, ann.id, bob.id, { messages: [] });
      const stop = await b.app.realtime.subscribe(bob.id, () => undefined);
      expect(a.app.realtime.listenerCount(bob.id)).toBe(0);
      expect(await a.app.realtime.isLive(bob.id)).toBe(true);
      await sendOk(ann.cookie, conversation, 'seen on b');
      expect(await mailsOf(a, bob.id)).toEqual([]);

      stop();
      for (let i = 0; i < 50 && (await a.app.realtime.isLive(bob.id)); i++) {
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
      expect(await a.app.realtime.isLive(bob.id)).toBe(false);
      await sendOk(ann.cookie, conversation, 'gone now');
      expect((await mailsOf(a, bob.id)).map((m) => m.kind)).toEqual([MESSAGES_MAIL_KIND]);
    });
  });
}
