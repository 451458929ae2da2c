/**
 * Trust and safety, and the acquisition pages' opt-out:
 * - `members.role`: 'member' or 'moderator' (set only by `npm run admin`); `members.search_hidden`:
 *   a moderator took the profile out of search; `members.lander_opt_out`: the member does not want
 *   to appear on invitation pages (landers).
 * - `images.review`: 'approved', 'pending' (new photos wait when the site config asks for review)
 *   or 'hidden' (a moderator hid it). Others only ever see approved photos; the owner sees all.
 * - `sessions.ended_reason`: a session a ban ended stays as a row, so the next call can answer
 *   403 `banned` instead of "not logged in"; it never authenticates again.
 * - `bans`: one row per ban with the status the member had before, so an unban restores it.
 * - `moderation_actions`: the append-only audit log (who, when, what, why); written in the same
 *   transaction as the change it records.
 * - `complaints.handled_at` / `handled_by`: when a report left the open queue, and by whom.
 * - `data_exports`: a member's requested copy of their data; the ZIP lives in the data folder and
 *   its download link (only the token's hash is stored) expires.
 * - The `members_visible_*` search indexes of migration 002 are rebuilt over searchable members
 *   (visible and not `search_hidden`), so a search that leaves hidden members out stays index-only.
 */
import { sql, type ColumnDefinitionBuilder, type Kysely, type RawBuilder } from 'kysely';

type Db = Kysely<unknown>;

/** Migration 002's predicate: word for word VISIBLE_MEMBER of server/repositories/member-sql.ts. */
const VISIBLE = sql<boolean>`status in ('active', 'not_confirmed') and deleted_at is null`;
/** Word for word SEARCHABLE_MEMBER of server/repositories/member-sql.ts, or the planners ignore these. */
const SEARCHABLE = sql<boolean>`status in ('active', 'not_confirmed') and deleted_at is null and search_hidden = false`;

/** Index name → equality prefix, as in migration 002. */
const SEARCH_INDEXES: Record<string, string[]> = {
  members_visible_recent: [],
  members_visible_gender: ['gender'],
  members_visible_country: ['country'],
  members_visible_country_gender: ['country', 'gender'],
  members_visible_region: ['country', 'countryregion'],
  members_visible_region_gender: ['country', 'countryregion', 'gender'],
};
/** Migration 002's ordered and covering suffix; SQLite needs every column the filter names. */
const SUFFIX = ['last_active', 'id', 'date_of_birth', 'status', 'deleted_at'];

/** Drops the search indexes and builds them again over `where` with `suffix` after the prefix. */
async function rebuildSearchIndexes(
  db: Db,
  where: RawBuilder<boolean>,
  suffix: string[],
): Promise<void> {
  for (const [name, prefix] of Object.entries(SEARCH_INDEXES)) {
    await db.schema.dropIndex(name).execute();
    await db.schema
      .createIndex(name)
      .on('members')
      .columns([...prefix, ...suffix])
      .where(where)
      .execute();
  }
}

function isPostgres(db: Db): boolean {
  return db.getExecutor().adapter.constructor.name === 'PostgresAdapter';
}

function idColumn(db: Db) {
  const pg = isPostgres(db);
  return [
    pg ? 'bigserial' : 'integer',
    (c: ColumnDefinitionBuilder) => (pg ? c.primaryKey() : c.primaryKey().autoIncrement()),
  ] as const;
}

export async function up(db: Db): Promise<void> {
  await db.schema
    .alterTable('members')
    .addColumn('role', 'varchar(20)', (c) => c.notNull().defaultTo('member'))
    .execute();
  await db.schema
    .alterTable('members')
    .addColumn('search_hidden', 'boolean', (c) => c.notNull().defaultTo(false))
    .execute();
  await db.schema
    .alterTable('members')
    .addColumn('lander_opt_out', 'boolean', (c) => c.notNull().defaultTo(false))
    .execute();
  await db.schema
    .alterTable('images')
    .addColumn('review', 'varchar(10)', (c) => c.notNull().defaultTo('approved'))
    .execute();
  await db.schema.alterTable('sessions').addColumn('ended_reason', 'varchar(20)').execute();
  await db.schema.alterTable('complaints').addColumn('handled_at', 'bigint').execute();
  await db.schema.alterTable('complaints').addColumn('handled_by', 'bigint').execute();

  const [idType, id] = idColumn(db);
  await db.schema
    .createTable('bans')
    .addColumn('id', idType, id)
    .addColumn('member_id', 'bigint', (c) => c.notNull().references('members.id'))
    .addColumn('moderator_id', 'bigint', (c) => c.notNull().references('members.id'))
    .addColumn('reason', 'varchar(1000)', (c) => c.notNull())
    .addColumn('previous_status', 'varchar(20)', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('lifted_at', 'bigint')
    .addColumn('lifted_by', 'bigint')
    .execute();
  await db.schema.createIndex('bans_member').on('bans').columns(['member_id', 'id']).execute();

  await db.schema
    .createTable('moderation_actions')
    .addColumn('id', idType, id)
    .addColumn('moderator_id', 'bigint', (c) => c.notNull().references('members.id'))
    .addColumn('member_id', 'bigint')
    .addColumn('action', 'varchar(20)', (c) => c.notNull())
    .addColumn('reason', 'varchar(1000)', (c) => c.notNull())
    .addColumn('complaint_id', 'bigint')
    .addColumn('image_id', 'bigint')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('moderation_actions_member')
    .on('moderation_actions')
    .columns(['member_id', 'id'])
    .execute();

  await db.schema
    .createTable('data_exports')
    .addColumn('id', idType, id)
    .addColumn('member_id', 'bigint', (c) => c.notNull().references('members.id'))
    .addColumn('status', 'varchar(10)', (c) => c.notNull())
    .addColumn('progress', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('token_hash', 'varchar(64)')
    .addColumn('filename', 'varchar(100)')
    .addColumn('size', 'bigint')
    .addColumn('error', 'varchar(200)')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('finished_at', 'bigint')
    .addColumn('expires_at', 'bigint')
    .execute();
  await db.schema
    .createIndex('data_exports_member')
    .on('data_exports')
    .columns(['member_id', 'id'])
    .execute();
  await db.schema
    .createIndex('data_exports_token')
    .on('data_exports')
    .column('token_hash')
    .unique()
    .execute();

  // The console's queue of photos waiting for review, oldest first, without reading every photo.
  await db.schema
    .createIndex('images_pending')
    .on('images')
    .column('id')
    .where(sql<boolean>`review = 'pending'`)
    .execute();
  await rebuildSearchIndexes(db, SEARCHABLE, [...SUFFIX, 'search_hidden']);
}

export async function down(db: Db): Promise<void> {
  await rebuildSearchIndexes(db, VISIBLE, SUFFIX);
  await db.schema.dropIndex('images_pending').execute();
  await db.schema.dropTable('data_exports').execute();
  await db.schema.dropTable('moderation_actions').execute();
  await db.schema.dropTable('bans').execute();
  for (const [table, column] of [
    ['complaints', 'handled_by'],
    ['complaints', 'handled_at'],
    ['sessions', 'ended_reason'],
    ['images', 'review'],
    ['members', 'lander_opt_out'],
    ['members', 'search_hidden'],
    ['members', 'role'],
  ] as const) {
    await db.schema.alterTable(table).dropColumn(column).execute();
  }
}
