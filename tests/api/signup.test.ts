/** POST /api/user.php?new=1: sign-up rules of SPEC §5 and the session it starts. */
import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { UserResponse } from '../../src/shared/contract/account';
import { COMMON_PASSWORD_COUNT } from '../../server/lib/common-passwords';
import { SESSION_COOKIE } from '../../server/plugins/session';
import { as, insertMember, signupBody } from './fixtures';
import { buildTestApp, ENGINES, type TestApp } from './helper';

const UA = 'Mozilla/5.0 (X11; Linux x86_64) AmoraTest/1.0';

for (const engine of ENGINES) {
  describe(`sign-up (${engine})`, () => {
    let t: TestApp;
    beforeAll(async () => {
      t = await buildTestApp(engine);
    });
    afterAll(() => t.close());

    const post = (payload: unknown, headers: Record<string, string> = {}) =>
      t.app.inject({
        method: 'POST',
        url: '/api/user.php?new=1',
        payload: payload as object,
        headers,
      });

    it('creates a not-confirmed member, logs them in and returns the user', async () => {
      const body = signupBody({
        email: '  Ann.Example@GMAIL.com ',
        name: 'Ann',
        country: 'nl',
        language: 'nl',
        timezone: 'Europe/Amsterdam',
        trafficsource: 'newsletter',
        referrer: 'https://search.example/',
        profile: 42,
        form_path: '/signup',
      });
      const res = await post(body, { 'user-agent': UA });
      expect(res.statusCode).toBe(200);
      const { user } = UserResponse.parse(res.json());
      expect(user).toMatchObject({
        email: 'ann.example@gmail.com',
        mailprovider: 2,
        loggedIn: true,
        activated: false,
        paid_user: false,
        credits: 0,
        pending_email: null,
      });
      expect(user.profile).toMatchObject({
        name: 'Ann',
        country: 'NL',
        language: 'nl',
        images: [],
      });
      expect(new Date(user.signup_date).getTime()).toBeGreaterThan(Date.now() - 60_000);

      const cookie = res.cookies.find((c) => c.name === SESSION_COOKIE);
      expect(cookie).toMatchObject({
        httpOnly: true,
        sameSite: 'Lax',
        path: '/',
        maxAge: 2_592_000,
      });
      expect(cookie?.secure).toBeFalsy();
      expect(cookie?.value).toMatch(/^[A-Za-z0-9_-]{43}$/);

      const me = await t.app.inject({
        method: 'GET',
        url: '/api/user.php',
        ...as(cookie?.value ?? ''),
      });
      expect(me.statusCode).toBe(200);
      expect(me.json()).toMatchObject({ user: { id: user.id, email: 'ann.example@gmail.com' } });

      const row = await t.app.db
        .selectFrom('members')
        .select(['status', 'password_hash', 'trafficsource', 'timezone', 'referrer'])
        .where('id', '=', user.id)
        .executeTakeFirstOrThrow();
      expect(row).toMatchObject({
        status: 'not_confirmed',
        trafficsource: 'newsletter',
        timezone: 'Europe/Amsterdam',
      });
      expect(row.password_hash).toMatch(/^\$argon2id\$/);
      const session = await t.app.db
        .selectFrom('sessions')
        .select('token_hash')
        .where('member_id', '=', user.id)
        .execute();
      expect(session).toHaveLength(1);
      expect(session[0]?.token_hash).not.toBe(cookie?.value);
      expect(session[0]?.token_hash).toBe(
        createHash('sha256')
          .update(cookie?.value ?? '')
          .digest('hex'),
      );
    });

    it('defaults the language to the domain language, drops a country the site does not serve', async () => {
      const res = await post(signupBody({ country: 'JP', email: 'kenji@example.jp' }));
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({
        user: { mailprovider: 0, profile: { country: null, language: 'en' } },
      });
    });

    it('refuses a name equal to the email', async () => {
      const res = await post(signupBody({ email: 'same@example.com', name: 'Same@Example.com' }));
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ key: 'signup.name_equal_to_email' });
    });

    it('refuses a name starting with @ with its message key', async () => {
      const res = await post(signupBody({ name: '@handle' }));
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({
        key: 'signup.name_starts_with_at',
        issues: [{ path: 'name', message: 'signup.name_starts_with_at' }],
      });
    });

    it('refuses one of the commonest passwords, in any case, and creates nothing', async () => {
      expect(COMMON_PASSWORD_COUNT).toBeGreaterThanOrEqual(200);
      for (const password of [
        '123456',
        'Password',
        'QWERTY123',
        'iloveyou',
        'AMORA',
        ' letmein ',
      ]) {
        const body = signupBody({ password });
        const res = await post(body);
        expect(res.statusCode, password).toBe(400);
        expect(res.json()).toMatchObject({ key: 'account_errors.password_too_common' });
        const check = await t.app.inject({ url: `/api/validate_email.php?email=${body.email}` });
        expect(check.json()).toMatchObject({ status: 'new' });
      }
      expect((await post(signupBody({ password: 'amora-is-where-i-met-you' }))).statusCode).toBe(
        200,
      );
    });

    it('answers 409 for an existing active or not-confirmed account', async () => {
      await insertMember(t.app, { email: 'taken@example.com' });
      const res = await post(signupBody({ email: 'TAKEN@example.com' }));
      expect(res.statusCode).toBe(409);
      expect(res.json()).toMatchObject({ statusCode: 409, key: 'signup.existing_account_active' });
    });

    it('answers 409 with the deleted-account key for a deleted account', async () => {
      await insertMember(t.app, { email: 'gone@example.com', status: 'deleted', deleted: true });
      const res = await post(signupBody({ email: 'gone@example.com' }));
      expect(res.statusCode).toBe(409);
      expect(res.json()).toMatchObject({ key: 'signup.deleted_account_exists' });
    });

    it('accepts a csrf hash of email + user agent, and the client fallback', async () => {
      const email = 'csrf-ok@example.com';
      const csrf = createHash('sha512')
        .update(email + UA)
        .digest('hex');
      expect((await post(signupBody({ email, csrf }), { 'user-agent': UA })).statusCode).toBe(200);
      const viaN = signupBody({ email: 'csrf-n@example.com', n: 'Other/2.0' });
      const hashN = createHash('sha512')
        .update('csrf-n@example.com' + 'Other/2.0')
        .digest('hex');
      expect((await post({ ...viaN, csrf: hashN })).statusCode).toBe(200);
      expect((await post(signupBody({ csrf: 'fallback-token' }))).statusCode).toBe(200);
    });

    it('refuses a csrf hash that does not match', async () => {
      const res = await post(signupBody({ csrf: 'a'.repeat(128) }), { 'user-agent': UA });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ key: 'signup.csrf_mismatch' });
    });

    it.each([
      ['missing email', { name: 'A', password: 'x' }, 'email'],
      ['missing password', { email: 'p@example.com', name: 'A' }, 'password'],
      ['empty name', { email: 'n@example.com', name: '  ', password: 'x' }, 'name'],
      ['invalid email', { email: 'not-an-email', name: 'A', password: 'x' }, 'email'],
      ['name too long', { email: 'l@example.com', name: 'x'.repeat(151), password: 'x' }, 'name'],
      [
        'email too long',
        { email: `${'e'.repeat(250)}@example.com`, name: 'A', password: 'x' },
        'email',
      ],
      [
        'password too long',
        { email: 'pw@example.com', name: 'A', password: 'x'.repeat(201) },
        'password',
      ],
      ['name of wrong type', { email: 'w@example.com', name: 12, password: 'x' }, 'name'],
      [
        'unknown language',
        { email: 'lang@example.com', name: 'A', password: 'x', language: 'xx' },
        'language',
      ],
      [
        'profile of wrong type',
        { email: 'pr@example.com', name: 'A', password: 'x', profile: 'abc' },
        'profile',
      ],
    ])('answers 400 for %s', async (_label, payload, path) => {
      const res = await post(payload);
      expect(res.statusCode).toBe(400);
      const body = res.json() as { message: string; issues: Array<{ path: string }> };
      expect(body.message).toContain('Invalid body');
      expect(body.issues.map((i) => i.path)).toContain(path);
    });

    it('answers 400 for a body that is not an object, and for malformed JSON', async () => {
      expect((await post([1, 2])).statusCode).toBe(400);
      const bad = await t.app.inject({
        method: 'POST',
        url: '/api/user.php?new=1',
        headers: { 'content-type': 'application/json' },
        payload: '{"email": "x@example.com",',
      });
      expect(bad.statusCode).toBe(400);
      expect(bad.json()).toMatchObject({
        statusCode: 400,
        message: expect.stringContaining('JSON'),
      });
    });

    it('needs ?new=1', async () => {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/user.php',
        payload: signupBody(),
      });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ issues: [{ path: 'new' }] });
    });

    it('is closed when sign-ups are off', async () => {
      const closed = await buildTestApp(engine, { site: { signups: 'off' } });
      try {
        const res = await closed.app.inject({
          method: 'POST',
          url: '/api/user.php?new=1',
          payload: signupBody(),
        });
        expect(res.statusCode).toBe(403);
        expect(res.json()).toMatchObject({ key: 'signup.invite_only' });
      } finally {
        await closed.close();
      }
    });

    it('needs a traffic source when sign-ups are with_trafficsource', async () => {
      const gated = await buildTestApp(engine, { site: { signups: 'with_trafficsource' } });
      try {
        const without = await gated.app.inject({
          method: 'POST',
          url: '/api/user.php?new=1',
          payload: signupBody(),
        });
        expect(without.statusCode).toBe(403);
        const withSource = await gated.app.inject({
          method: 'POST',
          url: '/api/user.php?new=1',
          payload: signupBody({ trafficsource: 'partner-7' }),
        });
        expect(withSource.statusCode).toBe(200);
      } finally {
        await gated.close();
      }
    });
  });
}
