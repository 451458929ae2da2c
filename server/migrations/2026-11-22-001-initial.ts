/**
 * The whole foreseeable data model, portable between SQLite and PostgreSQL.
 * Timestamps are epoch milliseconds (bigint), dates are ISO 'YYYY-MM-DD' text (sortable on both).
 */
import { sql, type Kysely } from 'kysely';
import { type ColumnDefinitionBuilder } from 'kysely';

type Db = Kysely<unknown>;

/** An auto-incrementing integer key: `integer primary key autoincrement` on SQLite, identity on PostgreSQL. */
function isPostgres(db: Db): boolean {
  return db.getExecutor().adapter.constructor.name === 'PostgresAdapter';
}

function idType(db: Db) {
  return isPostgres(db) ? 'bigserial' : 'integer';
}

function idColumn(db: Db) {
  return (c: ColumnDefinitionBuilder) =>
    isPostgres(db) ? c.primaryKey() : c.primaryKey().autoIncrement();
}

const ref = (table: string) => (c: ColumnDefinitionBuilder) =>
  c.notNull().references(`${table}.id`).onDelete('cascade');

export async function up(db: Db): Promise<void> {
  await db.schema
    .createTable('members')
    .addColumn('id', idType(db), idColumn(db))
    .addColumn('email', 'varchar(254)', (c) => c.notNull().unique())
    .addColumn('password_hash', 'varchar(255)', (c) => c.notNull())
    .addColumn('name', 'varchar(150)', (c) => c.notNull())
    .addColumn('status', 'varchar(20)', (c) => c.notNull().defaultTo('not_confirmed'))
    .addColumn('gender', 'varchar(10)')
    .addColumn('date_of_birth', 'varchar(10)')
    .addColumn('country', 'varchar(2)')
    .addColumn('countryregion', 'integer')
    .addColumn('city', 'varchar(255)')
    .addColumn('language', 'varchar(2)', (c) => c.notNull().defaultTo('en'))
    .addColumn('personal', 'text')
    .addColumn('main_image_id', 'bigint')
    .addColumn('last_signup_step', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('paid_user', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('credits', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('mailprovider', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('fictional', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('trafficsource', 'varchar(100)')
    .addColumn('referrer', 'varchar(2000)')
    .addColumn('timezone', 'varchar(64)')
    .addColumn('signup_date', 'bigint', (c) => c.notNull())
    .addColumn('last_active', 'bigint', (c) => c.notNull())
    .addColumn('deleted_at', 'bigint')
    .execute();

  // Search: every filter combination starts from an equality prefix and ends in the age range.
  await db.schema
    .createIndex('members_search_country')
    .on('members')
    .columns(['status', 'country', 'gender', 'date_of_birth'])
    .execute();
  await db.schema
    .createIndex('members_search_region')
    .on('members')
    .columns(['status', 'country', 'countryregion', 'gender', 'date_of_birth'])
    .execute();
  await db.schema
    .createIndex('members_search_gender')
    .on('members')
    .columns(['status', 'gender', 'date_of_birth'])
    .execute();

  await db.schema
    .createTable('member_fields')
    .addColumn('member_id', 'bigint', ref('members'))
    .addColumn('name', 'varchar(64)', (c) => c.notNull())
    .addColumn('value', 'varchar(255)', (c) => c.notNull())
    .addPrimaryKeyConstraint('member_fields_pk', ['member_id', 'name'])
    .execute();

  await db.schema
    .createTable('member_notes')
    .addColumn('member_id', 'bigint', ref('members'))
    .addColumn('name', 'varchar(64)', (c) => c.notNull())
    .addColumn('value', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('member_notes_pk', ['member_id', 'name'])
    .execute();

  await db.schema
    .createTable('images')
    .addColumn('id', idType(db), idColumn(db))
    .addColumn('member_id', 'bigint', ref('members'))
    .addColumn('filename', 'varchar(100)', (c) => c.notNull())
    .addColumn('thumb_filename', 'varchar(100)', (c) => c.notNull())
    .addColumn('width', 'integer', (c) => c.notNull())
    .addColumn('height', 'integer', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('images_member').on('images').column('member_id').execute();

  await db.schema
    .createTable('sessions')
    .addColumn('token_hash', 'varchar(64)', (c) => c.primaryKey())
    .addColumn('member_id', 'bigint', ref('members'))
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('expires_at', 'bigint', (c) => c.notNull())
    .addColumn('last_seen_at', 'bigint', (c) => c.notNull())
    .addColumn('user_agent', 'varchar(500)')
    .execute();
  await db.schema.createIndex('sessions_member').on('sessions').column('member_id').execute();

  /** Single-use tokens for activation, password reset and mail change; only hashes are stored. */
  await db.schema
    .createTable('tokens')
    .addColumn('token_hash', 'varchar(64)', (c) => c.primaryKey())
    .addColumn('member_id', 'bigint', ref('members'))
    .addColumn('kind', 'varchar(20)', (c) => c.notNull())
    .addColumn('data', 'text')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('expires_at', 'bigint', (c) => c.notNull())
    .addColumn('used_at', 'bigint')
    .execute();
  await db.schema
    .createIndex('tokens_member')
    .on('tokens')
    .columns(['member_id', 'kind'])
    .execute();

  await db.schema
    .createTable('likes')
    .addColumn('member_id', 'bigint', ref('members'))
    .addColumn('profile_id', 'bigint', ref('members'))
    .addColumn('liked', 'boolean', (c) => c.notNull())
    .addColumn('is_new', 'boolean', (c) => c.notNull().defaultTo(true))
    .addColumn('last_client_seq', 'bigint')
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('likes_pk', ['member_id', 'profile_id'])
    .execute();
  await db.schema
    .createIndex('likes_received')
    .on('likes')
    .columns(['profile_id', 'liked', 'updated_at'])
    .execute();

  /** Idempotency: the first result of every client action, keyed by (member, client id). */
  await db.schema
    .createTable('client_actions')
    .addColumn('member_id', 'bigint', ref('members'))
    .addColumn('client_id', 'varchar(36)', (c) => c.notNull())
    .addColumn('kind', 'varchar(20)', (c) => c.notNull())
    .addColumn('result', 'text', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('client_actions_pk', ['member_id', 'client_id'])
    .execute();

  /** member_a < member_b, so one pair has one conversation. */
  await db.schema
    .createTable('conversations')
    .addColumn('id', idType(db), idColumn(db))
    .addColumn('member_a', 'bigint', ref('members'))
    .addColumn('member_b', 'bigint', ref('members'))
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .addColumn('last_message_id', 'bigint')
    .addUniqueConstraint('conversations_pair', ['member_a', 'member_b'])
    .execute();
  await db.schema.createIndex('conversations_b').on('conversations').column('member_b').execute();

  await db.schema
    .createTable('conversation_members')
    .addColumn('conversation_id', 'bigint', ref('conversations'))
    .addColumn('member_id', 'bigint', ref('members'))
    .addColumn('unread', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('last_read_message_id', 'bigint')
    .addColumn('deleted_at', 'bigint')
    .addPrimaryKeyConstraint('conversation_members_pk', ['conversation_id', 'member_id'])
    .execute();
  await db.schema
    .createIndex('conversation_members_member')
    .on('conversation_members')
    .column('member_id')
    .execute();

  await db.schema
    .createTable('messages')
    .addColumn('id', idType(db), idColumn(db))
    .addColumn('conversation_id', 'bigint', ref('conversations'))
    .addColumn('sender_id', 'bigint', ref('members'))
    .addColumn('body', 'text', (c) => c.notNull())
    .addColumn('client_id', 'varchar(36)')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('read_at', 'bigint')
    .addUniqueConstraint('messages_client', ['sender_id', 'client_id'])
    .execute();
  await db.schema
    .createIndex('messages_conversation')
    .on('messages')
    .columns(['conversation_id', 'id'])
    .execute();

  await db.schema
    .createTable('push_subscriptions')
    .addColumn('id', idType(db), idColumn(db))
    .addColumn('member_id', 'bigint', ref('members'))
    .addColumn('endpoint', 'varchar(2000)', (c) => c.notNull().unique())
    .addColumn('p256dh', 'varchar(200)', (c) => c.notNull())
    .addColumn('auth', 'varchar(100)', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('push_subscriptions_member')
    .on('push_subscriptions')
    .column('member_id')
    .execute();

  await db.schema
    .createTable('mail_outbox')
    .addColumn('id', idType(db), idColumn(db))
    .addColumn('member_id', 'bigint')
    .addColumn('to_email', 'varchar(254)', (c) => c.notNull())
    .addColumn('kind', 'varchar(30)', (c) => c.notNull())
    .addColumn('subject', 'varchar(300)', (c) => c.notNull())
    .addColumn('text', 'text', (c) => c.notNull())
    .addColumn('html', 'text')
    .addColumn('status', 'varchar(20)', (c) => c.notNull().defaultTo('queued'))
    .addColumn('error', 'text')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('sent_at', 'bigint')
    .execute();
  await db.schema
    .createIndex('mail_outbox_member')
    .on('mail_outbox')
    .columns(['member_id', 'kind'])
    .execute();

  /** Credits move only through the ledger; members.credits is its running balance. */
  await db.schema
    .createTable('credit_ledger')
    .addColumn('id', idType(db), idColumn(db))
    .addColumn('member_id', 'bigint', ref('members'))
    .addColumn('delta', 'integer', (c) => c.notNull())
    .addColumn('reason', 'varchar(30)', (c) => c.notNull())
    .addColumn('ref', 'varchar(100)')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('credit_ledger_member')
    .on('credit_ledger')
    .column('member_id')
    .execute();

  await db.schema
    .createTable('orders')
    .addColumn('id', idType(db), idColumn(db))
    .addColumn('member_id', 'bigint', ref('members'))
    .addColumn('product', 'varchar(50)', (c) => c.notNull())
    .addColumn('credits', 'integer', (c) => c.notNull())
    .addColumn('amount_cents', 'integer', (c) => c.notNull())
    .addColumn('currency', 'varchar(3)', (c) => c.notNull())
    .addColumn('payment_method', 'varchar(30)')
    .addColumn('status', 'varchar(20)', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('paid_at', 'bigint')
    .execute();
  await db.schema.createIndex('orders_member').on('orders').column('member_id').execute();

  await db.schema
    .createTable('complaints')
    .addColumn('id', idType(db), idColumn(db))
    .addColumn('reporter_id', 'bigint')
    .addColumn('reported_member_id', 'bigint')
    .addColumn('email', 'varchar(254)')
    .addColumn('subject', 'varchar(200)', (c) => c.notNull())
    .addColumn('body', 'text', (c) => c.notNull())
    .addColumn('status', 'varchar(20)', (c) => c.notNull().defaultTo('open'))
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('blocks')
    .addColumn('member_id', 'bigint', ref('members'))
    .addColumn('blocked_id', 'bigint', ref('members'))
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('blocks_pk', ['member_id', 'blocked_id'])
    .execute();
  await db.schema.createIndex('blocks_blocked').on('blocks').column('blocked_id').execute();

  await db.schema
    .createTable('notifications')
    .addColumn('id', idType(db), idColumn(db))
    .addColumn('member_id', 'bigint', ref('members'))
    .addColumn('kind', 'varchar(30)', (c) => c.notNull())
    .addColumn('data', 'text', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('read_at', 'bigint')
    .execute();
  await db.schema
    .createIndex('notifications_member')
    .on('notifications')
    .columns(['member_id', 'created_at'])
    .execute();

  // Keeps SQLite's planner informed about the search indexes from the first query on.
  if (!isPostgres(db)) await sql`pragma optimize`.execute(db);
}

export async function down(db: Db): Promise<void> {
  for (const table of [
    'notifications',
    'blocks',
    'complaints',
    'orders',
    'credit_ledger',
    'mail_outbox',
    'push_subscriptions',
    'messages',
    'conversation_members',
    'conversations',
    'client_actions',
    'likes',
    'tokens',
    'sessions',
    'images',
    'member_notes',
    'member_fields',
    'members',
  ]) {
    await db.schema.dropTable(table).ifExists().execute();
  }
}
