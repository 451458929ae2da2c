/**
 * Delivery receipts: a message is delivered once a device of the receiver got it, from a page of
 * the conversation, an acknowledgement of a live event (PUT ?delivered=1) or the chat list poll.
 * The sender hears it as a `delivered` event; read implies delivered.
 */
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ChatMessagesResponse } from '../../src/shared/contract/chat';
import { type LiveEvent } from '../../src/shared/contract/live-events';
import { as, block, insertConversation } from './fixtures';
import { chatCalls, chatRateLimits } from './chat-calls';
import { buildTestApp, ENGINES, type TestApp } from './helper';

for (const engine of ENGINES) {
  describe(`chat delivery (${engine})`, () => {
    let t: TestApp;

    beforeAll(async () => {
      t = await buildTestApp(engine, { rateLimits: chatRateLimits() });
    });
    afterAll(() => t.close());

    const { member, read, delivered, sendOk } = chatCalls(() => t, `chat-delivered-${engine}`);

    /** Ann wrote `count` messages to Bob (and Bob one back); ids oldest first. */
    async function thread(count = 3) {
      const ann = await member();
      const bob = await member();
      const conversation = await insertConversation(t.app, ann.id, bob.id, {
        messages: [
          { from: bob.id, body: 'from bob' },
          ...Array.from({ length: count }, (_, i) => ({ from: ann.id, body: `ann ${i}` })),
        ],
        unread: { [bob.id]: count, [ann.id]: 1 },
      });
      const rows = await t.app.db
        .selectFrom('messages')
        .select(['id', 'sender_id'])
        .where('conversation_id', '=', conversation)
        .orderBy('id')
        .execute();
      const annIds = rows.filter((r) => r.sender_id === ann.id).map((r) => r.id);
      const bobIds = rows.filter((r) => r.sender_id === bob.id).map((r) => r.id);
      return { ann, bob, conversation, annIds, bobIds };
    }

    const deliveredAt = async (conversation: number) =>
      Object.fromEntries(
        (
          await t.app.db
            .selectFrom('messages')
            .select(['id', 'delivered_at'])
            .where('conversation_id', '=', conversation)
            .execute()
        ).map((r) => [r.id, r.delivered_at]),
      );

    /** Events `memberId` gets while `fn` runs. */
    async function eventsOf(memberId: number, fn: () => Promise<unknown>): Promise<LiveEvent[]> {
      const events: LiveEvent[] = [];
      const stop = await t.app.realtime.subscribe(memberId, (event) => events.push(event));
      try {
        await fn();
      } finally {
        stop();
      }
      return events;
    }

    it('a sent message starts undelivered, and a page fetched by the receiver delivers it', async () => {
      const { ann, bob, conversation, annIds, bobIds } = await thread();
      const fresh = await sendOk(ann.cookie, conversation, 'one more');
      expect(fresh.delivered_at).toBeNull();
      const all = [...annIds, fresh.id];
      let page: ChatMessagesResponse = { conversation, msg: [] };
      const events = await eventsOf(ann.id, async () => {
        page = ChatMessagesResponse.parse(
          (await read(bob.cookie, `conversation=${conversation}&read=0`)).json(),
        );
      });
      const at = page.msg.find((m) => m.id === fresh.id)?.delivered_at;
      expect(at).toEqual(expect.any(String));
      expect(events).toEqual([
        { type: 'delivered', conversation, by: bob.id, up_to: fresh.id, delivered_at: at },
      ]);
      // Ann's messages only: Bob's own one waits for Ann's device.
      const stored = await deliveredAt(conversation);
      for (const id of all) expect(stored[id]).toBe(Date.parse(at ?? ''));
      expect(stored[bobIds[0] ?? 0]).toBeNull();
      expect(page.msg.every((m) => m.read_at === null)).toBe(true);

      // Fetched again: nothing new, no event; the sender's fetch shows the time.
      expect(
        await eventsOf(ann.id, () => read(bob.cookie, `conversation=${conversation}&read=0`)),
      ).toEqual([]);
      const seen = ChatMessagesResponse.parse(
        (await read(ann.cookie, `conversation=${conversation}&read=0`)).json(),
      );
      expect(seen.msg.find((m) => m.id === fresh.id)?.delivered_at).toBe(at);
    });

    it('read implies delivered', async () => {
      const { bob, conversation, annIds } = await thread(2);
      const page = ChatMessagesResponse.parse(
        (await read(bob.cookie, `conversation=${conversation}`)).json(),
      );
      for (const m of page.msg.filter((m) => annIds.includes(m.id))) {
        expect(m.read_at).not.toBeNull();
        expect(m.delivered_at).toBe(m.read_at);
      }
    });

    it('acknowledges up to a message in one call, tells the sender once, and is idempotent', async () => {
      const { ann, bob, conversation, annIds, bobIds } = await thread(3);
      const [first, second, third] = annIds as [number, number, number];
      let res = await delivered(bob.cookie, { conversation, up_to: second });
      expect(res.json()).toEqual({ conversation, up_to: second, marked: 2 });
      const events = await eventsOf(ann.id, async () => {
        res = await delivered(bob.cookie, { conversation, up_to: second });
      });
      // The first call marked; the repeat marks nothing and says nothing.
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toEqual({ conversation, up_to: second, marked: 0 });
      expect(events).toEqual([]);
      const stored = await deliveredAt(conversation);
      expect(stored[first]).not.toBeNull();
      expect(stored[second]).toBe(stored[first]);
      expect(stored[third]).toBeNull();

      const later = await eventsOf(ann.id, async () => {
        res = await delivered(bob.cookie, { conversation, up_to: third });
      });
      expect(res.json()).toEqual({ conversation, up_to: third, marked: 1 });
      expect(later).toEqual([
        {
          type: 'delivered',
          conversation,
          by: bob.id,
          up_to: third,
          delivered_at: expect.any(String) as string,
        },
      ]);
      // Ann acknowledging marks Bob's message to her, never her own ones.
      const before = await deliveredAt(conversation);
      res = await delivered(ann.cookie, { conversation, up_to: third });
      expect(res.json()).toEqual({ conversation, up_to: third, marked: 1 });
      const after = await deliveredAt(conversation);
      for (const id of annIds) expect(after[id]).toBe(before[id]);
      expect(after[bobIds[0] ?? 0]).not.toBeNull();
    });

    it("refuses another member's conversation, a message of another one, and logged-out calls", async () => {
      const { bob, conversation, annIds } = await thread(1);
      const eve = await member();
      const upTo = annIds[0] ?? 0;
      for (const id of [conversation, 2_000_000_000]) {
        const res = await delivered(eve.cookie, { conversation: id, up_to: upTo });
        expect(res.statusCode, res.body).toBe(404);
        expect(res.json()).toMatchObject({ key: 'chat.unknown_conversation' });
      }
      const other = await thread(1);
      const foreign = await delivered(bob.cookie, { conversation, up_to: other.annIds[0] });
      expect(foreign.statusCode).toBe(404);
      expect(foreign.json()).toMatchObject({ key: 'chat.unknown_message' });
      const anonymous = await t.app.inject({
        method: 'PUT',
        url: '/api/chat.php?delivered=1',
        payload: { conversation, up_to: upTo },
      });
      expect(anonymous.statusCode).toBe(403);
      expect((await deliveredAt(conversation))[upTo]).toBeNull();
    });

    it('refuses while either member blocks the other', async () => {
      const { ann, bob, conversation, annIds } = await thread(1);
      await block(t.app, ann.id, bob.id);
      const res = await delivered(bob.cookie, { conversation, up_to: annIds[0] });
      expect(res.statusCode).toBe(403);
    });

    it('answers bad input with a 4xx and marks nothing', async () => {
      const { bob, conversation, annIds } = await thread(1);
      const upTo = annIds[0] ?? 0;
      const cases: Array<[unknown, string]> = [
        [{ conversation, up_to: upTo }, ''],
        [{ conversation, up_to: upTo }, 'delivered=0'],
        [{ conversation, up_to: upTo }, 'delivered=yes'],
        [{ conversation: String(conversation), up_to: upTo }, 'delivered=1'],
        [{ conversation, up_to: String(upTo) }, 'delivered=1'],
        [{ conversation, up_to: 0 }, 'delivered=1'],
        [{ conversation, up_to: -1 }, 'delivered=1'],
        [{ conversation, up_to: 1.5 }, 'delivered=1'],
        [{ conversation, up_to: 2 ** 31 }, 'delivered=1'],
        [{ conversation }, 'delivered=1'],
        [{ up_to: upTo }, 'delivered=1'],
        [[conversation, upTo], 'delivered=1'],
        [null, 'delivered=1'],
      ];
      for (const [payload, query] of cases) {
        const res =
          payload === null
            ? await t.app.inject({
                method: 'PUT',
                url: `/api/chat.php?${query}`,
                headers: { 'content-type': 'application/json' },
                payload: '{not json',
                ...as(bob.cookie),
              })
            : await delivered(bob.cookie, payload, query);
        expect(
          res.statusCode,
          `${JSON.stringify(payload)} ${query}: ${res.body}`,
        ).toBeGreaterThanOrEqual(400);
        expect(res.statusCode).toBeLessThan(500);
      }
      expect((await deliveredAt(conversation))[upTo]).toBeNull();
    });

    it('the chat list poll delivers up to each listed last message; an unchanged poll writes nothing', async () => {
      const { ann, bob, conversation, annIds } = await thread(2);
      const poll = () => t.app.inject({ method: 'GET', url: '/api/chats.php', ...as(bob.cookie) });
      const events = await eventsOf(ann.id, poll);
      const last = annIds.at(-1) ?? 0;
      expect(events).toEqual([
        {
          type: 'delivered',
          conversation,
          by: bob.id,
          up_to: last,
          delivered_at: expect.any(String) as string,
        },
      ]);
      const stored = await deliveredAt(conversation);
      for (const id of annIds) expect(stored[id]).not.toBeNull();
      const first = await poll();
      const again = await eventsOf(ann.id, () =>
        t.app.inject({
          method: 'GET',
          url: '/api/chats.php',
          headers: { 'if-none-match': first.headers.etag as string },
          ...as(bob.cookie),
        }),
      );
      expect(again).toEqual([]);
      expect(await deliveredAt(conversation)).toEqual(stored);
    });

    it('marks through the partial index, not the whole history', async () => {
      const { ann, bob, conversation, annIds } = await thread(1);
      const now = Date.now();
      const history = Array.from({ length: 2000 }, (_, i) => ({
        conversation_id: conversation,
        sender_id: i % 2 ? ann.id : bob.id,
        body: `old ${i}`,
        client_id: null,
        created_at: now - 1_000_000 + i,
        read_at: now,
        delivered_at: now,
      }));
      for (let i = 0; i < history.length; i += 500) {
        await t.app.db
          .insertInto('messages')
          .values(history.slice(i, i + 500))
          .execute();
      }
      const upTo = (annIds[0] ?? 0) + 10_000;
      const update = sql`update messages set delivered_at = ${now} where conversation_id = ${conversation} and sender_id <> ${bob.id} and delivered_at is null and id <= ${upTo}`;
      let plan: string;
      if (engine === 'sqlite') {
        await sql`analyze`.execute(t.app.db);
        const { rows } = await sql<{
          detail: string;
        }>`explain query plan ${update}`.execute(t.app.db);
        plan = rows.map((r) => r.detail).join('\n');
      } else {
        await sql`analyze messages`.execute(t.app.db);
        const { rows } = await sql<Record<string, unknown>>`explain ${update}`.execute(t.app.db);
        plan = rows.map((r) => String(Object.values(r)[0])).join('\n');
      }
      expect(plan).toContain('messages_undelivered');
    });

    it('is rate limited per member like sending', async () => {
      const limited = await buildTestApp(engine, { rateLimits: chatRateLimits(2) });
      try {
        const calls = chatCalls(() => limited, `chat-delivered-limit-${engine}`);
        const ann = await calls.member();
        const bob = await calls.member();
        const conversation = await insertConversation(limited.app, ann.id, bob.id, {
          messages: [{ from: ann.id, body: 'hi' }],
        });
        const { id } = await limited.app.db
          .selectFrom('messages')
          .select('id')
          .where('conversation_id', '=', conversation)
          .executeTakeFirstOrThrow();
        const codes: number[] = [];
        for (let i = 0; i < 3; i++) {
          codes.push((await calls.delivered(bob.cookie, { conversation, up_to: id })).statusCode);
        }
        expect(codes).toEqual([200, 200, 429]);
      } finally {
        await limited.close();
      }
    });
  });
}
