/**
 * The conversion hook: each cause (an account created, activated, a sign-up finished, a first
 * chat message, a paid or refunded transaction) calls `recordConversion` inside the database
 * transaction that makes it happen, so the figures and the partners' postbacks commit with it or
 * not at all. Each cause happens once by itself (an insert, or a conditional update of the row
 * it changes), so a cause reported twice records once, and no row here needs a key naming the
 * member or the transaction to count it once.
 */
import { randomUUID } from 'node:crypto';
import { sql, type Kysely } from 'kysely';
import type { FunnelStep, PostbackEvent } from '../../src/shared/contract/stats';
import type { Database } from '../db/schema';
import { attributionOf, utcDay, type Attribution } from '../lib/stats-dimensions';
import type { Grant } from './grants.repository';
import type { TransactionRow } from './transaction-row';

/** What a stats_events row counts: a funnel step, or money (`purchase`, `refund`). */
export type StatsEvent = Exclude<FunnelStep, 'lander_view' | 'finder_view'> | 'purchase' | 'refund';

/** One conversion to record. */
export interface Conversion {
  /** The stats row's event. */
  event: StatsEvent;
  /**
   * Minor units (negative for a refund) and currency of the transaction. The stats row keeps them
   * for `purchase` and `refund` only (revenue is summed from those); the postback always, as a
   * positive sum.
   */
  amount?: number;
  currency?: string;
  /** The partner's event when a traffic partner may want to hear of it. */
  postback?: PostbackEvent;
  /** The site's transaction id for the partner ('' for sign-ups and activations). */
  transactionRef?: string;
}

/**
 * The conversions a member makes once, whatever happens after (a sign-up step saved again after
 * being reset, a mail link and a reset link at once): their bit in `members.counted_conversions`.
 */
export const MEMBER_CONVERSIONS = { activated: 1, signup_completed: 2, first_message: 4 } as const;

/**
 * Marks a once-only conversion as counted for the member, inside the transaction that counts it;
 * true when this call marked it (a conditional update: of two at once, one gets true).
 */
export async function claimMemberConversion(
  trx: Kysely<Database>,
  memberId: number,
  kind: keyof typeof MEMBER_CONVERSIONS,
): Promise<boolean> {
  const bit = MEMBER_CONVERSIONS[kind];
  const result = await trx
    .updateTable('members')
    .set({ counted_conversions: sql<number>`counted_conversions + ${bit}` })
    .where('id', '=', memberId)
    .where(sql<boolean>`(counted_conversions & ${bit}) = 0`)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/** The attribution of a member as their row stands inside `trx`; undefined for no such member. */
export async function memberAttribution(
  trx: Kysely<Database>,
  memberId: number,
): Promise<Attribution | undefined> {
  const row = await trx
    .selectFrom('members')
    .select(['trafficsource', 'language', 'country', 'signup_design', 'signup_slug'])
    .where('id', '=', memberId)
    .executeTakeFirst();
  return row && attributionOf(row);
}

/**
 * Writes the conversions of one cause on `trx` (the cause's own transaction). A postback row is
 * written for every conversion that has a partner event when the member came from a network,
 * whatever that network's config wants: the delivery marks the unwanted ones skipped.
 */
export async function recordConversion(
  trx: Kysely<Database>,
  who: Attribution,
  conversions: readonly Conversion[],
  now: number,
): Promise<void> {
  if (conversions.length === 0) return;
  const day = utcDay(now);
  const money = (c: Conversion) => c.event === 'purchase' || c.event === 'refund';
  await trx
    .insertInto('stats_events')
    .values(
      conversions.map((c) => ({
        event: c.event,
        occurred_at: now,
        day,
        ...who.dimensions,
        currency: money(c) ? (c.currency ?? '') : '',
        amount: money(c) ? (c.amount ?? 0) : 0,
        count: 1,
      })),
    )
    .execute();
  const { network, sub1, sub2, sub3 } = who.dimensions;
  const postbacks = conversions.filter((c) => c.postback !== undefined);
  if (network === '' || postbacks.length === 0) return;
  await trx
    .insertInto('postback_outbox')
    .values(
      postbacks.map((c) => ({
        // Unique per row and naming no one; the partner's event id is the row's id.
        event_key: randomUUID(),
        event: c.postback ?? '',
        network,
        ref: who.ref,
        sub1,
        sub2,
        sub3,
        amount: Math.abs(c.amount ?? 0),
        currency: c.currency ?? '',
        transaction_ref: c.transactionRef ?? '',
        next_attempt_at: now,
        created_at: now,
      })),
    )
    .execute();
}

/**
 * Counts a transaction granted as paid: its revenue, the member's first purchase when no other of
 * their transactions was ever paid, and a premium start when it began a premium period (so a
 * renewal while premium runs is no start, a purchase after premium ran out is).
 */
export async function recordPurchase(
  trx: Kysely<Database>,
  tx: TransactionRow,
  grant: Grant,
  now: number,
): Promise<void> {
  const who = await memberAttribution(trx, tx.member_id);
  if (!who) return;
  const paidBefore = await trx
    .selectFrom('transactions')
    .select('id')
    .where('member_id', '=', tx.member_id)
    .where('id', '!=', tx.id)
    .where('status', 'in', ['paid', 'refunded'])
    .limit(1)
    .executeTakeFirst();
  const money = { amount: tx.amount, currency: tx.currency, transactionRef: String(tx.id) };
  const conversions: Conversion[] = [{ event: 'purchase', postback: 'purchase', ...money }];
  if (!paidBefore)
    conversions.push({ event: 'first_purchase', postback: 'first_purchase', ...money });
  if (grant.premiumStarted) conversions.push({ event: 'premium_start' });
  await recordConversion(trx, who, conversions, now);
}

/** Counts a refunded transaction: revenue taken back (a negative amount) and its postback. */
export async function recordRefund(
  trx: Kysely<Database>,
  tx: TransactionRow,
  now: number,
): Promise<void> {
  const who = await memberAttribution(trx, tx.member_id);
  if (!who) return;
  await recordConversion(
    trx,
    who,
    [
      {
        event: 'refund',
        postback: 'refund',
        amount: -tx.amount,
        currency: tx.currency,
        transactionRef: String(tx.id),
      },
    ],
    now,
  );
}
