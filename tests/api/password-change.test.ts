/** PUT /api/password.php: the current password confirms, other sessions end, this one stays. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { UserResponse } from '../../src/shared/contract/account';
import { ApiError } from '../../src/shared/contract/fields';
import { type LiveEvent } from '../../src/shared/contract/live-events';
import { sha256Hex } from '../../server/lib/tokens';
import { SESSION_COOKIE } from '../../server/plugins/session';
import { as, insertMember, login, PASSWORD } from './fixtures';
import { buildTestApp, ENGINES, type TestApp } from './helper';
import { lastMailTo, linkIn } from './outbox';

const NEW_PASSWORD = 'velvet-harbour-dawn-83';

for (const engine of ENGINES) {
  describe(`password change (${engine})`, () => {
    let t: TestApp;
    beforeAll(async () => {
      t = await buildTestApp(engine);
    });
    afterAll(() => t.close());

    const change = (cookie: string | null, payload: object) =>
      t.app.inject({
        method: 'PUT',
        url: '/api/password.php',
        payload,
        ...(cookie ? as(cookie) : {}),
      });
    const me = async (cookie: string) =>
      (await t.app.inject({ url: '/api/user.php', ...as(cookie) })).statusCode;
    const loginStatus = async (email: string, password: string) =>
      (
        await t.app.inject({
          method: 'POST',
          url: '/api/login.php',
          payload: { email, password },
        })
      ).statusCode;
    /** An activated member with a session. */
    const member = async (email: string) => {
      const id = await insertMember(t.app, { email });
      return { id, cookie: await login(t.app, email) };
    };

    it('sets the new password, ends the other sessions and keeps this one', async () => {
      const email = 'petra@example.com';
      const { id, cookie } = await member(email);
      const phone = await login(t.app, email);
      const tablet = await login(t.app, email);
      await t.app.inject({
        method: 'POST',
        url: '/api/reset_password.php',
        payload: { email },
      });
      const reset = linkIn(
        (await lastMailTo(t.app, email, 'password_reset')).text,
        '/reset-password/do',
      ).token;

      const events: LiveEvent[] = [];
      const stop = await t.app.realtime.subscribe(id, (e) => events.push(e));
      const res = await change(cookie, { current_password: PASSWORD, password: NEW_PASSWORD });
      stop();
      expect(res.statusCode).toBe(200);
      const { user } = UserResponse.parse(res.json());
      expect(user).toMatchObject({ id, email, loggedIn: true });
      // The session stays as it is: no new cookie.
      expect(res.cookies.find((c) => c.name === SESSION_COOKIE)).toBeUndefined();
      expect(events).toContainEqual({ type: 'user' });

      expect(await me(cookie)).toBe(200);
      expect(await me(phone)).toBe(403);
      expect(await me(tablet)).toBe(403);
      const sessions = await t.app.db
        .selectFrom('sessions')
        .select('token_hash')
        .where('member_id', '=', id)
        .execute();
      expect(sessions).toEqual([{ token_hash: sha256Hex(cookie) }]);

      const hash = await t.app.db
        .selectFrom('members')
        .select('password_hash')
        .where('id', '=', id)
        .executeTakeFirstOrThrow();
      expect(hash.password_hash).toMatch(/^\$argon2id\$/);
      expect(hash.password_hash).not.toContain(NEW_PASSWORD);
      expect(await loginStatus(email, PASSWORD)).toBe(401);
      await login(t.app, email, NEW_PASSWORD);

      const used = await t.app.inject({
        method: 'PUT',
        url: '/api/reset_password.php',
        payload: { token: reset, password: 'quiet-meadow-lantern-12' },
      });
      expect(used.statusCode).toBe(400);
      expect(used.json()).toMatchObject({ key: 'account_errors.reset_token_invalid' });
    });

    it('refuses a wrong current password and changes nothing', async () => {
      const email = 'wrong@example.com';
      const { cookie } = await member(email);
      const other = await login(t.app, email);
      const res = await change(cookie, { current_password: 'not-it', password: NEW_PASSWORD });
      expect(res.statusCode).toBe(400);
      expect(ApiError.parse(res.json()).key).toBe('account_errors.wrong_password');
      expect(await me(other)).toBe(200);
      expect(await loginStatus(email, NEW_PASSWORD)).toBe(401);
      await login(t.app, email);
    });

    it('refuses a common password in any case', async () => {
      const email = 'common@example.com';
      const { cookie } = await member(email);
      for (const password of ['password123', 'QWERTY', ' Amora ']) {
        const res = await change(cookie, { current_password: PASSWORD, password });
        expect(res.statusCode, password).toBe(400);
        expect(res.json()).toMatchObject({ key: 'account_errors.password_too_common' });
      }
      await login(t.app, email);
    });

    it('refuses the current password as the new one, even when it is a common one', async () => {
      const { cookie } = await member('same@example.com');
      const res = await change(cookie, { current_password: PASSWORD, password: PASSWORD });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ key: 'account_errors.password_same' });

      await insertMember(t.app, { email: 'oldweak@example.com', password: 'password' });
      const weak = await login(t.app, 'oldweak@example.com', 'password');
      const again = await change(weak, { current_password: 'password', password: 'password' });
      expect(again.json()).toMatchObject({ key: 'account_errors.password_same' });
      const better = await change(weak, { current_password: 'password', password: NEW_PASSWORD });
      expect(better.statusCode).toBe(200);
    });

    it('is 403 logged out and 400 for bad input, never a 5xx', async () => {
      const logout = await change(null, { current_password: PASSWORD, password: NEW_PASSWORD });
      expect(logout.statusCode).toBe(403);
      expect(ApiError.parse(logout.json()).key).toBe('auth.not_logged_in');
      const { cookie } = await member('input@example.com');
      for (const payload of [
        {},
        { password: NEW_PASSWORD },
        { current_password: PASSWORD },
        { current_password: '', password: NEW_PASSWORD },
        { current_password: PASSWORD, password: '' },
        { current_password: PASSWORD, password: 7 },
        { current_password: ['x'], password: NEW_PASSWORD },
        { current_password: PASSWORD, password: 'p'.repeat(201) },
        { current_password: 'p'.repeat(201), password: NEW_PASSWORD },
      ]) {
        const res = await change(cookie, payload);
        expect(res.statusCode, JSON.stringify(payload)).toBe(400);
        expect(ApiError.safeParse(res.json()).success).toBe(true);
      }
      const text = await t.app.inject({
        method: 'PUT',
        url: '/api/password.php',
        headers: { 'content-type': 'text/plain' },
        payload: 'password',
        ...as(cookie),
      });
      expect(text.statusCode).toBeGreaterThanOrEqual(400);
      expect(text.statusCode).toBeLessThan(500);
      expect(await me(cookie)).toBe(200);
    });

    it('is rate limited per member', async () => {
      const limited = await buildTestApp(engine, {
        rateLimits: { ...t.config.rateLimits, passwordChange: 2 },
      });
      try {
        await insertMember(limited.app, { email: 'guesser@example.com' });
        await insertMember(limited.app, { email: 'bystander@example.com' });
        const cookie = await login(limited.app, 'guesser@example.com');
        const put = (c: string, current: string) =>
          limited.app.inject({
            method: 'PUT',
            url: '/api/password.php',
            payload: { current_password: current, password: NEW_PASSWORD },
            ...as(c),
          });
        const codes: number[] = [];
        for (let i = 0; i < 3; i += 1) codes.push((await put(cookie, `guess-${i}`)).statusCode);
        expect(codes).toEqual([400, 400, 429]);
        const limitedRes = await put(cookie, PASSWORD);
        expect(limitedRes.statusCode).toBe(429);
        expect(limitedRes.json()).toMatchObject({ key: 'error.too_many_requests' });
        // Another member from the same address has their own counter.
        const other = await login(limited.app, 'bystander@example.com');
        expect((await put(other, PASSWORD)).statusCode).toBe(200);
      } finally {
        await limited.close();
      }
    });
  });
}
