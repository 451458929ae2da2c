/**
 * What a purchase gives and what its refund takes back, booked inside the database transaction
 * that moves its state (transactions.repository.ts applyOutcome).
 */
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';
import { bookGrant, bookTakeBack } from './credits.repository';
import { extendPremium, shortenPremium } from './premium.repository';
import type { TransactionRow } from './transaction-row';

/** What granting a paid transaction did. */
export interface Grant {
  /** A premium period began with it (no premium was running). */
  premiumStarted: boolean;
}

/**
 * Grants a paid transaction's credits or premium once (granted_at is claimed conditionally);
 * null when it had been granted before.
 */
export async function grantPurchase(
  trx: Kysely<Database>,
  tx: TransactionRow,
  now: number,
): Promise<Grant | null> {
  const claimed = await trx
    .updateTable('transactions')
    .set({ granted_at: now })
    .where('id', '=', tx.id)
    .where('granted_at', 'is', null)
    .executeTakeFirst();
  if (Number(claimed.numUpdatedRows) === 0) return null;
  if (tx.product === 'premium') {
    const premiumStarted = await extendPremium(trx, tx.member_id, tx.months, now);
    await bookGrant(
      trx,
      tx.member_id,
      [{ delta: tx.monthly_credits, reason: 'premium_allowance', ref: `allowance:${tx.id}:1` }],
      `debt:${tx.id}`,
      now,
    );
    return { premiumStarted };
  }
  await bookGrant(
    trx,
    tx.member_id,
    [
      { delta: tx.credits, reason: 'purchase', ref: `transaction:${tx.id}` },
      { delta: tx.bonus_credits, reason: 'bonus', ref: `bonus:${tx.id}` },
    ],
    `debt:${tx.id}`,
    now,
  );
  return { premiumStarted: false };
}

/** Takes back what a refunded transaction granted, never below zero; the rest becomes debt. */
export async function takeBackPurchase(
  trx: Kysely<Database>,
  tx: TransactionRow,
  now: number,
): Promise<void> {
  const granted = await trx
    .selectFrom('credit_ledger')
    .select((eb) => eb.fn.coalesce(eb.fn.sum<number>('delta'), eb.lit(0)).as('total'))
    .where('member_id', '=', tx.member_id)
    .where((eb) =>
      eb.or([
        eb('ref', 'in', [`transaction:${tx.id}`, `bonus:${tx.id}`]),
        eb('ref', 'like', `allowance:${tx.id}:%`),
      ]),
    )
    .where('delta', '>', 0)
    .executeTakeFirst();
  const debt = await bookTakeBack(
    trx,
    tx.member_id,
    Number(granted?.total ?? 0),
    `refund:${tx.id}`,
    now,
  );
  if (debt > 0) {
    await trx
      .updateTable('transactions')
      .set({ refund_debt: debt })
      .where('id', '=', tx.id)
      .execute();
  }
  if (tx.product === 'premium') await shortenPremium(trx, tx.member_id, tx.months, now);
}
