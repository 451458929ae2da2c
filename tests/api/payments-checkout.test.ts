/** Buying credits with the demo provider: the checkout page, the state shown, ownership, forged input. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CheckoutStarted, CreditsOffer, Transaction } from '../../src/shared/contract/payments';
import { RECEIPT_MAIL } from '../../server/services/receipt-mail';
import { as, insertMember, login } from './fixtures';
import { buildTestApp, ENGINES, type TestApp } from './helper';
import { mailsTo } from './outbox';
import {
  account,
  buy,
  demoFormToken,
  ledgerRows,
  postDemoChoice,
  readTx,
  startPurchase,
} from './payments-calls';

for (const engine of ENGINES) {
  describe(`payments checkout (${engine})`, () => {
    let t: TestApp;
    let seq = 0;
    const member = async (extra: Parameters<typeof insertMember>[1] = {}) => {
      seq += 1;
      const email = `buyer${seq}@example.com`;
      const id = await insertMember(t.app, { email, country: 'NL', language: 'nl', ...extra });
      return { id, email, cookie: await login(t.app, email) };
    };

    beforeAll(async () => {
      t = await buildTestApp(engine);
    });
    afterAll(() => t.close());

    it('buys through the demo page: paid grants credits once, with a receipt mail', async () => {
      const m = await member();
      const started = await buy(t, m.cookie, { product: 'credits', package: 3, method: 'ideal' });
      CheckoutStarted.parse(started);
      expect(started.transaction).toMatchObject({
        status: 'pending',
        credits: 50,
        discount_percent: 20,
      });
      expect(started.transaction.amount).toEqual({ amount: 3199, currency: 'EUR' });
      expect(started.checkout_url).toMatch(
        /^\/api\/payments\/demo\.php\?session=demo_[0-9a-f]{32}$/,
      );

      const page = await t.app.inject({
        method: 'GET',
        url: started.checkout_url,
        ...as(m.cookie),
      });
      expect(page.headers['content-type']).toMatch(/text\/html/);
      expect(page.body).toContain('TEST CHECKOUT');
      expect(page.body).toContain(started.transaction.reference);
      expect(page.body).toContain('Amora');
      expect(page.body).not.toMatch(/<script|https?:\/\//);

      const token = await demoFormToken(t, m.cookie, started);
      const done = await postDemoChoice(t, m.cookie, started, token, 'paid');
      expect(done.statusCode).toBe(303);
      expect(done.headers.location).toBe(`/transactions/${started.transaction.id}`);

      const tx = Transaction.parse(await readTx(t, m.cookie, started.transaction.id));
      expect(tx).toMatchObject({ status: 'paid', balance: 50 });
      expect(tx.paid_at).not.toBeNull();
      expect(await ledgerRows(t, m.id)).toEqual([
        { delta: 50, reason: 'purchase', ref: `transaction:${tx.id}` },
      ]);
      const acc = await account(t, m.id);
      expect(acc.credits).toBe(50);
      expect(acc.ledgerSum).toBe(50);

      // Choosing again (a second tab still open) changes nothing; the page now says closed.
      expect((await postDemoChoice(t, m.cookie, started, token, 'paid')).statusCode).toBe(303);
      const closed = await t.app.inject({
        method: 'GET',
        url: started.checkout_url,
        ...as(m.cookie),
      });
      expect(closed.body).toContain('closed (paid)');
      expect((await account(t, m.id)).credits).toBe(50);

      const mails = await mailsTo(t.app, m.email, RECEIPT_MAIL);
      expect(mails).toHaveLength(1);
      expect(mails[0]!.text).toContain(tx.reference);
      expect(mails[0]!.text).toContain(
        new Intl.NumberFormat('nl', { style: 'currency', currency: 'EUR' }).format(31.99),
      );
      expect(mails[0]!.text).toContain('NL864512379B01');
      expect(mails[0]!.text).toContain(`/transactions/${tx.id}`);

      const offer = CreditsOffer.parse(
        (await t.app.inject({ method: 'GET', url: '/api/credits.php', ...as(m.cookie) })).json(),
      );
      expect(offer.last_order).toEqual({ package: 3, method: 'ideal' });
      expect(offer.discount).toBeNull();
    });

    for (const outcome of ['failed', 'cancelled', 'expired'] as const) {
      it(`a ${outcome} checkout grants nothing`, async () => {
        const m = await member();
        const started = await buy(t, m.cookie);
        const token = await demoFormToken(t, m.cookie, started);
        const done = await postDemoChoice(t, m.cookie, started, token, outcome);
        expect(done.statusCode).toBe(303);
        expect(done.headers.location).toBe(
          `/transactions/${started.transaction.id}${outcome === 'cancelled' ? '?cancelled=1' : ''}`,
        );
        expect((await readTx(t, m.cookie, started.transaction.id)).status).toBe(outcome);
        expect(await ledgerRows(t, m.id)).toEqual([]);
        expect((await account(t, m.id)).credits).toBe(0);
        // A later "paid" report is refused after a failure; a payment that went through before
        // the member left or the checkout timed out is still granted (money taken is granted).
        await postDemoChoice(t, m.cookie, started, token, 'paid');
        const after = await readTx(t, m.cookie, started.transaction.id);
        expect(after.status).toBe(outcome === 'failed' ? 'failed' : 'paid');
        expect((await account(t, m.id)).credits).toBe(outcome === 'failed' ? 0 : 50);
      });
    }

    it('uses the server price whatever the body says', async () => {
      const m = await member();
      const res = await startPurchase(t, m.cookie, {
        product: 'credits',
        package: 1,
        method: 'card',
        price: 1,
        amount: { amount: 1, currency: 'USD' },
        credits: 100000,
        currency: 'USD',
        bonus_credits: 999,
      });
      expect(res.statusCode, res.body).toBe(200);
      const { transaction } = res.json() as CheckoutStarted;
      expect(transaction).toMatchObject({ credits: 10, bonus_credits: 0 });
      expect(transaction.amount).toEqual({ amount: 799, currency: 'EUR' });
    });

    it('refuses an unknown package, a method of another country and bad bodies with 4xx', async () => {
      const m = await member();
      const bad = [
        { product: 'credits', package: 99, method: 'card' },
        { product: 'premium', package: 2, method: 'card' },
        { product: 'credits', package: 1, method: 'blik' },
        { product: 'credits', package: 1, method: 'bitcoin' },
        { product: 'gold', package: 1, method: 'card' },
        { product: 'credits', package: -1, method: 'card' },
        { product: 'credits', package: 1, method: 'card', return_to: 'https://evil.example/' },
        {},
      ];
      for (const body of bad) {
        const res = await startPurchase(t, m.cookie, body);
        expect(res.statusCode, JSON.stringify(body)).toBe(400);
      }
      const keys = await Promise.all(
        [bad[0]!, bad[2]!].map(async (b) => (await startPurchase(t, m.cookie, b)).json().key),
      );
      expect(keys).toEqual(['payments.unknown_package', 'payments.method_unavailable']);
      expect(
        await t.app.db
          .selectFrom('transactions')
          .select('id')
          .where('member_id', '=', m.id)
          .execute(),
      ).toEqual([]);
    });

    it('keeps a transaction to its member: another gets 404 and cannot cancel or pay it', async () => {
      const owner = await member();
      const other = await member();
      const started = await buy(t, owner.cookie);
      const id = started.transaction.id;
      const read = await t.app.inject({
        method: 'GET',
        url: `/api/transactions.php?id=${id}`,
        ...as(other.cookie),
      });
      expect(read.statusCode).toBe(404);
      expect(read.json().key).toBe('payments.not_found');
      const unknown = await t.app.inject({
        method: 'GET',
        url: '/api/transactions.php?id=999999',
        ...as(owner.cookie),
      });
      expect(unknown.statusCode).toBe(404);
      const cancel = await t.app.inject({
        method: 'PUT',
        url: '/api/transactions.php?cancel=1',
        payload: { id },
        ...as(other.cookie),
      });
      expect(cancel.statusCode).toBe(404);
      const page = await t.app.inject({
        method: 'GET',
        url: started.checkout_url,
        ...as(other.cookie),
      });
      expect(page.statusCode).toBe(404);
      const forged = await t.app.inject({
        method: 'POST',
        url: started.checkout_url,
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        payload: 'token=x&outcome=paid',
        ...as(owner.cookie),
      });
      expect(forged.statusCode).toBe(403);
      expect((await readTx(t, owner.cookie, id)).status).toBe('pending');
    });

    it('cancels through PUT ?cancel=1 and expires an open row past its time when read', async () => {
      const m = await member();
      const a = await buy(t, m.cookie);
      const res = await t.app.inject({
        method: 'PUT',
        url: '/api/transactions.php?cancel=1',
        payload: { id: a.transaction.id },
        ...as(m.cookie),
      });
      expect(res.statusCode, res.body).toBe(200);
      expect(Transaction.parse(res.json()).status).toBe('cancelled');

      const b = await buy(t, m.cookie);
      await t.app.db
        .updateTable('transactions')
        .set({ expires_at: Date.now() - 1000 })
        .where('id', '=', b.transaction.id)
        .execute();
      expect((await readTx(t, m.cookie, b.transaction.id)).status).toBe('expired');
      const token = await demoFormToken(t, m.cookie, b).catch(() => 'closed');
      expect(token).toBe('closed');
      expect((await readTx(t, m.cookie, b.transaction.id)).status).toBe('expired');
      expect((await account(t, m.id)).credits).toBe(0);
    });

    it('refresh=1 reads the state back from the provider', async () => {
      const m = await member();
      const started = await buy(t, m.cookie);
      const tx = await t.app.inject({
        method: 'GET',
        url: `/api/transactions.php?id=${started.transaction.id}&refresh=1`,
        ...as(m.cookie),
      });
      expect(tx.statusCode).toBe(200);
      expect(tx.json().status).toBe('pending');
    });
  });
}
