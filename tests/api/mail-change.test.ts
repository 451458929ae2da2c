/** /api/mail_change.php: at once before activation, confirmed by a mailed link after it. */
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { MailChangeResult, UserResponse } from '../../src/shared/contract/account';
import { ApiError } from '../../src/shared/contract/fields';
import { type LiveEvent } from '../../src/shared/contract/live-events';
import { sha256Hex } from '../../server/lib/tokens';
import { MAIL_CHANGE_TTL_MS } from '../../server/services/mailer';
import { as, insertMember, login, PASSWORD, signup } from './fixtures';
import { buildTestApp, ENGINES, type TestApp } from './helper';
import { lastMailTo, linkIn, mailsTo } from './outbox';

for (const engine of ENGINES) {
  describe(`mail change (${engine})`, () => {
    let t: TestApp;
    beforeAll(async () => {
      t = await buildTestApp(engine);
    });
    afterAll(() => t.close());
    afterEach(() => vi.restoreAllMocks());

    const change = (cookie: string | null, payload: object) =>
      t.app.inject({
        method: 'POST',
        url: '/api/mail_change.php',
        payload,
        ...(cookie ? as(cookie) : {}),
      });
    const confirm = (token: string) =>
      t.app.inject({ method: 'PUT', url: '/api/mail_change.php', payload: { token } });
    const status = async (email: string) =>
      (
        (
          await t.app.inject({ url: `/api/validate_email.php?email=${encodeURIComponent(email)}` })
        ).json() as { status: string }
      ).status;
    const changeToken = async (to: string) =>
      linkIn((await lastMailTo(t.app, to, 'mail_change')).text, '/mail-change/do').token;
    /** An activated member with a session. */
    const activated = async (email: string, language: 'en' | 'de' = 'en') => {
      const id = await insertMember(t.app, { email, language, name: 'Jonas' });
      return { id, cookie: await login(t.app, email) };
    };

    it('changes a not yet activated address at once and sends a new activation mail', async () => {
      const { cookie, user } = await signup(t.app, { language: 'es' });
      const old = await lastMailTo(t.app, user.email, 'activation');
      const oldLink = /\/api\/activate\.php\?token=[A-Za-z0-9_%-]+/.exec(old.text)![0];

      const res = await change(cookie, { email: 'Typo.Fixed@GMAIL.com' });
      expect(res.statusCode).toBe(200);
      const body = MailChangeResult.parse(res.json());
      expect(body.pending_email).toBeNull();
      expect(body.user).toMatchObject({
        email: 'typo.fixed@gmail.com',
        mailprovider: 2,
        pending_email: null,
      });
      expect(body.user.activated).toBe(false);

      expect(await mailsTo(t.app, user.email, 'activation')).toEqual([]);
      const mail = await lastMailTo(t.app, 'typo.fixed@gmail.com', 'activation');
      expect(mail.subject).toMatch(/^Activa tu cuenta/);
      expect((await t.app.inject({ url: oldLink })).headers.location).toBe('/activate/error');
      const newLink = /\/api\/activate\.php\?token=[A-Za-z0-9_%-]+/.exec(mail.text)![0];
      expect((await t.app.inject({ url: newLink })).headers.location).toBe('/activate/done');
      expect(await status(user.email)).toBe('new');
      expect(await status('typo.fixed@gmail.com')).toBe('active');
    });

    it('needs the right password once activated, and mails a link to the new address', async () => {
      const { id, cookie } = await activated('jonas@example.de', 'de');
      for (const payload of [
        { email: 'jonas@example.org' },
        { email: 'jonas@example.org', password: 'wrong-password' },
      ]) {
        const res = await change(cookie, payload);
        expect(res.statusCode).toBe(400);
        expect(res.json()).toMatchObject({ key: 'account_errors.wrong_password' });
      }
      expect(await mailsTo(t.app, 'jonas@example.org', 'mail_change')).toEqual([]);

      const res = await change(cookie, { email: 'jonas@example.org', password: PASSWORD });
      expect(res.statusCode).toBe(200);
      const body = MailChangeResult.parse(res.json());
      expect(body).toMatchObject({ pending_email: 'jonas@example.org' });
      expect(body.user.email).toBe('jonas@example.de');
      const mail = await lastMailTo(t.app, 'jonas@example.org', 'mail_change');
      expect(mail).toMatchObject({ member_id: id, status: 'queued' });
      expect(mail.subject).toMatch(/^Bestätige deine neue E-Mail-Adresse/);
      expect(mail.text).toContain('Hallo Jonas');
      const { origin, token } = linkIn(mail.text, '/mail-change/do');
      expect(origin).toBe(t.app.siteOrigin());
      const row = await t.app.db
        .selectFrom('tokens')
        .select(['token_hash', 'data', 'expires_at', 'created_at'])
        .where('member_id', '=', id)
        .where('kind', '=', 'mail_change')
        .executeTakeFirstOrThrow();
      expect(row).toMatchObject({ token_hash: sha256Hex(token), data: 'jonas@example.org' });
      expect(row.expires_at - row.created_at).toBe(24 * 60 * 60 * 1000);

      const events: LiveEvent[] = [];
      const stop = await t.app.realtime.subscribe(id, (e) => events.push(e));
      const done = await confirm(token);
      stop();
      expect(done.statusCode).toBe(200);
      expect(done.json()).toEqual({ email: 'jonas@example.org' });
      expect(events).toContainEqual({ type: 'user' });
      const me = await t.app.inject({ url: '/api/user.php', ...as(cookie) });
      expect(me.json()).toMatchObject({ user: { email: 'jonas@example.org' } });
      await login(t.app, 'jonas@example.org');
      expect(await status('jonas@example.de')).toBe('new');

      const again = await confirm(token);
      expect(again.statusCode).toBe(400);
      expect(again.json()).toMatchObject({ key: 'account_errors.mail_token_invalid' });
    });

    it('tells the user the waiting address until its link is used or expires', async () => {
      const { cookie } = await activated('waiting@example.com');
      const user = async () =>
        UserResponse.parse((await t.app.inject({ url: '/api/user.php', ...as(cookie) })).json())
          .user;
      expect((await user()).pending_email).toBeNull();

      const res = await change(cookie, { email: 'later@example.com', password: PASSWORD });
      expect(MailChangeResult.parse(res.json()).user.pending_email).toBe('later@example.com');
      expect(await user()).toMatchObject({
        email: 'waiting@example.com',
        pending_email: 'later@example.com',
      });
      await change(cookie, { email: 'latest@example.com', password: PASSWORD });
      expect((await user()).pending_email).toBe('latest@example.com');
      expect((await confirm(await changeToken('latest@example.com'))).statusCode).toBe(200);
      expect(await user()).toMatchObject({ email: 'latest@example.com', pending_email: null });

      await change(cookie, { email: 'expiring@example.com', password: PASSWORD });
      expect((await user()).pending_email).toBe('expiring@example.com');
      const now = Date.now();
      vi.spyOn(Date, 'now').mockReturnValue(now + MAIL_CHANGE_TTL_MS + 1000);
      expect(await user()).toMatchObject({ email: 'latest@example.com', pending_email: null });
    });

    it('refuses the current address, in any case', async () => {
      const { cookie } = await activated('same@example.com');
      const res = await change(cookie, { email: ' SAME@example.com', password: PASSWORD });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ key: 'account_errors.email_same' });
    });

    it('refuses an address any other account uses, deleted ones included', async () => {
      const { cookie } = await activated('mover@example.com');
      await insertMember(t.app, { email: 'live@example.com' });
      await insertMember(t.app, { email: 'banned@example.com', status: 'banned' });
      await insertMember(t.app, { email: 'gone@example.com', status: 'deleted', deleted: true });
      const pending = await signup(t.app);
      for (const email of [
        'live@example.com',
        'banned@example.com',
        'gone@example.com',
        pending.user.email,
      ]) {
        const res = await change(cookie, { email, password: PASSWORD });
        expect(res.statusCode, email).toBe(409);
        expect(res.json()).toMatchObject({ key: 'account_errors.email_taken' });
      }
      const unconfirmed = await change(pending.cookie, { email: 'live@example.com' });
      expect(unconfirmed.statusCode).toBe(409);
    });

    it('refuses to confirm an address another account took meanwhile', async () => {
      const { cookie } = await activated('slow@example.com');
      await change(cookie, { email: 'contested@example.com', password: PASSWORD });
      const token = await changeToken('contested@example.com');
      await signup(t.app, { email: 'contested@example.com' });
      const res = await confirm(token);
      expect(res.statusCode).toBe(409);
      expect(res.json()).toMatchObject({ key: 'account_errors.email_taken' });
      const me = await t.app.inject({ url: '/api/user.php', ...as(cookie) });
      expect(me.json()).toMatchObject({ user: { email: 'slow@example.com' } });
    });

    it('keeps only the latest request, and refuses expired and unknown links', async () => {
      const { id, cookie } = await activated('twice@example.com');
      await change(cookie, { email: 'first@example.com', password: PASSWORD });
      const first = await changeToken('first@example.com');
      await change(cookie, { email: 'second@example.com', password: PASSWORD });
      const second = await changeToken('second@example.com');
      expect((await confirm(first)).json()).toMatchObject({
        key: 'account_errors.mail_token_invalid',
      });

      await t.app.db
        .updateTable('tokens')
        .set({ expires_at: Date.now() - 1 })
        .where('member_id', '=', id)
        .where('kind', '=', 'mail_change')
        .execute();
      const late = await confirm(second);
      expect(late.statusCode).toBe(400);
      expect(late.json()).toMatchObject({ key: 'account_errors.mail_token_invalid' });

      const unknown = await confirm('B'.repeat(43));
      expect(unknown.statusCode).toBe(400);
      expect(unknown.json()).toMatchObject({ key: 'account_errors.mail_token_invalid' });
    });

    it('voids reset links mailed to the old address once the new one is confirmed', async () => {
      const { cookie } = await activated('reset-old@example.com');
      await t.app.inject({
        method: 'POST',
        url: '/api/reset_password.php',
        payload: { email: 'reset-old@example.com' },
      });
      const reset = linkIn(
        (await lastMailTo(t.app, 'reset-old@example.com', 'password_reset')).text,
        '/reset-password/do',
      ).token;
      await change(cookie, { email: 'reset-new@example.com', password: PASSWORD });
      expect((await confirm(await changeToken('reset-new@example.com'))).statusCode).toBe(200);
      const res = await t.app.inject({
        method: 'PUT',
        url: '/api/reset_password.php',
        payload: { token: reset, password: 'brand-new-secret-55' },
      });
      expect(res.json()).toMatchObject({ key: 'account_errors.reset_token_invalid' });
    });

    it('is 403 logged out and 400 for bad input, never a 5xx', async () => {
      expect((await change(null, { email: 'x@example.com' })).statusCode).toBe(403);
      const { cookie } = await activated('input@example.com');
      for (const payload of [
        {},
        { email: 'not-an-address' },
        { email: 7 },
        { email: 'ok@example.com', password: 5 },
        { email: `${'e'.repeat(250)}@example.com` },
      ]) {
        const res = await change(cookie, payload);
        expect(res.statusCode, JSON.stringify(payload)).toBe(400);
        expect(ApiError.safeParse(res.json()).success).toBe(true);
      }
      for (const payload of [{}, { token: 'short' }, { token: 'ü'.repeat(43) }, { token: 1 }]) {
        const res = await t.app.inject({ method: 'PUT', url: '/api/mail_change.php', payload });
        expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      }
    });

    it('is rate limited per member', async () => {
      const limited = await buildTestApp(engine, {
        rateLimits: { ...t.config.rateLimits, mailChange: 2 },
      });
      try {
        await insertMember(limited.app, { email: 'busy@example.com' });
        const cookie = await login(limited.app, 'busy@example.com');
        const codes: number[] = [];
        for (let i = 0; i < 3; i += 1) {
          const res = await limited.app.inject({
            method: 'POST',
            url: '/api/mail_change.php',
            payload: { email: 'busy2@example.com', password: 'guess' },
            ...as(cookie),
          });
          codes.push(res.statusCode);
        }
        expect(codes).toEqual([400, 400, 429]);
      } finally {
        await limited.close();
      }
    });
  });
}
