/** POST /api/page-hidden.php: the beacon records activity and answers 204 whatever it is sent. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { as, insertMember, login } from './fixtures';
import { buildTestApp, ENGINES, type TestApp } from './helper';

for (const engine of ENGINES) {
  describe(`page-hidden beacon (${engine})`, () => {
    let t: TestApp;
    let member: number;
    let cookie: string;

    beforeAll(async () => {
      t = await buildTestApp(engine);
      member = await insertMember(t.app, { email: 'beacon@example.com', last_active: 1000 });
      cookie = await login(t.app, 'beacon@example.com');
    });
    afterAll(() => t.close());

    const lastActive = async () =>
      (
        await t.app.db
          .selectFrom('members')
          .select('last_active')
          .where('id', '=', member)
          .executeTakeFirstOrThrow()
      ).last_active;
    const beacon = (headers: Record<string, string>, payload?: string, session?: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/page-hidden.php',
        headers,
        ...(payload === undefined ? {} : { payload }),
        ...(session ? as(session) : {}),
      });

    it('records activity of a logged-in member', async () => {
      await t.app.db
        .updateTable('members')
        .set({ last_active: 1000 })
        .where('id', '=', member)
        .execute();
      const before = Date.now();
      const res = await beacon({ 'content-type': 'application/json' }, '{}', cookie);
      expect(res.statusCode).toBe(204);
      expect(res.body).toBe('');
      expect(await lastActive()).toBeGreaterThanOrEqual(before);
    });

    it('accepts what sendBeacon sends: text/plain, a Blob type, or no body at all', async () => {
      for (const [headers, payload] of [
        [{ 'content-type': 'text/plain;charset=UTF-8' }, '{}'],
        [{ 'content-type': 'application/octet-stream' }, 'x'],
        [{}, undefined],
        [{ 'content-type': 'application/json' }, ''],
      ] as const) {
        await t.app.db
          .updateTable('members')
          .set({ last_active: 1000 })
          .where('id', '=', member)
          .execute();
        const res = await beacon(headers, payload, cookie);
        expect(res.statusCode, JSON.stringify(headers)).toBe(204);
        expect(await lastActive()).toBeGreaterThan(1000);
      }
    });

    it.each([
      ['malformed JSON', 'application/json', '{"hidden":'],
      ['a JSON array', 'application/json', '[1,2]'],
      ['a JSON string', 'application/json', '"hidden"'],
      ['a NUL escape', 'application/json', '{"a":"\\u0000"}'],
      ['form data', 'application/x-www-form-urlencoded', 'a=1&b=2'],
    ])('answers 204, never 4xx or 5xx, to %s', async (_label, type, payload) => {
      const res = await beacon({ 'content-type': type }, payload, cookie);
      expect(res.statusCode).toBe(204);
    });

    it('answers 204 when logged out or with a stale session, and changes nothing', async () => {
      await t.app.db
        .updateTable('members')
        .set({ last_active: 1000 })
        .where('id', '=', member)
        .execute();
      expect((await beacon({ 'content-type': 'text/plain' }, '{}')).statusCode).toBe(204);
      expect((await beacon({}, undefined, 'not-a-session')).statusCode).toBe(204);
      expect(await lastActive()).toBe(1000);
    });

    it('refuses a foreign Origin and an oversized body', async () => {
      const foreign = await beacon(
        { origin: 'https://evil.example', 'content-type': 'text/plain' },
        '{}',
        cookie,
      );
      expect(foreign.statusCode).toBe(403);
      expect(foreign.json()).toMatchObject({ key: 'security.origin_mismatch' });
      const big = await beacon({ 'content-type': 'text/plain' }, 'x'.repeat(10_000), cookie);
      expect(big.statusCode).toBe(413);
    });
  });
}
