/** Activation mail (SPEC §4 step 6): queued on sign-up, sent through a real SMTP sink, its link. */
import type { AddressInfo } from 'node:net';
import PostalMime, { type Email } from 'postal-mime';
import { SMTPServer } from 'smtp-server';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { ActivateResponse, UserResponse } from '../../src/shared/contract/account';
import { ACTIVATION_TTL_MS } from '../../server/services/mailer';
import { as, signup } from './fixtures';
import { buildTestApp, ENGINES, type TestApp } from './helper';

/** A loopback SMTP server that parses what it accepts; `hold` delays acceptance until released. */
async function startSink() {
  const received: Email[] = [];
  let release: () => void = () => undefined;
  let gate: Promise<void> = Promise.resolve();
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, _session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        void PostalMime.parse(Buffer.concat(chunks)).then(async (mail) => {
          received.push(mail);
          await gate;
          callback();
        });
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;
  return {
    url: `smtp://127.0.0.1:${port}`,
    received,
    hold() {
      gate = new Promise((resolve) => (release = resolve));
    },
    release: () => release(),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** The activation link in a mail text, as a path the app can be injected with. */
function linkIn(text: string | undefined): { origin: string; path: string } {
  const match = /(https?:\/\/[^/\s]+)(\/api\/activate\.php\?token=[A-Za-z0-9_%-]+)/.exec(
    text ?? '',
  );
  if (!match) throw new Error(`no activation link in: ${text}`);
  return { origin: match[1]!, path: match[2]! };
}

async function until(check: () => Promise<boolean>, timeoutMs = 5000): Promise<void> {
  const end = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > end) throw new Error('timed out');
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

for (const engine of ENGINES) {
  describe(`activation mail with SMTP (${engine})`, () => {
    let t: TestApp;
    let sink: Awaited<ReturnType<typeof startSink>>;
    beforeAll(async () => {
      sink = await startSink();
      t = await buildTestApp(engine, { smtpUrl: sink.url, baseUrl: 'https://amora.example' });
    });
    afterAll(async () => {
      sink.release();
      await t.close();
      await sink.close();
    });
    afterEach(() => vi.restoreAllMocks());

    const delivered = async (cookie: string) => {
      const res = await t.app.inject({ url: '/api/activate.php', ...as(cookie) });
      expect(res.statusCode).toBe(200);
      return ActivateResponse.parse(res.json()).delivered;
    };
    const activated = async (cookie: string) =>
      UserResponse.parse((await t.app.inject({ url: '/api/user.php', ...as(cookie) })).json()).user
        .activated;

    it('sends the mail in the member language; its link activates once', async () => {
      sink.hold();
      const { cookie, user } = await signup(t.app, { language: 'de', name: 'Greta' });
      expect(user.activated).toBe(false);
      await until(async () => sink.received.some((m) => m.to?.[0]?.address === user.email));
      // The SMTP server has the mail but has not accepted it yet.
      expect(await delivered(cookie)).toBe(false);
      sink.release();
      await until(() => delivered(cookie));

      const mail = sink.received.find((m) => m.to?.[0]?.address === user.email)!;
      expect(mail.subject).toMatch(/^Aktiviere dein Konto/);
      expect(mail.text).toContain('Hallo Greta');
      const { origin, path } = linkIn(mail.text);
      expect(origin).toBe('https://amora.example');

      const first = await t.app.inject({ url: path });
      expect(first.statusCode).toBe(302);
      expect(first.headers.location).toBe('/activate/done');
      expect(await activated(cookie)).toBe(true);
      const row = await t.app.db
        .selectFrom('members')
        .select('status')
        .where('id', '=', user.id)
        .executeTakeFirstOrThrow();
      expect(row.status).toBe('active');

      const again = await t.app.inject({ url: path });
      expect(again.headers.location).toBe('/activate/error');
      const tokens = await t.app.db.selectFrom('tokens').select('token_hash').execute();
      const token = decodeURIComponent(path.slice(path.indexOf('=') + 1));
      expect(tokens.some((r) => r.token_hash === token)).toBe(false);
    });

    it('refuses an expired link and an unknown token', async () => {
      const { cookie, user } = await signup(t.app, { language: 'pl' });
      await until(() => delivered(cookie));
      const mail = sink.received.find((m) => m.to?.[0]?.address === user.email)!;
      expect(mail.subject).toMatch(/^Aktywuj/);
      const { path } = linkIn(mail.text);
      const now = Date.now();
      vi.spyOn(Date, 'now').mockReturnValue(now + ACTIVATION_TTL_MS + 1000);
      const late = await t.app.inject({ url: path });
      expect(late.headers.location).toBe('/activate/error');
      vi.restoreAllMocks();
      expect(await activated(cookie)).toBe(false);

      const unknown = await t.app.inject({ url: '/api/activate.php?token=nope' });
      expect(unknown.statusCode).toBe(302);
      expect(unknown.headers.location).toBe('/activate/error');
    });

    it('answers the poll only when logged in', async () => {
      const res = await t.app.inject({ url: '/api/activate.php' });
      expect(res.statusCode).toBe(403);
    });
  });

  describe(`activation mail without SMTP (${engine})`, () => {
    let t: TestApp;
    beforeAll(async () => {
      t = await buildTestApp(engine);
    });
    afterAll(() => t.close());

    it('keeps the mail in the outbox, delivered stays false, the link still works', async () => {
      const { cookie, user } = await signup(t.app, { language: 'nl' });
      await t.app.mail.idle();
      const res = await t.app.inject({ url: '/api/activate.php', ...as(cookie) });
      expect(res.json()).toEqual({ delivered: false });
      const rows = await t.app.db
        .selectFrom('mail_outbox')
        .select(['status', 'kind', 'subject', 'text', 'to_email'])
        .where('member_id', '=', user.id)
        .execute();
      expect(rows).toHaveLength(1);
      const row = rows[0]!;
      expect(row).toMatchObject({ status: 'queued', kind: 'activation', to_email: user.email });
      expect(row.subject).toMatch(/^Activeer je account/);
      const { origin, path } = linkIn(row.text);
      expect(origin).toBe(t.app.siteOrigin());
      const used = await t.app.inject({ url: path });
      expect(used.headers.location).toBe('/activate/done');
      const after = await t.app.inject({ url: '/api/user.php', ...as(cookie) });
      expect(UserResponse.parse(after.json()).user.activated).toBe(true);
    });
  });
}
