/** Premium: paid_user and premium_until, monthly credits once per month, refunds, and ledger pages. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { UserResponse } from '../../src/shared/contract/account';
import { LEDGER_PAGE_SIZE, LedgerResponse, PremiumOffer } from '../../src/shared/contract/payments';
import { addMonthsUtc } from '../../server/payments/calendar';
import { as, insertMember, login } from './fixtures';
import { buildTestApp, ENGINES, type TestApp } from './helper';
import {
  account,
  buy,
  chooseOnDemoPage,
  deliver,
  demoEvent,
  ledgerRows,
  refOf,
} from './payments-calls';

for (const engine of ENGINES) {
  describe(`premium (${engine})`, () => {
    let t: TestApp;
    let seq = 0;
    const member = async () => {
      seq += 1;
      const email = `premium${seq}@example.com`;
      const id = await insertMember(t.app, { email, country: 'GB' });
      return { id, email, cookie: await login(t.app, email) };
    };
    const user = async (cookie: string) =>
      UserResponse.parse(
        (await t.app.inject({ method: 'GET', url: '/api/user.php', ...as(cookie) })).json(),
      ).user;
    /** Moves the next allowance into the past, as if a month went by. */
    const monthPasses = (id: number) =>
      t.app.db
        .updateTable('members')
        .set({ premium_allowance_at: Date.now() - 1000 })
        .where('id', '=', id)
        .execute();

    beforeAll(async () => {
      t = await buildTestApp(engine);
    });
    afterAll(() => t.close());

    it('makes a paid user with premium_until and grants the monthly credits once per month', async () => {
      const m = await member();
      const before = Date.now();
      const started = await buy(t, m.cookie, { product: 'premium', package: 3, method: 'card' });
      expect(started.transaction).toMatchObject({ product: 'premium', months: 3, credits: 0 });
      expect(started.transaction.amount).toEqual({ amount: 3999, currency: 'GBP' });
      await chooseOnDemoPage(t, m.cookie, started, 'paid');

      const u = await user(m.cookie);
      expect(u.paid_user).toBe(true);
      const until = Date.parse(u.premium_until!);
      expect(until).toBeGreaterThanOrEqual(addMonthsUtc(before, 3));
      expect(until).toBeLessThanOrEqual(addMonthsUtc(Date.now(), 3));
      expect(u.credits).toBe(10);
      const offer = PremiumOffer.parse(
        (await t.app.inject({ method: 'GET', url: '/api/premium.php', ...as(m.cookie) })).json(),
      );
      expect(offer.premium_until).toBe(u.premium_until);
      expect(offer.currency).toBe('GBP');

      // No month has passed: polling the user grants nothing more.
      await user(m.cookie);
      expect((await account(t, m.id)).credits).toBe(10);

      await monthPasses(m.id);
      await Promise.all([user(m.cookie), user(m.cookie), user(m.cookie)]);
      expect((await account(t, m.id)).credits).toBe(20);
      await user(m.cookie);
      expect((await account(t, m.id)).credits).toBe(20);

      await monthPasses(m.id);
      await user(m.cookie);
      await monthPasses(m.id);
      await user(m.cookie); // a fourth month: the 3-month plan has no more
      const acc = await account(t, m.id);
      expect(acc).toMatchObject({ credits: 30, ledgerSum: 30 });
      expect((await ledgerRows(t, m.id)).map((r) => r.ref)).toEqual([
        `allowance:${started.transaction.id}:1`,
        `allowance:${started.transaction.id}:2`,
        `allowance:${started.transaction.id}:3`,
      ]);
    });

    it('extends premium from its current end, and a refund shortens it again', async () => {
      const m = await member();
      const first = await buy(t, m.cookie, { product: 'premium', package: 1, method: 'card' });
      await chooseOnDemoPage(t, m.cookie, first, 'paid');
      const end1 = (await account(t, m.id)).premium_until!;
      const second = await buy(t, m.cookie, { product: 'premium', package: 1, method: 'card' });
      await chooseOnDemoPage(t, m.cookie, second, 'paid');
      const end2 = (await account(t, m.id)).premium_until!;
      expect(end2).toBe(addMonthsUtc(end1, 1));
      expect((await account(t, m.id)).credits).toBe(20);

      await deliver(t.app, demoEvent(t, { ref: refOf(second), outcome: 'refunded' }));
      const acc = await account(t, m.id);
      expect(acc.premium_until).toBe(addMonthsUtc(end2, -1));
      expect(acc).toMatchObject({ credits: 10, credit_debt: 0, ledgerSum: 10 });

      await deliver(t.app, demoEvent(t, { ref: refOf(first), outcome: 'refunded' }));
      const after = await account(t, m.id);
      expect(after.premium_until).toBeLessThanOrEqual(Date.now());
      expect(after.credits).toBe(0);
      expect((await user(m.cookie)).paid_user).toBe(false);
    });

    it('pages the ledger newest first', async () => {
      const m = await member();
      const now = Date.now();
      await t.app.db
        .insertInto('credit_ledger')
        .values(
          Array.from({ length: LEDGER_PAGE_SIZE + 5 }, (_, i) => ({
            member_id: m.id,
            delta: i + 1,
            reason: 'purchase',
            ref: null,
            created_at: now + i,
          })),
        )
        .execute();
      const page = async (n: number) =>
        LedgerResponse.parse(
          (
            await t.app.inject({ method: 'GET', url: `/api/ledger.php?page=${n}`, ...as(m.cookie) })
          ).json(),
        );
      const one = await page(1);
      expect(one.entries).toHaveLength(LEDGER_PAGE_SIZE);
      expect(one.entries[0]!.delta).toBe(LEDGER_PAGE_SIZE + 5);
      expect(one.has_more).toBe(true);
      const two = await page(2);
      expect(two.entries.map((e) => e.delta)).toEqual([5, 4, 3, 2, 1]);
      expect(two.has_more).toBe(false);
      expect((await page(3)).entries).toEqual([]);
      const visitor = await t.app.inject({ method: 'GET', url: '/api/ledger.php' });
      expect(visitor.statusCode).toBe(403);
    });
  });
}
