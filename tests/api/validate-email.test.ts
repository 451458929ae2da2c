/** GET /api/validate_email.php: the email check of the sign-up wizard. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ValidateEmailResponse } from '../../src/shared/contract/account';
import { insertMember } from './fixtures';
import { buildTestApp, ENGINES, type TestApp } from './helper';

for (const engine of ENGINES) {
  describe(`validate_email (${engine})`, () => {
    let t: TestApp;
    beforeAll(async () => {
      t = await buildTestApp(engine);
      await insertMember(t.app, { email: 'active@example.com', status: 'active' });
      await insertMember(t.app, { email: 'pending@example.com', status: 'not_confirmed' });
      await insertMember(t.app, { email: 'deleted@example.com', status: 'deleted', deleted: true });
    });
    afterAll(() => t.close());

    const check = (query: string) =>
      t.app.inject({ method: 'GET', url: `/api/validate_email.php?${query}` });

    it.each([
      ['fresh@example.com', 'new'],
      ['active@example.com', 'active'],
      ['pending@example.com', 'not_confirmed'],
      ['deleted@example.com', 'deleted'],
      ['no-at-sign', 'invalid'],
      ['', 'invalid'],
    ])('%s is %s', async (email, status) => {
      const res = await check(`email=${encodeURIComponent(email)}`);
      expect(res.statusCode).toBe(200);
      const body = ValidateEmailResponse.parse(res.json());
      expect(body).toMatchObject({ status, email, request_email: email });
      expect(body.token.length).toBeGreaterThanOrEqual(16);
    });

    it('normalises the address but echoes the request', async () => {
      const res = await check(`email=${encodeURIComponent(' Active@Example.COM ')}`);
      expect(res.json()).toMatchObject({
        status: 'active',
        email: 'active@example.com',
        request_email: ' Active@Example.COM ',
      });
    });

    it('gives a fresh token every time', async () => {
      const a = ValidateEmailResponse.parse((await check('email=x@example.com')).json());
      const b = ValidateEmailResponse.parse((await check('email=x@example.com')).json());
      expect(a.token).not.toBe(b.token);
    });

    it('answers 400 without an email, with an oversized one, or with a repeated one', async () => {
      const missing = await check('');
      expect(missing.statusCode).toBe(400);
      expect(missing.json()).toMatchObject({ issues: [{ path: 'email' }] });
      const long = await check(`email=${'a'.repeat(300)}@example.com`);
      expect(long.statusCode).toBe(400);
      expect(long.json()).toMatchObject({ message: expect.stringContaining('email') });
      const twice = await check('email=a@example.com&email=b@example.com');
      expect(twice.statusCode).toBe(400);
    });

    it('is rate limited per client', async () => {
      const limited = await buildTestApp(engine, {
        rateLimits: { global: 1000, login: 1000, signup: 1000, validateEmail: 3, windowMs: 60_000 },
      });
      try {
        const codes: number[] = [];
        for (let i = 0; i < 4; i += 1) {
          codes.push(
            (
              await limited.app.inject({
                method: 'GET',
                url: '/api/validate_email.php?email=a@b.nl',
              })
            ).statusCode,
          );
        }
        expect(codes).toEqual([200, 200, 200, 429]);
        const res = await limited.app.inject({
          method: 'GET',
          url: '/api/validate_email.php?email=a@b.nl',
        });
        expect(res.json()).toMatchObject({
          statusCode: 429,
          error: 'Too Many Requests',
          key: 'error.too_many_requests',
        });
        expect(res.headers['retry-after']).toBeDefined();
      } finally {
        await limited.close();
      }
    });
  });
}
