/**
 * A ban takes effect on the banned member's sessions, logins, sign-ups and open event streams;
 * calls open to visitors keep working for them, and an unban lets them log in again.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiError, BANNED_KEY } from '../../src/shared/contract/fields';
import { LiveEvent } from '../../src/shared/contract/live-events';
import { SESSION_COOKIE, SESSION_HINT_COOKIE } from '../../server/plugins/session';
import { ban, unban } from './bans-fixtures';
import { as, insertMember, login, PASSWORD, signupBody } from './fixtures';
import { buildTestApp, ENGINES, type TestApp } from './helper';
import { messages, openStream, type SseStream } from './sse-client';

const HEARTBEAT_MS = 100;

/** What a response to a banned session must be: the ban, and both session cookies cleared. */
function expectBanned(
  res: { statusCode: number; json: () => unknown; cookies: Array<{ name: string; value: string }> },
  details: { reason: string; since: string },
) {
  expect(res.statusCode).toBe(403);
  expect(ApiError.parse(res.json())).toEqual({
    statusCode: 403,
    error: 'Forbidden',
    message: 'This account is banned',
    key: BANNED_KEY,
    ban: details,
  });
  const cleared = res.cookies.filter((c) => c.value === '').map((c) => c.name);
  expect(cleared.sort()).toEqual([SESSION_COOKIE, SESSION_HINT_COOKIE].sort());
}

