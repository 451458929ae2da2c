/**
 * The mail outbox keeps every mail it ever sent, so counting the ones still waiting (the
 * `amora_mail_outbox_queued` gauge of /metrics, read at every scrape) needs an index of its own.
 * Partial, with the predicate written as mail.repository.ts queries it, so both planners use it.
 */
import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createIndex('mail_outbox_queued')
    .on('mail_outbox')
    .column('id')
    .where(sql<boolean>`status = 'queued'`)
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('mail_outbox_queued').execute();
}
