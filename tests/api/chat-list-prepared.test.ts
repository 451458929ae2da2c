/**
 * The chat list's two reads are prepared queries (server/db/prepared.ts). A prepared query must
 * answer exactly what the same query built per call answers, in every state a conversation goes
 * through; and the chat list poll of a member who just logged in on a new device must deliver a
 * waiting message and tell the sender (the end-to-end "Sent, then Delivered" sequence).
 */
import type { Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ChatsResponse } from '../../src/shared/contract/chat';
import { type LiveEvent } from '../../src/shared/contract/live-events';
import { prepared } from '../../server/db/prepared';
import type { Database } from '../../server/db/schema';
import { chatRowsQuery, undeliveredQuery } from '../../server/repositories/chats.repository';
import { chatCalls, chatRateLimits } from './chat-calls';
import { as, block } from './fixtures';
import { buildTestApp, ENGINES, type TestApp } from './helper';

for (const engine of ENGINES) {
  describe(`the chat list, prepared (${engine})`, () => {
    let t: TestApp;
    beforeAll(async () => {
      t = await buildTestApp(engine, { rateLimits: chatRateLimits() });
    });
    afterAll(() => t.close());

    const { member, start, sendOk, read, remove } = chatCalls(() => t, `chat-list-prep-${engine}`);
    const chats = (cookie: string) =>
      t.app.inject({ method: 'GET', url: '/api/chats.php', ...as(cookie) });

    /** Runs both reads prepared and built per call for every member and compares them. */
    async function samePreparedAndBuilt(db: Kysely<Database>, members: number[]) {
      const rows = prepared(chatRowsQuery);
      const undelivered = prepared(undeliveredQuery);
      for (const memberId of members) {
        expect(await rows.all(db, { memberId })).toEqual(
          await chatRowsQuery(db, { memberId }).execute(),
        );
        expect(await undelivered.all(db, { memberId })).toEqual(
          await undeliveredQuery(db, { memberId }).execute(),
        );
      }
    }

    it('answers like the query built per call through a conversation’s life', async () => {
      const alex = await member();
      const sam = await member();
      const kim = await member();
      const everyone = [alex.id, sam.id, kim.id];
      const db = t.app.db;
      await samePreparedAndBuilt(db, everyone);
      const started = await start(alex.cookie, sam.id);
      const conversation = (started.json() as { id: number }).id;
      await samePreparedAndBuilt(db, everyone);
      await sendOk(alex.cookie, conversation, 'Hello Sam');
      await samePreparedAndBuilt(db, everyone);
      await sendOk(sam.cookie, conversation, 'Hello Alex');
      const other = ((await start(kim.cookie, alex.id)).json() as { id: number }).id;
      await sendOk(kim.cookie, other, 'Hi from Kim');
      await samePreparedAndBuilt(db, everyone);
      await read(sam.cookie, `conversation=${conversation}`);
      await samePreparedAndBuilt(db, everyone);
      await block(t.app, sam.id, kim.id);
      await remove(kim.cookie, { conversation: other });
      await samePreparedAndBuilt(db, everyone);
    });

    it('a first poll from a new device lists and delivers the waiting message, and the sender hears it', async () => {
      const alex = await member();
      const sam = await member();
      const conversation = ((await start(alex.cookie, sam.id)).json() as { id: number }).id;
      const sent = await sendOk(alex.cookie, conversation, 'Are you there?');
      expect(sent.delivered_at).toBeNull();
      // Other members' lists are read first, as on a busy server, so the statements are warm.
      for (let i = 0; i < 3; i++) await chats(alex.cookie);

      const events: LiveEvent[] = [];
      const stop = await t.app.realtime.subscribe(alex.id, (event) => events.push(event));
      let listed: ReturnType<typeof ChatsResponse.parse> = { chats: [] };
      try {
        const res = await chats(sam.cookie);
        expect(res.statusCode, res.body).toBe(200);
        listed = ChatsResponse.parse(res.json());
      } finally {
        stop();
      }
      expect(listed.chats.map((c) => [c.conversation.id, c.conversation.last_message])).toEqual([
        [conversation, 'Are you there?'],
      ]);
      expect(listed.chats[0]?.num_unread_messages).toBe(1);
      expect(events).toEqual([
        {
          type: 'delivered',
          conversation,
          by: sam.id,
          up_to: sent.id,
          delivered_at: expect.any(String) as string,
        },
      ]);
    });
  });
}
