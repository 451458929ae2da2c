/**
 * Purchases and the provider events seen for them. `applyOutcome` moves a transaction through the
 * state machine and grants or takes back credits and premium in ONE database transaction, so a
 * grant happens exactly once however many reports arrive, in whatever order, at the same time.
 * The conversion figures and partner postbacks of a payment or refund commit in that transaction.
 */
import type { Kysely, Selectable } from 'kysely';
import type { TransactionStatus } from '../../src/shared/contract/payments';
import type { Database, TransactionsTable } from '../db/schema';
import type { PaymentOutcome } from '../payments/provider';
import { allowedFrom, nextStatus } from '../payments/transaction-state';
import { recordPurchase, recordRefund } from './conversions.repository';
import { grantPurchase, takeBackPurchase } from './grants.repository';
import type { NewTransaction, TransactionRow } from './transaction-row';

/** A member as the purchase code sees them. */
export interface Buyer {
  id: number;
  email: string;
  name: string;
  language: string;
  country: string | null;
  signupDate: number;
  credits: number;
  debt: number;
  premiumUntil: number | null;
}

/** What applying one report did. */
export interface ApplyResult {
  /** The event id was seen before: nothing was looked at or changed. */
  duplicate: boolean;
  /** The state moved (from → to). */
  changed: boolean;
  from: TransactionStatus;
  row: TransactionRow;
}

/** The provider event to record with the change (a replay of it is then recognised). */
export interface EventRecord {
  provider: string;
  eventId: string;
}

function asRow(row: Selectable<TransactionsTable>): TransactionRow {
  return row as TransactionRow;
}

/** Purchases. */
export class TransactionsRepository {
  constructor(private readonly db: Kysely<Database>) {}

  /** Stores a new transaction; answers its id. */
  async create(row: NewTransaction): Promise<number> {
    const { id } = await this.db
      .insertInto('transactions')
      .values(row)
      .returning('id')
      .executeTakeFirstOrThrow();
    return id;
  }

  /** The member's own transaction; another member's is undefined, as if it did not exist. */
  async getOwn(memberId: number, id: number): Promise<TransactionRow | undefined> {
    const row = await this.db
      .selectFrom('transactions')
      .selectAll()
      .where('id', '=', id)
      .where('member_id', '=', memberId)
      .executeTakeFirst();
    return row && asRow(row);
  }

  /** By id, whoever owns it (provider paths). */
  async get(id: number): Promise<TransactionRow | undefined> {
    const row = await this.db
      .selectFrom('transactions')
      .selectAll()
      .where('id', '=', id)
      .executeTakeFirst();
    return row && asRow(row);
  }

  /** The transaction of a provider's checkout, or else of its payment id (refunds name only that). */
  async findByProvider(
    provider: string,
    ref: string | null,
    paymentId: string | null,
  ): Promise<TransactionRow | undefined> {
    if (ref !== null) {
      const row = await this.db
        .selectFrom('transactions')
        .selectAll()
        .where('provider', '=', provider)
        .where('provider_ref', '=', ref)
        .executeTakeFirst();
      if (row) return asRow(row);
    }
    if (paymentId === null) return undefined;
    const row = await this.db
      .selectFrom('transactions')
      .selectAll()
      .where('provider', '=', provider)
      .where('provider_payment_id', '=', paymentId)
      .orderBy('id')
      .executeTakeFirst();
    return row && asRow(row);
  }

  /** What pricing, mails and receipts need to know about a buyer; undefined for an unknown member. */
  async buyer(memberId: number): Promise<Buyer | undefined> {
    const row = await this.db
      .selectFrom('members')
      .select([
        'id',
        'email',
        'name',
        'language',
        'country',
        'signup_date',
        'credits',
        'credit_debt',
        'premium_until',
      ])
      .where('id', '=', memberId)
      .executeTakeFirst();
    if (!row) return undefined;
    return {
      id: row.id,
      email: row.email,
      name: row.name,
      language: row.language,
      country: row.country,
      signupDate: row.signup_date,
      credits: row.credits,
      debt: row.credit_debt,
      premiumUntil: row.premium_until,
    };
  }

  /** Stores the opened checkout and moves created → pending (only from created). */
  async checkoutOpened(id: number, ref: string, now: number): Promise<void> {
    await this.db
      .updateTable('transactions')
      .set({ provider_ref: ref, status: 'pending', updated_at: now })
      .where('id', '=', id)
      .where('status', '=', 'created')
      .execute();
  }

