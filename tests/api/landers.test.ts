/** GET /api/lander.php: members per niche, who is never shown, logged-out rules, bad slugs. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LANDER_PROFILES_MAX, LanderResponse } from '../../src/shared/contract/landers';
import { SearchResponse } from '../../src/shared/contract/members';
import { headlineTotal } from '../../server/services/lander-audience';
import { as, block, dobForAge, login } from './fixtures';
import { buildTestApp, ENGINES, type TestApp } from './helper';
import { insertLanderMember, insertPeople, labeller } from './lander-fixtures';

/** Everyone in NL; the most recently active first. X* are never shown on a lander. */
const PEOPLE = {
  XDEL: {
    gender: 'female',
    date_of_birth: dobForAge(40),
    photo: 'approved',
    deleted: true,
    status: 'deleted',
  },
  XBAN: { gender: 'female', date_of_birth: dobForAge(40), photo: 'approved', status: 'banned' },
  XHID: { gender: 'female', date_of_birth: dobForAge(40), photo: 'approved', search_hidden: true },
  XOPT: { gender: 'female', date_of_birth: dobForAge(40), photo: 'approved', lander_opt_out: true },
  XFIC: { gender: 'female', date_of_birth: dobForAge(40), photo: 'approved', fictional: true },
  BLK: { gender: 'female', date_of_birth: dobForAge(41), photo: 'approved' },
  BLKME: { gender: 'male', date_of_birth: dobForAge(41), photo: 'approved' },
  W25: { gender: 'female', date_of_birth: dobForAge(25), photo: 'approved' },
  W40: { gender: 'female', date_of_birth: dobForAge(40), photo: 'approved' },
  W50: { gender: 'female', date_of_birth: dobForAge(50) },
  W62: { gender: 'female', date_of_birth: dobForAge(62), photo: 'approved' },
  W70: { gender: 'female', date_of_birth: dobForAge(70), photo: 'pending' },
  NC33: {
    gender: 'female',
    date_of_birth: dobForAge(33),
    photo: 'approved',
    status: 'not_confirmed',
  },
  M30: { gender: 'male', date_of_birth: dobForAge(30), photo: 'approved' },
  M45: { gender: 'male', date_of_birth: dobForAge(45), photo: 'hidden' },
  U: { gender: null, date_of_birth: null },
} as const;

/** The card fields a lander may show; anything else (e-mail, birth date, location) is a leak. */
const CARD_KEYS = ['id', 'name', 'age', 'city', 'country', 'language', 'main_image', 'premium'];

