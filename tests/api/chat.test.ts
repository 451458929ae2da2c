/**
 * /api/chat.php: starting a conversation once per pair, paging and read receipts, sending,
 * deleting and bringing back (access checks and bad input: chat-access.test.ts).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CHAT_PAGE_SIZE, ChatMessagesResponse } from '../../src/shared/contract/chat';
import { type LiveEvent } from '../../src/shared/contract/live-events';
import { as, insertConversation, insertMember } from './fixtures';
import { chatCalls, chatRateLimits } from './chat-calls';
import { buildTestApp, ENGINES, type TestApp } from './helper';

for (const engine of ENGINES) {
  describe(`chat (${engine})`, () => {
    let t: TestApp;

    beforeAll(async () => {
      t = await buildTestApp(engine, {
        rateLimits: chatRateLimits(),
      });
    });
    afterAll(() => t.close());

    const { member, start, read, sendOk, remove } = chatCalls(() => t, `chat-${engine}`);
    const chatIds = async (cookie: string) => {
      const res = await t.app.inject({ method: 'GET', url: '/api/chats.php', ...as(cookie) });
      return (res.json() as { chats: Array<{ conversation: { id: number } }> }).chats.map(
        (c) => c.conversation.id,
      );
    };

    it('starts one conversation per pair, also under concurrent calls from both sides', async () => {
      const ann = await member();
      const bob = await member();
      const answers = await Promise.all(
        Array.from({ length: 10 }, (_, i) =>
          i % 2 ? start(ann.cookie, bob.id) : start(bob.cookie, ann.id),
        ),
      );
      const ids = answers.map((res) => {
        expect(res.statusCode, res.body).toBe(200);
        return (res.json() as { id: number }).id;
      });
      expect(new Set(ids).size).toBe(1);
      const rows = await t.app.db
        .selectFrom('conversations')
        .select('id')
        .where('member_a', '=', Math.min(ann.id, bob.id))
        .where('member_b', '=', Math.max(ann.id, bob.id))
        .execute();
      expect(rows).toHaveLength(1);
    });

    it('shows a new conversation to the other member only once a message arrives', async () => {
      const ann = await member();
      const bob = await member();
      const { id } = (await start(ann.cookie, bob.id)).json() as { id: number };
      expect(await chatIds(ann.cookie)).toContain(id);
      expect(await chatIds(bob.cookie)).not.toContain(id);
      await sendOk(ann.cookie, id, 'hello');
      expect(await chatIds(bob.cookie)).toContain(id);
    });

    it('refuses yourself, unknown, deleted and banned members', async () => {
      const ann = await member();
      const gone = await insertMember(t.app, { deleted: true });
      const banned = await insertMember(t.app, { status: 'banned' });
      const cases: Array<[number | string, number, string]> = [
        [ann.id, 400, 'chat.self'],
        [2_000_000_000, 404, 'chat.unknown_profile'],
        [gone, 410, 'chat.profile_gone'],
        [banned, 410, 'chat.profile_gone'],
      ];
      for (const [profile, status, key] of cases) {
        const res = await start(ann.cookie, profile);
        expect(res.statusCode, res.body).toBe(status);
        expect(res.json()).toMatchObject({ key });
      }
      for (const bad of ['abc', '-1', '0', '1.5', '']) {
        expect((await start(ann.cookie, bad)).statusCode).toBe(400);
      }
      expect((await read(ann.cookie, '')).statusCode).toBe(400);
      expect((await read(ann.cookie, 'profile=1&conversation=1')).statusCode).toBe(400);
      expect(
        (await t.app.inject({ method: 'GET', url: '/api/chat.php?profile=1' })).statusCode,
      ).toBe(403);
    });

    it('pages back through a long history, oldest first within a page', async () => {
      const ann = await member();
      const bob = await member();
      const total = CHAT_PAGE_SIZE * 2 + 5;
      const conversation = await insertConversation(t.app, ann.id, bob.id, {
        messages: Array.from({ length: total }, (_, i) => ({
          from: i % 2 ? ann.id : bob.id,
          body: `m${i}`,
        })),
      });
      const seen: string[] = [];
      let query = `conversation=${conversation}`;
      for (;;) {
        const res = await read(ann.cookie, query);
        expect(res.statusCode, res.body).toBe(200);
        const page = ChatMessagesResponse.parse(res.json());
        expect(page.msg.length).toBeLessThanOrEqual(CHAT_PAGE_SIZE);
        seen.unshift(...page.msg.map((m) => m.msg));
        if (!page.has_more) break;
        query = `conversation=${conversation}&before=${page.msg[0]?.id}`;
      }
      expect(seen).toEqual(Array.from({ length: total }, (_, i) => `m${i}`));
      const other = await insertConversation(t.app, ann.id, (await member()).id, {
        messages: [{ from: ann.id, body: 'x' }],
      });
      const foreign = await t.app.db
        .selectFrom('messages')
        .select('id')
        .where('conversation_id', '=', other)
        .executeTakeFirstOrThrow();
      const res = await read(ann.cookie, `conversation=${conversation}&before=${foreign.id}`);
      expect(res.statusCode).toBe(404);
      expect(res.json()).toMatchObject({ key: 'chat.unknown_message' });
    });

    it('marks read, gives read_at to the other side only and sends them a read event', async () => {
      const ann = await member();
      const bob = await member();
      const conversation = await insertConversation(t.app, ann.id, bob.id, {
        messages: [
          { from: ann.id, body: 'one' },
          { from: ann.id, body: 'two' },
          { from: bob.id, body: 'mine' },
        ],
        unread: { [bob.id]: 2 },
      });
      const annEvents: LiveEvent[] = [];
      const stop = await t.app.realtime.subscribe(ann.id, (event) => annEvents.push(event));
      try {
        // A background refresh (read=0) reaches Bob's device: delivered, but not read.
        const refresh = ChatMessagesResponse.parse(
          (await read(bob.cookie, `conversation=${conversation}&read=0`)).json(),
        );
        expect(refresh.msg.map((m) => m.read_at)).toEqual([null, null, null]);
        expect(annEvents.map((e) => e.type)).toEqual(['delivered']);
        annEvents.length = 0;
        const res = await read(bob.cookie, `conversation=${conversation}`);
        const page = ChatMessagesResponse.parse(res.json());
        const readAt = Object.fromEntries(page.msg.map((m) => [m.msg, m.read_at]));
        expect(readAt.one).not.toBeNull();
        expect(readAt.two).not.toBeNull();
        expect(readAt.mine).toBeNull();
        const last = page.msg[2]?.id;
        expect(annEvents).toEqual([
          { type: 'read', conversation, by: bob.id, up_to: last, read_at: readAt.one },
        ]);
        const seat = await t.app.db
          .selectFrom('conversation_members')
          .select(['unread', 'last_read_message_id'])
          .where('conversation_id', '=', conversation)
          .where('member_id', '=', bob.id)
          .executeTakeFirstOrThrow();
        expect(seat).toEqual({ unread: 0, last_read_message_id: last });
        // Reading again marks nothing new and sends nothing; the ETag poll answers 304.
        const again = await read(bob.cookie, `conversation=${conversation}`);
        expect(annEvents).toHaveLength(1);
        const etag = again.headers.etag as string;
        const cached = await t.app.inject({
          method: 'GET',
          url: `/api/chat.php?conversation=${conversation}`,
          headers: { 'if-none-match': etag },
          ...as(bob.cookie),
        });
        expect(cached.statusCode).toBe(304);
      } finally {
        stop();
      }
    });

    it('sends to both members, counts unread, and publishes the message event to both', async () => {
      const ann = await member();
      const bob = await member();
      const { id } = (await start(ann.cookie, bob.id)).json() as { id: number };
      const events: Array<[number, LiveEvent]> = [];
      const stops = await Promise.all(
        [ann.id, bob.id].map((m) => t.app.realtime.subscribe(m, (e) => events.push([m, e]))),
      );
      try {
        const message = await sendOk(ann.cookie, id, '  hi there  ');
        expect(message).toMatchObject({
          conversation: id,
          sender: ann.id,
          msg: 'hi there',
          read_at: null,
        });
        const messageEvents = events.filter(([, e]) => e.type === 'message');
        expect(messageEvents.map(([m]) => m).sort()).toEqual([ann.id, bob.id].sort());
        expect(messageEvents[0]?.[1]).toEqual({ type: 'message', conversation: id, message });
      } finally {
        stops.forEach((stop) => stop());
      }
      const list = await t.app.inject({ method: 'GET', url: '/api/chats.php', ...as(bob.cookie) });
      const entry = (
        list.json() as {
          chats: Array<{
            conversation: { id: number; last_message: string };
            num_unread_messages: number;
          }>;
        }
      ).chats.find((c) => c.conversation.id === id);
      expect(entry).toMatchObject({
        conversation: { last_message: 'hi there' },
        num_unread_messages: 1,
      });
    });

    it('deletes from my list only; a new message brings it back', async () => {
      const ann = await member();
      const bob = await member();
      const conversation = await insertConversation(t.app, ann.id, bob.id, {
        messages: [{ from: bob.id, body: 'hey' }],
      });
      const res = await remove(ann.cookie, { conversation });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toEqual({ conversation, deleted: true });
      expect(await chatIds(ann.cookie)).not.toContain(conversation);
      expect(await chatIds(bob.cookie)).toContain(conversation);
      await sendOk(bob.cookie, conversation, 'still there?');
      expect(await chatIds(ann.cookie)).toContain(conversation);
      // Deleting and then writing yourself brings it back too.
      await remove(bob.cookie, { conversation });
      await sendOk(bob.cookie, conversation, 'back');
      expect(await chatIds(bob.cookie)).toContain(conversation);
    });
  });
}
