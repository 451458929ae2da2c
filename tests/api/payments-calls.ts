/** Calls the payment tests share: buying, the demo checkout page, signed demo events, the ledger. */
import type { FastifyInstance } from 'fastify';
import type { CheckoutStarted, Transaction } from '../../src/shared/contract/payments';
import { buildDemoEvent, DEMO_SIGNATURE_HEADER } from '../../server/payments/demo-provider';
import { as } from './fixtures';
import type { TestApp } from './helper';

/** POST /api/transactions.php. */
export function startPurchase(t: TestApp, cookie: string, body: Record<string, unknown>) {
  return t.app.inject({
    method: 'POST',
    url: '/api/transactions.php',
    payload: body,
    ...as(cookie),
  });
}

/** Starts a purchase that must succeed. */
export async function buy(
  t: TestApp,
  cookie: string,
  body: Record<string, unknown> = { product: 'credits', package: 3, method: 'card' },
): Promise<CheckoutStarted> {
  const res = await startPurchase(t, cookie, body);
  if (res.statusCode !== 200) throw new Error(`purchase failed: ${res.statusCode} ${res.body}`);
  return res.json() as CheckoutStarted;
}

/** The demo checkout ref of a started purchase. */
export function refOf(started: CheckoutStarted): string {
  const ref = new URL(started.checkout_url, 'http://x').searchParams.get('session');
  if (!ref) throw new Error(`no session in ${started.checkout_url}`);
  return ref;
}

/** The form token the demo page carries for this member (the page must still offer the form). */
export async function demoFormToken(t: TestApp, cookie: string, started: CheckoutStarted) {
  const page = await t.app.inject({ method: 'GET', url: started.checkout_url, ...as(cookie) });
  if (page.statusCode !== 200) throw new Error(`demo page: ${page.statusCode} ${page.body}`);
  const token = /name="token" value="([^"]+)"/.exec(page.body)?.[1];
  if (!token) throw new Error('no form token on the demo page');
  return token;
}

/** Posts a choice of the demo page's form. */
export function postDemoChoice(
  t: TestApp,
  cookie: string,
  started: CheckoutStarted,
  token: string,
  outcome: 'paid' | 'failed' | 'cancelled' | 'expired',
) {
  return t.app.inject({
    method: 'POST',
    url: started.checkout_url,
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: new URLSearchParams({ token, outcome }).toString(),
    ...as(cookie),
  });
}

/** Opens the demo page and posts the chosen outcome with the page's form token. */
export async function chooseOnDemoPage(
  t: TestApp,
  cookie: string,
  started: CheckoutStarted,
  outcome: 'paid' | 'failed' | 'cancelled' | 'expired',
) {
  return postDemoChoice(t, cookie, started, await demoFormToken(t, cookie, started), outcome);
}

/** A signed demo event as the demo provider would send it. */
export function demoEvent(
  t: TestApp,
  event: {
    ref: string;
    outcome: 'pending' | 'paid' | 'failed' | 'cancelled' | 'expired' | 'refunded';
    amount?: number | null;
    currency?: string | null;
  },
  signedAt = Date.now(),
) {
  return buildDemoEvent(
    t.config.payments.demoSecret,
    {
      ref: event.ref,
      outcome: event.outcome,
      amount: event.amount ?? null,
      currency: event.currency ?? null,
    },
    signedAt,
  );
}

/** Delivers a (signed) event body to the webhook route. */
export function deliver(app: FastifyInstance, e: { body: string; signature: string }) {
  return app.inject({
    method: 'POST',
    url: '/api/payment_webhook.php?provider=demo',
    headers: { 'content-type': 'application/json', [DEMO_SIGNATURE_HEADER]: e.signature },
    payload: e.body,
  });
}

/** GET /api/transactions.php?id=. */
export async function readTx(t: TestApp, cookie: string, id: number): Promise<Transaction> {
  const res = await t.app.inject({
    method: 'GET',
    url: `/api/transactions.php?id=${id}`,
    ...as(cookie),
  });
  if (res.statusCode !== 200) throw new Error(`transaction ${id}: ${res.statusCode} ${res.body}`);
  return res.json() as Transaction;
}

/** The member's ledger rows, oldest first. */
export function ledgerRows(t: TestApp, member: number) {
  return t.app.db
    .selectFrom('credit_ledger')
    .select(['delta', 'reason', 'ref'])
    .where('member_id', '=', member)
    .orderBy('id')
    .execute();
}

/** Balance, debt and premium of a member, straight from the database. */
export async function account(t: TestApp, member: number) {
  const row = await t.app.db
    .selectFrom('members')
    .select(['credits', 'credit_debt', 'premium_until', 'premium_allowance_at'])
    .where('id', '=', member)
    .executeTakeFirstOrThrow();
  const sum = await t.app.repos.credits.ledgerSum(member);
  return { ...row, ledgerSum: sum };
}
