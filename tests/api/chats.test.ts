/** GET /api/chats.php: the member's conversations, their order, unread counts and exclusions. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ChatsResponse } from '../../src/shared/contract/chat';
import { as, block, insertConversation, insertMember, login } from './fixtures';
import { buildTestApp, ENGINES, type TestApp } from './helper';

const MINUTE = 60_000;

for (const engine of ENGINES) {
  describe(`chats (${engine})`, () => {
    let t: TestApp;
    let me: number;
    let cookie: string;
    const ids: Record<string, number> = {};
    const conversations: Record<string, number> = {};

    beforeAll(async () => {
      t = await buildTestApp(engine);
      me = await insertMember(t.app, { email: 'chatter@example.com' });
      cookie = await login(t.app, 'chatter@example.com');
      for (const label of ['ann', 'bob', 'cat', 'dan', 'eve', 'fay', 'gus']) {
        ids[label] = await insertMember(t.app, { name: label, country: 'NL', city: 'Delft' });
      }
      const id = (label: string) => ids[label] ?? 0;
      const now = Date.now();
      conversations.ann = await insertConversation(t.app, me, id('ann'), {
        at: now - 30 * MINUTE,
        messages: [
          { from: id('ann'), body: 'Hi!' },
          { from: me, body: 'Hello Ann' },
        ],
      });
      conversations.bob = await insertConversation(t.app, id('bob'), me, {
        at: now - 10 * MINUTE,
        messages: [
          { from: id('bob'), body: 'Coffee?' },
          { from: id('bob'), body: 'Tomorrow at ten?' },
        ],
        unread: { [me]: 2 },
      });
      conversations.cat = await insertConversation(t.app, me, id('cat'), { at: now - 60 * MINUTE });
      conversations.dan = await insertConversation(t.app, me, id('dan'), {
        at: now - 5 * MINUTE,
        messages: [{ from: id('dan'), body: 'Bye' }],
        deletedBy: [me],
      });
      conversations.eve = await insertConversation(t.app, me, id('eve'), { at: now });
      conversations.fay = await insertConversation(t.app, id('fay'), me, { at: now });
      conversations.gus = await insertConversation(t.app, me, id('gus'), { at: now });
      // Someone else's conversation, never mine to see.
      conversations.other = await insertConversation(t.app, id('ann'), id('bob'), { at: now });
      await block(t.app, me, id('eve'));
      await block(t.app, id('fay'), me);
      await t.app.db
        .updateTable('members')
        .set({ status: 'deleted', deleted_at: now })
        .where('id', '=', id('gus'))
        .execute();
    });
    afterAll(() => t.close());

    const chats = async (session = cookie) => {
      const res = await t.app.inject({ method: 'GET', url: '/api/chats.php', ...as(session) });
      expect(res.statusCode, res.body).toBe(200);
      return ChatsResponse.parse(res.json()).chats;
    };

    it('is 403 when logged out', async () => {
      const res = await t.app.inject({ method: 'GET', url: '/api/chats.php' });
      expect(res.statusCode).toBe(403);
      expect(res.json()).toMatchObject({ key: 'auth.not_logged_in' });
    });

    it('lists my conversations newest activity first, with the other member', async () => {
      const list = await chats();
      expect(list.map((c) => c.profile.name)).toEqual(['bob', 'ann', 'cat']);
      const bob = list[0];
      expect(bob).toEqual({
        conversation: {
          id: conversations.bob,
          last_message: 'Tomorrow at ten?',
          updated_at: expect.any(String),
        },
        profile: {
          id: ids.bob,
          name: 'bob',
          age: null,
          city: 'Delft',
          country: 'NL',
          language: 'en',
          main_image: null,
        },
        num_unread_messages: 2,
      });
      expect(Date.parse(bob?.conversation.updated_at ?? '')).toBeGreaterThan(
        Date.now() - 10 * MINUTE,
      );
      expect(list[1]).toMatchObject({
        conversation: { last_message: 'Hello Ann' },
        num_unread_messages: 0,
      });
      expect(list[2]?.conversation.last_message).toBeNull();
    });

    it('leaves out conversations I deleted, blocked either way, or with a deleted member', () =>
      chats().then((list) => {
        const shown = list.map((c) => c.conversation.id);
        for (const label of ['dan', 'eve', 'fay', 'gus', 'other']) {
          expect(shown, label).not.toContain(conversations[label]);
        }
      }));

    it('shows each member their own side: the other member and their own unread count', async () => {
      const other = await insertMember(t.app, { email: 'other-side@example.com' });
      await insertConversation(t.app, other, me, { unread: { [other]: 4, [me]: 1 } });
      const theirs = await chats(await login(t.app, 'other-side@example.com'));
      expect(theirs).toHaveLength(1);
      expect(theirs[0]).toMatchObject({ profile: { id: me }, num_unread_messages: 4 });
      expect((await chats())[0]).toMatchObject({ profile: { id: other }, num_unread_messages: 1 });
    });
  });
}
