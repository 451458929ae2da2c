/**
 * Delivery receipts and the bookkeeping of notification mails:
 * - `messages.delivered_at`: when a device of the receiver first got the message (a page of the
 *   conversation, an acknowledged live event or the chat list); read implies delivered, so rows
 *   already read are backfilled with their read_at;
 * - `messages_undelivered`: undelivered messages of a conversation by id, so marking them up to an
 *   id and the check of every chat list poll touch only those rows (partial: `delivered_at is
 *   null`; with `id` in it SQLite prefers it to `messages_conversation` for the `id <= ?` range);
 * - `conversation_members.mailed_at`: an unread-messages mail went out for this seat; cleared when
 *   the member reads the conversation, so there is at most one mail per conversation until then;
 * - `notification_mail_state`: when the last likes mail went to a member (at most one per hour).
 */
import { sql, type Kysely } from 'kysely';

type Db = Kysely<unknown>;

export async function up(db: Db): Promise<void> {
  await db.schema.alterTable('messages').addColumn('delivered_at', 'bigint').execute();
  await db
    .updateTable('messages' as never)
    .set({ delivered_at: sql`read_at` } as never)
    .where(sql<boolean>`read_at is not null`)
    .execute();
  await db.schema
    .createIndex('messages_undelivered')
    .on('messages')
    .columns(['conversation_id', 'id'])
    .where(sql<boolean>`delivered_at is null`)
    .execute();
  await db.schema.alterTable('conversation_members').addColumn('mailed_at', 'bigint').execute();
  await db.schema
    .createTable('notification_mail_state')
    .addColumn('member_id', 'bigint', (c) =>
      c.primaryKey().references('members.id').onDelete('cascade'),
    )
    .addColumn('likes_mailed_at', 'bigint', (c) => c.notNull())
    .execute();
}

export async function down(db: Db): Promise<void> {
  await db.schema.dropTable('notification_mail_state').ifExists().execute();
  await db.schema.alterTable('conversation_members').dropColumn('mailed_at').execute();
  await db.schema.dropIndex('messages_undelivered').execute();
  await db.schema.alterTable('messages').dropColumn('delivered_at').execute();
}
