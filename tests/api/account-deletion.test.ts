/**
 * DELETE /api/account.php: personal data and photo files go, the member vanishes from other
 * members' search, likes and chats at once, and the address stays known only as `deleted`.
 */
import { randomUUID } from 'node:crypto';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { UserResponse } from '../../src/shared/contract/account';
import { ChatsResponse } from '../../src/shared/contract/chat';
import { LikesResponse } from '../../src/shared/contract/likes';
import { type LiveEvent } from '../../src/shared/contract/live-events';
import { SearchResponse } from '../../src/shared/contract/members';
import { SESSION_COOKIE } from '../../server/plugins/session';
import { as, dobForAge, insertConversation, insertMember, login, PASSWORD } from './fixtures';
import { buildTestApp, ENGINES, type TestApp } from './helper';
import { mailsTo } from './outbox';
import { multipart, solid } from './uploads';

/** Every place a member's id appears that deletion must empty: [table, column]. */
const MEMBER_REFS = [
  ...[
    'member_fields',
    'member_notes',
    'images',
    'sessions',
    'tokens',
    'push_subscriptions',
    'client_actions',
    'mail_outbox',
    'conversation_members',
    'notification_settings',
    'notification_mail_state',
    'member_lists',
  ].map((table) => [table, 'member_id']),
  ['likes', 'member_id'],
  ['likes', 'profile_id'],
  ['blocks', 'member_id'],
  ['blocks', 'blocked_id'],
  ['conversations', 'member_a'],
  ['conversations', 'member_b'],
  ['messages', 'sender_id'],
] as const;

