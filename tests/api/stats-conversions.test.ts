/**
 * The conversion hook: sign-up, activation, purchases (first purchase, premium start) and refunds
 * write their stats rows and postbacks in the transaction of their cause, once per cause.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { as, signup } from './fixtures';
import { buildTestApp, ENGINES, type TestApp } from './helper';
import { lastMailTo, linkIn } from './outbox';
import { buy, deliver, demoEvent, refOf } from './payments-calls';

const SOURCE = 'adnet?ref=click-9&sub1=banner&sub2=nl&sub3=x';

for (const engine of ENGINES) {
  describe(`conversions (${engine})`, () => {
    let t: TestApp;
    beforeAll(async () => {
      t = await buildTestApp(engine);
    });
    afterAll(() => t.close());

    const events = (key: string) =>
      t.app.db.selectFrom('stats_events').selectAll().where('event_key', 'like', key).execute();
    const postbacks = (key: string) =>
      t.app.db.selectFrom('postback_outbox').selectAll().where('event_key', 'like', key).execute();
    const pay = async (cookie: string, body?: Record<string, unknown>) => {
      const started = await buy(t, cookie, body);
      const paid = demoEvent(t, {
        ref: refOf(started),
        outcome: 'paid',
        amount: started.transaction.amount.amount,
        currency: started.transaction.amount.currency,
      });
      expect((await deliver(t.app, paid)).statusCode).toBe(200);
      return { started, paid };
    };

    it('counts a sign-up with its lander and source, and its activation once', async () => {
      const { user } = await signup(t.app, {
        trafficsource: SOURCE,
        form_path: '/landers/gallery/she-nl',
        language: 'nl',
        country: 'NL',
      });
      const [started] = await events(`signup:${user.id}`);
      expect(started).toMatchObject({
        event: 'signup_started',
        design: 'gallery',
        slug: 'she-nl',
        language: 'nl',
        country: 'NL',
        network: 'adnet',
        sub1: 'banner',
        sub2: 'nl',
        sub3: 'x',
        amount: 0,
        count: 1,
      });
      expect(started?.day).toBe(new Date().toISOString().slice(0, 10));
      expect(await postbacks(`signup:${user.id}`)).toMatchObject([
        {
          event: 'signup',
          network: 'adnet',
          ref: 'click-9',
          sub1: 'banner',
          status: 'pending',
          attempts: 0,
          transaction_ref: '',
        },
      ]);

      const mail = await lastMailTo(t.app, user.email, 'activation');
      const { token } = linkIn(mail.text, '/api/activate.php');
      for (let i = 0; i < 2; i += 1) {
        await t.app.inject({ url: `/api/activate.php?token=${encodeURIComponent(token)}` });
      }
      expect(await events(`activation:${user.id}`)).toMatchObject([
        { event: 'activated', design: 'gallery', network: 'adnet' },
      ]);
      expect(await postbacks(`activation:${user.id}`)).toMatchObject([{ event: 'activation' }]);
    });

    it('writes no postback for a member without a network', async () => {
      const { user } = await signup(t.app, { form_path: '/members/12/landing2/eng' });
      expect(await events(`signup:${user.id}`)).toMatchObject([
        { design: 'member-landing2', slug: 'eng', network: '' },
      ]);
      expect(await postbacks(`signup:${user.id}`)).toEqual([]);
    });

    it('counts a payment once however often it is reported, the first one as first', async () => {
      const { cookie } = await signup(t.app, { trafficsource: 'adnet' });
      const { started, paid } = await pay(cookie);
      expect((await deliver(t.app, paid)).json()).toMatchObject({ duplicate: true });
      const id = started.transaction.id;
      const { amount, currency } = started.transaction.amount;
      expect(await events(`purchase:${id}`)).toMatchObject([
        { event: 'purchase', amount, currency, count: 1 },
      ]);
      expect(await events(`first_purchase:${id}`)).toMatchObject([
        { event: 'first_purchase', amount: 0, currency: '' },
      ]);
      const forTx = await t.app.db
        .selectFrom('postback_outbox')
        .selectAll()
        .where('transaction_ref', '=', String(id))
        .orderBy('id')
        .execute();
      expect(forTx).toMatchObject([
        { event: 'purchase', amount, currency, transaction_ref: String(id) },
        { event: 'first_purchase', amount, currency, transaction_ref: String(id) },
      ]);

      const second = await pay(cookie);
      const secondId = second.started.transaction.id;
      expect(await events(`purchase:${secondId}`)).toHaveLength(1);
      expect(await events(`first_purchase:${secondId}`)).toEqual([]);

      const refund = demoEvent(t, { ref: refOf(started), outcome: 'refunded' });
      await deliver(t.app, refund);
      await deliver(t.app, demoEvent(t, { ref: refOf(started), outcome: 'refunded' }));
      expect(await events(`refund:${id}`)).toMatchObject([
        { event: 'refund', amount: -amount, currency },
      ]);
      expect(await postbacks(`refund:${id}`)).toMatchObject([{ event: 'refund', amount }]);
    });

    it('counts a premium start when no premium runs, not a renewal while it does', async () => {
      const { cookie } = await signup(t.app);
      const premium = { product: 'premium', package: 1, method: 'card' };
      const first = await pay(cookie, premium);
      const renewal = await pay(cookie, premium);
      expect(await events(`premium_start:${first.started.transaction.id}`)).toHaveLength(1);
      expect(await events(`premium_start:${renewal.started.transaction.id}`)).toEqual([]);
      const me = await t.app.inject({ url: '/api/user.php', ...as(cookie) });
      expect(me.json()).toMatchObject({ user: { paid_user: true } });
    });
  });
}
