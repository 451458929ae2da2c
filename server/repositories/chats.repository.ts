/** Conversations as the chat list shows them (SPEC §3 "Chat list entry"). */
import { sql, type Kysely, type SqlBool } from 'kysely';
import type { ChatListEntry } from '../../src/shared/contract/chat';
import { prepared } from '../db/prepared';
import type { Database } from '../db/schema';
import {
  mainImage,
  notBlockedWith,
  PROFILE_COLUMNS,
  toProfileCard,
  VISIBLE_MEMBER,
  type ProfileRow,
} from './member-sql';

/** A chat list entry and the id of the last message it shows (null: no message yet). */
export interface ListedChat {
  entry: ChatListEntry;
  lastMessageId: number | null;
}

/** The member's listed conversations (see listWithLast), as a query of the member's id. */
export function chatRowsQuery(db: Kysely<Database>, p: { memberId: number }) {
  return db
    .selectFrom('conversation_members as cm')
    .innerJoin('conversations as c', 'c.id', 'cm.conversation_id')
    .innerJoin('members as m', (join) =>
      join.on(
        sql<SqlBool>`m.id = case when c.member_a = ${p.memberId} then c.member_b else c.member_a end`,
      ),
    )
    .leftJoin('images as i', mainImage)
    .leftJoin('messages as msg', 'msg.id', 'c.last_message_id')
    .select(PROFILE_COLUMNS)
    .select([
      'c.id as conversation_id',
      'c.updated_at',
      'c.last_message_id',
      'cm.unread',
      'msg.body as last_message',
    ])
    .where('cm.member_id', '=', p.memberId)
    .where('cm.deleted_at', 'is', null)
    .where(VISIBLE_MEMBER)
    .where(notBlockedWith(p.memberId))
    .orderBy('c.updated_at', 'desc')
    .orderBy('c.id', 'desc');
}

/** Newest undelivered message per conversation (see undelivered), as a query of the member's id. */
export function undeliveredQuery(db: Kysely<Database>, p: { memberId: number }) {
  return (
    db
      .selectFrom('conversation_members as cm')
      .innerJoin('messages as m', 'm.conversation_id', 'cm.conversation_id')
      .select(['m.conversation_id'])
      .select((eb) => eb.fn.max('m.id').as('newest'))
      .where('cm.member_id', '=', p.memberId)
      .where('m.sender_id', '<>', p.memberId)
      // Written like the partial index messages_undelivered so both planners use it.
      .where(sql<boolean>`m.delivered_at is null`)
      .groupBy('m.conversation_id')
  );
}

// The chat list is polled, so its two reads are built once.
const chatRows = prepared(chatRowsQuery);
const undeliveredRows = prepared(undeliveredQuery);

/** Reads conversations. */
export class ChatsRepository {
  constructor(private readonly db: Kysely<Database>) {}

  /** See listWithLast; the entries alone. */
  async listFor(memberId: number, today: string): Promise<ChatListEntry[]> {
    return (await this.listWithLast(memberId, today)).map((listed) => listed.entry);
  }

  /**
   * The member's conversations they have not deleted, newest activity first, with the other
   * member's profile card; conversations with someone hidden or blocked either way are left out.
   */
  async listWithLast(memberId: number, today: string): Promise<ListedChat[]> {
    const rows = await chatRows.all(this.db, { memberId });
    return rows.map((row) => ({
      entry: {
        conversation: {
          id: row.conversation_id,
          last_message: row.last_message,
          updated_at: new Date(row.updated_at).toISOString(),
        },
        profile: toProfileCard(row as ProfileRow, today),
        num_unread_messages: row.unread,
      },
      lastMessageId: row.last_message_id,
    }));
  }

  /**
   * The member's conversations holding messages from the other member that no device of theirs
   * got yet, with the newest such message id; read-only, so an unchanged poll writes nothing.
   */
  async undelivered(memberId: number): Promise<Map<number, number>> {
    const rows = await undeliveredRows.all(this.db, { memberId });
    return new Map(rows.map((row) => [row.conversation_id, Number(row.newest)]));
  }
}