for (const engine of ENGINES) {
  describe(`bans (${engine})`, () => {
    let t: TestApp;
    let base: string;
    const streams: SseStream[] = [];

    /** A member with a session, then banned; the cookie is the ended session's. */
    async function bannedMember(email: string, reason?: string) {
      const id = await insertMember(t.app, { email });
      const cookie = await login(t.app, email);
      const details = await ban(t.app, id, reason);
      return { id, cookie, details };
    }

    beforeAll(async () => {
      t = await buildTestApp(engine, { sseHeartbeatMs: HEARTBEAT_MS });
      base = await t.app.listen({ port: 0, host: '127.0.0.1' });
    });
    afterAll(async () => {
      for (const stream of streams) stream.close();
      await t.close();
    });

    it('answers 403 banned with the reason to every call that needs the session', async () => {
      const { cookie, details } = await bannedMember('calls@example.com', 'Fake profile photos');
      expect(details.reason).toBe('Fake profile photos');
      expect(Date.now() - Date.parse(details.since)).toBeLessThan(60_000);
      const calls = [
        { method: 'GET', url: '/api/user.php' },
        { method: 'GET', url: '/api/chats.php' },
        { method: 'GET', url: '/api/likes.php' },
        { method: 'POST', url: '/api/likes.php', payload: { profile: 1 } },
        { method: 'GET', url: '/api/chat.php?profile=1' },
        { method: 'GET', url: '/api/credits.php' },
        { method: 'GET', url: '/api/events.php' },
        // Calls that also serve visitors but answer a member differently.
        { method: 'GET', url: '/api/search.php?auto_load=1' },
        { method: 'GET', url: '/api/profile.php?id=1' },
        { method: 'GET', url: '/api/premium.php' },
        { method: 'GET', url: '/api/discountcode.php?welcome=true' },
      ] as const;
      for (const call of calls) {
        const res = await t.app.inject({ ...call, ...as(cookie) });
        expect(res.statusCode, call.url).toBe(403);
        expectBanned(res, details);
      }
    });

    it('keeps the calls open to visitors working, as for a visitor, and leaves the cookies', async () => {
      const { cookie } = await bannedMember('visitor-calls@example.com');
      for (const url of ['/api/settings.php', '/api/health', '/api/regions.php?country=NL']) {
        const res = await t.app.inject({ method: 'GET', url, ...as(cookie) });
        expect(res.statusCode, url).toBe(200);
        expect(res.cookies, url).toEqual([]);
      }
      const beacon = await t.app.inject({
        method: 'POST',
        url: '/api/page-hidden.php',
        ...as(cookie),
      });
      expect(beacon.statusCode).toBe(204);
      // The complaint form takes it as a visitor's complaint: a contact address is required.
      const form = (fields: Record<string, string>) =>
        t.app.inject({
          method: 'POST',
          url: '/api/complaint_form.php',
          payload: {
            category: 'other',
            message: 'I think my ban is a mistake.',
            language: 'en',
            ...fields,
          },
          ...as(cookie),
        });
      const anonymous = await form({});
      expect(anonymous.statusCode).toBe(400);
      const filed = await form({ email: 'visitor-calls@example.com' });
      expect(filed.statusCode).toBe(200);
      const { id } = filed.json<{ id: number }>();
      const row = await t.app.db
        .selectFrom('complaints')
        .select(['reporter_id', 'email'])
        .where('id', '=', id)
        .executeTakeFirstOrThrow();
      expect(row).toEqual({ reporter_id: null, email: 'visitor-calls@example.com' });
    });

    it('never authenticates the ended session again, on any device of the member', async () => {
      const id = await insertMember(t.app, { email: 'devices@example.com' });
      const phone = await login(t.app, 'devices@example.com');
      const laptop = await login(t.app, 'devices@example.com');
      const details = await ban(t.app, id);
      for (const cookie of [phone, laptop]) {
        expectBanned(
          await t.app.inject({ method: 'GET', url: '/api/user.php', ...as(cookie) }),
          details,
        );
      }
      const sessions = await t.app.db
        .selectFrom('sessions')
        .select('ended_reason')
        .where('member_id', '=', id)
        .execute();
      expect(sessions).toEqual([{ ended_reason: 'banned' }, { ended_reason: 'banned' }]);
    });

    it('tells a banned member who logs in with the right password, and starts no session', async () => {
      const { id, details } = await bannedMember('login@example.com', 'Spam');
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/login.php',
        payload: { email: 'login@example.com', password: PASSWORD },
      });
      expectBanned(res, details);
      expect(res.cookies.some((c) => c.name === SESSION_COOKIE && c.value !== '')).toBe(false);
      const sessions = await t.app.db
        .selectFrom('sessions')
        .select('token_hash')
        .where('member_id', '=', id)
        .where('ended_reason', 'is', null)
        .execute();
      expect(sessions).toEqual([]);

      // A wrong password learns nothing about the ban.
      const wrong = await t.app.inject({
        method: 'POST',
        url: '/api/login.php',
        payload: { email: 'login@example.com', password: `${PASSWORD}!` },
      });
      expect(wrong.statusCode).toBe(401);
      expect(wrong.json()).toMatchObject({ key: 'login.invalid_credentials' });
      expect(wrong.json()).not.toHaveProperty('ban');
    });

    it('keeps a banned address taken: the e-mail check says log in, sign-up makes no account', async () => {
      await bannedMember('again@example.com');
      const check = await t.app.inject({
        method: 'GET',
        url: '/api/validate_email.php?email=Again@example.com',
      });
      expect(check.json()).toMatchObject({ status: 'active', email: 'again@example.com' });
      const count = async () =>
        (
          await t.app.db
            .selectFrom('members')
            .select('id')
            .where('email', '=', 'again@example.com')
            .execute()
        ).length;
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/user.php?new=1',
        payload: signupBody({ email: 'again@example.com' }),
      });
      expect(res.statusCode).toBe(409);
      expect(res.json()).toMatchObject({ key: 'signup.existing_account_active' });
      expect(await count()).toBe(1);
    });

    it('after an unban: the old session is simply logged out, and logging in works', async () => {
      const { id, cookie } = await bannedMember('lifted@example.com');
      await unban(t.app, id);
      const old = await t.app.inject({ method: 'GET', url: '/api/user.php', ...as(cookie) });
      expect(old.statusCode).toBe(403);
      expect(old.json()).toMatchObject({ key: 'auth.not_logged_in' });
      expect(old.json()).not.toHaveProperty('ban');
      const fresh = await login(t.app, 'lifted@example.com');
      const res = await t.app.inject({ method: 'GET', url: '/api/user.php', ...as(fresh) });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({ user: { id, activated: true } });
    });

    it("forwards the 'banned' event to the member's open stream, then ends it", async () => {
      const id = await insertMember(t.app, { email: 'stream@example.com' });
      const cookie = await login(t.app, 'stream@example.com');
      const stream = await openStream(`${base}/api/events.php`, cookie);
      streams.push(stream);
      expect(stream.response.status).toBe(200);
      await stream.until((text) => text.includes('retry:'));
      const details = await ban(t.app, id, 'Harassment');
      await stream.ended();
      expect(messages(stream.text()).map((m) => LiveEvent.parse(JSON.parse(m.data)))).toEqual([
        { type: 'banned', ...details },
      ]);
      // Reconnecting is refused with the ban.
      const again = await openStream(`${base}/api/events.php`, cookie);
      streams.push(again);
      expect(again.response.status).toBe(403);
      await again.ended();
      expect(JSON.parse(again.text())).toMatchObject({ key: BANNED_KEY, ban: details });
    });

    it('ends a stream whose ban event never came at the next heartbeat, with the ban', async () => {
      const id = await insertMember(t.app, { email: 'missed@example.com' });
      const cookie = await login(t.app, 'missed@example.com');
      const stream = await openStream(`${base}/api/events.php`, cookie);
      streams.push(stream);
      await stream.until((text) => text.includes('retry:'));
      const details = await ban(t.app, id, 'Scam', { publish: false });
      await stream.ended(HEARTBEAT_MS * 30);
      expect(messages(stream.text()).map((m) => LiveEvent.parse(JSON.parse(m.data)))).toEqual([
        { type: 'banned', ...details },
      ]);
    });

    it('treats a banned status without a ban in force like a closed account', async () => {
      const id = await insertMember(t.app, { email: 'legacy@example.com' });
      const cookie = await login(t.app, 'legacy@example.com');
      await t.app.db
        .updateTable('members')
        .set({ status: 'banned' })
        .where('id', '=', id)
        .execute();
      const res = await t.app.inject({ method: 'GET', url: '/api/user.php', ...as(cookie) });
      expect(res.json()).toMatchObject({ statusCode: 403, key: 'auth.not_logged_in' });
      const again = await t.app.inject({
        method: 'POST',
        url: '/api/login.php',
        payload: { email: 'legacy@example.com', password: PASSWORD },
      });
      expect(again.statusCode).toBe(401);
    });
  });
}
