/**
 * What premium changes outside the payment pages: the badge on search results, profiles and both
 * like lists while members.premium_until lies ahead, and "who liked me" beyond the newest
 * FREE_LIKED_BY_VISIBLE likers, without leaking hidden likers through any other field.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FREE_LIKED_BY_VISIBLE, LikesResponse } from '../../src/shared/contract/likes';
import { type LiveEvent } from '../../src/shared/contract/live-events';
import { ProfileDetails, SearchResponse } from '../../src/shared/contract/members';
import { as, insertMember, login, PASSWORD } from './fixtures';
import { buildTestApp, ENGINES, type TestApp } from './helper';

const DAY = 86_400_000;

for (const engine of ENGINES) {
  describe(`premium effects (${engine})`, () => {
    let t: TestApp;
    const ids: Record<string, number> = {};
    const cookies: Record<string, string> = {};
    const id = (label: string) => ids[label] ?? 0;
    /** Likers of `me`, oldest like first; `star` (a premium member) liked last. */
    const likers = ['l1', 'l2', 'l3', 'l4', 'star'];

    const setPremiumUntil = (label: string, until: number | null) =>
      t.app.db
        .updateTable('members')
        .set({ premium_until: until })
        .where('id', '=', id(label))
        .execute();
    const get = (url: string, who: string, headers: Record<string, string> = {}) =>
      t.app.inject({ method: 'GET', url, headers, ...as(cookies[who] ?? '') });
    const likes = async (who = 'me') => {
      const res = await get('/api/likes.php', who);
      expect(res.statusCode, res.body).toBe(200);
      return { body: LikesResponse.parse(res.json()), raw: res.body };
    };
    const profile = async (label: string) => {
      const res = await get(`/api/profile.php?id=${id(label)}`, 'me');
      expect(res.statusCode, res.body).toBe(200);
      return ProfileDetails.parse(res.json());
    };
    const search = async () => {
      const res = await get('/api/search.php?manual_search=1&country=NL&gender=female', 'me');
      expect(res.statusCode, res.body).toBe(200);
      return SearchResponse.parse(res.json());
    };

    beforeAll(async () => {
      t = await buildTestApp(engine);
      const add = async (label: string, gender: 'male' | 'female') => {
        ids[label] = await insertMember(t.app, {
          email: `${label}@example.com`,
          name: `name-${label}`,
          gender,
          country: 'NL',
        });
      };
      await add('me', 'male');
      await add('fresh', 'male');
      for (const label of [...likers, 'lapsed']) await add(label, 'female');
      for (const label of ['me', 'fresh', 'l1', 'star']) {
        cookies[label] = await login(t.app, `${label}@example.com`);
      }
      // Likes a second apart, so "newest" never rests on the id tie-break; l1's is already seen.
      const start = Date.now() - DAY;
      await t.app.db
        .insertInto('likes')
        .values(
          likers.map((label, i) => ({
            member_id: id(label),
            profile_id: id('me'),
            liked: true,
            is_new: label !== 'l1',
            updated_at: start + i * 1000,
          })),
        )
        .execute();
      // me likes a hidden liker (l1), a named one (star) and a member whose premium ran out.
      await t.app.db
        .insertInto('likes')
        .values(
          ['l1', 'star', 'lapsed'].map((label, i) => ({
            member_id: id('me'),
            profile_id: id(label),
            liked: true,
            updated_at: start + i * 1000,
          })),
        )
        .execute();
      await setPremiumUntil('star', Date.now() + 30 * DAY);
      await setPremiumUntil('lapsed', Date.now() - 1000);
    });
    afterAll(() => t.close());

    it('badges premium members in search, on profiles and in both like lists', async () => {
      const found = await search();
      const byId = new Map(found.profiles.map((p) => [p.id, p]));
      expect(byId.get(id('star'))?.premium).toBe(true);
      expect(byId.get(id('lapsed'))).toBeDefined();
      expect(byId.get(id('lapsed'))?.premium).toBeUndefined();
      expect(byId.get(id('l3'))?.premium).toBeUndefined();

      expect((await profile('star')).premium).toBe(true);
      expect((await profile('lapsed')).premium).toBeUndefined();

      const { body } = await likes();
      const given = new Map(body.profiles.map((p) => [p.id, p]));
      expect(given.get(id('star'))?.premium).toBe(true);
      expect(given.get(id('lapsed'))?.premium).toBeUndefined();
      expect(body.liked_by_profiles?.[0]).toMatchObject({ id: id('star'), premium: true });
      expect(body.liked_by_profiles?.[1]?.premium).toBeUndefined();
    });

    it('names only the newest likers without premium and counts the rest', async () => {
      expect(FREE_LIKED_BY_VISIBLE).toBe(3);
      const { body, raw } = await likes();
      expect(body.liked_by).toEqual([
        { id: id('star'), like_new: true },
        { id: id('l4'), like_new: true },
        { id: id('l3'), like_new: true },
      ]);
      expect(body.liked_by_profiles?.map((p) => p.id)).toEqual([id('star'), id('l4'), id('l3')]);
      expect(body.liked_by_hidden).toBe(2);
      // l2's like is new, l1's was seen: the badge may count l2 without naming it.
      expect(body.liked_by_hidden_new).toBe(1);
      // Not a word about l2 anywhere; l1 is there only as a member I like, not as a liker.
      expect(raw).not.toContain('name-l2');
      const l1 = body.profiles.find((p) => p.id === id('l1'));
      expect(l1?.did_like_profile).toBe(false);
      expect(body.profiles.find((p) => p.id === id('star'))?.did_like_profile).toBe(true);
      expect((await profile('l1')).did_like_profile).toBe(false);
      expect((await profile('l2')).did_like_profile).toBe(false);
      expect((await profile('star')).did_like_profile).toBe(true);
    });

    it('with premium names every liker, and the likes ETag changes when premium starts', async () => {
      const before = await get('/api/likes.php', 'me');
      const etag = String(before.headers.etag);
      expect((await get('/api/likes.php', 'me', { 'if-none-match': etag })).statusCode).toBe(304);

      await setPremiumUntil('me', Date.now() + 30 * DAY);
      const after = await get('/api/likes.php', 'me', { 'if-none-match': etag });
      expect(after.statusCode).toBe(200);
      expect(after.headers.etag).not.toBe(etag);
      const body = LikesResponse.parse(after.json());
      expect(body.liked_by).toEqual([
        { id: id('star'), like_new: true },
        { id: id('l4'), like_new: true },
        { id: id('l3'), like_new: true },
        { id: id('l2'), like_new: true },
        { id: id('l1'), like_new: false },
      ]);
      expect(body.liked_by_profiles).toHaveLength(5);
      expect(body.liked_by_hidden ?? 0).toBe(0);
      expect(body.profiles.find((p) => p.id === id('l1'))?.did_like_profile).toBe(true);
      expect((await profile('l1')).did_like_profile).toBe(true);
    });

    it('changes the ETag with premium even when the lists look the same', async () => {
      const before = await get('/api/likes.php', 'fresh');
      expect(before.json()).toEqual({ profiles: [], liked_by: [], liked_by_profiles: [] });
      const etag = String(before.headers.etag);
      await setPremiumUntil('fresh', Date.now() + DAY);
      const during = await get('/api/likes.php', 'fresh', { 'if-none-match': etag });
      expect(during.statusCode).toBe(200);
      expect(during.json()).toEqual(before.json());
      await setPremiumUntil('fresh', Date.now() - 1);
      const after = await get('/api/likes.php', 'fresh', {
        'if-none-match': String(during.headers.etag),
      });
      expect(after.statusCode).toBe(200);
      expect(after.json()).toEqual(before.json());
      expect(after.headers.etag).not.toBe(during.headers.etag);
    });

    it('drops the badge and the full list once premium_until has passed', async () => {
      await setPremiumUntil('star', Date.now() - 1);
      await setPremiumUntil('me', Date.now() - 1);
      const found = await search();
      expect(found.profiles.find((p) => p.id === id('star'))?.premium).toBeUndefined();
      expect((await profile('star')).premium).toBeUndefined();
      const { body } = await likes();
      expect(body.liked_by_profiles?.every((p) => p.premium === undefined)).toBe(true);
      expect(body.profiles.every((p) => p.premium === undefined)).toBe(true);
      expect(body.liked_by.map((l) => l.id)).toEqual([id('star'), id('l4'), id('l3')]);
      expect(body.liked_by_hidden).toBe(2);
      expect((await profile('l1')).did_like_profile).toBe(false);
    });

    it('does not name a hidden liker in the live event of their unlike', async () => {
      const events: LiveEvent[] = [];
      const stop = await t.app.realtime.subscribe(id('me'), (e) => events.push(e));
      try {
        const unlike = (who: string) =>
          t.app.inject({
            method: 'DELETE',
            url: '/api/likes.php',
            payload: { profile: id('me') },
            ...as(cookies[who] ?? ''),
          });
        expect((await unlike('l1')).statusCode).toBe(200);
        expect(events).toEqual([]);
        expect((await likes()).body.liked_by_hidden).toBe(1);
        // A named liker's unlike changes what the member sees, so the event goes out.
        expect((await unlike('star')).statusCode).toBe(200);
        expect(events).toEqual([{ type: 'unlike', by: id('star'), profile: id('me') }]);
      } finally {
        stop();
      }
    });

    it('does not name a hidden liker who deletes their account', async () => {
      const events: LiveEvent[] = [];
      const stop = await t.app.realtime.subscribe(id('me'), (e) => events.push(e));
      try {
        // A liker older than the three named ones: counted, never named.
        const oldId = await insertMember(t.app, {
          email: 'old@example.com',
          name: 'name-old',
          gender: 'female',
          country: 'NL',
        });
        await t.app.db
          .insertInto('likes')
          .values({ member_id: oldId, profile_id: id('me'), liked: true, updated_at: 1000 })
          .execute();
        const before = (await likes()).body;
        expect(before.liked_by.map((l) => l.id)).not.toContain(oldId);
        expect(before.liked_by_hidden).toBe(1);
        const res = await t.app.inject({
          method: 'DELETE',
          url: '/api/account.php',
          payload: { password: PASSWORD },
          ...as(await login(t.app, 'old@example.com')),
        });
        expect(res.statusCode, res.body).toBe(200);
        expect(events.filter((e) => e.type === 'unlike')).toEqual([]);
        expect((await likes()).body.liked_by_hidden ?? 0).toBe(0);
      } finally {
        stop();
      }
    });
  });
}
