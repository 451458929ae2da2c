/**
 * /api/chat.php access and input: another member's conversation is a 404 on every method (no
 * IDOR) and bad input is a 4xx that stores nothing.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { as, insertConversation } from './fixtures';
import { chatCalls, chatRateLimits } from './chat-calls';
import { buildTestApp, ENGINES, type TestApp } from './helper';

for (const engine of ENGINES) {
  describe(`chat access and input (${engine})`, () => {
    let t: TestApp;

    beforeAll(async () => {
      t = await buildTestApp(engine, {
        rateLimits: chatRateLimits(),
      });
    });
    afterAll(() => t.close());

    const { member, start, read, send, sendOk, remove } = chatCalls(
      () => t,
      `chat-access-${engine}`,
    );
    it("gives 404 for another member's conversation on every method, changing nothing", async () => {
      const ann = await member();
      const bob = await member();
      const eve = await member();
      const conversation = await insertConversation(t.app, ann.id, bob.id, {
        messages: [{ from: ann.id, body: 'private' }],
        unread: { [bob.id]: 1 },
      });
      const unknown = 2_000_000_000;
      for (const id of [conversation, unknown]) {
        for (const res of [
          await read(eve.cookie, `conversation=${id}`),
          await send(eve.cookie, { conversation: id, message: 'hi', client_id: randomUUID() }),
          await remove(eve.cookie, { conversation: id }),
        ]) {
          expect(res.statusCode, res.body).toBe(404);
          expect(res.json()).toMatchObject({ key: 'chat.unknown_conversation' });
          expect(res.body).not.toContain('private');
        }
      }
      const messages = await t.app.db
        .selectFrom('messages')
        .select(['body', 'read_at'])
        .where('conversation_id', '=', conversation)
        .execute();
      expect(messages).toEqual([{ body: 'private', read_at: null }]);
      const seats = await t.app.db
        .selectFrom('conversation_members')
        .select(['member_id', 'unread', 'deleted_at'])
        .where('conversation_id', '=', conversation)
        .orderBy('member_id')
        .execute();
      expect(seats.every((s) => s.deleted_at === null)).toBe(true);
      expect(seats.find((s) => s.member_id === bob.id)?.unread).toBe(1);
      const credits = await t.app.db
        .selectFrom('members')
        .select('credits')
        .where('id', '=', eve.id)
        .executeTakeFirstOrThrow();
      expect(credits.credits).toBe(100);
    });

    it('refuses bad input with a 4xx and stores nothing', async () => {
      const ann = await member();
      const bob = await member();
      const { id } = (await start(ann.cookie, bob.id)).json() as { id: number };
      const client_id = randomUUID();
      const bodies: unknown[] = [
        {},
        { conversation: id, client_id },
        { conversation: id, message: 'x' },
        { message: 'x', client_id },
        { conversation: id, message: '   ', client_id },
        { conversation: id, message: 'x'.repeat(2001), client_id },
        { conversation: id, message: 42, client_id },
        { conversation: 'abc', message: 'x', client_id },
        { conversation: id, message: 'x', client_id: 'not-a-uuid' },
        { conversation: [id], message: 'x', client_id },
        [],
        'text',
      ];
      for (const payload of bodies) {
        const res = await send(ann.cookie, payload);
        expect(res.statusCode, JSON.stringify(payload)).toBeGreaterThanOrEqual(400);
        expect(res.statusCode, JSON.stringify(payload)).toBeLessThan(500);
      }
      const malformed = await t.app.inject({
        method: 'POST',
        url: '/api/chat.php',
        headers: { 'content-type': 'application/json' },
        payload: '{"conversation": 1, "message": ',
        ...as(ann.cookie),
      });
      expect(malformed.statusCode).toBe(400);
      const huge = await send(ann.cookie, {
        conversation: id,
        message: 'x'.repeat(200_000),
        client_id,
      });
      expect(huge.statusCode).toBe(413);
      for (const payload of [{}, { conversation: 'x' }, { conversation: -1 }]) {
        expect((await remove(ann.cookie, payload)).statusCode).toBe(400);
      }
      // Exactly 2000 characters after trimming is fine.
      await sendOk(ann.cookie, id, ` ${'y'.repeat(2000)} `);
      const stored = await t.app.db
        .selectFrom('messages')
        .select('body')
        .where('conversation_id', '=', id)
        .execute();
      expect(stored).toEqual([{ body: 'y'.repeat(2000) }]);
    });
  });
}
