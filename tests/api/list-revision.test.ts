/**
 * The likes and chat list polls take their ETag from the member's list counters (migration 014),
 * moved by database triggers: every write to what a list shows, by the member or by someone on
 * it, makes a stale tag get 200 with the new answer, on this instance and on another one on the
 * same database; a write to nothing the list shows leaves the poll at 304. The tag carries the
 * moment the answer stops holding without a write (midnight UTC, or a shown premium's end).
 */
import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sha256Hex } from '../../server/lib/tokens';
import { listEtag, nextUtcMidnight, type ListKind } from '../../server/services/list-etag';
import { as, insertConversation, insertMember, login } from './fixtures';
import { buildSiblingApp, buildTestApp, ENGINES, type TestApp } from './helper';

const PATHS: Record<ListKind, string> = { likes: '/api/likes.php', chats: '/api/chats.php' };

interface Poll {
  status: number;
  etag: string;
  body: string;
}

async function poll(app: FastifyInstance, kind: ListKind, cookie: string, etag?: string) {
  const res = await app.inject({
    method: 'GET',
    url: PATHS[kind],
    ...as(cookie),
    ...(etag ? { headers: { 'if-none-match': etag } } : {}),
  });
  return { status: res.statusCode, etag: String(res.headers.etag ?? ''), body: res.body } as Poll;
}

/** A write through the API as `cookie`'s member. */
function send(
  app: FastifyInstance,
  method: 'POST' | 'DELETE',
  url: string,
  cookie: string,
  payload: Record<string, unknown>,
) {
  return app.inject({ method, url, payload, ...as(cookie) });
}

