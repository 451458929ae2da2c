/**
 * The rest of the funnel: lander and match-finder page views counted in memory and written in
 * batches (never the data calls, never members), the completed sign-up and the first message,
 * each counted once; and every step as stats.php reports it.
 */
import { randomUUID } from 'node:crypto';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SESSION_HINT_COOKIE } from '../../server/plugins/session';
import { chatCalls } from './chat-calls';
import { as, signup } from './fixtures';
import { buildSiblingApp, buildTestApp, ENGINES, type TestApp } from './helper';
import { stats, statsReader } from './stats-calls';

for (const engine of ENGINES) {
  describe(`funnel counting (${engine})`, () => {
    let t: TestApp;
    const chat = chatCalls(() => t, `funnel-${engine}`);
    beforeAll(async () => {
      t = await buildTestApp(engine);
      mkdirSync(join(t.dir, 'client'), { recursive: true });
      writeFileSync(
        join(t.dir, 'client', 'index.html'),
        '<!doctype html><html><body></body></html>',
      );
    });
    afterAll(() => t.close());

    const views = () =>
      t.app.db
        .selectFrom('stats_events')
        .selectAll()
        .where('event', 'in', ['lander_view', 'finder_view'])
        .orderBy('id')
        .execute();
    const page = (url: string, cookies: Record<string, string> = {}) =>
      t.app.inject({ method: 'GET', url, cookies, headers: { 'accept-language': 'de' } });

    it('counts lander and finder pages in memory and writes one row per batch', async () => {
      for (let i = 0; i < 3; i += 1) {
        expect(
          (await page('/landers/gallery/she-nl?network=adnet&aff_sub=b1&sub2=x')).statusCode,
        ).toBe(200);
      }
      await page('/landers/video/eng');
      await page('/members/7/landing');
      await page('/members/7/landing2/milf-pl?network=adnet');
      await page('/match-finder?network=other');
      // Not views: an unknown slug, other pages, data calls, HEAD, members.
      await page('/landers/gallery/foo-nl');
      await page('/members');
      await t.app.inject({ method: 'HEAD', url: '/landers/video/eng' });
      await t.app.inject({ url: '/api/lander.php?slug=eng' });
      await t.app.inject({ url: '/api/member_lander.php?member=7' });
      await page('/landers/video/eng', { [SESSION_HINT_COOKIE]: '1' });
      expect(await views()).toEqual([]);
      expect(t.app.pageViews.waiting).toBe(7);

      await t.app.pageViews.flush();
      const rows = await views();
      expect(rows).toHaveLength(5);
      const byDesign = Object.fromEntries(rows.map((r) => [r.design, r]));
      expect(byDesign.gallery).toMatchObject({
        event: 'lander_view',
        slug: 'she-nl',
        language: 'nl',
        country: '',
        network: 'adnet',
        sub1: 'b1',
        sub2: 'x',
        count: 3,
      });
      expect(byDesign.video).toMatchObject({ slug: 'eng', language: 'en', count: 1 });
      expect(byDesign['member-landing']).toMatchObject({ slug: '', language: 'de', count: 1 });
      expect(byDesign['member-landing2']).toMatchObject({ slug: 'milf-pl', language: 'pl' });
      expect(byDesign['match-finder']).toMatchObject({ event: 'finder_view', network: 'other' });
      expect(t.app.pageViews.waiting).toBe(0);
    });

    it('writes what an instance counted when it closes', async () => {
      const sibling = await buildSiblingApp(t);
      await sibling.app.inject({ url: '/landers/iconslanding/gay-it?network=closing' });
      expect(sibling.app.pageViews.waiting).toBe(1);
      await sibling.close();
      const rows = (await views()).filter((r) => r.network === 'closing');
      expect(rows).toMatchObject([{ design: 'iconslanding', slug: 'gay-it', count: 1 }]);
      await t.app.db.deleteFrom('stats_events').where('network', '=', 'closing').execute();
    });

    it('keeps the counts of a failed write for the next flush', async () => {
      const writes: number[] = [];
      const insert = t.app.repos.statsEvents.insertViews.bind(t.app.repos.statsEvents);
      t.app.repos.statsEvents.insertViews = async (batches) => {
        writes.push(batches.length);
        if (writes.length === 1) throw new Error('database away');
        return insert(batches);
      };
      try {
        await page('/landers/maplanding/bbw-fr');
        await t.app.pageViews.flush();
        expect(t.app.pageViews.waiting).toBe(1);
        await page('/landers/maplanding/bbw-fr');
        await t.app.pageViews.flush();
      } finally {
        t.app.repos.statsEvents.insertViews = insert;
      }
      expect(writes).toEqual([1, 1]);
      const rows = (await views()).filter((r) => r.design === 'maplanding');
      expect(rows).toMatchObject([{ count: 2 }]);
    });

    it('counts a completed sign-up and a first message once', async () => {
      const tag = `c-${randomUUID().slice(0, 8)}`;
      const { cookie, user } = await signup(t.app, { trafficsource: `adnet?sub1=${tag}` });
      const put = (lastSignupStep: boolean) =>
        t.app.inject({
          method: 'PUT',
          url: '/api/user.php',
          payload: { profile: { lastSignupStep } },
          ...as(cookie),
        });
      for (const step of [true, true, false, true]) expect((await put(step)).statusCode).toBe(200);
      const completed = await t.app.db
        .selectFrom('stats_events')
        .selectAll()
        .where('event', '=', 'signup_completed')
        .where('sub1', '=', tag)
        .execute();
      expect(completed).toMatchObject([{ network: 'adnet', event_key: null }]);
      const firstMessages = async (where: { sub1: string } | { network: '' }) => {
        const [column, value] = Object.entries(where)[0] as ['sub1' | 'network', string];
        const rows = await t.app.db
          .selectFrom('stats_events')
          .select('id')
          .where('event', '=', 'first_message')
          .where(column, '=', value)
          .execute();
        return rows.length;
      };
      const unattributedBefore = await firstMessages({ network: '' });

      const other = await chat.member();
      await t.app.db
        .updateTable('members')
        .set({ credits: 100 })
        .where('id', '=', user.id)
        .execute();
      const started = await chat.start(cookie, other.id);
      const conversation = (started.json() as { id: number }).id;
      await chat.sendOk(cookie, conversation, 'Hello');
      await chat.sendOk(cookie, conversation, 'Hello again');
      await chat.sendOk(other.cookie, conversation, 'Hi');
      expect(await firstMessages({ sub1: tag })).toBe(1);
      expect(await firstMessages({ network: '' })).toBe(unattributedBefore + 1);
      // A refused message (no credits) counts nothing.
      const poor = await chat.member(0);
      const withPoor = (await chat.start(poor.cookie, other.id)).json() as { id: number };
      const refused = await chat.send(poor.cookie, {
        conversation: withPoor.id,
        message: 'Hi',
        client_id: randomUUID(),
      });
      expect(refused.statusCode).toBe(402);
      expect(await firstMessages({ network: '' })).toBe(unattributedBefore + 1);
    });

    it('reports every funnel step and the revenue of today', async () => {
      const reader = await statsReader(t.app);
      const today = new Date().toISOString().slice(0, 10);
      const answer = await stats(t.app, reader.cookie, { from: today, to: today });
      expect(answer.totals.counts).toMatchObject({
        lander_view: 8,
        finder_view: 1,
        signup_started: 1,
        signup_completed: 1,
        first_message: 2,
      });
      const byNetwork = await stats(t.app, reader.cookie, {
        from: today,
        to: today,
        group: 'network',
      });
      expect(byNetwork.rows.map((r) => [r.key, r.counts.lander_view])).toEqual([
        ['', 4],
        ['adnet', 4],
        ['other', 0],
      ]);
    });

    it('counts one first message when a member sends two at once', async () => {
      const tag = `d-${randomUUID().slice(0, 8)}`;
      const { cookie, user } = await signup(t.app, { trafficsource: `adnet?sub1=${tag}` });
      await t.app.db
        .updateTable('members')
        .set({ credits: 100 })
        .where('id', '=', user.id)
        .execute();
      const conversations = await Promise.all(
        [await chat.member(), await chat.member()].map(
          async (other) => ((await chat.start(cookie, other.id)).json() as { id: number }).id,
        ),
      );
      await Promise.all(conversations.map((id, i) => chat.sendOk(cookie, id, `Hello ${i}`)));
      const rows = await t.app.db
        .selectFrom('stats_events')
        .select('id')
        .where('event', '=', 'first_message')
        .where('sub1', '=', tag)
        .execute();
      expect(rows).toHaveLength(1);
    });
  });
}
