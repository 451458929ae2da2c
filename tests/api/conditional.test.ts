/** Conditional polling (DESIGN §3): ETags per session on user, chats and likes, and bodiless 304s. */
import { gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { as, insertConversation, insertMember, login } from './fixtures';
import { buildTestApp, ENGINES, type TestApp } from './helper';

const POLLED = ['/api/user.php', '/api/chats.php', '/api/likes.php'] as const;

for (const engine of ENGINES) {
  describe(`conditional polling (${engine})`, () => {
    let t: TestApp;
    let ann: number;
    let bob: number;
    let annCookie: string;
    let bobCookie: string;

    beforeAll(async () => {
      t = await buildTestApp(engine);
      ann = await insertMember(t.app, { email: 'poll-ann@example.com', name: 'Ann' });
      bob = await insertMember(t.app, { email: 'poll-bob@example.com', name: 'Bob' });
      annCookie = await login(t.app, 'poll-ann@example.com');
      bobCookie = await login(t.app, 'poll-bob@example.com');
    });
    afterAll(() => t.close());

    const get = (url: string, cookie: string | null, headers: Record<string, string> = {}) =>
      t.app.inject({ method: 'GET', url, headers, ...(cookie ? as(cookie) : {}) });

    it.each(POLLED)('%s answers a strong, private ETag and 304 while it matches', async (url) => {
      const first = await get(url, annCookie);
      expect(first.statusCode).toBe(200);
      const etag = String(first.headers.etag);
      expect(etag).toMatch(/^"[A-Za-z0-9_.-]{20,}"$/);
      expect(first.headers['cache-control']).toBe('private, no-cache');

      const again = await get(url, annCookie, { 'if-none-match': etag });
      expect(again.statusCode).toBe(304);
      expect(again.body).toBe('');
      expect(again.headers.etag).toBe(etag);
      expect(again.headers['cache-control']).toBe('private, no-cache');
      expect(again.headers['content-type']).toBeUndefined();

      for (const header of [`W/${etag}`, `"stale", ${etag}`, '*']) {
        expect((await get(url, annCookie, { 'if-none-match': header })).statusCode, header).toBe(
          304,
        );
      }
      const stale = await get(url, annCookie, { 'if-none-match': '"stale"' });
      expect(stale.statusCode).toBe(200);
      expect(stale.body).toBe(first.body);
    });

    it.each(POLLED)(
      '%s answers HEAD with a matching If-None-Match as a bodiless 304',
      async (url) => {
        const etag = String((await get(url, annCookie)).headers.etag);
        for (const header of [etag, '*']) {
          const res = await t.app.inject({
            method: 'HEAD',
            url,
            headers: { 'if-none-match': header },
            ...as(annCookie),
          });
          expect(res.statusCode, header).toBe(304);
          expect(res.body).toBe('');
          expect(res.headers.etag).toBe(etag);
        }
      },
    );

    it.each(POLLED)('%s never shares an ETag between members or sessions', async (url) => {
      const annTag = String((await get(url, annCookie)).headers.etag);
      const bobAnswer = await get(url, bobCookie, { 'if-none-match': annTag });
      expect(bobAnswer.statusCode).toBe(200);
      expect(bobAnswer.headers.etag).not.toBe(annTag);
      const secondSession = await login(t.app, 'poll-ann@example.com');
      const other = await get(url, secondSession, { 'if-none-match': annTag });
      expect(other.statusCode).toBe(200);
    });

    it.each(POLLED)('%s logged out is a 403 without an ETag', async (url) => {
      const res = await get(url, null, { 'if-none-match': '*' });
      expect(res.statusCode).toBe(403);
      expect(res.headers.etag).toBeUndefined();
      expect(res.headers['cache-control']).toBe('no-store');
    });

    it('a change gives a new ETag on both sides', async () => {
      const annLikes = String((await get('/api/likes.php', annCookie)).headers.etag);
      const bobLikes = String((await get('/api/likes.php', bobCookie)).headers.etag);
      const bobChats = String((await get('/api/chats.php', bobCookie)).headers.etag);
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/likes.php',
        payload: { profile: bob },
        ...as(annCookie),
      });
      expect(res.statusCode).toBe(200);
      await insertConversation(t.app, ann, bob, { messages: [{ from: ann, body: 'Hi Bob' }] });
      expect(
        (await get('/api/likes.php', annCookie, { 'if-none-match': annLikes })).statusCode,
      ).toBe(200);
      expect(
        (await get('/api/likes.php', bobCookie, { 'if-none-match': bobLikes })).statusCode,
      ).toBe(200);
      expect(
        (await get('/api/chats.php', bobCookie, { 'if-none-match': bobChats })).statusCode,
      ).toBe(200);
    });

    it('tags the body before compression, so gzip and plain answers agree', async () => {
      // Enough likes to pass the 1 KB compression threshold; with premium bob sees every liker
      // (without it only the newest FREE_LIKED_BY_VISIBLE are in the body).
      await t.app.db
        .updateTable('members')
        .set({ premium_until: Date.now() + 86_400_000 })
        .where('id', '=', bob)
        .execute();
      for (let i = 0; i < 12; i += 1) {
        const fan = await insertMember(t.app, { name: `Fan number ${i}`, city: 'Amersfoort' });
        await t.app.db
          .insertInto('likes')
          .values({ member_id: fan, profile_id: bob, liked: true, updated_at: Date.now() })
          .execute();
      }
      const plain = await get('/api/likes.php', bobCookie);
      const gzip = await get('/api/likes.php', bobCookie, { 'accept-encoding': 'gzip' });
      expect(gzip.headers['content-encoding']).toBe('gzip');
      expect(gzip.headers.etag).toBe(plain.headers.etag);
      expect(gunzipSync(gzip.rawPayload).toString()).toBe(plain.body);
      const notModified = await get('/api/likes.php', bobCookie, {
        'accept-encoding': 'gzip',
        'if-none-match': String(plain.headers.etag),
      });
      expect(notModified.statusCode).toBe(304);
      expect(notModified.rawPayload).toHaveLength(0);
    });
  });
}