  /** Whether the member ever paid (a refunded purchase counts): the welcome discount is then over. */
  async hasPaid(memberId: number): Promise<boolean> {
    const row = await this.db
      .selectFrom('transactions')
      .select('id')
      .where('member_id', '=', memberId)
      .where('status', 'in', ['paid', 'refunded'])
      .limit(1)
      .executeTakeFirst();
    return row !== undefined;
  }

  /** Package and method of the member's last paid credit purchase (repeat order). */
  async lastPaidCredits(memberId: number): Promise<{ package: number; method: string } | null> {
    const row = await this.db
      .selectFrom('transactions')
      .select(['package_id', 'method'])
      .where('member_id', '=', memberId)
      .where('product', '=', 'credits')
      .where('status', '=', 'paid')
      .orderBy('paid_at', 'desc')
      .orderBy('id', 'desc')
      .executeTakeFirst();
    return row ? { package: row.package_id, method: row.method } : null;
  }

  /** The member's transactions with these ids, plus (when `withOpen`) those not yet decided. */
  async listForLedger(
    memberId: number,
    ids: readonly number[],
    withOpen: boolean,
  ): Promise<TransactionRow[]> {
    if (ids.length === 0 && !withOpen) return [];
    const rows = await this.db
      .selectFrom('transactions')
      .selectAll()
      .where('member_id', '=', memberId)
      .where((eb) => {
        const ors = [];
        if (ids.length > 0) ors.push(eb('id', 'in', [...ids]));
        if (withOpen) ors.push(eb('status', 'in', ['created', 'pending']));
        return eb.or(ors);
      })
      .orderBy('id', 'desc')
      .execute();
    return rows.map(asRow);
  }

  /** Records a provider event that changes nothing (unknown amount, say); false when seen before. */
  async recordEvent(
    event: EventRecord,
    transactionId: number | null,
    outcome: string,
    now: number,
  ) {
    const inserted = await this.db
      .insertInto('payment_events')
      .values({
        provider: event.provider,
        event_id: event.eventId,
        transaction_id: transactionId,
        outcome,
        received_at: now,
      })
      .onConflict((oc) => oc.doNothing())
      .returning('event_id')
      .executeTakeFirst();
    return inserted !== undefined;
  }

  /**
   * Applies a reported outcome: records the event (a replay stops here), moves the state when the
   * machine allows it (a conditional update, so concurrent reports move it once), and on the move
   * to paid grants credits or premium, on the move to refunded takes them back.
   */
  async applyOutcome(
    id: number,
    outcome: PaymentOutcome,
    opts: { now: number; paymentId?: string | null; event?: EventRecord },
  ): Promise<ApplyResult | undefined> {
    const { now } = opts;
    return this.db.transaction().execute(async (trx) => {
      if (opts.event) {
        const fresh = await trx
          .insertInto('payment_events')
          .values({
            provider: opts.event.provider,
            event_id: opts.event.eventId,
            transaction_id: id,
            outcome,
            received_at: now,
          })
          .onConflict((oc) => oc.doNothing())
          .returning('event_id')
          .executeTakeFirst();
        if (!fresh) {
          const row = await trx
            .selectFrom('transactions')
            .selectAll()
            .where('id', '=', id)
            .executeTakeFirst();
          return (
            row && { duplicate: true, changed: false, from: asRow(row).status, row: asRow(row) }
          );
        }
      }
      const before = await trx
        .selectFrom('transactions')
        .selectAll()
        .where('id', '=', id)
        .executeTakeFirst();
      if (!before) return undefined;
      const from = asRow(before).status;
      const to = nextStatus(from, outcome);
      const moved =
        to !== null &&
        Number(
          (
            await trx
              .updateTable('transactions')
              .set({
                status: to,
                updated_at: now,
                ...(to === 'paid' && { paid_at: now }),
                ...(to === 'refunded' && { refunded_at: now }),
                ...(opts.paymentId && { provider_payment_id: opts.paymentId }),
              })
              .where('id', '=', id)
              .where('status', 'in', [...allowedFrom(outcome)])
              .executeTakeFirst()
          ).numUpdatedRows,
        ) > 0;
      if (moved && to === 'paid') {
        const grant = await grantPurchase(trx, asRow(before), now);
        // Counted with the grant, which happens once per transaction however often it is reported.
        if (grant) await recordPurchase(trx, asRow(before), grant, now);
      }
      if (moved && to === 'refunded') {
        await takeBackPurchase(trx, asRow(before), now);
        await recordRefund(trx, asRow(before), now);
      }
      const row = asRow(
        await trx
          .selectFrom('transactions')
          .selectAll()
          .where('id', '=', id)
          .executeTakeFirstOrThrow(),
      );
      return { duplicate: false, changed: moved, from, row };
    });
  }
}
