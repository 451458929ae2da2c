/** GET /api/match_finder.php: the count search.php gives, nameless pictures, checks and visitors. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MatchFinderResponse } from '../../src/shared/contract/landers';
import { SearchResponse } from '../../src/shared/contract/members';
import { as, block, dobForAge, login } from './fixtures';
import { buildTestApp, ENGINES, type TestApp } from './helper';
import {
  insertLanderMember,
  insertPeople,
  labeller,
  type LanderMemberFixture,
} from './lander-fixtures';

/** The most recently active first; all in NL region 8 unless stated. */
const PEOPLE = {
  XHID: { gender: 'female', date_of_birth: dobForAge(30), photo: 'approved', search_hidden: true },
  XOPT: { gender: 'female', date_of_birth: dobForAge(30), photo: 'approved', lander_opt_out: true },
  XFIC: { gender: 'female', date_of_birth: dobForAge(30), photo: 'approved', fictional: true },
  XDEL: { gender: 'female', date_of_birth: dobForAge(30), photo: 'approved', deleted: true },
  BLK: { gender: 'female', date_of_birth: dobForAge(30), photo: 'approved' },
  A: { gender: 'female', date_of_birth: dobForAge(28), photo: 'approved' },
  B: { gender: 'female', date_of_birth: dobForAge(33) },
  C: { gender: 'female', date_of_birth: dobForAge(34), photo: 'pending' },
  D: { gender: 'female', date_of_birth: dobForAge(29), photo: 'approved', countryregion: 7 },
  E: { gender: 'female', date_of_birth: dobForAge(30), photo: 'approved', country: 'BE' },
  F: { gender: 'female', date_of_birth: dobForAge(50), photo: 'approved' },
  M: { gender: 'male', date_of_birth: dobForAge(30), photo: 'approved' },
} as const;

