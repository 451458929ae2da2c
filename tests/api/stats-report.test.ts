/**
 * GET /api/stats.php: who may read it, the funnel per day (zeros included) and per dimension from
 * raw and daily rows together, the filters, revenue per currency, the filter lists, the postback
 * figures and the CSV download.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertMember, login } from './fixtures';
import { buildTestApp, ENGINES, type TestApp } from './helper';
import { account, moderator } from './moderation-calls';
import { getStats, insertDaily, insertEvents, rawEvent, stats, statsReader } from './stats-calls';

const RANGE = { from: '2020-03-01', to: '2020-03-03' };

for (const engine of ENGINES) {
  describe(`stats.php (${engine})`, () => {
    let t: TestApp;
    let reader: string;
    beforeAll(async () => {
      t = await buildTestApp(engine);
      reader = (await statsReader(t.app)).cookie;
      await insertEvents(t.app, [
        rawEvent('2020-03-01', { event: 'lander_view', design: 'gallery', network: 'a', count: 7 }),
        rawEvent('2020-03-01', { event: 'lander_view', design: 'video', network: 'b', count: 3 }),
        rawEvent('2020-03-03', { event: 'signup_started', design: 'gallery', network: 'a' }),
        rawEvent('2020-03-03', {
          event: 'purchase',
          design: 'gallery',
          network: 'a',
          currency: 'EUR',
          amount: 3199,
        }),
        rawEvent('2020-03-03', {
          event: 'refund',
          design: 'gallery',
          network: 'a',
          currency: 'EUR',
          amount: -1000,
        }),
        rawEvent('2020-03-04', { event: 'lander_view', design: 'gallery', count: 100 }),
      ]);
      await insertDaily(t.app, [
        { day: '2020-03-01', event: 'lander_view', design: 'gallery', network: 'a', count: 5 },
        {
          day: '2020-03-01',
          event: 'purchase',
          design: 'video',
          network: 'b',
          currency: 'PLN',
          amount: 4900,
          count: 1,
        },
      ]);
    });
    afterAll(() => t.close());

    it('is a 404 for visitors, members and moderators without the role', async () => {
      const member = await account(t.app);
      const mod = await moderator(t.app);
      for (const cookie of [null, member.cookie, mod.cookie]) {
        const res = await getStats(t.app, cookie, RANGE);
        expect(res.statusCode).toBe(404);
        expect(res.json()).toMatchObject({ message: 'Not found: GET /api/stats.php' });
      }
      // Not even a bad query tells the path exists.
      expect((await getStats(t.app, member.cookie, { from: 'x' })).statusCode).toBe(404);
      expect((await getStats(t.app, reader, { from: 'x' })).statusCode).toBe(400);
    });

    it('shows holders the stats flag in their user object', async () => {
      const res = await t.app.inject({ url: '/api/user.php', cookies: { amora_sid: reader } });
      expect(res.json()).toMatchObject({ user: { stats: true } });
    });

    it('answers every day of the range, zeros included, raw and daily rows summed', async () => {
      const answer = await stats(t.app, reader, RANGE);
      expect(answer.rows.map((r) => r.key)).toEqual(['2020-03-01', '2020-03-02', '2020-03-03']);
      const [first, second, third] = answer.rows;
      expect(first?.counts.lander_view).toBe(15);
      expect(first?.revenue).toEqual([
        { currency: 'PLN', gross: 4900, refunds: 0, net: 4900, purchases: 1, refund_count: 0 },
      ]);
      expect(second?.counts.lander_view).toBe(0);
      expect(second?.revenue).toEqual([]);
      expect(third?.counts.signup_started).toBe(1);
      expect(third?.revenue).toEqual([
        { currency: 'EUR', gross: 3199, refunds: 1000, net: 2199, purchases: 1, refund_count: 1 },
      ]);
      expect(answer.totals.counts).toMatchObject({ lander_view: 15, signup_started: 1 });
      expect(answer.totals.revenue.map((r) => r.currency)).toEqual(['EUR', 'PLN']);
      expect(answer.options.design).toEqual(['gallery', 'video']);
      expect(answer.options.network).toEqual(['a', 'b']);
      expect(answer.options.sub1).toEqual(['']);
    });

    it('groups by a dimension, most lander views first, and filters', async () => {
      const byDesign = await stats(t.app, reader, { ...RANGE, group: 'design' });
      expect(byDesign.rows.map((r) => [r.key, r.counts.lander_view])).toEqual([
        ['gallery', 12],
        ['video', 3],
      ]);
      const onlyB = await stats(t.app, reader, { ...RANGE, group: 'design', network: 'b' });
      expect(onlyB.rows.map((r) => r.key)).toEqual(['video']);
      expect(onlyB.totals.revenue).toMatchObject([{ currency: 'PLN', net: 4900 }]);
      const notSet = await stats(t.app, reader, { ...RANGE, sub1: '', design: 'none' });
      expect(notSet.totals.counts.lander_view).toBe(0);
    });

    it('refuses a reversed or too long range', async () => {
      const reversed = await getStats(t.app, reader, { from: '2020-03-03', to: '2020-03-01' });
      expect(reversed.statusCode).toBe(400);
      expect(reversed.json().key).toBe('stats.errors.range_order');
      const long = await getStats(t.app, reader, { from: '2019-01-01', to: '2020-03-01' });
      expect(long.json().key).toBe('stats.errors.range_too_long');
    });

    it('counts postbacks of the range and lists the failures', async () => {
      const at = Date.parse('2020-03-02T10:00:00Z');
      const row = {
        network: 'a',
        next_attempt_at: at,
        created_at: at,
        attempts: 0,
        last_error: '',
        last_attempt_at: null,
      };
      await t.app.db
        .insertInto('postback_outbox')
        .values([
          { ...row, event_key: 'p:1', event: 'signup', attempts: 1 },
          { ...row, event_key: 'p:2', event: 'purchase' },
          {
            ...row,
            event_key: 'p:3',
            event: 'refund',
            attempts: 2,
            last_error: 'HTTP 503',
            last_attempt_at: at + 1000,
          },
          {
            ...row,
            event_key: 'p:4',
            event: 'activation',
            attempts: 8,
            last_error: 'timeout',
            last_attempt_at: at + 2000,
          },
          { ...row, event_key: 'p:5', event: 'signup', network: 'b' },
        ])
        .execute();
      // What the delivery would have made of them.
      for (const [key, status] of [
        ['p:1', 'delivered'],
        ['p:4', 'failed'],
        ['p:5', 'skipped'],
      ] as const) {
        await t.app.db
          .updateTable('postback_outbox')
          .set({ status })
          .where('event_key', '=', key)
          .execute();
      }
      const answer = await stats(t.app, reader, RANGE);
      expect(answer.postbacks).toEqual({
        delivered: 1,
        pending: 2,
        failed: 1,
        recent_failures: [
          {
            network: 'a',
            event: 'activation',
            attempts: 8,
            last_error: 'timeout',
            last_attempt_at: new Date(at + 2000).toISOString(),
            given_up: true,
          },
          {
            network: 'a',
            event: 'refund',
            attempts: 2,
            last_error: 'HTTP 503',
            last_attempt_at: new Date(at + 1000).toISOString(),
            given_up: false,
          },
        ],
      });
      const later = await stats(t.app, reader, { from: '2020-03-03', to: '2020-03-03' });
      expect(later.postbacks).toMatchObject({ delivered: 0, pending: 0, recent_failures: [] });
    });

    it('downloads the table as CSV with a total line, formulas defused', async () => {
      await insertEvents(t.app, [
        rawEvent('2020-04-01', { event: 'lander_view', sub1: '=HYPERLINK("x")', count: 2 }),
        rawEvent('2020-04-01', { event: 'purchase', sub1: 'plain', currency: 'EUR', amount: 505 }),
        rawEvent('2020-04-01', { event: 'refund', sub1: 'plain', currency: 'EUR', amount: -700 }),
      ]);
      const res = await getStats(t.app, reader, {
        from: '2020-04-01',
        to: '2020-04-01',
        group: 'sub1',
        format: 'csv',
      });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
      expect(res.headers['content-disposition']).toBe(
        'attachment; filename="stats-2020-04-01-2020-04-01.csv"',
      );
      expect(res.headers['cache-control']).toBe('private, no-store');
      expect(res.body.split('\r\n')).toEqual([
        'sub1,lander_view,finder_view,signup_started,signup_completed,activated,first_purchase,' +
          'premium_start,first_message,gross EUR,refunds EUR,net EUR',
        `"'=HYPERLINK(""x"")",2,0,0,0,0,0,0,0,0.00,0.00,0.00`,
        'plain,0,0,0,0,0,0,0,0,5.05,7.00,-1.95',
        'total,2,0,0,0,0,0,0,0,5.05,7.00,-1.95',
        '',
      ]);
    });

    it('never answers a member who lost the role', async () => {
      const id = await insertMember(t.app, { email: 'gone-reader@example.com' });
      await t.app.repos.statsRoles.setAccess(id, true);
      const cookie = await login(t.app, 'gone-reader@example.com');
      expect((await getStats(t.app, cookie, RANGE)).statusCode).toBe(200);
      await t.app.repos.statsRoles.setAccess(id, false);
      expect((await getStats(t.app, cookie, RANGE)).statusCode).toBe(404);
    });
  });
}
