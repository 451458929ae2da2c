/** POST /api/dev.php: zero-credits through the ledger, and the DEV_TOOLS switch. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { UserResponse } from '../../src/shared/contract/account';
import { type LiveEvent } from '../../src/shared/contract/live-events';
import { loadConfig } from '../../server/config';
import { as, insertMember, login } from './fixtures';
import { buildTestApp, ENGINES, type TestApp } from './helper';

describe('DEV_TOOLS', () => {
  it('defaults to on, except in production, and can be set either way', () => {
    expect(loadConfig({ NODE_ENV: 'development' }).devTools).toBe(true);
    expect(loadConfig({ NODE_ENV: 'test' }).devTools).toBe(true);
    expect(loadConfig({ NODE_ENV: 'production' }).devTools).toBe(false);
    expect(loadConfig({ NODE_ENV: 'production', DEV_TOOLS: '1' }).devTools).toBe(true);
    expect(loadConfig({ NODE_ENV: 'development', DEV_TOOLS: '0' }).devTools).toBe(false);
    expect(() => loadConfig({ DEV_TOOLS: 'maybe' })).toThrow(/DEV_TOOLS/);
  });
});

for (const engine of ENGINES) {
  describe(`developer actions (${engine})`, () => {
    let t: TestApp;
    let member: number;
    let cookie: string;

    beforeAll(async () => {
      t = await buildTestApp(engine);
      member = await insertMember(t.app, { email: 'dev@example.com' });
      cookie = await login(t.app, 'dev@example.com');
    });
    afterAll(() => t.close());

    const zero = (session: string | null = cookie, headers: Record<string, string> = {}) =>
      t.app.inject({
        method: 'POST',
        url: '/api/dev.php',
        payload: { action: 'zero-credits' },
        headers,
        ...(session ? as(session) : {}),
      });
    const ledger = () =>
      t.app.db
        .selectFrom('credit_ledger')
        .select(['delta', 'reason'])
        .where('member_id', '=', member)
        .orderBy('id')
        .execute();

    it('sets credits to 0 with one negative ledger row, and tells the other tabs', async () => {
      await t.app.db.updateTable('members').set({ credits: 75 }).where('id', '=', member).execute();
      const events: LiveEvent[] = [];
      const stop = await t.app.realtime.subscribe(member, (e) => events.push(e));
      try {
        const res = await zero();
        expect(res.statusCode, res.body).toBe(200);
        expect(UserResponse.parse(res.json()).user.credits).toBe(0);
      } finally {
        stop();
      }
      expect(await ledger()).toEqual([{ delta: -75, reason: 'dev_reset' }]);
      expect(events).toEqual([{ type: 'user' }]);
    });

    it('books nothing when the balance is zero already', async () => {
      expect((await zero()).statusCode).toBe(200);
      expect(await ledger()).toHaveLength(1);
    });

    it('is 403 when logged out or from a foreign Origin', async () => {
      const out = await zero(null);
      expect(out.statusCode).toBe(403);
      expect(out.json()).toMatchObject({ key: 'auth.not_logged_in' });
      const foreign = await zero(cookie, { origin: 'https://evil.example' });
      expect(foreign.statusCode).toBe(403);
      expect(foreign.json()).toMatchObject({ key: 'security.origin_mismatch' });
    });

    it('is 403 dev.disabled on a server without developer tools, whatever the body', async () => {
      const off = await buildTestApp(engine, { devTools: false });
      try {
        const id = await insertMember(off.app, { email: 'prod@example.com' });
        await off.app.db.updateTable('members').set({ credits: 10 }).where('id', '=', id).execute();
        const session = await login(off.app, 'prod@example.com');
        for (const payload of [{ action: 'zero-credits' }, { action: 'nope' }, {}]) {
          const res = await off.app.inject({
            method: 'POST',
            url: '/api/dev.php',
            payload,
            ...as(session),
          });
          expect(res.statusCode).toBe(403);
          expect(res.json()).toMatchObject({ key: 'dev.disabled' });
        }
        const row = await off.app.db
          .selectFrom('members')
          .select('credits')
          .where('id', '=', id)
          .executeTakeFirstOrThrow();
        expect(row.credits).toBe(10);
      } finally {
        await off.close();
      }
    });
  });
}
