/** Cross-cutting protection: Origin check, headers, rate limits and the error contract. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiError, ORIGINAL_HOST_HEADER, PACKAGE_HEADER } from '../../src/shared/contract/fields';
import { insertMember, PASSWORD, signupBody } from './fixtures';
import { buildTestApp, ENGINES, type TestApp } from './helper';

for (const engine of ENGINES) {
  describe(`security and errors (${engine})`, () => {
    let t: TestApp;
    beforeAll(async () => {
      t = await buildTestApp(engine, { baseUrl: 'https://amora.example' });
      await insertMember(t.app, { email: 'origin@example.com' });
    });
    afterAll(() => t.close());

    const loginWith = (headers: Record<string, string>) =>
      t.app.inject({
        method: 'POST',
        url: '/api/login.php',
        payload: { email: 'origin@example.com', password: PASSWORD },
        headers,
      });

    it.each([
      ['a foreign Origin', { origin: 'https://evil.example' }],
      ['a foreign Referer', { referer: 'https://evil.example/page' }],
      ['Origin null', { origin: 'null' }],
      ['a look-alike host', { origin: 'https://amora.example.evil.example' }],
      [
        'a foreign Origin with our Referer',
        { origin: 'https://evil.example', referer: 'https://amora.example/' },
      ],
    ])('refuses a POST with %s', async (_label, headers) => {
      const res = await loginWith(headers);
      expect(res.statusCode).toBe(403);
      expect(ApiError.parse(res.json())).toMatchObject({ key: 'security.origin_mismatch' });
      expect(res.cookies).toHaveLength(0);
    });

    it('refuses foreign Origins on PUT and on sign-up too', async () => {
      const put = await t.app.inject({
        method: 'PUT',
        url: '/api/user.php',
        payload: { country: 'NL' },
        headers: { origin: 'http://evil.example' },
      });
      expect(put.statusCode).toBe(403);
      const post = await t.app.inject({
        method: 'POST',
        url: '/api/user.php?new=1',
        payload: signupBody(),
        headers: { origin: 'http://evil.example' },
      });
      expect(post.statusCode).toBe(403);
      expect(post.json()).toMatchObject({ key: 'security.origin_mismatch' });
    });

    it.each([
      ['no Origin or Referer', {}],
      ['the request host', { origin: 'http://localhost' }],
      [
        'the request host with its port',
        { host: 'localhost:8080', origin: 'http://localhost:8080' },
      ],
      ['the BASE_URL host', { origin: 'https://amora.example' }],
      ['a Referer on the BASE_URL host', { referer: 'https://amora.example/login' }],
    ])('allows a POST with %s', async (_label, headers) => {
      const res = await loginWith(headers);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({ user: { email: 'origin@example.com' } });
    });

    it('accepts the client headers without requiring them', async () => {
      const res = await t.app.inject({
        method: 'GET',
        url: '/api/settings.php',
        headers: { [PACKAGE_HEADER]: 'amora-web', [ORIGINAL_HOST_HEADER]: 'amora.example' },
      });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toHaveProperty('name', 'Amora');
    });

    it('sends pages helmet headers with a strict CSP, and HSTS on https', async () => {
      for (const url of ['/members', '/api/docs/']) {
        const res = await t.app.inject({ method: 'GET', url });
        const csp = String(res.headers['content-security-policy']);
        expect(csp, url).toContain("default-src 'self'");
        expect(csp).toContain("script-src 'self'");
        expect(csp).not.toMatch(/script-src[^;]*unsafe-inline/);
        expect(csp).toContain("object-src 'none'");
        expect(csp).toContain("frame-ancestors 'none'");
        expect(csp).toContain("worker-src 'self'");
        expect(res.headers['cross-origin-opener-policy']).toBe('same-origin');
        expect(res.headers['x-content-type-options']).toBe('nosniff');
        expect(res.headers['strict-transport-security']).toContain('max-age=');
      }
    });

    it('sends API answers a CSP that allows nothing, and the headers that act on a resource', async () => {
      for (const url of ['/api/settings.php', '/api/nope.php']) {
        const res = await t.app.inject({ method: 'GET', url });
        expect(res.headers['content-security-policy'], url).toBe(
          "default-src 'none';frame-ancestors 'none'",
        );
        expect(res.headers['x-content-type-options']).toBe('nosniff');
        expect(res.headers['cross-origin-resource-policy']).toBe('same-origin');
        expect(res.headers['referrer-policy']).toBe('no-referrer');
        expect(res.headers['x-frame-options']).toBe('SAMEORIGIN');
        expect(res.headers['strict-transport-security']).toContain('max-age=');
        // Document-only headers stay off answers that are never documents.
        expect(res.headers['cross-origin-opener-policy']).toBeUndefined();
        expect(res.headers['x-xss-protection']).toBeUndefined();
      }
      const settings = await t.app.inject({ method: 'GET', url: '/api/settings.php' });
      expect(settings.headers['cache-control']).toBe('no-store');
    });

    it('answers 413 JSON for a body over the limit', async () => {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/login.php',
        headers: { 'content-type': 'application/json' },
        payload: JSON.stringify({ email: 'a@example.com', password: 'x'.repeat(200_000) }),
      });
      expect(res.statusCode).toBe(413);
      expect(ApiError.parse(res.json())).toMatchObject({
        statusCode: 413,
        error: 'Payload Too Large',
      });
    });

    it('answers 415 JSON for a body type the API does not take', async () => {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/login.php',
        headers: { 'content-type': 'application/xml' },
        payload: '<login/>',
      });
      expect(res.statusCode).toBe(415);
      expect(ApiError.parse(res.json()).statusCode).toBe(415);
    });

    it('answers 400 JSON for an empty JSON body', async () => {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/login.php',
        headers: { 'content-type': 'application/json' },
        payload: '',
      });
      expect(res.statusCode).toBe(400);
      expect(ApiError.parse(res.json()).message).toMatch(/empty|body/i);
    });

    it('answers 400 for text with NUL characters, which PostgreSQL cannot store', async () => {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/user.php?new=1',
        headers: { 'content-type': 'application/json' },
        payload: JSON.stringify(signupBody({ name: 'Nul\u0000Name' })),
      });
      expect(res.statusCode).toBe(400);
      expect(ApiError.parse(res.json())).toMatchObject({ key: 'error.invalid_text' });
    });

    it('answers 400 JSON for a malformed URL', async () => {
      const res = await t.app.inject({ method: 'GET', url: '/members/%E0%A4%A' });
      expect(res.statusCode).toBe(400);
      expect(ApiError.parse(res.json()).message).toContain('not a valid url');
    });

    it('answers a JSON 404 for an unknown API path or method', async () => {
      for (const [method, url] of [
        ['GET', '/api/nope.php'],
        ['POST', '/api/settings.php'],
        ['DELETE', '/api/user.php'],
        ['GET', '/api'],
      ] as const) {
        const res = await t.app.inject({ method, url });
        expect(res.statusCode, `${method} ${url}`).toBe(404);
        expect(ApiError.parse(res.json())).toMatchObject({ statusCode: 404, error: 'Not Found' });
      }
    });

    it('rate limits login and sign-up per client', async () => {
      const limited = await buildTestApp(engine, {
        rateLimits: { global: 1000, login: 2, signup: 1, validateEmail: 1000, windowMs: 60_000 },
      });
      try {
        const logins: number[] = [];
        for (let i = 0; i < 3; i += 1) {
          const res = await limited.app.inject({
            method: 'POST',
            url: '/api/login.php',
            payload: { email: 'x@example.com', password: 'x' },
          });
          logins.push(res.statusCode);
        }
        expect(logins).toEqual([401, 401, 429]);
        const first = await limited.app.inject({
          method: 'POST',
          url: '/api/user.php?new=1',
          payload: signupBody(),
        });
        const second = await limited.app.inject({
          method: 'POST',
          url: '/api/user.php?new=1',
          payload: signupBody(),
        });
        expect([first.statusCode, second.statusCode]).toEqual([200, 429]);
        expect(ApiError.parse(second.json())).toMatchObject({ key: 'error.too_many_requests' });
      } finally {
        await limited.close();
      }
    });

    it('applies the global limit to every call', async () => {
      const limited = await buildTestApp(engine, {
        rateLimits: { global: 2, login: 10, signup: 10, validateEmail: 10, windowMs: 60_000 },
      });
      try {
        const codes: number[] = [];
        for (let i = 0; i < 3; i += 1) {
          codes.push(
            (await limited.app.inject({ method: 'GET', url: '/api/regions.php' })).statusCode,
          );
        }
        expect(codes).toEqual([200, 200, 429]);
        // Unknown paths count too, so probing for URLs is limited like calling them.
        const probe = await limited.app.inject({ method: 'GET', url: '/api/probe.php' });
        expect(probe.statusCode).toBe(429);
      } finally {
        await limited.close();
      }
    });

    it('hides internal faults behind a generic 500', async () => {
      const broken = await buildTestApp(engine);
      try {
        await broken.app.db.schema.alterTable('members').renameTo('members_gone').execute();
        const res = await broken.app.inject({
          method: 'GET',
          url: '/api/validate_email.php?email=a@example.com',
        });
        expect(res.statusCode).toBe(500);
        const body = ApiError.parse(res.json());
        expect(body.message).toBe('Something went wrong on our side. Please try again later.');
        expect(res.body).not.toMatch(/members|select|sql|stack/i);
        const health = await broken.app.inject({ method: 'GET', url: '/api/health' });
        expect(health.statusCode).toBe(200);
      } finally {
        await broken.close();
      }
    });
  });
}
