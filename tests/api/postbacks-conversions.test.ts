/**
 * Postbacks from the real flows to a loopback partner: a sign-up from a network's link, its
 * activation, a purchase paid through the demo provider and refunded, each webhook delivered
 * twice; and a partner that is away for a while and then gets every event once.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signup } from './fixtures';
import { buildTestApp, ENGINES, type TestApp } from './helper';
import { lastMailTo, linkIn } from './outbox';
import { buy, deliver, demoEvent, refOf } from './payments-calls';
import { eventually, QUICK_DELIVERY } from './postback-fixtures';
import {
  signatureValid,
  startPostbackPartner,
  type PostbackPartner,
  type ReceivedPostback,
} from './support/postback-partner';

const SECRET = 'adnet-signing-secret-0123';

for (const engine of ENGINES) {
  describe(`postbacks of real conversions (${engine})`, () => {
    let t: TestApp;
    let partner: PostbackPartner;

    beforeAll(async () => {
      partner = await startPostbackPartner();
      t = await buildTestApp(engine, {
        site: {
          postbacks: {
            adnet: {
              url:
                `${partner.origin}/cb?click={ref}&e={event}&a={amount}&c={currency}` +
                '&t={transaction}&s1={sub1}&s2={sub2}&s3={sub3}&id={event_id}',
              events: ['signup', 'first_purchase', 'refund'],
              secret: SECRET,
            },
          },
        },
        postbackDelivery: QUICK_DELIVERY,
      });
    });
    afterAll(async () => {
      await t?.close();
      await partner?.close();
    });

    /** What the partner received for one click id. */
    const forClick = (click: string) => partner.received.filter((r) => r.query.click === click);
    const rowsOf = (event: string, ref: string) =>
      t.app.db
        .selectFrom('postback_outbox')
        .selectAll()
        .where('event', '=', event)
        .where('ref', '=', ref)
        .execute();
    /** Waits until the partner has `count` postbacks for the click, then a little longer for strays. */
    const expectArrivals = async (click: string, count: number): Promise<ReceivedPostback[]> => {
      await eventually(async () => forClick(click).length >= count);
      await new Promise((resolve) => setTimeout(resolve, 300));
      return forClick(click);
    };
    const pay = async (cookie: string) => {
      const started = await buy(t, cookie);
      const paid = demoEvent(t, {
        ref: refOf(started),
        outcome: 'paid',
        amount: started.transaction.amount.amount,
        currency: started.transaction.amount.currency,
      });
      expect((await deliver(t.app, paid)).statusCode).toBe(200);
      return { started, paid };
    };

    it('tells the partner of a sign-up, a first purchase and a refund once each, signed', async () => {
      const { cookie, user } = await signup(t.app, {
        trafficsource: 'adnet?ref=click-1&sub1=banner&sub2=n%20l&sub3=x',
      });
      const [signupPostback] = await expectArrivals('click-1', 1);
      expect(signupPostback?.query).toMatchObject({
        e: 'signup',
        a: '0',
        c: '',
        t: '',
        s1: 'banner',
        s2: 'n l',
        s3: 'x',
      });
      expect(signupPostback && signatureValid(SECRET, signupPostback)).toBe(true);

      // The activation link followed twice: one activation, which adnet does not want.
      const { token } = linkIn(
        (await lastMailTo(t.app, user.email, 'activation')).text,
        '/api/activate.php',
      );
      for (let i = 0; i < 2; i += 1) {
        await t.app.inject({ url: `/api/activate.php?token=${encodeURIComponent(token)}` });
      }
      await eventually(async () =>
        (await rowsOf('activation', 'click-1')).every((r) => r.status === 'skipped'),
      );
      expect(await rowsOf('activation', 'click-1')).toHaveLength(1);

      // The paid webhook arrives twice; purchase is not wanted, first_purchase is.
      const { started, paid } = await pay(cookie);
      expect((await deliver(t.app, paid)).json()).toMatchObject({ duplicate: true });
      const { amount, currency } = started.transaction.amount;
      const txId = String(started.transaction.id);
      const afterPurchase = await expectArrivals('click-1', 2);
      expect(afterPurchase.map((r) => r.query.e)).toEqual(['signup', 'first_purchase']);
      expect(afterPurchase[1]?.query).toMatchObject({
        a: (amount / 100).toFixed(2),
        c: currency,
        t: txId,
      });
      expect((await rowsOf('purchase', 'click-1')).map((r) => r.status)).toEqual(['skipped']);

      // A second purchase is no first purchase: the partner hears nothing.
      await pay(cookie);
      // The refund, reported twice.
      for (let i = 0; i < 2; i += 1) {
        await deliver(t.app, demoEvent(t, { ref: refOf(started), outcome: 'refunded' }));
      }
      const all = await expectArrivals('click-1', 3);
      expect(all.map((r) => r.query.e)).toEqual(['signup', 'first_purchase', 'refund']);
      expect(all[2]?.query).toMatchObject({ a: (amount / 100).toFixed(2), c: currency, t: txId });
      expect(new Set(all.map((r) => r.query.id)).size).toBe(3);
      expect(all.every((r) => signatureValid(SECRET, r))).toBe(true);
    });

    it('never sends for a network without a postback address', async () => {
      await signup(t.app, { trafficsource: 'othernet?ref=click-2' });
      await eventually(async () =>
        (await rowsOf('signup', 'click-2')).every((r) => r.status === 'skipped'),
      );
      expect(forClick('click-2')).toEqual([]);
    });

    it('gives a partner that was away every event once it is back', async () => {
      await partner.down();
      const members = await Promise.all(
        ['click-3', 'click-4'].map((click) =>
          signup(t.app, { trafficsource: `adnet?ref=${click}` }),
        ),
      );
      for (const { cookie } of members) await pay(cookie);
      await eventually(async () => {
        const rows = await t.app.db
          .selectFrom('postback_outbox')
          .select(['status', 'last_error'])
          .where('ref', 'in', ['click-3', 'click-4'])
          .where('event', 'in', ['signup', 'first_purchase'])
          .execute();
        return rows.length === 4 && rows.every((r) => r.last_error === 'connection refused');
      });
      await partner.up();
      for (const click of ['click-3', 'click-4']) {
        const got = await expectArrivals(click, 2);
        expect(got.map((r) => r.query.e).sort()).toEqual(['first_purchase', 'signup']);
      }
    });
  });
}
