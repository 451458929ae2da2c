/**
 * The user poll's ETag comes from the member's revision (migration 011), moved by database
 * triggers: every kind of write to what GET /api/user.php shows makes a stale ETag get 200 with
 * the new answer, on this instance and on another one on the same database; a write to nothing it
 * shows (the activity time a session slide writes) leaves the poll at 304.
 */
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { as, insertMember, login } from './fixtures';
import { buildSiblingApp, buildTestApp, ENGINES, type TestApp } from './helper';

interface Poll {
  status: number;
  etag: string;
  user: Record<string, unknown> | null;
}

async function poll(app: FastifyInstance, cookie: string, etag?: string): Promise<Poll> {
  const res = await app.inject({
    method: 'GET',
    url: '/api/user.php',
    ...as(cookie),
    ...(etag ? { headers: { 'if-none-match': etag } } : {}),
  });
  return {
    status: res.statusCode,
    etag: String(res.headers.etag ?? ''),
    user: res.statusCode === 200 ? (res.json() as { user: Record<string, unknown> }).user : null,
  };
}

for (const engine of ENGINES) {
  describe(`user.php revision (${engine})`, () => {
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

    async function member() {
      emails += 1;
      const email = `revision-${engine}-${emails}@example.com`;
      const id = await insertMember(t.app, { email, country: 'NL' });
      return { id, cookie: await login(t.app, email) };
    }

    /**
     * Polls until 304, makes the write, then polls again with the old ETag on both instances:
     * 200 with an answer that `changed` accepts, and a new ETag that is 304 again.
     */
    async function moves(
      write: (id: number, cookie: string) => Promise<unknown>,
      changed: (before: Record<string, unknown>, after: Record<string, unknown>) => void,
    ) {
      const { id, cookie } = await member();
      const first = await poll(t.app, cookie);
      expect(first.status).toBe(200);
      expect((await poll(t.app, cookie, first.etag)).status).toBe(304);
      expect((await poll(other.app, cookie, first.etag)).status).toBe(304);
      await write(id, cookie);
      for (const app of [other.app, t.app]) {
        const after = await poll(app, cookie, first.etag);
        expect(after.status).toBe(200);
        expect(after.etag).not.toBe(first.etag);
        changed(first.user ?? {}, after.user ?? {});
        expect((await poll(app, cookie, after.etag)).status).toBe(304);
      }
    }

    const db = () => t.app.db;
    const profileOf = (user: Record<string, unknown>) => user.profile as Record<string, unknown>;

    it('moves on a profile edit through the API', async () => {
      await moves(
        (_id, cookie) =>
          t.app.inject({
            method: 'PUT',
            url: '/api/user.php',
            payload: { profile: { personal: 'Edited through the API' } },
            ...as(cookie),
          }),
        (_before, after) => expect(profileOf(after).personal).toBe('Edited through the API'),
      );
    });

    it('moves on the members row: credits, status, premium, the landers opt-out', async () => {
      await moves(
        (id) => db().updateTable('members').set({ credits: 4321 }).where('id', '=', id).execute(),
        (_b, after) => expect(after.credits).toBe(4321),
      );
      await moves(
        (id) =>
          db()
            .updateTable('members')
            .set({ status: 'not_confirmed' })
            .where('id', '=', id)
            .execute(),
        (_b, after) => expect(after.activated).toBe(false),
      );
      await moves(
        (id) =>
          db()
            .updateTable('members')
            .set({ premium_until: Date.now() + 86_400_000 })
            .where('id', '=', id)
            .execute(),
        (_b, after) => expect(after.paid_user).toBe(true),
      );
      await moves(
        (id) =>
          db().updateTable('members').set({ lander_opt_out: true }).where('id', '=', id).execute(),
        (_b, after) => expect(after.lander_opt_out).toBe(true),
      );
    });

    it('moves on profile fields and notes, added, changed and removed', async () => {
      await moves(
        (id) =>
          db()
            .insertInto('member_fields')
            .values({ member_id: id, name: 'eyes', value: 'green' })
            .execute(),
        (_b, after) => expect(profileOf(after).fields).toMatchObject({ eyes: 'green' }),
      );
      await moves(
        (id) =>
          db()
            .insertInto('member_notes')
            .values({ member_id: id, name: 'ideal_date', value: 'A walk' })
            .execute(),
        (_b, after) => expect(profileOf(after).notes).toMatchObject({ ideal_date: 'A walk' }),
      );
      await moves(
        async (id) => {
          await db()
            .insertInto('member_fields')
            .values({ member_id: id, name: 'hair', value: 'brown' })
            .execute();
          await poll(t.app, (await member()).cookie);
          await db().deleteFrom('member_fields').where('member_id', '=', id).execute();
        },
        (_b, after) => expect(profileOf(after).fields).toEqual({}),
      );
    });

    it('moves on photos: a new one, a moderator’s review, a removed one', async () => {
      const photo = (id: number) => ({
        member_id: id,
        filename: `revision-${id}.jpg`,
        thumb_filename: `revision-${id}-thumb.jpg`,
        width: 640,
        height: 480,
        created_at: Date.now(),
      });
      await moves(
        (id) => db().insertInto('images').values(photo(id)).execute(),
        (_b, after) => expect(profileOf(after).images).toHaveLength(1),
      );
      const { id, cookie } = await member();
      await db().insertInto('images').values(photo(id)).execute();
      const seen = await poll(t.app, cookie);
      await db()
        .updateTable('images')
        .set({ review: 'hidden' })
        .where('member_id', '=', id)
        .execute();
      const reviewed = await poll(other.app, cookie, seen.etag);
      expect(reviewed.status).toBe(200);
      expect((profileOf(reviewed.user ?? {}).images as { review?: string }[])[0]?.review).toBe(
        'hidden',
      );
      await db().deleteFrom('images').where('member_id', '=', id).execute();
      const removed = await poll(t.app, cookie, reviewed.etag);
      expect(removed.status).toBe(200);
      expect(profileOf(removed.user ?? {}).images).toEqual([]);
    });

    it('moves on a pending e-mail change', async () => {
      await moves(
        (id) =>
          db()
            .insertInto('tokens')
            .values({
              token_hash: `revision-token-${engine}-${id}`,
              member_id: id,
              kind: 'mail_change',
              data: 'new-address@example.com',
              created_at: Date.now(),
              expires_at: Date.now() + 3_600_000,
              used_at: null,
            })
            .execute(),
        (_b, after) => expect(after.pending_email).toBe('new-address@example.com'),
      );
    });

    it('moves when monthly premium credits are granted by the poll itself', async () => {
      const { id, cookie } = await member();
      const now = Date.now();
      await db()
        .updateTable('members')
        .set({ premium_until: now + 40 * 86_400_000 })
        .where('id', '=', id)
        .execute();
      const first = await poll(t.app, cookie);
      await db()
        .updateTable('members')
        .set({ premium_allowance_at: now - 1000 })
        .where('id', '=', id)
        .execute();
      // The due grant is a write the poll makes (the next month's due time, and the credits of
      // any paid plan): the old tag no longer matches, and the new one holds.
      const after = await poll(other.app, cookie, first.etag);
      expect(after.status).toBe(200);
      expect(after.etag).not.toBe(first.etag);
      const row = await db()
        .selectFrom('members')
        .select('premium_allowance_at')
        .where('id', '=', id)
        .executeTakeFirstOrThrow();
      expect(Number(row.premium_allowance_at)).toBeGreaterThan(now);
      expect((await poll(t.app, cookie, after.etag)).status).toBe(304);
    });

    it('stays at 304 for a write to nothing the answer shows', async () => {
      const { id, cookie } = await member();
      const first = await poll(t.app, cookie);
      await db()
        .updateTable('members')
        .set({ last_active: Date.now() + 5000 })
        .where('id', '=', id)
        .execute();
      expect((await poll(other.app, cookie, first.etag)).status).toBe(304);
    });

    it('never shares a tag between members or sessions', async () => {
      const a = await member();
      const b = await member();
      const tagA = (await poll(t.app, a.cookie)).etag;
      expect((await poll(t.app, b.cookie, tagA)).status).toBe(200);
    });
  });
}
