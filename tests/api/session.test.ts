/** GET /api/user.php, POST /api/login.php and GET /api/logout.php: the session life cycle. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { UserResponse } from '../../src/shared/contract/account';
import { SESSION_COOKIE, SESSION_HINT_COOKIE, SESSION_TTL_MS } from '../../server/plugins/session';
import { as, insertMember, login, PASSWORD } from './fixtures';
import { buildTestApp, ENGINES, type TestApp } from './helper';

const HOUR = 3_600_000;

for (const engine of ENGINES) {
  describe(`sessions (${engine})`, () => {
    let t: TestApp;
    beforeAll(async () => {
      t = await buildTestApp(engine);
    });
    afterAll(() => t.close());

    const getUser = (cookie?: string) =>
      t.app.inject({ method: 'GET', url: '/api/user.php', ...(cookie ? as(cookie) : {}) });

    it('GET /api/user.php is 403 JSON when logged out', async () => {
      const res = await getUser();
      expect(res.statusCode).toBe(403);
      expect(res.headers['content-type']).toContain('application/json');
      expect(res.json()).toEqual({
        statusCode: 403,
        error: 'Forbidden',
        message: 'You are not logged in',
        key: 'auth.not_logged_in',
      });
    });

    it('GET /api/user.php is 403 for an unknown or oversized cookie', async () => {
      const stale = await getUser('not-a-session');
      expect(stale.statusCode).toBe(403);
      // No cookie is cleared: this answer may arrive after a login's and would undo its cookie.
      expect(stale.cookies).toEqual([]);
      expect((await getUser('x'.repeat(5000))).statusCode).toBe(403);
    });

    it('logs in with email and password, case-insensitively', async () => {
      const id = await insertMember(t.app, {
        email: 'lisa@example.com',
        name: 'Lisa',
        country: 'DE',
      });
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/login.php',
        payload: { email: ' LISA@example.com', password: PASSWORD },
      });
      expect(res.statusCode).toBe(200);
      const { user } = UserResponse.parse(res.json());
      expect(user).toMatchObject({ id, email: 'lisa@example.com', activated: true });
      expect(user.profile).toMatchObject({ name: 'Lisa', country: 'DE' });
      const cookie = res.cookies.find((c) => c.name === SESSION_COOKIE);
      expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Lax' });
      // The readable hint carries no secret, only that a session exists.
      const hint = res.cookies.find((c) => c.name === SESSION_HINT_COOKIE);
      expect(hint).toMatchObject({ value: '1', sameSite: 'Lax' });
      expect(hint?.httpOnly).toBeFalsy();
      const me = await getUser(cookie?.value);
      expect(me.statusCode).toBe(200);
      expect(me.json()).toMatchObject({ user: { id } });
    });

    it('gives the same 401 for a wrong password and an unknown email', async () => {
      await insertMember(t.app, { email: 'known@example.com' });
      const wrong = await t.app.inject({
        method: 'POST',
        url: '/api/login.php',
        payload: { email: 'known@example.com', password: 'wrong password' },
      });
      const unknown = await t.app.inject({
        method: 'POST',
        url: '/api/login.php',
        payload: { email: 'nobody@example.com', password: 'wrong password' },
      });
      expect(wrong.statusCode).toBe(401);
      expect(unknown.statusCode).toBe(401);
      expect(wrong.json()).toEqual(unknown.json());
      expect(wrong.json()).toMatchObject({ key: 'login.invalid_credentials' });
      expect(wrong.cookies).toHaveLength(0);
    });

    it('refuses deleted and banned accounts with the same 401', async () => {
      await insertMember(t.app, { email: 'deleted@example.com', status: 'deleted', deleted: true });
      await insertMember(t.app, { email: 'banned@example.com', status: 'banned' });
      for (const email of ['deleted@example.com', 'banned@example.com']) {
        const res = await t.app.inject({
          method: 'POST',
          url: '/api/login.php',
          payload: { email, password: PASSWORD },
        });
        expect(res.statusCode).toBe(401);
        expect(res.json()).toMatchObject({ key: 'login.invalid_credentials' });
      }
    });

    it.each([
      ['missing password', { email: 'a@example.com' }, 'password'],
      ['missing email', { password: 'x' }, 'email'],
      ['empty password', { email: 'a@example.com', password: '' }, 'password'],
      ['invalid email', { email: 'a@', password: 'x' }, 'email'],
      ['number as email', { email: 5, password: 'x' }, 'email'],
      ['oversized password', { email: 'a@example.com', password: 'p'.repeat(201) }, 'password'],
    ])('login answers 400 for %s', async (_label, payload, path) => {
      const res = await t.app.inject({ method: 'POST', url: '/api/login.php', payload });
      expect(res.statusCode).toBe(400);
      expect(
        (res.json() as { issues: Array<{ path: string }> }).issues.map((i) => i.path),
      ).toContain(path);
    });

    it('a session ends when the member is deleted', async () => {
      const id = await insertMember(t.app, { email: 'leaving@example.com' });
      const cookie = await login(t.app, 'leaving@example.com');
      expect((await getUser(cookie)).statusCode).toBe(200);
      await t.app.db
        .updateTable('members')
        .set({ status: 'deleted', deleted_at: Date.now() })
        .where('id', '=', id)
        .execute();
      expect((await getUser(cookie)).statusCode).toBe(403);
    });

    it('an expired session is no session', async () => {
      const id = await insertMember(t.app, { email: 'expired@example.com' });
      const cookie = await login(t.app, 'expired@example.com');
      await t.app.db
        .updateTable('sessions')
        .set({ expires_at: Date.now() - 1 })
        .where('member_id', '=', id)
        .execute();
      expect((await getUser(cookie)).statusCode).toBe(403);
    });

    it('slides the expiry forward when the session is used after an hour', async () => {
      const id = await insertMember(t.app, { email: 'slide@example.com' });
      const cookie = await login(t.app, 'slide@example.com');
      const old = Date.now() - 2 * HOUR;
      await t.app.db
        .updateTable('sessions')
        .set({ last_seen_at: old, expires_at: old + SESSION_TTL_MS })
        .where('member_id', '=', id)
        .execute();
      const res = await getUser(cookie);
      expect(res.statusCode).toBe(200);
      expect(res.cookies.find((c) => c.name === SESSION_COOKIE)?.maxAge).toBe(
        SESSION_TTL_MS / 1000,
      );
      const row = await t.app.db
        .selectFrom('sessions')
        .select('expires_at')
        .where('member_id', '=', id)
        .executeTakeFirstOrThrow();
      expect(row.expires_at).toBeGreaterThan(Date.now() + SESSION_TTL_MS - 60_000);
    });

    it('logging in again replaces the current session', async () => {
      const id = await insertMember(t.app, { email: 'twice@example.com' });
      const first = await login(t.app, 'twice@example.com');
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/login.php',
        payload: { email: 'twice@example.com', password: PASSWORD },
        ...as(first),
      });
      expect(res.statusCode).toBe(200);
      expect((await getUser(first)).statusCode).toBe(403);
      const sessions = await t.app.db
        .selectFrom('sessions')
        .select('token_hash')
        .where('member_id', '=', id)
        .execute();
      expect(sessions).toHaveLength(1);
    });

    it('GET /api/logout.php deletes the session, clears the cookie and answers done', async () => {
      await insertMember(t.app, { email: 'bye@example.com' });
      const cookie = await login(t.app, 'bye@example.com');
      const res = await t.app.inject({ method: 'GET', url: '/api/logout.php', ...as(cookie) });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toContain('text/plain');
      expect(res.body).toBe('done');
      const cleared = res.cookies.find((c) => c.name === SESSION_COOKIE);
      expect(cleared?.value).toBe('');
      expect(res.cookies.find((c) => c.name === SESSION_HINT_COOKIE)?.value).toBe('');
      expect((await getUser(cookie)).statusCode).toBe(403);
    });

    it('GET /api/logout.php without a session still answers done', async () => {
      const res = await t.app.inject({ method: 'GET', url: '/api/logout.php' });
      expect(res.statusCode).toBe(200);
      expect(res.body).toBe('done');
    });

    it('marks the cookie Secure when BASE_URL is https', async () => {
      const secure = await buildTestApp(engine, { baseUrl: 'https://amora.example' });
      try {
        await insertMember(secure.app, { email: 'secure@example.com' });
        const res = await secure.app.inject({
          method: 'POST',
          url: '/api/login.php',
          payload: { email: 'secure@example.com', password: PASSWORD },
        });
        expect(res.statusCode).toBe(200);
        expect(res.cookies.find((c) => c.name === SESSION_COOKIE)?.secure).toBe(true);
      } finally {
        await secure.close();
      }
    });
  });
}
