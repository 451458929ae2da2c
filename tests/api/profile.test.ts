/** /api/profile.php: a member's profile page data, who may see it, and bad input. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ProfileDetails } from '../../src/shared/contract/members';
import { as, block, dobForAge, insertMember, login } from './fixtures';
import { buildTestApp, ENGINES, type TestApp } from './helper';

const SITE = {
  visible_profile_fields: ['relationship', 'eyes', 'height'],
  visible_profile_notes: ['looking_for'],
};

for (const engine of ENGINES) {
  describe(`profile (${engine})`, () => {
    let t: TestApp;
    let closed: TestApp;
    const ids: Record<string, number> = {};
    let cookie = '';
    const id = (label: string) => ids[label] ?? 0;

    beforeAll(async () => {
      [t, closed] = await Promise.all([
        buildTestApp(engine, { site: { ...SITE, logged_out_search: true } }),
        buildTestApp(engine, { site: { ...SITE, logged_out_search: false } }),
      ]);
      ids.me = await insertMember(t.app, { email: 'me@example.com', name: 'Me', city: 'Delft' });
      cookie = await login(t.app, 'me@example.com');
      ids.ann = await insertMember(t.app, {
        name: 'Ann',
        gender: 'female',
        date_of_birth: dobForAge(31),
        country: 'NL',
        countryregion: 1,
        city: 'Utrecht',
        language: 'nl',
      });
      await t.app.db
        .updateTable('members')
        .set({ personal: 'I love long walks.' })
        .where('id', '=', id('ann'))
        .execute();
      const images = await t.app.db
        .insertInto('images')
        .values(
          [1, 2].map((n) => ({
            member_id: id('ann'),
            filename: `ann-${n}.jpg`,
            thumb_filename: `ann-${n}-thumb.jpg`,
            width: 800,
            height: 800,
            created_at: Date.now(),
          })),
        )
        .returning('id')
        .execute();
      await t.app.db
        .updateTable('members')
        .set({ main_image_id: images[1]?.id ?? null })
        .where('id', '=', id('ann'))
        .execute();
      await t.app.db
        .insertInto('member_fields')
        .values([
          { member_id: id('ann'), name: 'relationship', value: 'single' },
          { member_id: id('ann'), name: 'eyes', value: 'green' },
          { member_id: id('ann'), name: 'smoking', value: 'no' }, // not a visible field
        ])
        .execute();
      await t.app.db
        .insertInto('member_notes')
        .values([
          { member_id: id('ann'), name: 'looking_for', value: 'Someone kind' },
          { member_id: id('ann'), name: 'ideal_date', value: 'A picnic' }, // not visible
        ])
        .execute();
      ids.bob = await insertMember(t.app, { name: 'Bob' });
      ids.gone = await insertMember(t.app, { status: 'deleted', deleted: true });
      ids.banned = await insertMember(t.app, { status: 'banned' });
      ids.blocked = await insertMember(t.app);
      ids.blocker = await insertMember(t.app);
      await block(t.app, id('me'), id('blocked'));
      await block(t.app, id('blocker'), id('me'));
    });
    afterAll(async () => {
      await Promise.all([t.close(), closed.close()]);
    });

    const get = (query: string, who: string | null = cookie, app = t) =>
      app.app.inject({ method: 'GET', url: `/api/profile.php${query}`, ...(who ? as(who) : {}) });
    const details = async (memberId: number, who: string | null = cookie) => {
      const res = await get(`?id=${memberId}`, who);
      expect(res.statusCode, res.body).toBe(200);
      return ProfileDetails.parse(res.json());
    };

    it('shows the own profile', async () => {
      const me = await details(id('me'));
      expect(me).toMatchObject({ id: id('me'), name: 'Me', city: 'Delft', liked: false });
      expect(me.images).toEqual([]);
      expect(me.main_image).toBeNull();
    });

    it('shows another member with photos, age, region, visible fields and notes', async () => {
      const ann = await details(id('ann'));
      expect(ann).toMatchObject({
        name: 'Ann',
        age: 31,
        gender: 'female',
        city: 'Utrecht',
        country: 'NL',
        countryregion: 1,
        language: 'nl',
        personal: 'I love long walks.',
        fields: { relationship: 'single', eyes: 'green' },
        notes: { looking_for: 'Someone kind' },
        liked: false,
        did_like_profile: false,
      });
      expect(ann.region).toEqual(expect.any(String));
      expect(ann.region?.length).toBeGreaterThan(0);
      expect(Object.keys(ann.fields)).toEqual(['relationship', 'eyes']);
      expect(ann.images.map((i) => [i.thumb_filename, i.filename])).toEqual([
        ['ann-1-thumb.jpg', 'ann-1.jpg'],
        ['ann-2-thumb.jpg', 'ann-2.jpg'],
      ]);
      expect(ann.main_image?.filename).toBe('ann-2.jpg');
    });

    it('tells who liked whom', async () => {
      const annCookie = await login(t.app, (await emailOf(id('ann'))) ?? '');
      await t.app.inject({
        method: 'POST',
        url: '/api/likes.php',
        payload: { profile: id('ann') },
        ...as(cookie),
      });
      expect(await details(id('ann'))).toMatchObject({ liked: true, did_like_profile: false });
      await t.app.inject({
        method: 'POST',
        url: '/api/likes.php',
        payload: { profile: id('me') },
        ...as(annCookie),
      });
      expect(await details(id('ann'))).toMatchObject({ liked: true, did_like_profile: true });
      expect(await details(id('me'), annCookie)).toMatchObject({
        liked: true,
        did_like_profile: true,
      });
      await t.app.inject({
        method: 'DELETE',
        url: '/api/likes.php',
        payload: { profile: id('ann') },
        ...as(cookie),
      });
      expect(await details(id('ann'))).toMatchObject({ liked: false, did_like_profile: true });
      expect(await details(id('bob'))).toMatchObject({ liked: false, did_like_profile: false });
    });

    it('answers an ETag and 304 while nothing changed', async () => {
      const first = await get(`?id=${id('bob')}`);
      const etag = String(first.headers.etag);
      expect(etag).toMatch(/^".+"$/);
      const again = await t.app.inject({
        method: 'GET',
        url: `/api/profile.php?id=${id('bob')}`,
        headers: { 'if-none-match': etag },
        ...as(cookie),
      });
      expect(again.statusCode).toBe(304);
    });

    it.each(['gone', 'banned', 'blocked', 'blocker', 'unknown'])(
      'is 404 for a %s member',
      async (label) => {
        const res = await get(`?id=${label === 'unknown' ? 999_999 : id(label)}`);
        expect(res.statusCode).toBe(404);
        expect(res.json()).toMatchObject({ statusCode: 404, key: 'profile.not_found' });
      },
    );

    it('shows profiles to visitors when logged-out search is on, without like flags', async () => {
      const ann = await details(id('ann'), null);
      expect(ann).toMatchObject({ name: 'Ann', liked: false, did_like_profile: false });
      // Blocks are between members; a visitor still cannot see deleted members.
      expect((await get(`?id=${id('gone')}`, null)).statusCode).toBe(404);
    });

    it('refuses visitors with a clear message when logged-out search is off', async () => {
      const res = await get(`?id=${id('ann')}`, null, closed);
      expect(res.statusCode).toBe(403);
      expect(res.json()).toMatchObject({ statusCode: 403, key: 'auth.not_logged_in' });
      expect(res.json<{ message: string }>().message).toMatch(/log in/i);
    });

    it.each([
      '?id=0',
      '?id=-1',
      '?id=abc',
      '?id=1e30',
      '',
      '?id=',
      '?id=1.5',
      '?id=%00',
      `?id=${'9'.repeat(40)}`,
    ])('is 400 for the bad query %s', async (query) => {
      const res = await get(query);
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json()).toMatchObject({ statusCode: 400 });
    });

    it('never answers 5xx to odd input', async () => {
      for (const query of ['?id[]=1', '?id=1&id=2', '?id=0x10', '?id=%E0%A4%A', '?id=1e3']) {
        const res = await get(query);
        expect(res.statusCode, `${query}: ${res.body}`).toBeLessThan(500);
      }
    });

    async function emailOf(memberId: number): Promise<string | undefined> {
      const row = await t.app.db
        .selectFrom('members')
        .select('email')
        .where('id', '=', memberId)
        .executeTakeFirst();
      return row?.email;
    }
  });
}
