/** Conversations as the chat list shows them (SPEC §3 "Chat list entry"). */
import { sql, type Kysely, type SqlBool } from 'kysely';
import type { ChatListEntry } from '../../src/api/contract';
import type { Database } from '../db/schema';
import {
  notBlockedWith,
  PROFILE_COLUMNS,
  toProfileCard,
  VISIBLE_MEMBER,
  type ProfileRow,
} from './member-sql';

/** Reads conversations. */
export class ChatsRepository {
  constructor(private readonly db: Kysely<Database>) {}

  /**
   * The member's conversations they have not deleted, newest activity first, with the other
   * member's profile card; conversations with someone hidden or blocked either way are left out.
   */
  async listFor(memberId: number, today: string): Promise<ChatListEntry[]> {
    const rows = await this.db
      .selectFrom('conversation_members as cm')
      .innerJoin('conversations as c', 'c.id', 'cm.conversation_id')
      .innerJoin('members as m', (join) =>
        join.on(
          sql<SqlBool>`m.id = case when c.member_a = ${memberId} then c.member_b else c.member_a end`,
        ),
      )
      .leftJoin('images as i', 'i.id', 'm.main_image_id')
      .leftJoin('messages as msg', 'msg.id', 'c.last_message_id')
      .select(PROFILE_COLUMNS)
      .select(['c.id as conversation_id', 'c.updated_at', 'cm.unread', 'msg.body as last_message'])
      .where('cm.member_id', '=', memberId)
      .where('cm.deleted_at', 'is', null)
      .where(VISIBLE_MEMBER)
      .where(notBlockedWith(memberId))
      .orderBy('c.updated_at', 'desc')
      .orderBy('c.id', 'desc')
      .execute();
    return rows.map((row) => ({
      conversation: {
        id: row.conversation_id,
        last_message: row.last_message,
        updated_at: new Date(row.updated_at).toISOString(),
      },
      profile: toProfileCard(row as ProfileRow, today),
      num_unread_messages: row.unread,
    }));
  }
}