for (const engine of ENGINES) {
  describe(`match_finder.php (${engine})`, () => {
    let t: TestApp;
    let cookie: string;
    let ids: Record<string, number>;
    let names: ReturnType<typeof labeller>;

    beforeAll(async () => {
      t = await buildTestApp(engine);
      ids = await insertPeople(
        t.app,
        Object.fromEntries(
          Object.entries(PEOPLE).map(([k, v]) => [k, { country: 'NL', countryregion: 8, ...v }]),
        ),
      );
      await t.app.db
        .updateTable('members')
        .set({ status: 'deleted' })
        .where('id', '=', ids.XDEL ?? 0)
        .execute();
      ids.VIEWER = await insertLanderMember(t.app, {
        email: 'mf-viewer@example.com',
        gender: 'male',
        last_active: 1,
      });
      names = labeller(ids);
      await block(t.app, ids.VIEWER ?? 0, ids.BLK ?? 0);
      cookie = await login(t.app, 'mf-viewer@example.com');
    });
    afterAll(() => t.close());

    const get = (query: string, session?: string) =>
      t.app.inject({
        method: 'GET',
        url: `/api/match_finder.php?${query}`,
        ...(session ? as(session) : {}),
      });
    const find = async (query: string, session?: string) => {
      const res = await get(query, session);
      expect(res.statusCode, res.body).toBe(200);
      return MatchFinderResponse.parse(res.json());
    };
    const searchCount = async (query: string, session?: string) => {
      const res = await t.app.inject({
        method: 'GET',
        url: `/api/search.php?manual_search=1&${query}`,
        ...(session ? as(session) : {}),
      });
      return SearchResponse.parse(res.json()).paging.num_results;
    };

    it.each([
      'gender=female&min_age=18&max_age=100',
      'gender=female&min_age=26&max_age=35',
      'gender=female&min_age=26&max_age=35&country=NL',
      'gender=female&min_age=26&max_age=35&country=NL&countryregion=8',
      'gender=female&min_age=26&max_age=35&country=BE',
      'gender=male&min_age=18&max_age=100',
      'gender=female&min_age=46&max_age=55&country=nl',
    ])('counts what search.php counts for %s', async (query) => {
      expect((await find(query)).count).toBe(await searchCount(query));
      expect((await find(query, cookie)).count).toBe(await searchCount(query, cookie));
    });

    it('pictures only members with an approved photo who may appear on invitation pages', async () => {
      const body = await find('gender=female&min_age=18&max_age=100');
      expect(names(body.profiles)).toEqual(['BLK', 'A', 'D', 'E', 'F']);
      expect(body.profiles[1]).toEqual({
        id: ids.A,
        main_image: { id: expect.any(Number), thumb_filename: `p${ids.A}_thumb.jpg` },
      });
      expect(JSON.stringify(body)).not.toMatch(/Person|"name"|date_of_birth|"city"/);
    });

    it('applies the quiz filters and the viewer’s blocks to the pictures', async () => {
      const visitor = await find('gender=female&min_age=26&max_age=35&country=NL&countryregion=8');
      expect(names(visitor.profiles)).toEqual(['BLK', 'A']);
      const member = await find(
        'gender=female&min_age=26&max_age=35&country=NL&countryregion=8',
        cookie,
      );
      expect(names(member.profiles)).toEqual(['A']);
      expect(names((await find('gender=male&min_age=18&max_age=100', cookie)).profiles)).toEqual([
        'M',
      ]);
    });

    it.each([
      ['', 400],
      ['gender=female&min_age=18', 400],
      ['gender=other&min_age=18&max_age=30', 400],
      ['gender=female&min_age=40&max_age=30', 400],
      ['gender=female&min_age=17&max_age=30', 400],
      ['gender=female&min_age=18&max_age=101', 400],
      ['gender=female&min_age=18&max_age=30&country=XX', 400],
      ['gender=female&min_age=18&max_age=30&country=NLD', 400],
      ['gender=female&min_age=18&max_age=30&countryregion=8', 400],
      ['gender=female&min_age=18&max_age=30&country=NL&countryregion=99999', 400],
    ])('answers %j with %i', async (query, status) => {
      const res = await get(query);
      expect(res.statusCode, res.body).toBe(status);
      expect(res.json()).toHaveProperty('message');
    });

    it('names the unknown country and region by key', async () => {
      expect((await get('gender=female&min_age=18&max_age=30&country=XX')).json()).toMatchObject({
        key: 'search.unknown_country',
      });
      expect(
        (await get('gender=female&min_age=18&max_age=30&country=NL&countryregion=99999')).json(),
      ).toMatchObject({ key: 'search.unknown_region' });
    });
  });

  describe(`match_finder.php for visitors and many members (${engine})`, () => {
    let t: TestApp;

    beforeAll(async () => {
      t = await buildTestApp(engine, {
        site: { logged_out_search: false, logged_out_search_trafficsource: true },
      });
      const people: Record<string, LanderMemberFixture> = {};
      for (let i = 0; i < 15; i += 1) {
        people[`F${i}`] = { gender: 'female', date_of_birth: dobForAge(30), photo: 'approved' };
      }
      await insertPeople(t.app, people);
    });
    afterAll(() => t.close());

    const find = async (query: string) =>
      MatchFinderResponse.parse(
        (
          await t.app.inject({
            method: 'GET',
            url: `/api/match_finder.php?gender=female&min_age=18&max_age=100${query}`,
          })
        ).json(),
      );

    it('counts for visitors but shows no pictures while logged-out search is off', async () => {
      expect(await find('')).toEqual({ count: 15, profiles: [] });
      expect((await find('&trafficsource=%3Fsub1%3Dx')).profiles).toEqual([]);
    });

    it('shows at most 12 pictures to a visitor whose traffic source names a network', async () => {
      const body = await find('&trafficsource=abc');
      expect(body.count).toBe(15);
      expect(body.profiles).toHaveLength(12);
    });
  });
}
