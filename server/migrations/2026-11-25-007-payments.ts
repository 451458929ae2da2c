/**
 * Payments, premium and the ledger's guarantees:
 * - `transactions`: one row per purchase with every figure fixed when it was created (package,
 *   credits, bonus, months, amount, VAT, discount), its state (payments/transaction-state.ts) and
 *   the provider's ids; `granted_at` is set in the same database transaction as the credits and
 *   premium it grants, so a grant happens once. Kept when an account is deleted (bookkeeping):
 *   the members row stays as a tombstone, so the foreign key holds.
 * - `payment_events`: every provider event id seen, so a replayed webhook is recognised.
 * - `credit_ledger_ref`: a ledger row per (reason, ref) at most, a second guard against granting
 *   the same purchase, bonus, refund or monthly allowance twice (refs are null for none).
 * - `members.premium_until`, `premium_allowance_at` (when the next monthly credits are due) and
 *   `credit_debt` (credits a refund could not take back because they were spent).
 * The unused `orders` table of the initial migration gives way to `transactions`.
 */
import { sql, type ColumnDefinitionBuilder, type Kysely } from 'kysely';

type Db = Kysely<unknown>;

function isPostgres(db: Db): boolean {
  return db.getExecutor().adapter.constructor.name === 'PostgresAdapter';
}

export async function up(db: Db): Promise<void> {
  const pg = isPostgres(db);
  await db.schema.dropTable('orders').ifExists().execute();
  await db.schema
    .createTable('transactions')
    .addColumn('id', pg ? 'bigserial' : 'integer', (c: ColumnDefinitionBuilder) =>
      pg ? c.primaryKey() : c.primaryKey().autoIncrement(),
    )
    .addColumn('member_id', 'bigint', (c) => c.notNull().references('members.id'))
    .addColumn('product', 'varchar(10)', (c) => c.notNull())
    .addColumn('package_id', 'integer', (c) => c.notNull())
    .addColumn('credits', 'integer', (c) => c.notNull())
    .addColumn('bonus_credits', 'integer', (c) => c.notNull())
    .addColumn('months', 'integer', (c) => c.notNull())
    .addColumn('monthly_credits', 'integer', (c) => c.notNull())
    .addColumn('amount', 'integer', (c) => c.notNull())
    .addColumn('list_amount', 'integer', (c) => c.notNull())
    .addColumn('currency', 'varchar(3)', (c) => c.notNull())
    .addColumn('discount_percent', 'integer', (c) => c.notNull())
    .addColumn('discount_code', 'varchar(40)')
    .addColumn('vat_rate_bp', 'integer', (c) => c.notNull())
    .addColumn('vat_amount', 'integer', (c) => c.notNull())
    .addColumn('country', 'varchar(2)', (c) => c.notNull())
    .addColumn('method', 'varchar(20)', (c) => c.notNull())
    .addColumn('status', 'varchar(10)', (c) => c.notNull())
    .addColumn('provider', 'varchar(10)', (c) => c.notNull())
    .addColumn('provider_ref', 'varchar(255)')
    .addColumn('provider_payment_id', 'varchar(255)')
    .addColumn('return_to', 'varchar(300)')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .addColumn('expires_at', 'bigint', (c) => c.notNull())
    .addColumn('paid_at', 'bigint')
    .addColumn('granted_at', 'bigint')
    .addColumn('refunded_at', 'bigint')
    /** Credits a refund could not take back (already spent), recorded as the member's debt. */
    .addColumn('refund_debt', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema
    .createIndex('transactions_member')
    .on('transactions')
    .columns(['member_id', 'id'])
    .execute();
  await db.schema
    .createIndex('transactions_provider_ref')
    .on('transactions')
    .columns(['provider', 'provider_ref'])
    .unique()
    .execute();
  await db.schema
    .createIndex('transactions_provider_payment')
    .on('transactions')
    .columns(['provider', 'provider_payment_id'])
    .execute();

  await db.schema
    .createTable('payment_events')
    .addColumn('provider', 'varchar(10)', (c) => c.notNull())
    .addColumn('event_id', 'varchar(255)', (c) => c.notNull())
    .addColumn('transaction_id', 'bigint')
    .addColumn('outcome', 'varchar(10)', (c) => c.notNull())
    .addColumn('received_at', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('payment_events_pk', ['provider', 'event_id'])
    .execute();

  await db.schema
    .createIndex('credit_ledger_ref')
    .on('credit_ledger')
    .columns(['reason', 'ref'])
    .unique()
    .where(sql<boolean>`ref is not null`)
    .execute();

  await db.schema.alterTable('members').addColumn('premium_until', 'bigint').execute();
  await db.schema.alterTable('members').addColumn('premium_allowance_at', 'bigint').execute();
  await db.schema
    .alterTable('members')
    .addColumn('credit_debt', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
}

export async function down(db: Db): Promise<void> {
  await db.schema.alterTable('members').dropColumn('credit_debt').execute();
  await db.schema.alterTable('members').dropColumn('premium_allowance_at').execute();
  await db.schema.alterTable('members').dropColumn('premium_until').execute();
  await db.schema.dropIndex('credit_ledger_ref').execute();
  await db.schema.dropTable('payment_events').ifExists().execute();
  await db.schema.dropTable('transactions').ifExists().execute();
}
