/** GET /api/signup_matches.php: who fits a new member, their country first, never liked or blocked. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SignupMatchesResponse } from '../../src/shared/contract/landers';
import { as, block, dobForAge, login } from './fixtures';
import { buildTestApp, ENGINES, type TestApp } from './helper';
import {
  insertLanderMember,
  insertPeople,
  labeller,
  type LanderMemberFixture,
} from './lander-fixtures';

const woman = (age: number, extra: LanderMemberFixture = {}): LanderMemberFixture => ({
  gender: 'female',
  date_of_birth: dobForAge(age),
  country: 'NL',
  ...extra,
});

/** The most recently active first. */
const PEOPLE: Record<string, LanderMemberFixture> = {
  W28: woman(28, { photo: 'approved' }),
  B30: woman(30, { photo: 'approved', country: 'BE' }),
  W33: woman(33),
  W36: woman(36, { photo: 'approved' }),
  W25: woman(25, { photo: 'approved' }),
  LIKED: woman(31, { photo: 'approved' }),
  BLK: woman(32, { photo: 'approved' }),
  BLKME: woman(34, { photo: 'approved' }),
  DEL: woman(29, { photo: 'approved', status: 'deleted', deleted: true }),
  BAN: woman(29, { photo: 'approved', status: 'banned' }),
  HID: woman(30, { photo: 'approved', search_hidden: true }),
  OPT: woman(27, { photo: 'approved', lander_opt_out: true }),
  PEN: woman(26, { photo: 'pending' }),
  N30: woman(30, { photo: 'approved', country: null }),
  B29: woman(29, { country: 'BE' }),
  M30: { gender: 'male', date_of_birth: dobForAge(30), country: 'NL', photo: 'approved' },
};

for (const engine of ENGINES) {
  describe(`signup_matches.php (${engine})`, () => {
    let t: TestApp;
    let cookie: string;
    let ids: Record<string, number>;
    let names: ReturnType<typeof labeller>;

    beforeAll(async () => {
      t = await buildTestApp(engine);
      ids = await insertPeople(t.app, PEOPLE);
      ids.ME = await insertLanderMember(t.app, {
        email: 'sm-new@example.com',
        gender: 'male',
        date_of_birth: dobForAge(30),
        country: 'NL',
        last_active: 1,
      });
      ids.BLANK = await insertLanderMember(t.app, {
        email: 'sm-blank@example.com',
        last_active: 2,
      });
      names = labeller(ids);
      const me = ids.ME ?? 0;
      await block(t.app, me, ids.BLK ?? 0);
      await block(t.app, ids.BLKME ?? 0, me);
      await t.app.db
        .insertInto('likes')
        .values([
          {
            member_id: me,
            profile_id: ids.LIKED ?? 0,
            liked: true,
            last_client_seq: null,
            updated_at: Date.now(),
          },
          // An unlike leaves a row behind; that member is a match again.
          {
            member_id: me,
            profile_id: ids.W25 ?? 0,
            liked: false,
            last_client_seq: null,
            updated_at: Date.now(),
          },
        ])
        .execute();
      cookie = await login(t.app, 'sm-new@example.com');
    });
    afterAll(() => t.close());

    const get = (query = '', session: string | null = cookie) =>
      t.app.inject({
        method: 'GET',
        url: `/api/signup_matches.php${query}`,
        ...(session ? as(session) : {}),
      });
    const matches = async (query = '', session: string | null = cookie) => {
      const res = await get(query, session);
      expect(res.statusCode, res.body).toBe(200);
      return names(SignupMatchesResponse.parse(res.json()).profiles);
    };

    it('is 403 for a visitor', async () => {
      const res = await get('', null);
      expect(res.statusCode).toBe(403);
      expect(res.json()).toMatchObject({ key: 'auth.not_logged_in' });
    });

    it('offers the other gender aged 5 years around theirs, their country first, photos first', async () => {
      expect(await matches()).toEqual(['W28', 'W25', 'OPT', 'W33', 'PEN', 'B30', 'N30', 'B29']);
    });

    it('takes the gender the member looks for (after a gay- lander: their own)', async () => {
      expect(await matches('?gender=male')).toEqual(['M30']);
    });

    it('takes the ages the member chose; one end alone leaves the other open', async () => {
      expect(await matches('?min_age=35')).toEqual(['W36']);
      expect(await matches('?min_age=26&max_age=28')).toEqual(['W28', 'OPT', 'PEN']);
      expect(await matches('?max_age=26')).toEqual(['W25', 'PEN']);
    });

    it('offers everyone, of any age, anywhere, to a member who said nothing about themselves', async () => {
      const list = await matches('', await login(t.app, 'sm-blank@example.com'));
      // Another member's likes and blocks are not theirs; 12 at most, photos first. ME was active
      // last (logging in), so comes first of those without a photo.
      expect(list).toEqual([
        'W28',
        'B30',
        'W36',
        'W25',
        'LIKED',
        'BLK',
        'BLKME',
        'OPT',
        'N30',
        'M30',
        'ME',
        'W33',
      ]);
    });

    it.each(['?gender=x', '?min_age=40&max_age=30', '?min_age=17', '?max_age=101'])(
      'answers 400 for %s',
      async (query) => {
        expect((await get(query)).statusCode).toBe(400);
      },
    );
  });
}
