/**
 * One conversation as its members see it (SPEC §3 chat entities, DESIGN §4): opening it for a
 * pair, paging its messages, marking them delivered and read, and hiding it. Sending lives in
 * chat-send.repository.ts.
 */
import { sql, type Kysely, type Selectable, type Transaction } from 'kysely';
import type { ChatMessage } from '../../src/shared/contract/chat';
import type { Database, MessagesTable } from '../db/schema';
import { pairState, type PairState } from './member-sql';

/** How two members stand to each other, from the first one's side. */

/** The session member's seat in a conversation. */
export interface Membership {
  conversationId: number;
  /** The other member of the pair. */
  otherId: number;
}

/** What marking a conversation read changed. */
export interface ReadMark {
  /** The other side's messages that got read_at now. */
  marked: number;
  /** The newest message of the conversation when it was read. */
  upTo: number | null;
}

type Db = Kysely<Database> | Transaction<Database>;

/** A messages row as the contract's ChatMessage. */
export function toChatMessage(row: Selectable<MessagesTable>): ChatMessage {
  return {
    id: row.id,
    conversation: row.conversation_id,
    sender: row.sender_id,
    msg: row.body,
    client_id: row.client_id,
    created_at: new Date(row.created_at).toISOString(),
    read_at: row.read_at === null ? null : new Date(row.read_at).toISOString(),
    delivered_at: row.delivered_at === null ? null : new Date(row.delivered_at).toISOString(),
  };
}

/** The member's seat in the conversation, or undefined when they are not in it. */
export async function membershipOf(
  db: Db,
  conversationId: number,
  memberId: number,
): Promise<Membership | undefined> {
  const row = await db
    .selectFrom('conversation_members as cm')
    .innerJoin('conversations as c', 'c.id', 'cm.conversation_id')
    .select(['c.id', 'c.member_a', 'c.member_b'])
    .where('cm.conversation_id', '=', conversationId)
    .where('cm.member_id', '=', memberId)
    .executeTakeFirst();
  if (!row) return undefined;
  return {
    conversationId: row.id,
    otherId: row.member_a === memberId ? row.member_b : row.member_a,
  };
}

/** Reads and writes conversations for their members. */
export class ChatRepository {
  constructor(private readonly db: Kysely<Database>) {}

  /** See pairState. */
  pair(memberId: number, otherId: number): Promise<PairState> {
    return pairState(this.db, memberId, otherId);
  }

  /** See membershipOf. */
  membership(conversationId: number, memberId: number): Promise<Membership | undefined> {
    return membershipOf(this.db, conversationId, memberId);
  }

  /** The conversation of a pair, if they have one. */
  async between(a: number, b: number): Promise<number | undefined> {
    const row = await this.db
      .selectFrom('conversations')
      .select('id')
      .where('member_a', '=', Math.min(a, b))
      .where('member_b', '=', Math.max(a, b))
      .executeTakeFirst();
    return row?.id;
  }

  /**
   * The pair's conversation, created when missing; concurrent calls meet on the unique pair key.
   * A new conversation stays hidden from the other member until its first message arrives, and
   * opening one the member had deleted brings it back to their list.
   */
  async open(memberId: number, otherId: number, now: number): Promise<number> {
    const [a, b] = memberId < otherId ? [memberId, otherId] : [otherId, memberId];
    return this.db.transaction().execute(async (trx) => {
      await trx
        .insertInto('conversations')
        .values({
          member_a: a,
          member_b: b,
          created_at: now,
          updated_at: now,
          last_message_id: null,
        })
        .onConflict((oc) => oc.columns(['member_a', 'member_b']).doNothing())
        .execute();
      const { id } = await trx
        .selectFrom('conversations')
        .select('id')
        .where('member_a', '=', a)
        .where('member_b', '=', b)
        .executeTakeFirstOrThrow();
      await trx
        .insertInto('conversation_members')
        .values([
          {
            conversation_id: id,
            member_id: memberId,
            last_read_message_id: null,
            deleted_at: null,
          },
          { conversation_id: id, member_id: otherId, last_read_message_id: null, deleted_at: now },
        ])
        .onConflict((oc) => oc.columns(['conversation_id', 'member_id']).doNothing())
        .execute();
      await trx
        .updateTable('conversation_members')
        .set({ deleted_at: null })
        .where('conversation_id', '=', id)
        .where('member_id', '=', memberId)
        .where('deleted_at', 'is not', null)
        .execute();
      return id;
    });
  }

