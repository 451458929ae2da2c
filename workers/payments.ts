/**
 * Buying credits (issue 13): the member's credits offer (kept in kv for instant and offline
 * visits), starting a checkout, and reading or cancelling a purchase for the receipt page. A
 * purchase that turns paid refetches the user (new balance) and resends the messages that were
 * refused for lack of credits.
 */
import { type User } from '../src/shared/contract/account';
import {
  FINAL_TRANSACTION_STATUSES,
  type CheckoutStarted,
  type CreateTransactionBody,
  type CreditsOffer,
  type Transaction,
} from '../src/shared/contract/payments';
import { kvGet } from '../src/db/kv';
import type { SyncContext } from './context';
import { resendNoCreditMessages } from './credit-resend';
import { keepIfRoom } from './quota-guard';
import { fetchUser, putIfSameSession, sessionStamp } from './session';

/** kv key of one stored purchase. */
export const transactionKey = (id: number) => `transaction:${id}` as const;

/** GET /api/credits.php, stored with its time so /credits shows it at once next time. */
export async function loadCreditsOffer(ctx: SyncContext): Promise<CreditsOffer> {
  const stamp = await sessionStamp(ctx.db);
  const { data } = await ctx.http.call('credits');
  await keepIfRoom(() =>
    putIfSameSession(ctx.db, stamp, 'creditsOffer', { offer: data, fetchedAt: Date.now() }),
  );
  return data;
}

/** Stores a purchase; when it just turned paid, the balance and the refused messages follow. */
async function storeTransaction(
  ctx: SyncContext,
  stamp: number | undefined,
  transaction: Transaction,
): Promise<void> {
  const key = transactionKey(transaction.id);
  const before = await kvGet(ctx.db, key);
  if (!(await putIfSameSession(ctx.db, stamp, key, transaction))) return;
  if (transaction.status === 'paid' && before?.status !== 'paid') await afterPaid(ctx);
}

/**
 * A paid purchase: fetch the user (balance, premium) and send what waited for credits. Failures
 * stay quiet: the purchase is stored, and the next user poll sees the higher balance and resends.
 */
async function afterPaid(ctx: SyncContext): Promise<void> {
  try {
    await fetchUser(ctx);
    await resendNoCreditMessages(ctx);
  } catch {
    // See above: the user poll repeats both.
  }
}

/**
 * POST /api/transactions.php: the server prices the package; the answer says where to pay.
 * The purchase is stored so the receipt page has it before its first read.
 */
export async function createTransaction(
  ctx: SyncContext,
  body: CreateTransactionBody,
): Promise<CheckoutStarted> {
  const stamp = await sessionStamp(ctx.db);
  const { data } = await ctx.http.call('createTransaction', { body });
  await storeTransaction(ctx, stamp, data.transaction);
  return data;
}

/** GET /api/transactions.php?id=N; `refresh` asks the server to ask the provider first. */
export async function getTransaction(
  ctx: SyncContext,
  id: number,
  refresh = false,
): Promise<Transaction> {
  const stamp = await sessionStamp(ctx.db);
  const { data } = await ctx.http.call('transaction', {
    query: { id, refresh: refresh ? 1 : undefined },
  });
  await storeTransaction(ctx, stamp, data);
  return data;
}

/** PUT /api/transactions.php?cancel=1: the member came back from the checkout without paying. */
export async function cancelTransaction(ctx: SyncContext, id: number): Promise<Transaction> {
  const stamp = await sessionStamp(ctx.db);
  const { data } = await ctx.http.call('cancelTransaction', {
    query: { cancel: '1' },
    body: { id },
  });
  await storeTransaction(ctx, stamp, data);
  return data;
}

/** True once a purchase can no longer change by itself (the receipt page stops asking). */
export function isFinalStatus(status: Transaction['status']): boolean {
  return FINAL_TRANSACTION_STATUSES.includes(status);
}

/**
 * The worker's user refresh, watching the balance: when the same member's credits went up (a
 * purchase, a premium allowance, support), the messages refused for lack of credits are resent.
 * Their resend never fails the refresh.
 */
export async function fetchUserWatchingCredits(
  ctx: SyncContext,
  log: (message: string, error: unknown) => void = () => undefined,
): Promise<User | null> {
  const before = await kvGet(ctx.db, 'user');
  const user = await fetchUser(ctx);
  if (user && before && before.id === user.id && user.credits > before.credits) {
    await resendNoCreditMessages(ctx).catch((error: unknown) => log('Resend failed', error));
  }
  return user;
}