for (const engine of ENGINES) {
  describe(`lander.php (${engine})`, () => {
    let t: TestApp;
    let cookie: string;
    let ids: Record<string, number>;
    let names: ReturnType<typeof labeller>;
    const hasViewer = (body: LanderResponse) => body.profiles.some((p) => p.id === ids.VIEWER);

    beforeAll(async () => {
      t = await buildTestApp(engine);
      ids = await insertPeople(
        t.app,
        Object.fromEntries(
          Object.entries(PEOPLE).map(([k, v]) => [k, { ...v, country: 'NL', city: `City ${k}` }]),
        ),
      );
      ids.VIEWER = await insertLanderMember(t.app, {
        email: 'lander-viewer@example.com',
        gender: 'male',
        date_of_birth: dobForAge(30),
        country: 'NL',
        last_active: Date.now() - 3_600_000,
      });
      const label = labeller(ids);
      // The viewer's activity moves with each call they make, so their place is checked apart.
      names = (list) => label(list).filter((name) => name !== 'VIEWER');
      await block(t.app, ids.VIEWER ?? 0, ids.BLK ?? 0);
      await block(t.app, ids.BLKME ?? 0, ids.VIEWER ?? 0);
      cookie = await login(t.app, 'lander-viewer@example.com');
    });
    afterAll(() => t.close());

    const get = (query: string, session?: string) =>
      t.app.inject({
        method: 'GET',
        url: `/api/lander.php?${query}`,
        ...(session ? as(session) : {}),
      });
    const lander = async (slug: string, session?: string, extra = '') => {
      const res = await get(`slug=${slug}${extra}`, session);
      expect(res.statusCode, res.body).toBe(200);
      return LanderResponse.parse(res.json());
    };

    it('shows everyone on a niche 1 slug: photos first, then by activity, never the X members', async () => {
      const body = await lander('eng');
      expect(body).toMatchObject({ language: 'en', niche: 1 });
      expect(names(body.profiles)).toEqual([
        'BLK',
        'BLKME',
        'W25',
        'W40',
        'W62',
        'NC33',
        'M30',
        'W50',
        'W70',
        'M45',
        'U',
      ]);
      expect(hasViewer(body)).toBe(true);
    });

    it('leaves out the logged-in viewer and anyone blocked either way', async () => {
      const body = await lander('eng', cookie);
      expect(hasViewer(body)).toBe(false);
      expect(names(body.profiles)).toEqual([
        'W25',
        'W40',
        'W62',
        'NC33',
        'M30',
        'W50',
        'W70',
        'M45',
        'U',
      ]);
    });

    it.each([
      ['she-nl', 'nl', 2, ['BLK', 'W25', 'W40', 'W62', 'NC33', 'W50', 'W70']],
      [
        'bdsm-de',
        'de',
        3,
        ['BLK', 'BLKME', 'W25', 'W40', 'W62', 'NC33', 'M30', 'W50', 'W70', 'M45', 'U'],
      ],
      ['bbw-fr', 'fr', 4, ['BLK', 'W25', 'W40', 'W62', 'NC33', 'W50', 'W70']],
      ['gilf-it', 'it', 5, ['W62', 'W70']],
      ['milf-es', 'es', 6, ['BLK', 'W40', 'W50']],
      ['gay-pl', 'pl', 7, ['BLKME', 'M30', 'M45']],
    ])('%s: language %s, niche %i, its members', async (slug, language, niche, expected) => {
      const body = await lander(slug);
      expect(body).toMatchObject({ language, niche });
      expect(names(body.profiles)).toEqual(expected);
      // The viewer (a man of 30) fits niches 1, 3 and 7 only.
      expect(hasViewer(body)).toBe([1, 3, 7].includes(niche));
    });

    it('shows cards only: no e-mail, birth date or location, and only approved photos', async () => {
      const body = await lander('eng');
      for (const card of body.profiles) {
        expect(CARD_KEYS).toEqual(expect.arrayContaining(Object.keys(card)));
      }
      const raw = JSON.stringify((await get('slug=eng')).json());
      expect(raw).not.toMatch(/@example\.com|date_of_birth|latitude|lat"|lon"|email/);
      const card = (label: string) => body.profiles.find((p) => p.id === ids[label]);
      expect(card('W25')).toMatchObject({
        name: 'Person W25',
        age: 25,
        city: 'City W25',
        country: 'NL',
      });
      expect(card('W25')?.main_image?.thumb_filename).toBe(`p${ids.W25}_thumb.jpg`);
      expect(card('W70')?.main_image).toBeNull(); // pending review
      expect(card('M45')?.main_image).toBeNull(); // hidden by a moderator
      expect(card('W50')?.main_image).toBeNull(); // no photo
    });

    it('counts what a search for the niche counts, for visitors and members alike', async () => {
      const search = async (query: string) =>
        SearchResponse.parse(
          (
            await t.app.inject({ method: 'GET', url: `/api/search.php?manual_search=1${query}` })
          ).json(),
        ).paging.num_results;
      expect((await lander('eng')).total).toBe(await search(''));
      expect((await lander('she-nl')).total).toBe(await search('&gender=female'));
      expect((await lander('gay-eng', cookie)).total).toBe(await search('&gender=male'));
      expect((await lander('milf-de')).total).toBe(
        await search('&gender=female&min_age=35&max_age=55'),
      );
      expect((await lander('gilf-de')).total).toBe(await search('&gender=female&min_age=60'));
    });

    it('rounds a large total down to a hundred for the headline', () => {
      expect([0, 7, 100, 101, 199, 200, 12_345].map(headlineTotal)).toEqual([
        0, 7, 100, 100, 100, 200, 12_300,
      ]);
    });

    it.each(['en', 'she-en', 'foo-nl', 'NL', 'nl-she', 'she-', '', 'gay-she-nl'])(
      'answers 400 lander.unknown_slug for %j',
      async (slug) => {
        const res = await get(`slug=${encodeURIComponent(slug)}`);
        expect(res.statusCode).toBe(400);
        expect(res.json()).toMatchObject({ key: 'lander.unknown_slug' });
      },
    );

    it('answers 400 for a missing or overlong slug', async () => {
      expect((await get('')).statusCode).toBe(400);
      expect((await get(`slug=${'she-'.repeat(6)}nl`)).statusCode).toBe(400);
    });
  });

  describe(`lander.php visibility and limits (${engine})`, () => {
    let t: TestApp;
    let cookie: string;
    let ids: Record<string, number>;

    beforeAll(async () => {
      t = await buildTestApp(engine, {
        site: { logged_out_search: false, logged_out_search_trafficsource: true },
      });
      const people: Record<
        string,
        { gender: 'female'; photo?: 'approved'; date_of_birth: string }
      > = {};
      // The newest 28 have no photo; the 3 oldest have one and still come first.
      for (let i = 0; i < 31; i += 1) {
        people[`F${i}`] = {
          gender: 'female',
          date_of_birth: dobForAge(30),
          ...(i >= 28 ? { photo: 'approved' } : {}),
        };
      }
      ids = await insertPeople(t.app, people);
      await insertLanderMember(t.app, {
        email: 'lander-member@example.com',
        gender: 'male',
        last_active: 1,
      });
      cookie = await login(t.app, 'lander-member@example.com');
    });
    afterAll(() => t.close());

    const lander = async (query: string, session?: string) => {
      const res = await t.app.inject({
        method: 'GET',
        url: `/api/lander.php?${query}`,
        ...(session ? as(session) : {}),
      });
      expect(res.statusCode, res.body).toBe(200);
      return LanderResponse.parse(res.json());
    };

    it('gives visitors no cards while logged-out search is off, but still the count', async () => {
      const body = await lander('slug=she-nl');
      expect(body.profiles).toEqual([]);
      expect(body.total).toBe(31);
    });

    it('gives visitors cards with a traffic source naming a network, as search.php does', async () => {
      expect((await lander('slug=she-nl&trafficsource=abc')).profiles).toHaveLength(
        LANDER_PROFILES_MAX,
      );
      expect((await lander('slug=she-nl&trafficsource=abc%3Fsub1%3Dx')).profiles).toHaveLength(
        LANDER_PROFILES_MAX,
      );
      expect((await lander('slug=she-nl&trafficsource=%3Fsub1%3Dx')).profiles).toEqual([]);
    });

    it('gives members cards whatever the logged-out rules, at most LANDER_PROFILES_MAX, photos first', async () => {
      const body = await lander('slug=she-nl', cookie);
      expect(body.profiles).toHaveLength(LANDER_PROFILES_MAX);
      expect(body.profiles.slice(0, 3).map((p) => p.id)).toEqual([ids.F28, ids.F29, ids.F30]);
      expect(body.profiles.slice(3).map((p) => p.id)).toEqual(
        Array.from({ length: LANDER_PROFILES_MAX - 3 }, (_, i) => ids[`F${i}`]),
      );
    });
  });
}