/** The moment a list tag says its answer holds until. */
const momentOf = (etag: string) => parseInt(/^"([0-9a-z]+)\./.exec(etag)?.[1] ?? '', 36);

interface Likes {
  profiles: { id: number; name: string; premium?: boolean; main_image: unknown }[];
  liked_by: { id: number; like_new: boolean }[];
}
interface Chats {
  chats: {
    conversation: { id: number; last_message: string | null };
    profile: { id: number; name: string };
    num_unread_messages: number;
  }[];
}

for (const engine of ENGINES) {
  describe(`likes and chat list revisions (${engine})`, () => {
    let t: TestApp;
    let other: TestApp;
    let emails = 0;
    beforeAll(async () => {
      t = await buildTestApp(engine);
      other = await buildSiblingApp(t);
    });
    afterAll(async () => {
      await other.close();
      await t.close();
    });

    const db = () => t.app.db;

    async function member(name = 'Member') {
      emails += 1;
      const email = `lists-${engine}-${emails}@example.com`;
      const id = await insertMember(t.app, { email, name, country: 'NL' });
      await db().updateTable('members').set({ credits: 100 }).where('id', '=', id).execute();
      return { id, cookie: await login(t.app, email) };
    }

    const like = (by: { id: number }, profile: { id: number }, at = Date.now()) =>
      db()
        .insertInto('likes')
        .values({ member_id: by.id, profile_id: profile.id, liked: true, updated_at: at })
        .execute();

    /** A tag that matches now on both instances. */
    async function settled(kind: ListKind, cookie: string): Promise<Poll> {
      const first = await poll(t.app, kind, cookie);
      expect(first.status).toBe(200);
      for (const app of [t.app, other.app]) {
        expect((await poll(app, kind, cookie, first.etag)).status).toBe(304);
      }
      return first;
    }

    /**
     * After `write`, the old tag gets 200 on both instances with an answer `check` accepts, and
     * the new tag is 304 again.
     */
    async function moves(
      kind: ListKind,
      cookie: string,
      write: () => Promise<unknown>,
      check: (after: string) => void,
    ) {
      const first = await settled(kind, cookie);
      await write();
      for (const app of [other.app, t.app]) {
        const after = await poll(app, kind, cookie, first.etag);
        expect(after.status).toBe(200);
        expect(after.etag).not.toBe(first.etag);
        check(after.body);
        expect((await poll(app, kind, cookie, after.etag)).status).toBe(304);
      }
    }

    async function stays(kind: ListKind, cookie: string, write: () => Promise<unknown>) {
      const first = await settled(kind, cookie);
      await write();
      for (const app of [other.app, t.app]) {
        expect((await poll(app, kind, cookie, first.etag)).status).toBe(304);
      }
    }

    const likesOf = (body: string) => JSON.parse(body) as Likes;
    const chatsOf = (body: string) => (JSON.parse(body) as Chats).chats;

    it('likes: a like through the API moves both members’ lists', async () => {
      const viewer = await member();
      const liker = await member('Liker');
      const likerFirst = await settled('likes', liker.cookie);
      await moves(
        'likes',
        viewer.cookie,
        () =>
          send(t.app, 'POST', '/api/likes.php', liker.cookie, {
            profile: viewer.id,
            client_id: randomUUID(),
          }),
        (after) => expect(likesOf(after).liked_by).toEqual([{ id: liker.id, like_new: true }]),
      );
      const likerAfter = await poll(other.app, 'likes', liker.cookie, likerFirst.etag);
      expect(likerAfter.status).toBe(200);
      expect(likesOf(likerAfter.body).profiles.map((p) => p.id)).toEqual([viewer.id]);
    });

    it('likes: seen, unliked, and a block', async () => {
      const viewer = await member();
      const liker = await member('Liker');
      await like(liker, viewer);
      await moves(
        'likes',
        viewer.cookie,
        () => send(t.app, 'POST', '/api/likes.php?seen=1', viewer.cookie, { profile: liker.id }),
        (after) => expect(likesOf(after).liked_by).toEqual([{ id: liker.id, like_new: false }]),
      );
      await moves(
        'likes',
        viewer.cookie,
        () =>
          db()
            .updateTable('likes')
            .set({ liked: false, updated_at: Date.now() })
            .where('member_id', '=', liker.id)
            .execute(),
        (after) => expect(likesOf(after).liked_by).toEqual([]),
      );
      const liked = await member('Liked');
      await like(viewer, liked);
      await moves(
        'likes',
        viewer.cookie,
        () =>
          db()
            .insertInto('blocks')
            .values({ member_id: liked.id, blocked_id: viewer.id, created_at: Date.now() })
            .execute(),
        (after) => expect(likesOf(after).profiles).toEqual([]),
      );
    });

    it('likes: a listed member’s card: name, photo, its review, leaving', async () => {
      const viewer = await member();
      const liked = await member('Before');
      await like(viewer, liked);
      const set = (values: Record<string, unknown>) => () =>
        db().updateTable('members').set(values).where('id', '=', liked.id).execute();
      await moves('likes', viewer.cookie, set({ name: 'After' }), (after) =>
        expect(likesOf(after).profiles[0]?.name).toBe('After'),
      );
      const photo = await db()
        .insertInto('images')
        .values({
          member_id: liked.id,
          filename: `lists-${liked.id}.jpg`,
          thumb_filename: `lists-${liked.id}-thumb.jpg`,
          width: 640,
          height: 480,
          created_at: Date.now(),
          review: 'approved',
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      await moves('likes', viewer.cookie, set({ main_image_id: photo.id }), (after) =>
        expect(likesOf(after).profiles[0]?.main_image).toEqual({
          thumb_filename: `lists-${liked.id}-thumb.jpg`,
        }),
      );
      await moves(
        'likes',
        viewer.cookie,
        () =>
          db().updateTable('images').set({ review: 'hidden' }).where('id', '=', photo.id).execute(),
        (after) => expect(likesOf(after).profiles[0]?.main_image).toBeNull(),
      );
      await moves('likes', viewer.cookie, set({ status: 'banned' }), (after) =>
        expect(likesOf(after).profiles).toEqual([]),
      );
    });

    it('likes: premium, the member’s own and a listed member’s, and when it ends', async () => {
      const viewer = await member();
      const liked = await member('Liked');
      await like(viewer, liked);
      const first = await settled('likes', viewer.cookie);
      // Nothing shown ends earlier than the day, whose ages the cards show.
      expect(momentOf(first.etag)).toBe(nextUtcMidnight(Date.now()));
      const ends = Date.now() + 3_600_000;
      await moves(
        'likes',
        viewer.cookie,
        () =>
          db()
            .updateTable('members')
            .set({ premium_until: ends })
            .where('id', '=', liked.id)
            .execute(),
        (after) => expect(likesOf(after).profiles[0]?.premium).toBe(true),
      );
      // The badge goes at `ends` without a write, so the tag holds until then and no longer.
      const badged = await poll(t.app, 'likes', viewer.cookie);
      if (ends < nextUtcMidnight(Date.now())) expect(momentOf(badged.etag)).toBe(ends);
      // The member's own premium names hidden likers: a write to it moves their list too.
      await moves(
        'likes',
        viewer.cookie,
        () =>
          db()
            .updateTable('members')
            .set({ premium_until: Date.now() + 86_400_000 })
            .where('id', '=', viewer.id)
            .execute(),
        () => undefined,
      );
    });

    it('likes: a tag past its moment, or with a moment it was not made with, is answered in full', async () => {
      const viewer = await member();
      const first = await settled('likes', viewer.cookie);
      const row = await db()
        .selectFrom('member_lists')
        .select('likes_revision')
        .where('member_id', '=', viewer.id)
        .executeTakeFirst();
      const state = {
        kind: 'likes' as const,
        memberId: viewer.id,
        sessionKey: sha256Hex(viewer.cookie),
        revision: Number(row?.likes_revision ?? 0),
      };
      // The same tag as the server's, so the test makes tags as the server does...
      expect(listEtag(state, momentOf(first.etag))).toBe(first.etag);
      // ...and one whose moment has passed is not held.
      const past = await poll(t.app, 'likes', viewer.cookie, listEtag(state, Date.now() - 1));
      expect(past.status).toBe(200);
      // A moment stretched by hand does not match the hash made with the real one.
      const stretched = first.etag.replace(
        /^"[0-9a-z]+\./,
        `"${(momentOf(first.etag) + 1).toString(36)}.`,
      );
      expect((await poll(t.app, 'likes', viewer.cookie, stretched)).status).toBe(200);
    });

    it('likes: writes to nothing the lists show stay at 304', async () => {
      const viewer = await member();
      const liked = await member('Liked');
      await like(viewer, liked);
      const a = await member();
      const b = await member();
      await stays('likes', viewer.cookie, async () => {
        await db()
          .updateTable('members')
          .set({ last_active: Date.now() + 5000, credits: 7 })
          .where('id', '=', liked.id)
          .execute();
        // The same name written again is no change.
        await db()
          .updateTable('members')
          .set({ name: 'Liked' })
          .where('id', '=', liked.id)
          .execute();
        await like(a, b);
        await insertConversation(t.app, viewer.id, liked.id, {
          messages: [{ from: liked.id, body: 'Only the chat list shows this' }],
        });
      });
    });

    it('chats: a message through the API moves both seats’ lists', async () => {
      const viewer = await member();
      const sender = await member('Sender');
      const conversation = await insertConversation(t.app, viewer.id, sender.id, {
        messages: [{ from: viewer.id, body: 'Hello' }],
      });
      const senderFirst = await settled('chats', sender.cookie);
      await moves(
        'chats',
        viewer.cookie,
        () =>
          send(t.app, 'POST', '/api/chat.php', sender.cookie, {
            conversation,
            message: 'Hi there',
            client_id: randomUUID(),
          }),
        (after) =>
          expect(chatsOf(after)[0]).toMatchObject({
            conversation: { id: conversation, last_message: 'Hi there' },
            num_unread_messages: 1,
          }),
      );
      expect((await poll(other.app, 'chats', sender.cookie, senderFirst.etag)).status).toBe(200);
    });

    it('chats: read, deleted on one side, a card, a block', async () => {
      const viewer = await member();
      const partner = await member('Before');
      const conversation = await insertConversation(t.app, viewer.id, partner.id, {
        messages: [{ from: partner.id, body: 'Hello' }],
        unread: { [viewer.id]: 1 },
      });
      const seat = (values: Record<string, unknown>) => () =>
        db()
          .updateTable('conversation_members')
          .set(values)
          .where('conversation_id', '=', conversation)
          .where('member_id', '=', viewer.id)
          .execute();
      await moves('chats', viewer.cookie, seat({ unread: 0 }), (after) =>
        expect(chatsOf(after)[0]?.num_unread_messages).toBe(0),
      );
      await moves(
        'chats',
        viewer.cookie,
        () =>
          db().updateTable('members').set({ name: 'After' }).where('id', '=', partner.id).execute(),
        (after) => expect(chatsOf(after)[0]?.profile.name).toBe('After'),
      );
      await moves('chats', viewer.cookie, seat({ deleted_at: Date.now() }), (after) =>
        expect(chatsOf(after)).toEqual([]),
      );
      await seat({ deleted_at: null })();
      await moves(
        'chats',
        viewer.cookie,
        () =>
          db()
            .insertInto('blocks')
            .values({ member_id: viewer.id, blocked_id: partner.id, created_at: Date.now() })
            .execute(),
        (after) => expect(chatsOf(after)).toEqual([]),
      );
    });

    it('likes and messages both ways at once all land (the counters never deadlock)', async () => {
      const ann = await member('Ann');
      const bob = await member('Bob');
      const conversation = await insertConversation(t.app, ann.id, bob.id);
      const act = (app: FastifyInstance, from: typeof ann, to: typeof ann, liked: boolean) => [
        send(app, liked ? 'POST' : 'DELETE', '/api/likes.php', from.cookie, {
          profile: to.id,
          client_id: randomUUID(),
        }),
        send(app, 'POST', '/api/chat.php', from.cookie, {
          conversation,
          message: `from ${from.id}`,
          client_id: randomUUID(),
        }),
      ];
      for (let round = 0; round < 8; round += 1) {
        const liked = round % 2 === 0;
        const answers = await Promise.all([
          ...act(t.app, ann, bob, liked),
          ...act(other.app, bob, ann, liked),
        ]);
        for (const res of answers) expect(res.statusCode, res.body).toBe(200);
      }
      const listed = chatsOf((await poll(t.app, 'chats', ann.cookie)).body);
      expect(listed[0]?.num_unread_messages).toBe(8);
    });

    it('chats: writes to nothing the list shows stay at 304', async () => {
      const viewer = await member();
      const partner = await member('Partner');
      const conversation = await insertConversation(t.app, viewer.id, partner.id, {
        messages: [{ from: partner.id, body: 'Hello' }],
      });
      // The full poll above marks the message delivered; what follows changes nothing listed.
      await stays('chats', viewer.cookie, async () => {
        await db()
          .updateTable('messages')
          .set({ read_at: Date.now() })
          .where('conversation_id', '=', conversation)
          .execute();
        await db()
          .updateTable('conversation_members')
          .set({ mailed_at: Date.now() })
          .where('conversation_id', '=', conversation)
          .execute();
        await like(viewer, partner);
        await db()
          .updateTable('members')
          .set({ premium_until: Date.now() + 86_400_000, credits: 3 })
          .where('id', '=', partner.id)
          .execute();
      });
    });
  });
}
