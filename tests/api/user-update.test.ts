/** PUT /api/user.php: living area and partial profile updates with SPEC §5 validation. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { UserResponse } from '../../src/shared/contract/account';
import { shiftYears, todayIso } from '../../server/lib/dates';
import { as, dobForAge, signup } from './fixtures';
import { buildTestApp, ENGINES, type TestApp } from './helper';

for (const engine of ENGINES) {
  describe(`profile updates (${engine})`, () => {
    let t: TestApp;
    let cookie: string;
    let email: string;
    beforeAll(async () => {
      t = await buildTestApp(engine);
      const s = await signup(t.app, { country: 'NL' });
      cookie = s.cookie;
      email = s.user.email;
    });
    afterAll(() => t.close());

    const put = (payload: unknown, session: string | null = cookie) =>
      t.app.inject({
        method: 'PUT',
        url: '/api/user.php',
        payload: payload as object,
        ...(session ? as(session) : {}),
      });

    it('is 403 when logged out', async () => {
      const res = await put({ country: 'NL' }, null);
      expect(res.statusCode).toBe(403);
      expect(res.json()).toMatchObject({ key: 'auth.not_logged_in' });
    });

    it('saves the living area', async () => {
      const res = await put({ country: 'be', countryregion: 2, city: '  Antwerpen ' });
      expect(res.statusCode).toBe(200);
      const { user } = UserResponse.parse(res.json());
      expect(user.profile).toMatchObject({ country: 'BE', countryregion: 2, city: 'Antwerpen' });
    });

    it('treats region 0 as no region and an empty city as none', async () => {
      const res = await put({ country: 'NL', countryregion: 0, city: '' });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({
        user: { profile: { country: 'NL', countryregion: null, city: null } },
      });
    });

    it('refuses a country the site does not serve', async () => {
      const res = await put({ country: 'JP' });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ key: 'profile.country_not_allowed' });
    });

    it('refuses a region of another country', async () => {
      const res = await put({ country: 'BE', countryregion: 4 });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ key: 'profile.region_invalid' });
    });

    it.each([
      ['a three-letter country', { country: 'NLD' }, 'country'],
      ['a missing country', { city: 'Utrecht' }, 'country'],
      ['a negative region', { country: 'NL', countryregion: -1 }, 'countryregion'],
      ['a region of wrong type', { country: 'NL', countryregion: 'two' }, 'countryregion'],
      ['an oversized city', { country: 'NL', city: 'c'.repeat(256) }, 'city'],
      ['an unknown key', { country: 'NL', planet: 'Mars' }, ''],
      [
        'an oversized profile note',
        { profile: { personal: 'p'.repeat(5001) } },
        'profile.personal',
      ],
      ['a wrong gender', { profile: { gender: 'other' } }, 'profile.gender'],
      [
        'a date in the wrong format',
        { profile: { date_of_birth: '01-02-1990' } },
        'profile.date_of_birth',
      ],
      ['an unknown profile key', { profile: { credits: 1000 } }, 'profile'],
    ])('answers 400 for %s', async (_label, payload, path) => {
      const res = await put(payload);
      expect(res.statusCode).toBe(400);
      const body = res.json() as { message: string; issues: Array<{ path: string }> };
      expect(body.message).toContain('Invalid body');
      expect(body.issues.map((i) => i.path)).toContain(path);
    });

    it('updates part of the profile and keeps the rest', async () => {
      const dob = dobForAge(30);
      const res = await put({
        profile: {
          gender: 'female',
          date_of_birth: dob,
          personal: 'I like long walks.',
          lastSignupStep: true,
          fields: { eyes: 'green', height: '170_179' },
          notes: { looking_for: 'Someone kind' },
        },
      });
      expect(res.statusCode).toBe(200);
      const { user } = UserResponse.parse(res.json());
      expect(user.profile).toMatchObject({
        gender: 'female',
        date_of_birth: dob,
        personal: 'I like long walks.',
        lastSignupStep: true,
        country: 'NL',
        fields: { eyes: 'green', height: '170_179' },
        notes: { looking_for: 'Someone kind' },
      });

      const again = await put({
        profile: { fields: { eyes: 'blue', height: '' }, name: 'Renamed' },
      });
      expect(again.statusCode).toBe(200);
      expect(again.json()).toMatchObject({
        user: { profile: { name: 'Renamed', gender: 'female', fields: { eyes: 'blue' } } },
      });
      expect(
        (again.json() as { user: { profile: { fields: object } } }).user.profile.fields,
      ).not.toHaveProperty('height');
    });

    it('clears the region when the profile country changes', async () => {
      await put({ country: 'NL', countryregion: 5 });
      const res = await put({ profile: { country: 'DE' } });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({
        user: { profile: { country: 'DE', countryregion: null } },
      });
    });

    it.each([
      ['not a real date', '1990-02-30'],
      ['zero month', '1990-00-10'],
      ['under 18', dobForAge(17)],
      ['18 tomorrow', shiftYears(todayIso(new Date(Date.now() + 86_400_000)), -18)],
      ['over 100', dobForAge(101)],
      ['in the future', '2999-01-01'],
    ])('refuses a date of birth that is %s', async (_label, date) => {
      const res = await put({ profile: { date_of_birth: date } });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ key: 'profile.date_of_birth_error' });
    });

    it('accepts exactly 18 and exactly 100', async () => {
      expect((await put({ profile: { date_of_birth: dobForAge(18) } })).statusCode).toBe(200);
      expect((await put({ profile: { date_of_birth: dobForAge(100) } })).statusCode).toBe(200);
    });

    it('refuses unknown field values and notes', async () => {
      const field = await put({ profile: { fields: { eyes: 'purple' } } });
      expect(field.statusCode).toBe(400);
      expect(field.json()).toMatchObject({ key: 'profile.invalid_field' });
      const unknownField = await put({ profile: { fields: { zodiac: 'leo' } } });
      expect(unknownField.statusCode).toBe(400);
      const note = await put({ profile: { notes: { secret: 'x' } } });
      expect(note.statusCode).toBe(400);
      expect(note.json()).toMatchObject({ key: 'profile.invalid_note' });
    });

    it('refuses a name that is the email or starts with @', async () => {
      const same = await put({ profile: { name: email.toUpperCase() } });
      expect(same.statusCode).toBe(400);
      expect(same.json()).toMatchObject({ key: 'signup.name_equal_to_email' });
      const at = await put({ profile: { name: '@me' } });
      expect(at.statusCode).toBe(400);
      expect(at.json()).toMatchObject({ key: 'signup.name_starts_with_at' });
    });

    it('refuses a region without a country', async () => {
      const fresh = await signup(t.app);
      const res = await put({ profile: { countryregion: 3 } }, fresh.cookie);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ key: 'profile.region_invalid' });
    });
  });
}
