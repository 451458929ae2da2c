/**
 * Retention: raw events of days past STATS_RETENTION_DAYS are summed into the daily figures and
 * deleted, once even when two roll-ups meet, and the answers stay what they were. A member's data
 * export holds no stats, and deleting an account takes nothing from the figures.
 */
import { strFromU8, unzipSync } from 'fflate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../server/config';
import { sql } from 'kysely';
import { runAdminCommand } from '../../server/admin/commands';
import { applyRetention, keptFrom, rollUpStats } from '../../server/services/stats-retention';
import { as, PASSWORD, signup } from './fixtures';
import { buildTestApp, ENGINES, type TestApp } from './helper';
import { buy, deliver, demoEvent, refOf } from './payments-calls';
import { insertPostbacks } from './postback-fixtures';
import { insertDaily, insertEvents, rawEvent, stats, statsReader } from './stats-calls';

const DAY_MS = 86_400_000;
const RETENTION = 30;

for (const engine of ENGINES) {
  describe(`stats retention (${engine})`, () => {
    let t: TestApp;
    let reader: string;
    beforeAll(async () => {
      t = await buildTestApp(engine, { statsRetentionDays: RETENTION });
      reader = (await statsReader(t.app)).cookie;
    });
    afterAll(() => t.close());

    const rawCount = async () =>
      Number(
        (
          await t.app.db
            .selectFrom('stats_events')
            .select((eb) => eb.fn.countAll<number | string>().as('n'))
            .executeTakeFirstOrThrow()
        ).n,
      );

    it('reads its retention from STATS_RETENTION_DAYS, 90 days by default', () => {
      expect(loadConfig({}).statsRetentionDays).toBe(90);
      expect(loadConfig({ STATS_RETENTION_DAYS: '7' }).statsRetentionDays).toBe(7);
      expect(() => loadConfig({ STATS_RETENTION_DAYS: '0' })).toThrow(/STATS_RETENTION_DAYS/);
      expect(keptFrom(Date.parse('2026-03-31T23:00:00Z'), 30)).toBe('2026-03-01');
    });

    it('rolls old raw events into the daily figures once, and the answers stay the same', async () => {
      const now = Date.now();
      const old = new Date(now - (RETENTION + 5) * DAY_MS).toISOString().slice(0, 10);
      const older = new Date(now - (RETENTION + 6) * DAY_MS).toISOString().slice(0, 10);
      const today = new Date(now).toISOString().slice(0, 10);
      const view = { event: 'lander_view', design: 'gallery', network: 'a' };
      const pay = { event: 'purchase', design: 'gallery', network: 'a', currency: 'EUR' };
      await insertEvents(t.app, [
        rawEvent(old, { ...view, count: 4 }),
        rawEvent(old, { ...view, count: 6 }),
        rawEvent(old, { ...pay, amount: 1000 }),
        rawEvent(old, { ...pay, amount: 2500 }),
        rawEvent(old, { event: 'refund', currency: 'EUR', amount: -1000 }),
        rawEvent(older, { ...view, sub1: 'x', count: 2 }),
        rawEvent(today, { ...view, count: 3 }),
      ]);
      // A cell rolled up before: the new sums add to it.
      await insertDaily(t.app, [{ day: old, ...view, count: 100 }]);
      const range = { from: older, to: today };
      const before = await stats(t.app, reader, range);
      const beforeByDay = await stats(t.app, reader, { ...range, group: 'sub1' });

      const removed = await Promise.all([rollUpStats(t.app, now), rollUpStats(t.app, now)]);
      expect(removed[0]! + removed[1]!).toBe(6);
      expect(await rawCount()).toBe(1);
      const daily = await t.app.db
        .selectFrom('stats_daily')
        .select(['day', 'event', 'sub1', 'currency', 'amount', 'count'])
        .orderBy('day')
        .orderBy('event')
        .orderBy('currency')
        .execute();
      expect(
        daily.map((d) => ({ ...d, amount: Number(d.amount), count: Number(d.count) })),
      ).toEqual([
        { day: older, event: 'lander_view', sub1: 'x', currency: '', amount: 0, count: 2 },
        { day: old, event: 'lander_view', sub1: '', currency: '', amount: 0, count: 110 },
        { day: old, event: 'purchase', sub1: '', currency: 'EUR', amount: 3500, count: 2 },
        { day: old, event: 'refund', sub1: '', currency: 'EUR', amount: -1000, count: 1 },
      ]);
      const after = await stats(t.app, reader, range);
      expect({ ...after, generated_at: '' }).toEqual({ ...before, generated_at: '' });
      expect((await stats(t.app, reader, { ...range, group: 'sub1' })).rows).toEqual(
        beforeByDay.rows,
      );
      expect(after.totals.revenue).toMatchObject([{ currency: 'EUR', gross: 3500, net: 2500 }]);
      expect(await rollUpStats(t.app, now)).toBe(0);
    });

    it('keeps stats out of the data export, and the figures after an account is deleted', async () => {
      const { cookie, user } = await signup(t.app, {
        trafficsource: 'adnet?sub1=z',
        form_path: '/landers/video/eng',
      });
      const started = await buy(t, cookie);
      await deliver(
        t.app,
        demoEvent(t, {
          ref: refOf(started),
          outcome: 'paid',
          amount: started.transaction.amount.amount,
          currency: started.transaction.amount.currency,
        }),
      );
      const today = new Date().toISOString().slice(0, 10);
      const figures = async () => {
        const answer = await stats(t.app, reader, { from: today, to: today, group: 'network' });
        return { rows: answer.rows, totals: answer.totals };
      };
      const before = await figures();
      expect(before.totals.counts).toMatchObject({ signup_started: 1, first_purchase: 1 });

      const exported = await t.app.inject({
        method: 'POST',
        url: '/api/export.php',
        ...as(cookie),
      });
      expect(exported.statusCode).toBe(200);
      await t.app.dataExports.idle();
      const id = (exported.json() as { export: { id: number } }).export.id;
      const zip = await t.app.inject({ url: `/api/export.php?download=${id}`, ...as(cookie) });
      expect(zip.statusCode).toBe(200);
      const files = unzipSync(new Uint8Array(zip.rawPayload));
      const text = Object.values(files)
        .map((f) => strFromU8(f))
        .join('\n');
      // The member's own record names where they came from; no figure or postback row is there.
      expect(text).toContain('"signup_design": "video"');
      for (const word of ['signup_started', 'first_purchase', 'lander_view', 'postback']) {
        expect(text).not.toContain(word);
      }
      expect(Object.keys(files).some((name) => /stat|postback/i.test(name))).toBe(false);

      const deleted = await t.app.inject({
        method: 'DELETE',
        url: '/api/account.php',
        payload: { password: PASSWORD },
        ...as(cookie),
      });
      expect(deleted.statusCode).toBe(200);
      expect(await figures()).toEqual(before);
      await rollUpStats(t.app, Date.now() + (RETENTION + 2) * DAY_MS);
      expect(await figures()).toEqual(before);
      const tombstone = await t.app.db
        .selectFrom('members')
        .select(['signup_design', 'signup_slug', 'stats_access'])
        .where('id', '=', user.id)
        .executeTakeFirstOrThrow();
      expect({ ...tombstone, stats_access: Boolean(tombstone.stats_access) }).toEqual({
        signup_design: '',
        signup_slug: '',
        stats_access: false,
      });
    });

    it('deletes settled postbacks past retention, keeps pending ones, and offers failed ones again', async () => {
      const now = Date.now();
      const old = now - (RETENTION + 3) * DAY_MS;
      const ids = await insertPostbacks(t.app, [
        { status: 'delivered', created_at: old, network: 'keep-out' },
        { status: 'skipped', created_at: old, network: 'keep-out' },
        { status: 'failed', created_at: old, network: 'keep-out', attempts: 16 },
        { status: 'pending', created_at: old, network: 'keep-out', next_attempt_at: now + DAY_MS },
        { status: 'delivered', created_at: now, network: 'keep-out' },
        { status: 'failed', created_at: now, network: 'keep-out', attempts: 16 },
      ]);
      const left = async () =>
        (
          await t.app.db
            .selectFrom('postback_outbox')
            .select(['id', 'status', 'attempts'])
            .where('id', 'in', ids)
            .orderBy('id')
            .execute()
        ).map((r) => ({ ...r, attempts: Number(r.attempts) }));
      const run = await applyRetention(t.app, now);
      expect(run.postbacksPruned).toBe(3);
      expect((await left()).map((r) => r.id)).toEqual(ids.slice(3));

      const { lines } = await runAdminCommand(t.app.db, ['resend-postbacks', 'keep-out']);
      expect(lines).toEqual(['1 given-up postback of keep-out will be sent again.']);
      // Due now: this site's sender may already have settled it (it has no such network).
      const resent = (await left())[2]!;
      expect(resent.attempts).toBe(0);
      expect(['pending', 'skipped']).toContain(resent.status);
      await t.app.db.deleteFrom('postback_outbox').where('id', 'in', ids).execute();
    });

    it('empties the cause keys the previous release wrote during a rolling restart', async () => {
      // As release 012 wrote them: the member's id in the key of both tables.
      const today = new Date().toISOString().slice(0, 10);
      await sql`insert into stats_events (event, event_key, occurred_at, day, network)
        values ('signup_started', 'signup:424242', ${Date.now()}, ${today}, 'legacy')`.execute(
        t.app.db,
      );
      const [id] = await insertPostbacks(t.app, [
        { event_key: 'signup:424242', network: 'legacy', status: 'delivered' },
      ]);
      await applyRetention(t.app);
      const raw = await t.app.db
        .selectFrom('stats_events')
        .select('event_key')
        .where('network', '=', 'legacy')
        .execute();
      expect(raw).toEqual([{ event_key: null }]);
      const postback = await t.app.db
        .selectFrom('postback_outbox')
        .select('event_key')
        .where('id', '=', id!)
        .executeTakeFirstOrThrow();
      expect(postback.event_key).toBe(`row:${id}`);
      await t.app.db.deleteFrom('stats_events').where('network', '=', 'legacy').execute();
      await t.app.db.deleteFrom('postback_outbox').where('id', '=', id!).execute();
    });
  });
}
