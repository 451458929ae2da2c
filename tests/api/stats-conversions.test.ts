/**
 * The conversion hook: sign-up, activation, purchases (first purchase, premium start) and refunds
 * write their stats rows and postbacks in the transaction of their cause, once per cause, and no
 * row names the member. Each test's member carries a sub3 of its own, which finds its rows.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { as, signup } from './fixtures';
import { buildTestApp, ENGINES, type TestApp } from './helper';
import { lastMailTo, linkIn } from './outbox';
import { buy, deliver, demoEvent, refOf } from './payments-calls';

const NEW_PASSWORD = 'a-new-good-pass-47';

/** A traffic source whose sub3 no other member of the run has. */
function sourceTagged(extra = ''): { source: string; tag: string } {
  const tag = randomUUID().slice(0, 8);
  return { source: `adnet?${extra}sub3=${tag}`, tag };
}

for (const engine of ENGINES) {
  describe(`conversions (${engine})`, () => {
    let t: TestApp;
    beforeAll(async () => {
      t = await buildTestApp(engine);
    });
    afterAll(() => t.close());

    const events = (tag: string, event: string) =>
      t.app.db
        .selectFrom('stats_events')
        .selectAll()
        .where('sub3', '=', tag)
        .where('event', '=', event)
        .execute();
    const postbacks = (tag: string, event: string) =>
      t.app.db
        .selectFrom('postback_outbox')
        .selectAll()
        .where('sub3', '=', tag)
        .where('event', '=', event)
        .orderBy('id')
        .execute();
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
      const { source, tag } = sourceTagged('ref=click-9&sub1=banner&sub2=nl&');
      const { user } = await signup(t.app, {
        trafficsource: source,
        form_path: '/landers/gallery/she-nl',
        language: 'nl',
        country: 'NL',
      });
      const [started, ...more] = await events(tag, 'signup_started');
      expect(more).toEqual([]);
      expect(started).toMatchObject({
        event: 'signup_started',
        design: 'gallery',
        slug: 'she-nl',
        language: 'nl',
        country: 'NL',
        network: 'adnet',
        sub1: 'banner',
        sub2: 'nl',
        sub3: tag,
        amount: 0,
        count: 1,
        event_key: null,
      });
      expect(started?.day).toBe(new Date().toISOString().slice(0, 10));
      expect(await postbacks(tag, 'signup')).toMatchObject([
        {
          event: 'signup',
          network: 'adnet',
          ref: 'click-9',
          sub1: 'banner',
          // Written pending; this site sends no postbacks, so the sender may have skipped it already.
          status: expect.stringMatching(/^(pending|skipped)$/) as unknown,
          attempts: 0,
          transaction_ref: '',
        },
      ]);

      const mail = await lastMailTo(t.app, user.email, 'activation');
      const { token } = linkIn(mail.text, '/api/activate.php');
      for (let i = 0; i < 2; i += 1) {
        await t.app.inject({ url: `/api/activate.php?token=${encodeURIComponent(token)}` });
      }
      expect(await events(tag, 'activated')).toMatchObject([
        { event: 'activated', design: 'gallery', network: 'adnet' },
      ]);
      expect(await postbacks(tag, 'activation')).toMatchObject([{ event: 'activation' }]);
      // No row names the member: no stats key, and each postback's key is a random id of its own.
      const keys = await t.app.db
        .selectFrom('postback_outbox')
        .select('event_key')
        .where('sub3', '=', tag)
        .execute();
      expect(keys).toHaveLength(2);
      for (const { event_key: key } of keys) expect(key).toMatch(/^[0-9a-f-]{36}$/);
    });

    it('counts one activation when the mail link and a password reset link both activate', async () => {
      const { source, tag } = sourceTagged();
      const { user } = await signup(t.app, { trafficsource: source });
      const activation = linkIn(
        (await lastMailTo(t.app, user.email, 'activation')).text,
        '/api/activate.php',
      ).token;
      await t.app.inject({
        method: 'POST',
        url: '/api/reset_password.php',
        payload: { email: user.email },
      });
      const reset = linkIn(
        (await lastMailTo(t.app, user.email, 'password_reset')).text,
        '/reset-password/do',
      ).token;
      const [viaMail, viaReset] = await Promise.all([
        t.app.inject({ url: `/api/activate.php?token=${encodeURIComponent(activation)}` }),
        t.app.inject({
          method: 'PUT',
          url: '/api/reset_password.php',
          payload: { token: reset, password: NEW_PASSWORD },
        }),
      ]);
      expect(viaMail.statusCode).toBeLessThan(400);
      expect(viaReset.statusCode).toBe(200);
      expect(await events(tag, 'activated')).toHaveLength(1);
      expect(await postbacks(tag, 'activation')).toHaveLength(1);
    });

    it('writes no postback for a member without a network', async () => {
      const count = async (table: 'stats_events' | 'postback_outbox') =>
        Number(
          (
            await t.app.db
              .selectFrom(table)
              .select((eb) => eb.fn.countAll<number | string>().as('n'))
              .executeTakeFirstOrThrow()
          ).n,
        );
      const before = {
        events: await count('stats_events'),
        postbacks: await count('postback_outbox'),
      };
      await signup(t.app, { form_path: '/members/12/landing2/eng' });
      const [last] = await t.app.db
        .selectFrom('stats_events')
        .selectAll()
        .orderBy('id', 'desc')
        .limit(1)
        .execute();
      expect(await count('stats_events')).toBe(before.events + 1);
      expect(last).toMatchObject({
        event: 'signup_started',
        design: 'member-landing2',
        slug: 'eng',
        network: '',
      });
      expect(await count('postback_outbox')).toBe(before.postbacks);
    });

    it('counts a payment once however often it is reported, the first one as first', async () => {
      const { source, tag } = sourceTagged();
      const { cookie } = await signup(t.app, { trafficsource: source });
      const { started, paid } = await pay(cookie);
      expect((await deliver(t.app, paid)).json()).toMatchObject({ duplicate: true });
      const id = started.transaction.id;
      const { amount, currency } = started.transaction.amount;
      expect(await events(tag, 'purchase')).toMatchObject([
        { event: 'purchase', amount, currency, count: 1 },
      ]);
      expect(await events(tag, 'first_purchase')).toMatchObject([
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
      expect((await deliver(t.app, second.paid)).json()).toMatchObject({ duplicate: true });
      // The second purchase is counted, once, and it is no first purchase.
      expect(await events(tag, 'purchase')).toHaveLength(2);
      expect(await events(tag, 'first_purchase')).toHaveLength(1);

      const refund = demoEvent(t, { ref: refOf(started), outcome: 'refunded' });
      await deliver(t.app, refund);
      await deliver(t.app, demoEvent(t, { ref: refOf(started), outcome: 'refunded' }));
      expect(await events(tag, 'refund')).toMatchObject([
        { event: 'refund', amount: -amount, currency },
      ]);
      expect(await postbacks(tag, 'refund')).toMatchObject([
        { event: 'refund', amount, transaction_ref: String(id) },
      ]);
    });

    it('counts a premium start when no premium runs, not a renewal while it does', async () => {
      const { source, tag } = sourceTagged();
      const { cookie } = await signup(t.app, { trafficsource: source });
      const premium = { product: 'premium', package: 1, method: 'card' };
      await pay(cookie, premium);
      await pay(cookie, premium);
      expect(await events(tag, 'purchase')).toHaveLength(2);
      expect(await events(tag, 'premium_start')).toHaveLength(1);
      const me = await t.app.inject({ url: '/api/user.php', ...as(cookie) });
      expect(me.json()).toMatchObject({ user: { paid_user: true } });
    });
  });
}