  /** True when message `messageId` belongs to the conversation. */
  async hasMessage(conversationId: number, messageId: number): Promise<boolean> {
    const row = await this.db
      .selectFrom('messages')
      .select('id')
      .where('id', '=', messageId)
      .where('conversation_id', '=', conversationId)
      .executeTakeFirst();
    return row !== undefined;
  }

  /** Up to `limit` messages before `before` (or the newest), oldest first, and whether more exist. */
  async page(
    conversationId: number,
    before: number | null,
    limit: number,
  ): Promise<{ messages: ChatMessage[]; hasMore: boolean }> {
    let query = this.db
      .selectFrom('messages')
      .selectAll()
      .where('conversation_id', '=', conversationId);
    if (before !== null) query = query.where('id', '<', before);
    const rows = await query
      .orderBy('id', 'desc')
      .limit(limit + 1)
      .execute();
    return {
      messages: rows.slice(0, limit).reverse().map(toChatMessage),
      hasMore: rows.length > limit,
    };
  }

  /**
   * Marks the other member's undelivered messages of the conversation up to message `upTo`
   * delivered to `memberId`, in one statement; resolves how many it marked (0 on a repeat).
   */
  async markDelivered(
    conversationId: number,
    memberId: number,
    upTo: number,
    now: number,
  ): Promise<number> {
    // Written like the partial index messages_undelivered so both planners use it.
    const result = await this.db
      .updateTable('messages')
      .set({ delivered_at: now })
      .where('conversation_id', '=', conversationId)
      .where('sender_id', '<>', memberId)
      .where(sql<boolean>`delivered_at is null`)
      .where('id', '<=', upTo)
      .executeTakeFirst();
    return Number(result.numUpdatedRows);
  }

  /**
   * Marks the conversation read for the member: the other side's messages get read_at (and
   * delivered_at when they had none: read implies delivered), the member's unread count goes to 0,
   * their read position to the newest message, and a new unread-messages mail may go out again.
   */
  async markRead(conversationId: number, memberId: number, now: number): Promise<ReadMark> {
    return this.db.transaction().execute(async (trx) => {
      // Written like the partial index messages_unread so both planners use it.
      const marked = await trx
        .updateTable('messages')
        .set({ read_at: now, delivered_at: sql<number>`coalesce(delivered_at, ${now})` })
        .where('conversation_id', '=', conversationId)
        .where('sender_id', '<>', memberId)
        .where(sql<boolean>`read_at is null`)
        .executeTakeFirst();
      const conversation = await trx
        .selectFrom('conversations')
        .select('last_message_id')
        .where('id', '=', conversationId)
        .executeTakeFirst();
      const upTo = conversation?.last_message_id ?? null;
      // Skips the write when nothing changed, so an unchanged poll stays a read.
      await trx
        .updateTable('conversation_members')
        .set({ unread: 0, last_read_message_id: upTo, mailed_at: null })
        .where('conversation_id', '=', conversationId)
        .where('member_id', '=', memberId)
        .where((eb) =>
          eb.or([
            eb('unread', '<>', 0),
            eb('mailed_at', 'is not', null),
            ...(upTo === null
              ? []
              : [eb('last_read_message_id', 'is', null), eb('last_read_message_id', '<>', upTo)]),
          ]),
        )
        .execute();
      return { marked: Number(marked.numUpdatedRows), upTo };
    });
  }

  /**
   * Claims the one unread-messages mail of the member's seat: true for the first caller after the
   * member last read (or hid) the conversation, false for everyone else, on every instance.
   */
  async claimMail(conversationId: number, memberId: number, now: number): Promise<boolean> {
    const result = await this.db
      .updateTable('conversation_members')
      .set({ mailed_at: now })
      .where('conversation_id', '=', conversationId)
      .where('member_id', '=', memberId)
      .where('mailed_at', 'is', null)
      .executeTakeFirst();
    return Number(result.numUpdatedRows) > 0;
  }

  /** Takes the conversation off the member's list (until a new message); false when not a member. */
  async hide(conversationId: number, memberId: number, now: number): Promise<boolean> {
    const result = await this.db
      .updateTable('conversation_members')
      .set({ deleted_at: now, unread: 0, mailed_at: null })
      .where('conversation_id', '=', conversationId)
      .where('member_id', '=', memberId)
      .executeTakeFirst();
    return Number(result.numUpdatedRows) > 0;
  }
}
