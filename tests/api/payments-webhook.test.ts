/**
 * The webhook route and the state machine under replays, reordering, concurrency, forgeries,
 * amount mismatches and refunds (with debt paid off by the next purchase).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LedgerResponse } from '../../src/shared/contract/payments';
import { signDemoPayload } from '../../server/payments/demo-provider';
import { as, insertMember, login } from './fixtures';
import { buildTestApp, ENGINES, type TestApp } from './helper';
import {
  account,
  buy,
  chooseOnDemoPage,
  deliver,
  demoEvent,
  ledgerRows,
  readTx,
  refOf,
} from './payments-calls';

for (const engine of ENGINES) {
  describe(`payment webhooks (${engine})`, () => {
    let t: TestApp;
    let seq = 0;
    const member = async () => {
      seq += 1;
      const email = `hook${seq}@example.com`;
      const id = await insertMember(t.app, { email, country: 'DE' });
      return { id, email, cookie: await login(t.app, email) };
    };
    const paidEvent = (ref: string, amount: number) =>
      demoEvent(t, { ref, outcome: 'paid', amount, currency: 'EUR' });

    beforeAll(async () => {
      t = await buildTestApp(engine);
    });
    afterAll(() => t.close());

    it('grants once when the same event arrives three times', async () => {
      const m = await member();
      const started = await buy(t, m.cookie);
      const event = paidEvent(refOf(started), started.transaction.amount.amount);
      const answers = [];
      for (let i = 0; i < 3; i += 1) answers.push((await deliver(t.app, event)).json());
      expect(answers).toEqual([
        { received: true },
        { received: true, duplicate: true },
        { received: true, duplicate: true },
      ]);
      expect((await account(t, m.id)).credits).toBe(50);
      expect(await ledgerRows(t, m.id)).toHaveLength(1);
    });

    it('ignores late pending and expired reports after paid', async () => {
      const m = await member();
      const started = await buy(t, m.cookie);
      const ref = refOf(started);
      await deliver(t.app, paidEvent(ref, started.transaction.amount.amount));
      for (const outcome of ['pending', 'expired', 'failed', 'cancelled'] as const) {
        expect((await deliver(t.app, demoEvent(t, { ref, outcome }))).statusCode).toBe(200);
      }
      expect((await readTx(t, m.cookie, started.transaction.id)).status).toBe('paid');
      expect((await account(t, m.id)).credits).toBe(50);
    });

    it('a refund before the payment changes nothing; the payment then grants', async () => {
      const m = await member();
      const started = await buy(t, m.cookie);
      const ref = refOf(started);
      await deliver(t.app, demoEvent(t, { ref, outcome: 'refunded' }));
      expect((await readTx(t, m.cookie, started.transaction.id)).status).toBe('pending');
      await deliver(t.app, paidEvent(ref, started.transaction.amount.amount));
      expect((await readTx(t, m.cookie, started.transaction.id)).status).toBe('paid');
      expect((await account(t, m.id)).credits).toBe(50);
    });

    it('grants once under 10 concurrent deliveries of distinct paid events', async () => {
      const m = await member();
      const started = await buy(t, m.cookie);
      const ref = refOf(started);
      const events = Array.from({ length: 10 }, () =>
        paidEvent(ref, started.transaction.amount.amount),
      );
      const answers = await Promise.all(events.map((e) => deliver(t.app, e)));
      expect(answers.map((a) => a.statusCode)).toEqual(Array(10).fill(200));
      const same = paidEvent(ref, started.transaction.amount.amount);
      await Promise.all(Array.from({ length: 10 }, () => deliver(t.app, same)));
      const acc = await account(t, m.id);
      expect(acc.credits).toBe(50);
      expect(acc.ledgerSum).toBe(50);
      expect(await ledgerRows(t, m.id)).toHaveLength(1);
    });

    it('refuses a bad signature with 400 and changes nothing', async () => {
      const m = await member();
      const started = await buy(t, m.cookie);
      const good = paidEvent(refOf(started), started.transaction.amount.amount);
      const tampered = { body: good.body.replace('"paid"', '"paid" '), signature: good.signature };
      const wrongKey = {
        body: good.body,
        signature: signDemoPayload('not the secret', good.body, Math.floor(Date.now() / 1000)),
      };
      const stale = demoEvent(
        t,
        { ref: refOf(started), outcome: 'paid', amount: 3999, currency: 'EUR' },
        Date.now() - 10 * 60_000,
      );
      for (const e of [tampered, wrongKey, stale, { body: good.body, signature: 'v1=abc' }]) {
        const res = await deliver(t.app, e);
        expect(res.statusCode).toBe(400);
        expect(res.json().key).toBe('payments.bad_signature');
      }
      expect((await readTx(t, m.cookie, started.transaction.id)).status).toBe('pending');
      expect((await account(t, m.id)).credits).toBe(0);
      // The good one still works: a refused forgery did not burn its event id.
      expect((await deliver(t.app, good)).json()).toEqual({ received: true });
      expect((await account(t, m.id)).credits).toBe(50);
    });

    it('does not grant a paid report whose amount or currency differs', async () => {
      const m = await member();
      const started = await buy(t, m.cookie);
      const ref = refOf(started);
      await deliver(t.app, demoEvent(t, { ref, outcome: 'paid', amount: 1, currency: 'EUR' }));
      await deliver(t.app, demoEvent(t, { ref, outcome: 'paid', amount: 3999, currency: 'USD' }));
      expect((await readTx(t, m.cookie, started.transaction.id)).status).toBe('pending');
      expect((await account(t, m.id)).credits).toBe(0);
    });

    it('ignores events for unknown checkouts', async () => {
      const res = await deliver(t.app, demoEvent(t, { ref: 'demo_unknown', outcome: 'paid' }));
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ received: true, ignored: true });
    });

    it('a refund takes back what is left, records the rest as debt, paid off by the next purchase', async () => {
      const m = await member();
      const first = await buy(t, m.cookie, { product: 'credits', package: 2, method: 'card' });
      await chooseOnDemoPage(t, m.cookie, first, 'paid');
      expect((await account(t, m.id)).credits).toBe(25);
      // Spend 20 of the 25 credits (as chat messages would, through the ledger).
      await t.app.db.updateTable('members').set({ credits: 5 }).where('id', '=', m.id).execute();
      await t.app.db
        .insertInto('credit_ledger')
        .values({
          member_id: m.id,
          delta: -20,
          reason: 'message',
          ref: 'message:1',
          created_at: Date.now(),
        })
        .execute();

      const refund = demoEvent(t, { ref: refOf(first), outcome: 'refunded' });
      expect((await deliver(t.app, refund)).statusCode).toBe(200);
      expect((await deliver(t.app, refund)).json()).toMatchObject({ duplicate: true });
      await deliver(t.app, demoEvent(t, { ref: refOf(first), outcome: 'refunded' }));
      let acc = await account(t, m.id);
      expect(acc).toMatchObject({ credits: 0, credit_debt: 20, ledgerSum: 0 });
      const row = await t.app.db
        .selectFrom('transactions')
        .select(['status', 'refund_debt'])
        .where('id', '=', first.transaction.id)
        .executeTakeFirstOrThrow();
      expect(row).toEqual({ status: 'refunded', refund_debt: 20 });
      // A refund does not bring the welcome discount back.
      const second = await buy(t, m.cookie, { product: 'credits', package: 3, method: 'card' });
      expect(second.transaction.discount_percent).toBe(0);
      await chooseOnDemoPage(t, m.cookie, second, 'paid');
      acc = await account(t, m.id);
      expect(acc).toMatchObject({ credits: 30, credit_debt: 0, ledgerSum: 30 });
      expect((await ledgerRows(t, m.id)).slice(-3)).toEqual([
        { delta: -5, reason: 'refund', ref: `refund:${first.transaction.id}` },
        { delta: 50, reason: 'purchase', ref: `transaction:${second.transaction.id}` },
        { delta: -20, reason: 'debt_settlement', ref: `debt:${second.transaction.id}` },
      ]);

      const ledger = LedgerResponse.parse(
        (await t.app.inject({ method: 'GET', url: '/api/ledger.php', ...as(m.cookie) })).json(),
      );
      expect(ledger).toMatchObject({ balance: 30, debt: 0, page: 1, has_more: false });
      expect(ledger.entries.map((e) => [e.reason, e.transaction])).toEqual([
        ['debt_settlement', second.transaction.id],
        ['purchase', second.transaction.id],
        ['refund', first.transaction.id],
        ['message', null],
        ['purchase', first.transaction.id],
      ]);
      expect(ledger.transactions.map((x) => x.id).sort()).toEqual(
        [first.transaction.id, second.transaction.id].sort(),
      );
    });

    it('the developer zero-credits still books through the ledger', async () => {
      const m = await member();
      const started = await buy(t, m.cookie);
      await chooseOnDemoPage(t, m.cookie, started, 'paid');
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/dev.php',
        payload: { action: 'zero-credits' },
        ...as(m.cookie),
      });
      expect(res.statusCode).toBe(200);
      expect(await account(t, m.id)).toMatchObject({ credits: 0, ledgerSum: 0 });
    });
  });
}
