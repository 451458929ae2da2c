/** GET /api/search.php: defaults, filters, exclusions, order and paging over a small fixture. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SearchResponse } from '../../src/shared/contract/members';
import { as, block, dobForAge, insertMember, login, type MemberFixture } from './fixtures';
import { buildTestApp, ENGINES, type TestApp } from './helper';

/** Members by label; last_active falls in list order, so the expected order is the list order. */
const PEOPLE: Record<string, MemberFixture> = {
  A: {
    gender: 'female',
    date_of_birth: dobForAge(28),
    country: 'NL',
    countryregion: 8,
    city: 'Haarlem',
  },
  B: {
    gender: 'female',
    date_of_birth: dobForAge(33),
    country: 'NL',
    countryregion: 7,
    status: 'not_confirmed',
  },
  C: { gender: 'female', date_of_birth: dobForAge(40), country: 'NL', countryregion: 8 },
  D: { gender: 'male', date_of_birth: dobForAge(29), country: 'NL' },
  E: { gender: 'female', date_of_birth: dobForAge(30), country: 'BE', countryregion: 1 },
  F: {
    gender: 'female',
    date_of_birth: dobForAge(27),
    country: 'NL',
    status: 'deleted',
    deleted: true,
  },
  G: { gender: 'female', date_of_birth: dobForAge(26), country: 'NL', status: 'banned' },
  H: { gender: 'female', date_of_birth: dobForAge(31), country: 'NL' },
  I: { gender: 'female', date_of_birth: dobForAge(32), country: 'NL' },
  J: { gender: 'female', date_of_birth: null, country: 'NL' },
  K: { gender: 'female', date_of_birth: dobForAge(70), country: 'NL' },
};

