/**
 * Hosts and proxies a client cannot spoof: mail links come from the configuration only, a foreign
 * Host or X-Forwarded-Host is refused, and behind TRUST_PROXY the per-address limits key on the
 * address the proxy added, never on one the client wrote into X-Forwarded-For.
 */
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiError } from '../../src/shared/contract/fields';
import { DEFAULT_RATE_LIMITS } from '../../server/config';
import { as, insertMember, login, PASSWORD, signupBody } from './fixtures';
import { buildTestApp, ENGINES, type TestApp } from './helper';

const FOREIGN = 'evil.example';

/** Every mail text in the outbox: none may name the attacker's host. */
async function allMailTexts(app: FastifyInstance): Promise<string[]> {
  const rows = await app.db.selectFrom('mail_outbox').select(['text', 'html']).execute();
  return rows.map((r) => `${r.text}\n${r.html ?? ''}`);
}

/** The origins of every link in a mail. */
function linkOrigins(text: string): string[] {
  return [...text.matchAll(/(https?:\/\/[^/\s"'<>]+)\//g)].map((m) => m[1]!);
}

/** Proxy headers an attacker would send: a foreign host, and a rotating address of its choosing. */
function spoofed(i: number, extra: Record<string, string> = {}) {
  return {
    'x-forwarded-host': FOREIGN,
    'x-forwarded-proto': 'http',
    'x-forwarded-for': `198.51.100.${i}`,
    ...extra,
  };
}

for (const engine of ENGINES) {
  describe(`trusted hosts (${engine})`, () => {
    for (const baseUrl of ['https://amora.example', undefined]) {
      describe(baseUrl ? `with BASE_URL ${baseUrl}` : 'on the embedded default', () => {
        let t: TestApp;
        beforeAll(async () => {
          t = await buildTestApp(engine, { baseUrl, trustProxy: 1 });
        });
        afterAll(() => t.close());

        it('builds its origin from the configuration', () => {
          expect(t.app.siteOrigin()).toBe(baseUrl ?? 'http://localhost:8080');
        });

        it('refuses a foreign Host or X-Forwarded-Host with a clear 400', async () => {
          for (const headers of [
            { host: FOREIGN, origin: `http://${FOREIGN}` },
            { host: 'localhost', 'x-forwarded-host': FOREIGN },
            { host: 'localhost', 'x-forwarded-host': `amora.example, ${FOREIGN}` },
            { host: 'amora.example.evil.example' },
            { host: 'localhost.evil.example:8080' },
          ]) {
            const res = await t.app.inject({
              method: 'POST',
              url: '/api/reset_password.php',
              payload: { email: 'nobody@example.com' },
              headers,
            });
            expect(res.statusCode).toBe(400);
            expect(ApiError.parse(res.json())).toMatchObject({ key: 'security.unknown_host' });
            expect(res.json().message).toContain(t.app.siteOrigin());
          }
          const page = await t.app.inject({ url: '/', headers: { host: FOREIGN } });
          expect(page.statusCode).toBe(400);
        });

        it('answers its own host and loopback names', async () => {
          const hosts = ['localhost', 'localhost:1234', '127.0.0.1:8080', '[::1]:9'];
          if (baseUrl) hosts.push('amora.example', 'AMORA.example:443');
          for (const host of hosts) {
            const res = await t.app.inject({ url: '/api/settings.php', headers: { host } });
            expect(res.statusCode, host).toBe(200);
          }
        });

        it('mails reset, activation and mail-change links on the site origin only', async () => {
          const email = `victim-${baseUrl ? 'b' : 'd'}@example.com`;
          const id = await insertMember(t.app, { email });
          // A loopback Host on another port is accepted, and still never makes a link.
          const otherHost = { host: 'localhost:4444' };
          const reset = await t.app.inject({
            method: 'POST',
            url: '/api/reset_password.php',
            payload: { email },
            headers: otherHost,
          });
          expect(reset.json()).toEqual({ sent: true });
          const signup = await t.app.inject({
            method: 'POST',
            url: '/api/user.php?new=1',
            payload: signupBody(),
            headers: otherHost,
          });
          expect(signup.statusCode).toBe(200);
          const cookie = await login(t.app, email);
          const change = await t.app.inject({
            method: 'POST',
            url: '/api/mail_change.php',
            payload: { email: `new-${email}`, password: PASSWORD },
            headers: otherHost,
            ...as(cookie),
          });
          expect(change.statusCode).toBe(200);
          // The same three with the attacker's headers are refused before anything is mailed.
          for (const [url, payload] of [
            ['/api/reset_password.php', { email }],
            ['/api/user.php?new=1', signupBody()],
            ['/api/mail_change.php', { email: `x-${email}`, password: PASSWORD }],
          ] as const) {
            const res = await t.app.inject({
              method: 'POST',
              url,
              payload,
              headers: { ...spoofed(1), host: FOREIGN },
              ...as(cookie),
            });
            expect(res.statusCode).toBe(400);
          }
          await t.app.mail.idle();
          const kinds = await t.app.db
            .selectFrom('mail_outbox')
            .select('kind')
            .where('member_id', 'in', [id, (signup.json() as { user: { id: number } }).user.id])
            .execute();
          expect(kinds.map((k) => k.kind).sort()).toEqual([
            'activation',
            'mail_change',
            'password_reset',
          ]);
          for (const text of await allMailTexts(t.app)) {
            expect(text).not.toContain(FOREIGN);
            expect(text).not.toContain('4444');
            for (const origin of linkOrigins(text)) expect(origin).toBe(t.app.siteOrigin());
          }
        });
      });
    }

    for (const trustProxy of [1, ['127.0.0.1']] as const) {
      describe(`behind a proxy, TRUST_PROXY=${String(trustProxy)}`, () => {
        let t: TestApp;
        beforeAll(async () => {
          t = await buildTestApp(engine, {
            baseUrl: 'https://amora.example',
            trustProxy: typeof trustProxy === 'number' ? trustProxy : [...trustProxy],
            rateLimits: { ...DEFAULT_RATE_LIMITS, global: 100_000 },
          });
        });
        afterAll(() => t.close());

        /** A request as the proxy hands it on: the client's own X-Forwarded-For, then its peer. */
        const viaProxy = (clientWrote: string, peer: string) => ({
          host: 'amora.example',
          'x-forwarded-for': `${clientWrote}, ${peer}`,
        });

        it('holds the sign-up limit against a rotating, client-written X-Forwarded-For', async () => {
          const codes: number[] = [];
          for (let i = 0; i < 9; i++) {
            const res = await t.app.inject({
              method: 'POST',
              url: '/api/user.php?new=1',
              payload: signupBody(),
              headers: viaProxy(`203.0.113.${i}`, '192.0.2.10'),
            });
            codes.push(res.statusCode);
          }
          const limit = DEFAULT_RATE_LIMITS.signup;
          expect(codes.slice(0, limit)).toEqual(Array<number>(limit).fill(200));
          expect(codes.slice(limit)).toEqual(Array<number>(9 - limit).fill(429));
          // Another client of the same proxy has a count of its own.
          const other = await t.app.inject({
            method: 'POST',
            url: '/api/user.php?new=1',
            payload: signupBody(),
            headers: viaProxy('203.0.113.1', '192.0.2.11'),
          });
          expect(other.statusCode).toBe(200);
        });

        it('holds the login limit the same way', async () => {
          const email = `guessed-${String(trustProxy)}@example.com`;
          await insertMember(t.app, { email });
          const codes: number[] = [];
          for (let i = 0; i < DEFAULT_RATE_LIMITS.login + 3; i++) {
            const res = await t.app.inject({
              method: 'POST',
              url: '/api/login.php',
              payload: { email, password: `wrong-${i}` },
              headers: viaProxy(`203.0.113.${i}`, '192.0.2.20'),
            });
            codes.push(res.statusCode);
          }
          expect(codes.filter((c) => c === 429)).toHaveLength(3);
          expect(codes.slice(0, DEFAULT_RATE_LIMITS.login).every((c) => c === 401)).toBe(true);
        });

        if (Array.isArray(trustProxy)) {
          it('ignores X-Forwarded-For from a peer that is not the proxy', async () => {
            const codes: number[] = [];
            for (let i = 0; i < 7; i++) {
              const res = await t.app.inject({
                method: 'POST',
                url: '/api/user.php?new=1',
                payload: signupBody(),
                remoteAddress: '192.0.2.99',
                headers: { host: 'amora.example', 'x-forwarded-for': `203.0.113.${50 + i}` },
              });
              codes.push(res.statusCode);
            }
            expect(codes.filter((c) => c === 429)).toHaveLength(7 - DEFAULT_RATE_LIMITS.signup);
          });
        }
      });
    }
  });
}