for (const engine of ENGINES) {
  describe(`account deletion (${engine})`, () => {
    let t: TestApp;
    let png: Buffer;
    beforeAll(async () => {
      t = await buildTestApp(engine);
      png = await solid(400, 300).png().toBuffer();
    });
    afterAll(() => t.close());

    const call = (
      method: 'GET' | 'POST' | 'PUT' | 'DELETE',
      url: string,
      cookie?: string,
      payload?: object,
    ) => t.app.inject({ method, url, ...(payload && { payload }), ...(cookie ? as(cookie) : {}) });
    const remove = (cookie: string | undefined, password: unknown) =>
      t.app.inject({
        method: 'DELETE',
        url: '/api/account.php',
        payload: { password } as object,
        ...(cookie ? as(cookie) : {}),
      });
    const searchAs = async (cookie: string) =>
      SearchResponse.parse(
        (
          await call('GET', '/api/search.php?manual_search=1&country=NL&gender=female', cookie)
        ).json(),
      );
    const rowsOf = async (table: string, column: string, memberId: number) => {
      const { rows } = await sql<{ n: number | string }>`
        select count(*) as n from ${sql.table(table)} where ${sql.ref(column)} = ${memberId}
      `.execute(t.app.db);
      return Number(rows[0]?.n);
    };

    /** A member with everything a member can have: photos, profile, likes, chat, block, complaint. */
    async function richMember() {
      const email = `dana-${Date.now()}@example.com`;
      const id = await insertMember(t.app, { email, name: 'Dana', language: 'it' });
      const cookie = await login(t.app, email);
      const profile = await call('PUT', '/api/user.php', cookie, {
        profile: {
          country: 'NL',
          city: 'Utrecht',
          gender: 'female',
          date_of_birth: dobForAge(31),
          personal: 'Cyclist and baker.',
          fields: { eyes: 'green' },
          notes: { looking_for: 'Someone kind' },
        },
      });
      expect(profile.statusCode).toBe(200);
      const upload = await t.app.inject({
        method: 'POST',
        url: '/api/profileimage.php',
        ...multipart([
          { name: 'a.png', data: png, type: 'image/png' },
          { name: 'b.png', data: png, type: 'image/png' },
        ]),
        ...as(cookie),
      });
      const images = UserResponse.parse(upload.json()).user.profile.images;
      expect(images).toHaveLength(2);
      await t.app.db
        .insertInto('push_subscriptions')
        .values({
          member_id: id,
          endpoint: `https://push.example/${id}`,
          p256dh: 'k',
          auth: 'a',
          created_at: Date.now(),
        })
        .execute();
      await call('POST', '/api/notification_settings.php', cookie, { email_likes: false });
      await call('POST', '/api/reset_password.php', undefined, { email });
      return { id, email, cookie, images };
    }

    it('removes personal data and files and hides the member from everyone at once', async () => {
      const dana = await richMember();
      const annEmail = `ann-${Date.now()}@example.com`;
      const ann = await insertMember(t.app, { email: annEmail, country: 'NL', gender: 'female' });
      const annCookie = await login(t.app, annEmail);
      const bob = await insertMember(t.app, { country: 'NL' });
      for (const [from, to, cookie] of [
        [dana.id, ann, dana.cookie],
        [ann, dana.id, annCookie],
      ] as const) {
        const like = await call('POST', '/api/likes.php', cookie, {
          profile: to,
          client_id: randomUUID(),
        });
        expect(like.statusCode, `${from} likes ${to}`).toBe(200);
      }
      const conversation = await insertConversation(t.app, dana.id, ann, {
        messages: [
          { from: dana.id, body: 'Ciao Ann!' },
          { from: ann, body: 'Hi Dana' },
        ],
      });
      await call('POST', '/api/block.php', dana.cookie, { profile: bob });
      const complaint = await call('POST', '/api/complaints.php', dana.cookie, {
        profile: bob,
        reason: 'spam',
      });
      expect(complaint.statusCode).toBe(200);

      const before = await searchAs(annCookie);
      expect(before.profiles.map((p) => p.id)).toContain(dana.id);
      const likesBefore = LikesResponse.parse(
        (await call('GET', '/api/likes.php', annCookie)).json(),
      );
      expect(likesBefore.profiles.map((p) => p.id)).toContain(dana.id);
      expect(likesBefore.liked_by.map((l) => l.id)).toContain(dana.id);
      const chatsBefore = ChatsResponse.parse(
        (await call('GET', '/api/chats.php', annCookie)).json(),
      );
      expect(chatsBefore.chats.map((c) => c.conversation.id)).toContain(conversation);

      const uploads = join(t.config.dataDir, 'uploads');
      const files = dana.images.flatMap((i) => [
        i.thumb_filename,
        i.thumb_filename.replace('-thumb', ''),
      ]);
      expect(files.every((f) => existsSync(join(uploads, f)))).toBe(true);

      const events: LiveEvent[] = [];
      const stop = await t.app.realtime.subscribe(ann, (e) => events.push(e));
      const res = await remove(dana.cookie, PASSWORD);
      stop();
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ deleted: true });
      const cleared = res.cookies.find((c) => c.name === SESSION_COOKIE);
      expect(cleared?.value).toBe('');
      expect(events).toContainEqual({ type: 'chat', conversation });
      expect(events).toContainEqual({ type: 'unlike', by: dana.id, profile: ann });
      expect(events).toContainEqual({ type: 'unlike', by: ann, profile: dana.id });

      // Others: gone from search (the cached total too), likes and chats.
      const after = await searchAs(annCookie);
      expect(after.profiles.map((p) => p.id)).not.toContain(dana.id);
      expect(after.paging.num_results).toBe(before.paging.num_results - 1);
      const likes = LikesResponse.parse((await call('GET', '/api/likes.php', annCookie)).json());
      expect(likes.profiles.map((p) => p.id)).not.toContain(dana.id);
      expect(likes.liked_by.map((l) => l.id)).not.toContain(dana.id);
      const chats = ChatsResponse.parse((await call('GET', '/api/chats.php', annCookie)).json());
      expect(chats.chats.map((c) => c.conversation.id)).not.toContain(conversation);
      const thread = await call('GET', `/api/chat.php?conversation=${conversation}`, annCookie);
      expect(thread.statusCode).toBe(404);
      const page = await call('GET', `/api/profile.php?id=${dana.id}`, annCookie);
      expect(page.statusCode).toBe(404);

      // Photo files are off the disk.
      for (const file of files) expect(existsSync(join(uploads, file)), file).toBe(false);

      // The database keeps a tombstone without personal data.
      for (const [table, column] of MEMBER_REFS) {
        expect(await rowsOf(table, column, dana.id), `${table}.${column}`).toBe(0);
      }
      const tombstone = await t.app.db
        .selectFrom('members')
        .selectAll()
        .where('id', '=', dana.id)
        .executeTakeFirstOrThrow();
      expect(tombstone).toMatchObject({
        status: 'deleted',
        name: '',
        password_hash: '',
        city: null,
        country: null,
        gender: null,
        date_of_birth: null,
        personal: null,
        main_image_id: null,
      });
      expect(tombstone.deleted_at).not.toBeNull();
      expect(tombstone.email).not.toContain('@');
      expect(tombstone.email).not.toContain('dana');
      const filed = await t.app.db
        .selectFrom('complaints')
        .select(['reporter_id', 'email', 'reported_member_id'])
        .where('id', '=', (complaint.json() as { id: number }).id)
        .executeTakeFirstOrThrow();
      expect(filed).toEqual({ reporter_id: null, email: null, reported_member_id: bob });
    });

    it('leaves the address known only as deleted', async () => {
      const dana = await richMember();
      expect((await remove(dana.cookie, PASSWORD)).statusCode).toBe(200);
      expect((await call('GET', '/api/user.php', dana.cookie)).statusCode).toBe(403);
      const check = await call(
        'GET',
        `/api/validate_email.php?email=${encodeURIComponent(dana.email.toUpperCase())}`,
      );
      expect(check.json()).toMatchObject({ status: 'deleted' });
      const relogin = await call('POST', '/api/login.php', undefined, {
        email: dana.email,
        password: PASSWORD,
      });
      expect(relogin.statusCode).toBe(401);
      const again = await call('POST', '/api/user.php?new=1', undefined, {
        email: dana.email,
        name: 'Dana again',
        password: 'a-fresh-start-2026',
      });
      expect(again.statusCode).toBe(409);
      expect(again.json()).toMatchObject({ key: 'signup.deleted_account_exists' });
      const reset = await call('POST', '/api/reset_password.php', undefined, { email: dana.email });
      expect(reset.json()).toEqual({ sent: true });
      expect(await mailsTo(t.app, dana.email, 'password_reset')).toEqual([]);
      const eve = `eve-${Date.now()}@example.com`;
      await insertMember(t.app, { email: eve });
      const move = await call('POST', '/api/mail_change.php', await login(t.app, eve), {
        email: dana.email,
        password: PASSWORD,
      });
      expect(move.statusCode).toBe(409);
      expect(move.json()).toMatchObject({ key: 'account_errors.email_taken' });
    });

    it('refuses a wrong password and keeps everything', async () => {
      const dana = await richMember();
      const res = await remove(dana.cookie, 'not my password');
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ key: 'account_errors.wrong_password' });
      const me = await call('GET', '/api/user.php', dana.cookie);
      expect(UserResponse.parse(me.json()).user.profile.images).toHaveLength(2);
    });

    it('is 403 logged out and 400 without a password, never a 5xx', async () => {
      expect((await remove(undefined, PASSWORD)).statusCode).toBe(403);
      const { cookie } = await richMember();
      for (const password of [undefined, '', 12, 'p'.repeat(201)]) {
        expect((await remove(cookie, password)).statusCode, String(password)).toBe(400);
      }
      const noBody = await t.app.inject({
        method: 'DELETE',
        url: '/api/account.php',
        ...as(cookie),
      });
      expect(noBody.statusCode).toBe(400);
    });

    it('limits attempts per member', async () => {
      const limited = await buildTestApp(engine, {
        rateLimits: { ...t.config.rateLimits, accountDelete: 2 },
      });
      try {
        await insertMember(limited.app, { email: 'careful@example.com' });
        const cookie = await login(limited.app, 'careful@example.com');
        const codes: number[] = [];
        for (let i = 0; i < 3; i += 1) {
          const res = await limited.app.inject({
            method: 'DELETE',
            url: '/api/account.php',
            payload: { password: `guess-${i}` },
            ...as(cookie),
          });
          codes.push(res.statusCode);
        }
        expect(codes).toEqual([400, 400, 429]);
      } finally {
        await limited.close();
      }
    });
  });
}
