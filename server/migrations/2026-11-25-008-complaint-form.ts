/**
 * The public complaint form (/complaints): what a moderation console needs to read a complaint
 * besides who sent it and the text. `category` is one of the contract's COMPLAINT_CATEGORIES (null
 * for a chat report, whose reason stays in `subject`), `language` the page language the
 * confirmation mail was written in, `screenshot` the server-made name of the re-encoded image under
 * the data folder (never public), `reference` the number the complainant quotes (CP-000123).
 */
import type { Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('complaints').addColumn('category', 'varchar(30)').execute();
  await db.schema.alterTable('complaints').addColumn('language', 'varchar(5)').execute();
  await db.schema.alterTable('complaints').addColumn('screenshot', 'varchar(80)').execute();
  await db.schema.alterTable('complaints').addColumn('reference', 'varchar(20)').execute();
  await db.schema
    .createIndex('complaints_reference')
    .on('complaints')
    .column('reference')
    .unique()
    .execute();
  // The console's queue: open complaints, oldest first.
  await db.schema
    .createIndex('complaints_status')
    .on('complaints')
    .columns(['status', 'id'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('complaints_status').execute();
  await db.schema.dropIndex('complaints_reference').execute();
  for (const column of ['reference', 'screenshot', 'language', 'category']) {
    await db.schema.alterTable('complaints').dropColumn(column).execute();
  }
}
