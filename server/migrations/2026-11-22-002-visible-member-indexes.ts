/**
 * Search indexes that never leave the planner a full scan of members: partial indexes over the
 * members who can be seen, one per equality prefix search.php can produce, each ending in the
 * result order (last_active, id) and then the columns that make counts index-only (birth date for
 * the age range, status and deleted_at so SQLite sees the count as covered).
 * Replaces the three members_search_* indexes of the initial migration, which put status first
 * and so could neither give the order nor serve a search without filters.
 */
import { sql, type Kysely } from 'kysely';

type Db = Kysely<unknown>;

/** Word for word VISIBLE_MEMBER of server/repositories/member-sql.ts, or the planners ignore these. */
const VISIBLE = sql<boolean>`status in ('active', 'not_confirmed') and deleted_at is null`;

/** Ordered and covering suffix shared by every index. */
const SUFFIX = ['last_active', 'id', 'date_of_birth', 'status', 'deleted_at'];

/** Index name → equality prefix (the filters of one search shape). */
const INDEXES: Record<string, string[]> = {
  members_visible_recent: [],
  members_visible_gender: ['gender'],
  members_visible_country: ['country'],
  members_visible_country_gender: ['country', 'gender'],
  members_visible_region: ['country', 'countryregion'],
  members_visible_region_gender: ['country', 'countryregion', 'gender'],
};

/** The initial migration's search indexes, recreated by `down`. */
const OLD_INDEXES: Record<string, string[]> = {
  members_search_country: ['status', 'country', 'gender', 'date_of_birth'],
  members_search_region: ['status', 'country', 'countryregion', 'gender', 'date_of_birth'],
  members_search_gender: ['status', 'gender', 'date_of_birth'],
};

export async function up(db: Db): Promise<void> {
  for (const name of Object.keys(OLD_INDEXES)) await db.schema.dropIndex(name).execute();
  for (const [name, prefix] of Object.entries(INDEXES)) {
    await db.schema
      .createIndex(name)
      .on('members')
      .columns([...prefix, ...SUFFIX])
      .where(VISIBLE)
      .execute();
  }
}

export async function down(db: Db): Promise<void> {
  for (const name of Object.keys(INDEXES)) await db.schema.dropIndex(name).execute();
  for (const [name, columns] of Object.entries(OLD_INDEXES)) {
    await db.schema.createIndex(name).on('members').columns(columns).execute();
  }
}
