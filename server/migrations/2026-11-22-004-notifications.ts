/**
 * Per-member e-mail notification switches (GET/POST /api/notification_settings.php). A member
 * without a row has every switch on: the defaults live in the repository, not in a backfill.
 */
import type { Kysely } from 'kysely';

type Db = Kysely<unknown>;

export async function up(db: Db): Promise<void> {
  await db.schema
    .createTable('notification_settings')
    .addColumn('member_id', 'bigint', (c) =>
      c.primaryKey().references('members.id').onDelete('cascade'),
    )
    .addColumn('email_messages', 'boolean', (c) => c.notNull().defaultTo(true))
    .addColumn('email_likes', 'boolean', (c) => c.notNull().defaultTo(true))
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .execute();
}

export async function down(db: Db): Promise<void> {
  await db.schema.dropTable('notification_settings').ifExists().execute();
}
