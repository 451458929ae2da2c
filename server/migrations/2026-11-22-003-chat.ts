/**
 * Chat indexes. The pair key needs nothing new: `conversations_pair` (member_a, member_b), with
 * member_a the smaller id, already makes one conversation per pair, and `messages_client`
 * (sender_id, client_id) makes a client id land once. What the chat calls add:
 * - `messages_unread`: the other side's unread messages of a conversation, so marking it read
 *   touches only those rows instead of scanning a long history (partial: `read_at is null`);
 * - `complaints_reported`: complaints about a member, for moderation.
 */
import { sql, type Kysely } from 'kysely';

type Db = Kysely<unknown>;

export async function up(db: Db): Promise<void> {
  await db.schema
    .createIndex('messages_unread')
    .on('messages')
    .columns(['conversation_id', 'sender_id'])
    .where(sql<boolean>`read_at is null`)
    .execute();
  await db.schema
    .createIndex('complaints_reported')
    .on('complaints')
    .columns(['reported_member_id', 'created_at'])
    .execute();
}

export async function down(db: Db): Promise<void> {
  await db.schema.dropIndex('complaints_reported').execute();
  await db.schema.dropIndex('messages_unread').execute();
}
