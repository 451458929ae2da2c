/**
 * /api/block.php and /api/complaints.php (DESIGN §4): a block made through the API hides two
 * members from each other in search, likes and chats both ways and stops their chat; unblocking
 * brings it back; complaints are stored.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BlockListResponse } from '../../src/shared/contract/chat';
import { as, insertConversation, insertMember, login } from './fixtures';
import { buildTestApp, ENGINES, type TestApp } from './helper';

let emails = 0;

for (const engine of ENGINES) {
  describe(`block and report (${engine})`, () => {
    let t: TestApp;

    beforeAll(async () => {
      t = await buildTestApp(engine);
    });
    afterAll(() => t.close());

    const member = async () => {
      emails += 1;
      const email = `block-${engine}-${emails}@example.com`;
      const id = await insertMember(t.app, { email, country: 'NL', gender: 'female' });
      await t.app.db.updateTable('members').set({ credits: 100 }).where('id', '=', id).execute();
      return { id, cookie: await login(t.app, email) };
    };
    const call = (
      method: 'GET' | 'POST' | 'DELETE',
      url: string,
      cookie: string,
      payload?: object,
    ) => t.app.inject({ method, url, ...(payload && { payload }), ...as(cookie) });
    const ids = (list: Array<{ id: number }>) => list.map((p) => p.id);
    /** Whether `viewer` sees `other` in search, likes (both lists) and chats. */
    const sees = async (viewer: { cookie: string }, other: number) => {
      const search = (
        await call('GET', '/api/search.php?manual_search=1&gender=female&country=NL', viewer.cookie)
      ).json() as { profiles: Array<{ id: number }> };
      const likes = (await call('GET', '/api/likes.php', viewer.cookie)).json() as {
        profiles: Array<{ id: number }>;
        liked_by: Array<{ id: number }>;
      };
      const chats = (await call('GET', '/api/chats.php', viewer.cookie)).json() as {
        chats: Array<{ profile: { id: number } }>;
      };
      return {
        search: ids(search.profiles).includes(other),
        likes: ids(likes.profiles).includes(other) || ids(likes.liked_by).includes(other),
        chats: chats.chats.some((c) => c.profile.id === other),
      };
    };

    it('hides both members from each other everywhere, and unblocking brings them back', async () => {
      const ann = await member();
      const bob = await member();
      const conversation = await insertConversation(t.app, ann.id, bob.id, {
        messages: [{ from: bob.id, body: 'hi' }],
      });
      await call('POST', '/api/likes.php', ann.cookie, { profile: bob.id });
      await call('POST', '/api/likes.php', bob.cookie, { profile: ann.id });
      const all = { search: true, likes: true, chats: true };
      expect(await sees(ann, bob.id)).toEqual(all);
      expect(await sees(bob, ann.id)).toEqual(all);

      const res = await call('POST', '/api/block.php', ann.cookie, { profile: bob.id });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toEqual({ profile: bob.id, blocked: true });
      expect(
        (await call('POST', '/api/block.php', ann.cookie, { profile: bob.id })).json(),
      ).toEqual({ profile: bob.id, blocked: true });
      const none = { search: false, likes: false, chats: false };
      expect(await sees(ann, bob.id)).toEqual(none);
      expect(await sees(bob, ann.id)).toEqual(none);
      const list = BlockListResponse.parse(
        (await call('GET', '/api/block.php', ann.cookie)).json(),
      );
      expect(ids(list.profiles)).toEqual([bob.id]);

      // Neither can message, start or read the chat.
      for (const [who, key] of [
        [ann, 'chat.blocked'],
        [bob, 'chat.blocked_by_member'],
      ] as const) {
        const sent = await call('POST', '/api/chat.php', who.cookie, {
          conversation,
          message: 'hello?',
          client_id: randomUUID(),
        });
        expect(sent.statusCode).toBe(403);
        expect(sent.json()).toMatchObject({ key });
        expect(
          (await call('GET', `/api/chat.php?conversation=${conversation}`, who.cookie)).statusCode,
        ).toBe(403);
      }
      expect((await call('GET', `/api/chat.php?profile=${bob.id}`, ann.cookie)).statusCode).toBe(
        403,
      );
      expect((await call('GET', `/api/chat.php?profile=${ann.id}`, bob.cookie)).statusCode).toBe(
        410,
      );
      const stored = await t.app.db
        .selectFrom('messages')
        .select('body')
        .where('conversation_id', '=', conversation)
        .execute();
      expect(stored).toEqual([{ body: 'hi' }]);
      const credits = await t.app.db
        .selectFrom('members')
        .select('credits')
        .where('id', 'in', [ann.id, bob.id])
        .execute();
      expect(credits.map((c) => c.credits)).toEqual([100, 100]);

      const lifted = await call('DELETE', '/api/block.php', ann.cookie, { profile: bob.id });
      expect(lifted.json()).toEqual({ profile: bob.id, blocked: false });
      expect(await sees(ann, bob.id)).toEqual(all);
      expect(await sees(bob, ann.id)).toEqual(all);
      const sent = await call('POST', '/api/chat.php', bob.cookie, {
        conversation,
        message: 'again',
        client_id: randomUUID(),
      });
      expect(sent.statusCode).toBe(200);
    });

    it('documents the chat, block and complaint calls at /api/docs', async () => {
      const res = await t.app.inject({ method: 'GET', url: '/api/docs/json' });
      const paths = (res.json() as { paths: Record<string, Record<string, unknown>> }).paths;
      expect(Object.keys(paths['/api/chat.php'] ?? {}).sort()).toEqual([
        'delete',
        'get',
        'post',
        'put',
      ]);
      expect(Object.keys(paths['/api/block.php'] ?? {}).sort()).toEqual(['delete', 'get', 'post']);
      expect(Object.keys(paths['/api/complaints.php'] ?? {})).toEqual(['post']);
    });

    it('keeps a block the other member made when I unblock', async () => {
      const ann = await member();
      const bob = await member();
      await call('POST', '/api/block.php', bob.cookie, { profile: ann.id });
      await call('DELETE', '/api/block.php', ann.cookie, { profile: bob.id });
      expect(await sees(ann, bob.id)).toMatchObject({ search: false });
    });

    it('refuses yourself, unknown ids, logged-out calls and bad bodies', async () => {
      const ann = await member();
      for (const method of ['POST', 'DELETE'] as const) {
        const self = await call(method, '/api/block.php', ann.cookie, { profile: ann.id });
        expect(self.statusCode).toBe(400);
        expect(self.json()).toMatchObject({ key: 'block.self' });
        const unknown = await call(method, '/api/block.php', ann.cookie, {
          profile: 2_000_000_000,
        });
        expect(unknown.statusCode).toBe(404);
        for (const payload of [{}, { profile: 'x' }, { profile: -3 }, { profile: [1] }]) {
          expect((await call(method, '/api/block.php', ann.cookie, payload)).statusCode).toBe(400);
        }
        const anonymous = await t.app.inject({
          method,
          url: '/api/block.php',
          payload: { profile: 1 },
        });
        expect(anonymous.statusCode).toBe(403);
      }
    });

    it('stores complaints and refuses bad ones', async () => {
      const ann = await member();
      const bob = await member();
      const res = await call('POST', '/api/complaints.php', ann.cookie, {
        profile: bob.id,
        reason: 'spam',
        message: '  sells things  ',
      });
      expect(res.statusCode, res.body).toBe(200);
      const { id } = res.json() as { id: number };
      const row = await t.app.db
        .selectFrom('complaints')
        .selectAll()
        .where('id', '=', id)
        .executeTakeFirstOrThrow();
      expect(row).toMatchObject({
        reporter_id: ann.id,
        reported_member_id: bob.id,
        subject: 'spam',
        body: 'sells things',
        status: 'open',
      });
      const bare = await call('POST', '/api/complaints.php', ann.cookie, {
        profile: bob.id,
        reason: 'fake',
      });
      expect(bare.statusCode).toBe(200);
      const refused: Array<[object, number]> = [
        [{ profile: bob.id, reason: 'boring' }, 400],
        [{ profile: bob.id }, 400],
        [{ reason: 'spam' }, 400],
        [{ profile: bob.id, reason: 'spam', message: 'x'.repeat(2001) }, 400],
        [{ profile: bob.id, reason: 'spam', message: 5 }, 400],
        [{ profile: ann.id, reason: 'spam' }, 400],
        [{ profile: 2_000_000_000, reason: 'spam' }, 404],
      ];
      for (const [payload, status] of refused) {
        expect(
          (await call('POST', '/api/complaints.php', ann.cookie, payload)).statusCode,
          JSON.stringify(payload),
        ).toBe(status);
      }
      const anonymous = await t.app.inject({
        method: 'POST',
        url: '/api/complaints.php',
        payload: { profile: bob.id, reason: 'spam' },
      });
      expect(anonymous.statusCode).toBe(403);
    });
  });
}
