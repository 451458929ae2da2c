/**
 * The operator's figures and the partners' postbacks:
 * - `stats_events`: raw funnel events, written in the same database transaction as what caused
 *   them (a sign-up, an activation, a paid or refunded transaction) or, for page views, flushed
 *   in batches with a `count`. No member id, address or cookie: only the acquisition dimensions
 *   (lander design and slug, language, country, network, sub-ids; '' when not set). `event_key`
 *   makes a conversion count once however often its cause is reported (null for views).
 * - `stats_daily`: the same figures summed per UTC day and dimensions, where raw rows older than
 *   the retention time are rolled into and then deleted.
 * - `postback_outbox`: one row per conversion that a traffic partner may want to hear of, written
 *   with the event (`event_key` unique: one postback per event), delivered by any instance that
 *   claims it (`claimed_until`), retried with backoff, kept after delivery for the console's
 *   figures. Holds what the partner is sent (its `ref` and sub-ids), never a member id.
 * - `members.signup_design` / `signup_slug`: the lander a member signed up on, the dimensions of
 *   their later conversions; `members.stats_access`: the stats role (only `npm run admin` sets it).
 *   The user object shows the role, so the revision triggers of migration 011 are made again with
 *   that column in their list.
 */
import { sql, type ColumnDefinitionBuilder, type Kysely } from 'kysely';
import { SHOWN_COLUMNS } from './2026-12-06-011-member-revision';

type Db = Kysely<unknown>;

function isPostgres(db: Db): boolean {
  return db.getExecutor().adapter.constructor.name === 'PostgresAdapter';
}

/** The acquisition dimensions every stats row carries ('' when unknown). */
const DIMENSIONS = ['design', 'slug', 'language', 'country', 'network', 'sub1', 'sub2', 'sub3'];

const blank = (c: ColumnDefinitionBuilder) => c.notNull().defaultTo('');

/** Makes the members revision trigger again over `columns` (migration 011's, engine by engine). */
async function revisionTrigger(db: Db, columns: readonly string[]): Promise<void> {
  const list = sql.raw(columns.join(', '));
  if (isPostgres(db)) {
    await sql`drop trigger members_revision on members`.execute(db);
    await sql`create trigger members_revision before update of ${list} on members
      for each row execute function amora_member_revision()`.execute(db);
    return;
  }
  await sql`drop trigger members_revision`.execute(db);
  await sql`create trigger members_revision after update of ${list} on members
    begin
      update members set revision = revision + 1 where id = new.id;
    end`.execute(db);
}

export async function up(db: Db): Promise<void> {
  const pg = isPostgres(db);
  for (const column of ['signup_design', 'signup_slug']) {
    await db.schema.alterTable('members').addColumn(column, 'varchar(100)', blank).execute();
  }
  await db.schema
    .alterTable('members')
    .addColumn('stats_access', 'boolean', (c) => c.notNull().defaultTo(false))
    .execute();
  await revisionTrigger(db, [...SHOWN_COLUMNS, 'stats_access']);
  const key = (c: ColumnDefinitionBuilder) =>
    pg ? c.primaryKey() : c.primaryKey().autoIncrement();

  let events = db.schema
    .createTable('stats_events')
    .addColumn('id', pg ? 'bigserial' : 'integer', key)
    .addColumn('event', 'varchar(20)', (c) => c.notNull())
    .addColumn('event_key', 'varchar(80)')
    .addColumn('occurred_at', 'bigint', (c) => c.notNull())
    /** UTC day of occurred_at, YYYY-MM-DD. */
    .addColumn('day', 'varchar(10)', (c) => c.notNull());
  for (const d of DIMENSIONS) events = events.addColumn(d, 'varchar(100)', blank);
  await events
    .addColumn('currency', 'varchar(3)', blank)
    /** Minor units; negative for a refund. */
    .addColumn('amount', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('count', 'integer', (c) => c.notNull().defaultTo(1))
    .execute();
  await db.schema
    .createIndex('stats_events_key')
    .on('stats_events')
    .column('event_key')
    .unique()
    .where(sql<boolean>`event_key is not null`)
    .execute();
  await db.schema.createIndex('stats_events_day').on('stats_events').columns(['day']).execute();
  await db.schema
    .createIndex('stats_events_occurred')
    .on('stats_events')
    .columns(['occurred_at'])
    .execute();

  let daily = db.schema
    .createTable('stats_daily')
    .addColumn('id', pg ? 'bigserial' : 'integer', key)
    .addColumn('day', 'varchar(10)', (c) => c.notNull())
    .addColumn('event', 'varchar(20)', (c) => c.notNull());
  for (const d of DIMENSIONS) daily = daily.addColumn(d, 'varchar(100)', blank);
  await daily
    .addColumn('currency', 'varchar(3)', blank)
    .addColumn('amount', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('count', 'bigint', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema
    .createIndex('stats_daily_cell')
    .on('stats_daily')
    .columns(['day', 'event', ...DIMENSIONS, 'currency'])
    .unique()
    .execute();

  let outbox = db.schema
    .createTable('postback_outbox')
    .addColumn('id', pg ? 'bigserial' : 'integer', key)
    /** e.g. `purchase:123`: one postback per event, whoever reports it how often. */
    .addColumn('event_key', 'varchar(80)', (c) => c.notNull().unique())
    /** A contract PostbackEvent. */
    .addColumn('event', 'varchar(20)', (c) => c.notNull())
    .addColumn('network', 'varchar(100)', (c) => c.notNull())
    .addColumn('ref', 'varchar(100)', blank);
  for (const d of ['sub1', 'sub2', 'sub3']) outbox = outbox.addColumn(d, 'varchar(100)', blank);
  await outbox
    .addColumn('amount', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('currency', 'varchar(3)', blank)
    /** The site's transaction id ('' for sign-ups and activations). */
    .addColumn('transaction_ref', 'varchar(40)', blank)
    /** pending, delivered, failed (retries exhausted) or skipped (the network wants no such event). */
    .addColumn('status', 'varchar(10)', (c) => c.notNull().defaultTo('pending'))
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('next_attempt_at', 'bigint', (c) => c.notNull())
    /** An instance delivering the row holds it until then; another may take it after. */
    .addColumn('claimed_until', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('last_error', 'varchar(200)', blank)
    .addColumn('last_attempt_at', 'bigint')
    .addColumn('delivered_at', 'bigint')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('postback_outbox_due')
    .on('postback_outbox')
    .columns(['next_attempt_at', 'id'])
    .where(sql<boolean>`status = 'pending'`)
    .execute();
  // Given-up postbacks, newest first: the console's list and the failed gauge at each scrape.
  await db.schema
    .createIndex('postback_outbox_failed')
    .on('postback_outbox')
    .columns(['last_attempt_at', 'id'])
    .where(sql<boolean>`status = 'failed'`)
    .execute();
  // The console's postback figures are read per range of creation time.
  await db.schema
    .createIndex('postback_outbox_created')
    .on('postback_outbox')
    .columns(['created_at'])
    .execute();
}

export async function down(db: Db): Promise<void> {
  await db.schema.dropTable('postback_outbox').ifExists().execute();
  await db.schema.dropTable('stats_daily').ifExists().execute();
  await db.schema.dropTable('stats_events').ifExists().execute();
  await revisionTrigger(db, SHOWN_COLUMNS);
  for (const column of ['stats_access', 'signup_slug', 'signup_design']) {
    await db.schema.alterTable('members').dropColumn(column).execute();
  }
}