for (const engine of ENGINES) {
  describe(`search (${engine})`, () => {
    let t: TestApp;
    let cookie: string;
    const ids: Record<string, number> = {};
    const names = (body: SearchResponse) =>
      body.profiles.map((p) => Object.keys(ids).find((k) => ids[k] === p.id) ?? `#${p.id}`);

    beforeAll(async () => {
      t = await buildTestApp(engine);
      const now = Date.now();
      let i = 0;
      for (const [label, m] of Object.entries(PEOPLE)) {
        i += 1;
        ids[label] = await insertMember(t.app, {
          name: `Person ${label}`,
          last_active: now - i * 1000,
          ...m,
        });
      }
      ids.viewer = await insertMember(t.app, {
        email: 'viewer@example.com',
        gender: 'male',
        date_of_birth: dobForAge(30),
        country: 'NL',
        last_active: now - 100_000,
      });
      await block(t.app, ids.viewer, ids.H ?? 0);
      await block(t.app, ids.I ?? 0, ids.viewer);
      const image = await t.app.db
        .insertInto('images')
        .values({
          member_id: ids.A ?? 0,
          filename: 'a.jpg',
          thumb_filename: 'a_thumb.jpg',
          width: 600,
          height: 600,
          created_at: now,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      await t.app.db
        .updateTable('members')
        .set({ main_image_id: image.id })
        .where('id', '=', ids.A ?? 0)
        .execute();
      cookie = await login(t.app, 'viewer@example.com');
    });
    afterAll(() => t.close());

    const search = async (query: string, session: string | null = cookie) =>
      t.app.inject({
        method: 'GET',
        url: `/api/search.php?${query}`,
        ...(session ? as(session) : {}),
      });
    const ok = async (query: string, session: string | null = cookie) => {
      const res = await search(query, session);
      expect(res.statusCode, res.body).toBe(200);
      return SearchResponse.parse(res.json());
    };

    it('first load derives the defaults from the member and returns them', async () => {
      const body = await ok('source=members&pp=12&auto_load=1&hideNudity=0&searchAllCountries=0');
      expect(body.filter_options).toEqual({
        gender: 'female',
        min_age: 26,
        max_age: 35,
        country: 'NL',
        countryregion: 0,
      });
      expect(names(body)).toEqual(['A', 'B']);
      expect(body.paging).toEqual({ num_results: 2, page: 1, pp: 12 });
    });

    it('first load with searchAllCountries leaves the country open', async () => {
      const body = await ok('auto_load=1&searchAllCountries=1');
      expect(body.filter_options.country).toBe('');
      expect(names(body)).toEqual(['A', 'B', 'E']);
    });

    it('returns profile cards with age, place, language and thumbnail', async () => {
      const body = await ok('manual_search=1&country=NL&gender=female&page=1');
      const a = body.profiles.find((p) => p.id === ids.A);
      expect(a).toEqual({
        id: ids.A,
        name: 'Person A',
        age: 28,
        city: 'Haarlem',
        country: 'NL',
        language: 'en',
        main_image: { thumb_filename: 'a_thumb.jpg' },
      });
      expect(body.profiles.find((p) => p.id === ids.J)?.age).toBeNull();
      expect(body.profiles.find((p) => p.id === ids.C)?.main_image).toBeNull();
    });

    it('manual search: never deleted, banned, blocked (either way) or the searcher', async () => {
      const body = await ok('manual_search=1&country=NL&gender=female');
      expect(names(body)).toEqual(['A', 'B', 'C', 'J', 'K']);
      expect(body.paging.num_results).toBe(5);
      const men = await ok('manual_search=1&country=NL&gender=male');
      expect(names(men)).toEqual(['D']);
    });

    it('filters by region, with 0 meaning every region', async () => {
      expect(names(await ok('manual_search=1&country=NL&countryregion=8&gender='))).toEqual([
        'A',
        'C',
      ]);
      expect(
        names(await ok('manual_search=1&country=NL&countryregion=0&gender=female')),
      ).toHaveLength(5);
    });

    it('filters by age range; an open maximum means any age from the minimum', async () => {
      expect(
        names(await ok('manual_search=1&country=NL&gender=female&min_age=35&max_age=')),
      ).toEqual(['C', 'K']);
      expect(
        names(await ok('manual_search=1&country=NL&gender=female&min_age=18&max_age=28')),
      ).toEqual(['A']);
      expect(
        names(await ok('manual_search=1&country=NL&gender=female&min_age=28&max_age=28')),
      ).toEqual(['A']);
      expect(names(await ok('manual_search=1&gender=female&min_age=65'))).toEqual(['K']);
    });

    it('pages with a stable order and reports the total', async () => {
      const p1 = await ok('manual_search=1&country=NL&gender=female&pp=2&page=1');
      const p2 = await ok('manual_search=1&country=NL&gender=female&pp=2&page=2');
      const p3 = await ok('manual_search=1&country=NL&gender=female&pp=2&page=3');
      expect([names(p1), names(p2), names(p3)]).toEqual([['A', 'B'], ['C', 'J'], ['K']]);
      expect(p2.paging).toEqual({ num_results: 5, page: 2, pp: 2 });
      expect((await ok('manual_search=1&country=NL&gender=female&pp=2&page=9')).profiles).toEqual(
        [],
      );
    });

    it('similar search with do_not_save works like a manual search', async () => {
      const body = await ok(
        'manual_search=1&do_not_save=1&country=NL&countryregion=0&gender=female&min_age=23&max_age=38',
      );
      expect(names(body)).toEqual(['A', 'B']);
    });

    it('logged-out search is allowed by default, without the searcher exclusions', async () => {
      const body = await ok('manual_search=1&country=NL&gender=female', null);
      expect(names(body)).toEqual(['A', 'B', 'C', 'H', 'I', 'J', 'K']);
      const first = await ok('auto_load=1', null);
      expect(first.filter_options).toEqual({
        gender: '',
        min_age: 18,
        max_age: null,
        country: '',
        countryregion: 0,
      });
      // Everyone but the deleted and the banned: nine fixtures and the viewer.
      expect(first.paging.num_results).toBe(10);
    });

    it.each([
      ['a negative page', 'page=-1', 'page'],
      ['page zero', 'page=0', 'page'],
      ['a page that is not a number', 'page=abc', 'page'],
      ['pp too large', 'pp=1000', 'pp'],
      ['min_age under 18', 'min_age=17', 'min_age'],
      ['min_age above max_age', 'min_age=40&max_age=30', 'min_age'],
      ['a malformed country', 'country=NLD', 'country'],
      ['an unknown gender', 'gender=robot', 'gender'],
      ['a bad flag', 'auto_load=yes', 'auto_load'],
      ['a negative region', 'country=NL&countryregion=-2', 'countryregion'],
      ['an oversized source', `source=${'s'.repeat(51)}`, 'source'],
    ])('answers 400 for %s', async (_label, query, path) => {
      const res = await search(query);
      expect(res.statusCode).toBe(400);
      const body = res.json() as { message: string; issues: Array<{ path: string }> };
      expect(body.message).toContain('query parameter');
      expect(body.issues.map((i) => i.path)).toContain(path);
    });

    it('answers 400 for a country or region the site does not know', async () => {
      const country = await search('manual_search=1&country=JP');
      expect(country.statusCode).toBe(400);
      expect(country.json()).toMatchObject({
        key: 'search.unknown_country',
        message: 'Unknown country: JP',
      });
      const region = await search('manual_search=1&country=BE&countryregion=9');
      expect(region.statusCode).toBe(400);
      expect(region.json()).toMatchObject({ key: 'search.unknown_region' });
      const noCountry = await search('manual_search=1&countryregion=2');
      expect(noCountry.statusCode).toBe(400);
    });

    it('is 403 for logged-out visitors when the site disallows it', async () => {
      const closed = await buildTestApp(engine, {
        site: { logged_out_search: false, logged_out_search_trafficsource: true },
      });
      try {
        const res = await closed.app.inject({ method: 'GET', url: '/api/search.php?auto_load=1' });
        expect(res.statusCode).toBe(403);
        expect(res.json()).toMatchObject({ key: 'auth.not_logged_in' });
        const withSource = await closed.app.inject({
          method: 'GET',
          url: '/api/search.php?auto_load=1&trafficsource=ads',
        });
        expect(withSource.statusCode).toBe(200);
        expect(SearchResponse.parse(withSource.json()).profiles).toEqual([]);
      } finally {
        await closed.close();
      }
    });
  });
}
