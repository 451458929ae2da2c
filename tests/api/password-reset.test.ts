/** /api/reset_password.php: the mailed link, its single use and expiry, sessions, common passwords. */
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { UserResponse } from '../../src/shared/contract/account';
import { ApiError } from '../../src/shared/contract/fields';
import { sha256Hex } from '../../server/lib/tokens';
import { SESSION_COOKIE } from '../../server/plugins/session';
import { PASSWORD_RESET_TTL_MS } from '../../server/services/mailer';
import { as, insertMember, login, PASSWORD } from './fixtures';
import { buildTestApp, ENGINES, type TestApp } from './helper';
import { lastMailTo, linkIn, mailsTo } from './outbox';

const NEW_PASSWORD = 'lilac-ferry-morning-47';

for (const engine of ENGINES) {
  describe(`password reset (${engine})`, () => {
    let t: TestApp;
    beforeAll(async () => {
      t = await buildTestApp(engine, { baseUrl: 'https://amora.example' });
    });
    afterAll(() => t.close());
    afterEach(() => vi.restoreAllMocks());

    const request = (email: unknown) =>
      t.app.inject({ method: 'POST', url: '/api/reset_password.php', payload: { email } });
    const reset = (payload: object, cookie?: string) =>
      t.app.inject({
        method: 'PUT',
        url: '/api/reset_password.php',
        payload,
        ...(cookie ? as(cookie) : {}),
      });
    const me = async (cookie: string) =>
      (await t.app.inject({ url: '/api/user.php', ...as(cookie) })).statusCode;
    /** Requests a link for `email` and returns its token. */
    const tokenFor = async (email: string) => {
      expect((await request(email)).json()).toEqual({ sent: true });
      return linkIn((await lastMailTo(t.app, email, 'password_reset')).text, '/reset-password/do')
        .token;
    };

    it('mails a single-use link in the member language, storing only its hash', async () => {
      const id = await insertMember(t.app, {
        email: 'claire@example.fr',
        name: 'Claire',
        language: 'fr',
      });
      const before = Date.now();
      const res = await request('  Claire@Example.FR ');
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ sent: true });
      const mail = await lastMailTo(t.app, 'claire@example.fr', 'password_reset');
      expect(mail).toMatchObject({ member_id: id, status: 'queued' });
      expect(mail.subject).toBe('Réinitialisez votre mot de passe Amora');
      expect(mail.text).toContain('Bonjour Claire');
      expect(mail.text).toContain('1 heure');
      const { origin, token } = linkIn(mail.text, '/reset-password/do');
      expect(origin).toBe('https://amora.example');
      expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
      const row = await t.app.db
        .selectFrom('tokens')
        .selectAll()
        .where('member_id', '=', id)
        .where('kind', '=', 'password_reset')
        .executeTakeFirstOrThrow();
      expect(row.token_hash).toBe(sha256Hex(token));
      expect(row.expires_at - before).toBeGreaterThanOrEqual(PASSWORD_RESET_TTL_MS);
      expect(row.expires_at - Date.now()).toBeLessThanOrEqual(PASSWORD_RESET_TTL_MS);
    });

    it('answers the same for unknown, deleted and banned addresses, and mails none of them', async () => {
      await insertMember(t.app, { email: 'gone@example.com', status: 'deleted', deleted: true });
      await insertMember(t.app, { email: 'banned@example.com', status: 'banned' });
      for (const email of ['nobody@example.com', 'gone@example.com', 'banned@example.com']) {
        const res = await request(email);
        expect(res.statusCode).toBe(200);
        expect(res.json()).toEqual({ sent: true });
        expect(await mailsTo(t.app, email, 'password_reset')).toEqual([]);
      }
    });

    it('sets the password, ends every other session, activates and logs in', async () => {
      const email = 'nina@example.com';
      const id = await insertMember(t.app, { email, status: 'not_confirmed', language: 'nl' });
      const phone = await login(t.app, email);
      const laptop = await login(t.app, email);
      const token = await tokenFor(email);
      expect((await lastMailTo(t.app, email, 'password_reset')).subject).toMatch(/wachtwoord/);

      const res = await reset({ token, password: NEW_PASSWORD }, laptop);
      expect(res.statusCode).toBe(200);
      const { user } = UserResponse.parse(res.json());
      expect(user).toMatchObject({ id, email, activated: true, loggedIn: true });
      const cookie = res.cookies.find((c) => c.name === SESSION_COOKIE)?.value;
      expect(cookie).toBeDefined();
      expect(await me(cookie!)).toBe(200);
      expect(await me(phone)).toBe(403);
      expect(await me(laptop)).toBe(403);
      const sessions = await t.app.db
        .selectFrom('sessions')
        .select('token_hash')
        .where('member_id', '=', id)
        .execute();
      expect(sessions).toEqual([{ token_hash: sha256Hex(cookie!) }]);

      const oldLogin = await t.app.inject({
        method: 'POST',
        url: '/api/login.php',
        payload: { email, password: PASSWORD },
      });
      expect(oldLogin.statusCode).toBe(401);
      await login(t.app, email, NEW_PASSWORD);
    });

    it('refuses a used link, and voids the other links of the member', async () => {
      const email = 'ole@example.com';
      await insertMember(t.app, { email });
      const first = await tokenFor(email);
      const second = await tokenFor(email);
      expect((await reset({ token: second, password: NEW_PASSWORD })).statusCode).toBe(200);
      for (const token of [second, first]) {
        const again = await reset({ token, password: 'another-good-pass-91' });
        expect(again.statusCode).toBe(400);
        expect(ApiError.parse(again.json()).key).toBe('account_errors.reset_token_invalid');
      }
    });

    it('refuses an expired link and an unknown token', async () => {
      const email = 'late@example.com';
      await insertMember(t.app, { email });
      const token = await tokenFor(email);
      const now = Date.now();
      vi.spyOn(Date, 'now').mockReturnValue(now + PASSWORD_RESET_TTL_MS + 1000);
      const late = await reset({ token, password: NEW_PASSWORD });
      expect(late.statusCode).toBe(400);
      expect(late.json()).toMatchObject({ key: 'account_errors.reset_token_invalid' });
      vi.restoreAllMocks();
      await login(t.app, email);

      const unknown = await reset({ token: 'A'.repeat(43), password: NEW_PASSWORD });
      expect(unknown.statusCode).toBe(400);
      expect(unknown.json()).toMatchObject({ key: 'account_errors.reset_token_invalid' });
    });

    it('refuses a common password in any case, and the link still works afterwards', async () => {
      const email = 'weak@example.com';
      await insertMember(t.app, { email });
      const token = await tokenFor(email);
      for (const password of ['password123', 'QWERTY', 'Amora']) {
        const res = await reset({ token, password });
        expect(res.statusCode).toBe(400);
        expect(res.json()).toMatchObject({ key: 'account_errors.password_too_common' });
      }
      await login(t.app, email);
      expect((await reset({ token, password: NEW_PASSWORD })).statusCode).toBe(200);
    });

    it('still lets an old common password log in', async () => {
      await insertMember(t.app, { email: 'old@example.com', password: 'password' });
      await login(t.app, 'old@example.com', 'password');
    });

    it.each([
      ['POST without email', 'POST', {}],
      ['POST with an invalid email', 'POST', { email: 'not-an-address' }],
      ['POST with a number', 'POST', { email: 42 }],
      ['PUT without token', 'PUT', { password: NEW_PASSWORD }],
      ['PUT with a short token', 'PUT', { token: 'abc', password: NEW_PASSWORD }],
      ['PUT with a token of odd characters', 'PUT', { token: '%'.repeat(43), password: 'x1' }],
      ['PUT without password', 'PUT', { token: 'A'.repeat(43) }],
      ['PUT with an empty password', 'PUT', { token: 'A'.repeat(43), password: '' }],
      ['PUT with a password too long', 'PUT', { token: 'A'.repeat(43), password: 'p'.repeat(201) }],
    ] as const)('answers 400 for %s', async (_label, method, payload) => {
      const res = await t.app.inject({ method, url: '/api/reset_password.php', payload });
      expect(res.statusCode).toBe(400);
      expect(ApiError.parse(res.json()).statusCode).toBe(400);
    });

    it('is rate limited per client', async () => {
      const limited = await buildTestApp(engine, {
        rateLimits: { ...t.config.rateLimits, passwordReset: 2 },
      });
      try {
        const codes: number[] = [];
        for (let i = 0; i < 3; i += 1) {
          const res = await limited.app.inject({
            method: 'POST',
            url: '/api/reset_password.php',
            payload: { email: 'someone@example.com' },
          });
          codes.push(res.statusCode);
        }
        expect(codes).toEqual([200, 200, 429]);
        // The PUT has its own counter with the same limit.
        const puts: number[] = [];
        for (let i = 0; i < 3; i += 1) {
          const res = await limited.app.inject({
            method: 'PUT',
            url: '/api/reset_password.php',
            payload: { token: 'A'.repeat(43), password: NEW_PASSWORD },
          });
          puts.push(res.statusCode);
          if (res.statusCode === 429) {
            expect(res.json()).toMatchObject({ key: 'error.too_many_requests' });
          }
        }
        expect(puts).toEqual([400, 400, 429]);
      } finally {
        await limited.close();
      }
    });
  });
}
