/** Offers, the welcome discount, the time bonus and bad input on the payment routes (demo provider). */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CreditsOffer, PremiumOffer } from '../../src/shared/contract/payments';
import { as, insertMember, login } from './fixtures';
import { buildTestApp, ENGINES, type TestApp } from './helper';
import { account, buy, chooseOnDemoPage, ledgerRows } from './payments-calls';

for (const engine of ENGINES) {
  describe(`payment offers (${engine})`, () => {
    let t: TestApp;
    let seq = 0;
    const member = async (extra: Parameters<typeof insertMember>[1] = {}) => {
      seq += 1;
      const email = `offer${seq}@example.com`;
      const id = await insertMember(t.app, { email, country: 'NL', language: 'nl', ...extra });
      return { id, email, cookie: await login(t.app, email) };
    };

    beforeAll(async () => {
      t = await buildTestApp(engine);
    });
    afterAll(() => t.close());

    it('offers packages in the member country currency with the welcome discount', async () => {
      const m = await member({ country: 'PL' });
      const res = await t.app.inject({ method: 'GET', url: '/api/credits.php', ...as(m.cookie) });
      expect(res.statusCode, res.body).toBe(200);
      const offer = CreditsOffer.parse(res.json());
      expect(offer).toMatchObject({
        country: 'PL',
        currency: 'PLN',
        vat_rate_bp: 2300,
        balance: 0,
      });
      expect(offer.methods).toEqual(['card', 'blik', 'p24']);
      expect(offer.discount).toEqual({ code: 'WELCOME20', percentage: 20 });
      expect(offer.time_bonus).toBeNull(); // signed up 10 days ago
      expect(offer.packages[0]).toMatchObject({
        price: { amount: 4299 - 860, currency: 'PLN' },
        list_price: { amount: 4299, currency: 'PLN' },
      });
      expect(offer.last_order).toBeNull();
      const visitor = await t.app.inject({ method: 'GET', url: '/api/credits.php' });
      expect(visitor.statusCode).toBe(403);
    });

    it('offers premium plans to visitors in the default country', async () => {
      const res = await t.app.inject({ method: 'GET', url: '/api/premium.php' });
      expect(res.statusCode, res.body).toBe(200);
      const offer = PremiumOffer.parse(res.json());
      expect(offer).toMatchObject({ country: 'NL', currency: 'EUR', premium_until: null });
      expect(offer.plans.map((p) => p.months)).toEqual([1, 3, 12]);
    });

    it('answers the discount code only while the welcome discount applies', async () => {
      const m = await member();
      const get = async (q: string, cookie: string | null = m.cookie) =>
        (
          await t.app.inject({
            method: 'GET',
            url: `/api/discountcode.php${q}`,
            ...(cookie ? as(cookie) : {}),
          })
        ).json();
      const none = { code: null, percentage: null };
      expect(await get('?welcome=true')).toEqual({ code: 'WELCOME20', percentage: 20 });
      expect(await get('?code=welcome20')).toEqual({ code: 'WELCOME20', percentage: 20 });
      expect(await get('?code=OTHER')).toEqual(none);
      expect(await get('?welcome=true', null)).toEqual(none);
      expect(await get('?foo=bar')).toEqual(none);
      const started = await buy(t, m.cookie);
      await chooseOnDemoPage(t, m.cookie, started, 'paid');
      expect(await get('?welcome=true')).toEqual(none);
      // The second purchase pays the list price.
      const second = await buy(t, m.cookie);
      expect(second.transaction).toMatchObject({
        discount_percent: 0,
        amount: { amount: 3999, currency: 'EUR' },
      });
    });

    it('gives the time bonus only within the window after sign-up', async () => {
      const m = await member();
      await t.app.db
        .updateTable('members')
        .set({ signup_date: Date.now() - 3_600_000 })
        .where('id', '=', m.id)
        .execute();
      const offer = CreditsOffer.parse(
        (await t.app.inject({ method: 'GET', url: '/api/credits.php', ...as(m.cookie) })).json(),
      );
      expect(offer.time_bonus?.percentage).toBe(20);
      expect(Date.parse(offer.time_bonus!.ends_at)).toBeGreaterThan(Date.now());
      expect(offer.packages.map((p) => p.bonus_credits)).toEqual([2, 5, 10, 20]);
      const started = await buy(t, m.cookie);
      expect(started.transaction.bonus_credits).toBe(10);
      // The bonus is fixed into the row: paying after the window still grants it.
      await t.app.db
        .updateTable('members')
        .set({ signup_date: Date.now() - 72 * 3_600_000 })
        .where('id', '=', m.id)
        .execute();
      await chooseOnDemoPage(t, m.cookie, started, 'paid');
      expect(await ledgerRows(t, m.id)).toEqual([
        { delta: 50, reason: 'purchase', ref: `transaction:${started.transaction.id}` },
        { delta: 10, reason: 'bonus', ref: `bonus:${started.transaction.id}` },
      ]);
      expect((await account(t, m.id)).credits).toBe(60);
      const later = await buy(t, m.cookie);
      expect(later.transaction.bonus_credits).toBe(0);
    });

    it('never answers 5xx to bad queries and bodies', async () => {
      const m = await member();
      const calls: Array<[string, string, unknown?, Record<string, string>?]> = [
        ['GET', '/api/transactions.php'],
        ['GET', '/api/transactions.php?id=abc'],
        ['GET', '/api/transactions.php?id=1&refresh=maybe'],
        ['GET', '/api/transactions.php?id=99999999999999'],
        ['PUT', '/api/transactions.php', { id: 1 }],
        ['PUT', '/api/transactions.php?cancel=1', { id: 'x' }],
        ['GET', '/api/ledger.php?page=0'],
        ['GET', '/api/ledger.php?page=x'],
        ['GET', '/api/discountcode.php?welcome=maybe'],
        ['GET', `/api/discountcode.php?code=${'x'.repeat(100)}`],
        ['POST', '/api/transactions.php', 'not json', { 'content-type': 'application/json' }],
        ['POST', '/api/transactions.php', { product: 'credits', package: 1e20, method: 'card' }],
        ['GET', '/api/payments/demo.php'],
        ['GET', '/api/payments/demo.php?session=demo_nothing'],
        ['GET', `/api/payments/demo.php?session=demo_${'0'.repeat(32)}`],
        [
          'POST',
          `/api/payments/demo.php?session=demo_${'0'.repeat(32)}`,
          'outcome=paid',
          { 'content-type': 'application/x-www-form-urlencoded' },
        ],
        ['POST', '/api/payment_webhook.php', '{}', { 'content-type': 'application/json' }],
        [
          'POST',
          '/api/payment_webhook.php?provider=paypal',
          '{}',
          { 'content-type': 'application/json' },
        ],
        [
          'POST',
          '/api/payment_webhook.php?provider=demo',
          'garbage',
          { 'content-type': 'text/plain' },
        ],
        ['POST', '/api/payment_webhook.php?provider=demo'],
        [
          'POST',
          '/api/payment_webhook.php?provider=stripe',
          '{}',
          { 'content-type': 'application/json' },
        ],
      ];
      for (const [method, url, payload, headers] of calls) {
        const res = await t.app.inject({
          method: method as 'GET',
          url,
          ...(payload !== undefined && { payload: payload as string }),
          headers,
          ...as(m.cookie),
        });
        expect(res.statusCode, `${method} ${url}: ${res.body}`).toBeLessThan(500);
        expect(res.statusCode, `${method} ${url}`).toBeGreaterThanOrEqual(200);
      }
    });

    it('documents every payment route in /api/docs', async () => {
      const res = await t.app.inject({ method: 'GET', url: '/api/docs/json' });
      expect(res.statusCode).toBe(200);
      const paths = (res.json() as { paths: Record<string, Record<string, { summary?: string }>> })
        .paths;
      for (const [path, method] of [
        ['/api/credits.php', 'get'],
        ['/api/premium.php', 'get'],
        ['/api/transactions.php', 'post'],
        ['/api/transactions.php', 'get'],
        ['/api/transactions.php', 'put'],
        ['/api/ledger.php', 'get'],
        ['/api/discountcode.php', 'get'],
        ['/api/payment_webhook.php', 'post'],
        ['/api/payments/demo.php', 'get'],
      ] as const) {
        expect(paths[path]?.[method]?.summary, `${method} ${path}`).toBeTruthy();
      }
    });
  });
}
