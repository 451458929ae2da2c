/** /api/likes.php: the two lists, like and unlike, marking likes seen, refusals and live events. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LikeResult, LikesResponse } from '../../src/shared/contract/likes';
import { type LiveEvent } from '../../src/shared/contract/live-events';
import { as, block, insertMember, login } from './fixtures';
import { buildTestApp, ENGINES, type TestApp } from './helper';

for (const engine of ENGINES) {
  describe(`likes (${engine})`, () => {
    let t: TestApp;
    const ids: Record<string, number> = {};
    const cookies: Record<string, string> = {};
    const id = (label: string) => ids[label] ?? 0;

    beforeAll(async () => {
      t = await buildTestApp(engine);
      for (const label of ['me', 'ann', 'bob', 'cat', 'dan']) {
        ids[label] = await insertMember(t.app, {
          email: `${label}@example.com`,
          name: label,
          city: 'Utrecht',
        });
        cookies[label] = await login(t.app, `${label}@example.com`);
      }
      ids.gone = await insertMember(t.app, { status: 'deleted', deleted: true });
      ids.banned = await insertMember(t.app, { status: 'banned' });
      ids.blocked = await insertMember(t.app);
      ids.blocker = await insertMember(t.app);
      await block(t.app, id('me'), id('blocked'));
      await block(t.app, id('blocker'), id('me'));
    });
    afterAll(() => t.close());

    const call = (method: 'POST' | 'DELETE', who: string, payload: object, url = '') =>
      t.app.inject({ method, url: `/api/likes.php${url}`, payload, ...as(cookies[who] ?? '') });
    const like = async (who: string, profile: number, extra: object = {}) => {
      const res = await call('POST', who, { profile, ...extra });
      expect(res.statusCode, res.body).toBe(200);
      return LikeResult.parse(res.json());
    };
    const unlike = async (who: string, profile: number, extra: object = {}) => {
      const res = await call('DELETE', who, { profile, ...extra });
      expect(res.statusCode, res.body).toBe(200);
      return LikeResult.parse(res.json());
    };
    const lists = async (who: string) => {
      const res = await t.app.inject({
        method: 'GET',
        url: '/api/likes.php',
        ...as(cookies[who] ?? ''),
      });
      expect(res.statusCode, res.body).toBe(200);
      return LikesResponse.parse(res.json());
    };

    it('is 403 when logged out and empty for a new member', async () => {
      const res = await t.app.inject({ method: 'GET', url: '/api/likes.php' });
      expect(res.statusCode).toBe(403);
      expect(res.json()).toMatchObject({ key: 'auth.not_logged_in' });
      expect(await lists('dan')).toEqual({ profiles: [], liked_by: [], liked_by_profiles: [] });
    });

    it('likes, lists both sides and tells who likes back', async () => {
      expect(await like('me', id('ann'))).toEqual({ liked: true, applied: true });
      expect(await like('me', id('bob'))).toEqual({ liked: true, applied: true });
      expect(await like('ann', id('me'))).toEqual({ liked: true, applied: true });
      const mine = await lists('me');
      expect(mine.profiles.map((p) => [p.name, p.did_like_profile])).toEqual([
        ['bob', false],
        ['ann', true],
      ]);
      expect(mine.profiles[0]).toMatchObject({ id: id('bob'), city: 'Utrecht', main_image: null });
      expect(mine.liked_by).toEqual([{ id: id('ann'), like_new: true }]);
      expect(mine.liked_by_profiles?.map((p) => p.name)).toEqual(['ann']);
      const anns = await lists('ann');
      expect(anns.liked_by).toEqual([{ id: id('me'), like_new: true }]);
    });

    it('orders received likes new first, then most recent, and marks them seen', async () => {
      // A few ms apart, so "most recent" never rests on the id tie-break.
      for (const who of ['cat', 'bob', 'me']) {
        await like(who, id('dan'));
        await new Promise((resolve) => setTimeout(resolve, 5));
      }
      const seen = await call('POST', 'dan', { profile: id('cat') }, '?seen=1');
      expect(seen.statusCode, seen.body).toBe(200);
      expect(seen.json()).toEqual({ id: id('cat'), like_new: false });
      const dans = await lists('dan');
      expect(dans.liked_by).toEqual([
        { id: id('me'), like_new: true },
        { id: id('bob'), like_new: true },
        { id: id('cat'), like_new: false },
      ]);
      expect(dans.liked_by_profiles?.map((p) => p.id)).toEqual([id('me'), id('bob'), id('cat')]);
      // Seeing it again is harmless; a like that does not exist is a 404.
      expect((await call('POST', 'dan', { profile: id('cat') }, '?seen=1')).statusCode).toBe(200);
      const none = await call('POST', 'dan', { profile: id('ann') }, '?seen=1');
      expect(none.statusCode).toBe(404);
      expect(none.json()).toMatchObject({ key: 'likes.no_such_like' });
    });

    it('keeps a repeated like as it was and makes a like after an unlike new again', async () => {
      await like('ann', id('cat'));
      await call('POST', 'cat', { profile: id('ann') }, '?seen=1');
      expect(await like('ann', id('cat'))).toEqual({ liked: true, applied: true });
      expect((await lists('cat')).liked_by).toContainEqual({ id: id('ann'), like_new: false });
      expect(await unlike('ann', id('cat'))).toEqual({ liked: false, applied: true });
      expect((await lists('cat')).liked_by.map((l) => l.id)).not.toContain(id('ann'));
      expect((await lists('ann')).profiles.map((p) => p.id)).not.toContain(id('cat'));
      await like('ann', id('cat'));
      expect((await lists('cat')).liked_by).toContainEqual({ id: id('ann'), like_new: true });
    });

    it('unliking someone never liked applies and leaves nothing liked', async () => {
      expect(await unlike('bob', id('cat'))).toEqual({ liked: false, applied: true });
      expect((await lists('cat')).liked_by.map((l) => l.id)).not.toContain(id('bob'));
    });

    it.each([
      ['yourself', 'me', 400, 'likes.self'],
      ['an unknown id', 'unknown', 404, 'likes.unknown_profile'],
      ['a deleted member', 'gone', 410, 'likes.profile_gone'],
      ['a banned member', 'banned', 410, 'likes.profile_gone'],
      ['a member you blocked', 'blocked', 403, 'likes.blocked'],
      ['a member who blocked you', 'blocker', 410, 'likes.profile_gone'],
    ])('refuses to like %s', async (_label, target, status, key) => {
      const profile = target === 'unknown' ? 999_999 : id(target);
      const res = await call('POST', 'me', { profile });
      expect(res.statusCode).toBe(status);
      expect(res.json()).toMatchObject({ statusCode: status, key });
      const row = await t.app.db
        .selectFrom('likes')
        .select('liked')
        .where('member_id', '=', id('me'))
        .where('profile_id', '=', profile)
        .executeTakeFirst();
      expect(row).toBeUndefined();
    });

    it('still lets a like be taken back after a block or deletion', async () => {
      const later = await insertMember(t.app);
      await like('me', later);
      await block(t.app, later, id('me'));
      expect(await unlike('me', later)).toEqual({ liked: false, applied: true });
      expect((await call('DELETE', 'me', { profile: 999_999 })).statusCode).toBe(404);
      expect((await call('DELETE', 'me', { profile: id('me') })).statusCode).toBe(400);
    });

    it('leaves hidden and blocked members out of both lists', async () => {
      const fan = await insertMember(t.app);
      const crush = await insertMember(t.app);
      await like('me', crush);
      await t.app.db
        .insertInto('likes')
        .values({ member_id: fan, profile_id: id('me'), liked: true, updated_at: Date.now() })
        .execute();
      let mine = await lists('me');
      expect(mine.liked_by.map((l) => l.id)).toContain(fan);
      expect(mine.profiles.map((p) => p.id)).toContain(crush);
      await t.app.db
        .updateTable('members')
        .set({ status: 'deleted', deleted_at: Date.now() })
        .where('id', '=', fan)
        .execute();
      await block(t.app, crush, id('me'));
      mine = await lists('me');
      expect(mine.liked_by.map((l) => l.id)).not.toContain(fan);
      expect(mine.liked_by_profiles?.map((p) => p.id)).not.toContain(fan);
      expect(mine.profiles.map((p) => p.id)).not.toContain(crush);
    });

    it('publishes like and unlike events to the receiver and the liker, only on change', async () => {
      const target = await insertMember(t.app);
      const received: LiveEvent[] = [];
      const sent: LiveEvent[] = [];
      const stopReceived = await t.app.realtime.subscribe(target, (e) => received.push(e));
      const stopSent = await t.app.realtime.subscribe(id('bob'), (e) => sent.push(e));
      try {
        await like('bob', target);
        await like('bob', target);
        await unlike('bob', target);
        await unlike('bob', target);
        const expected = [
          { type: 'like', by: id('bob'), profile: target },
          { type: 'unlike', by: id('bob'), profile: target },
        ];
        expect(received).toEqual(expected);
        expect(sent).toEqual(expected);
      } finally {
        stopReceived();
        stopSent();
      }
      expect(t.app.realtime.listenerCount(target)).toBe(0);
    });
  });
}
