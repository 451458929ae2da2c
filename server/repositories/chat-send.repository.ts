/**
 * Sending a chat message exactly once per (sender, client id) (DESIGN §6), paid in the same
 * transaction: the message, its ledger row, the balance, the conversation and the unread count
 * commit together or not at all.
 */
import { sql, type Kysely, type Transaction } from 'kysely';
import type { ChatMessage } from '../../src/shared/contract/chat';
import type { Database } from '../db/schema';
import { attributionOf, type MemberOrigin } from '../lib/stats-dimensions';
import { toChatMessage } from './chat.repository';
import {
  claimMemberConversion,
  MEMBER_CONVERSIONS,
  recordConversion,
} from './conversions.repository';
import { toPairState, type PairState } from './member-sql';

/** A message as the client sent it. */
export interface SendAction {
  memberId: number;
  conversationId: number;
  body: string;
  clientId: string;
  now: number;
  /** Whole credits one message costs a sender from `country` (null: unknown country). */
  costFor(country: string | null): number;
}

/** The refusals the caller turns into HTTP errors; each is thrown after rolling back. */
export interface SendRefusals {
  /** The conversation is not the sender's (or does not exist). */
  notMember(): Error;
  /** The pair may not talk (blocked, or the receiver is gone); null lets it through. */
  refuse(pair: PairState): Error | null;
  /** The balance does not cover the cost. */
  noCredits(cost: number): Error;
}

/** A fresh message, or the stored one of a repeated client id. */
export type SendOutcome =
  | { repeat: false; message: ChatMessage; receiverId: number; cost: number }
  | { repeat: true; message: ChatMessage };

/** Ledger reason of a message charge; `ref` is `message:<id>`. */
export const MESSAGE_CHARGE_REASON = 'message';

/** Writes chat messages. */
export class ChatSendRepository {
  constructor(private readonly db: Kysely<Database>) {}

  /**
   * Stores the message unless the sender already used this client id (then the stored message
   * comes back, also to a concurrent twin, which waits on the unique key until the first commits).
   * A new message is charged with a conditional update, so the balance never goes below zero.
   */
  async send(a: SendAction, refusals: SendRefusals): Promise<SendOutcome> {
    return this.db.transaction().execute(async (trx) => {
      const seat = await seatOf(trx, a.conversationId, a.memberId);
      if (!seat) throw refusals.notMember();
      const inserted = await trx
        .insertInto('messages')
        .values({
          conversation_id: a.conversationId,
          sender_id: a.memberId,
          body: a.body,
          client_id: a.clientId,
          created_at: a.now,
          read_at: null,
          delivered_at: null,
        })
        .onConflict((oc) => oc.columns(['sender_id', 'client_id']).doNothing())
        .returningAll()
        .executeTakeFirst();
      if (!inserted) {
        const stored = await trx
          .selectFrom('messages')
          .selectAll()
          .where('sender_id', '=', a.memberId)
          .where('client_id', '=', a.clientId)
          .executeTakeFirstOrThrow();
        return { repeat: true, message: toChatMessage(stored) };
      }
      const veto = refusals.refuse(seat.pair);
      if (veto) throw veto;
      // Counted with the message: a veto or a refused charge below rolls it back with it. Of two
      // first messages sent at once, the one whose claim marks the member row counts.
      if (!seat.hasSent && (await claimMemberConversion(trx, a.memberId, 'first_message'))) {
        await recordConversion(
          trx,
          attributionOf(seat.origin),
          [{ event: 'first_message' }],
          a.now,
        );
      }

      const cost = a.costFor(seat.country);
      if (cost > 0) {
        const paid = await trx
          .updateTable('members')
          .set({ credits: sql<number>`credits - ${cost}` })
          .where('id', '=', a.memberId)
          .where('credits', '>=', cost)
          .executeTakeFirst();
        if (Number(paid.numUpdatedRows) === 0) throw refusals.noCredits(cost);
        await trx
          .insertInto('credit_ledger')
          .values({
            member_id: a.memberId,
            delta: -cost,
            reason: MESSAGE_CHARGE_REASON,
            ref: `message:${inserted.id}`,
            created_at: a.now,
          })
          .execute();
      }

      await trx
        .updateTable('conversations')
        .set({ updated_at: a.now, last_message_id: inserted.id })
        .where('id', '=', a.conversationId)
        .execute();
      // Both seats come back to their lists; only the receiver has one more unread.
      await trx
        .updateTable('conversation_members')
        .set({
          unread: sql<number>`case when member_id = ${seat.otherId} then unread + 1 else unread end`,
          deleted_at: null,
        })
        .where('conversation_id', '=', a.conversationId)
        .execute();
      return {
        repeat: false,
        message: toChatMessage(inserted),
        receiverId: seat.otherId,
        cost,
      };
    });
  }
}

/** The sender's seat in a conversation, with what sending needs to know, from one query. */
interface Seat {
  otherId: number;
  /** The sender's country, which sets the price. */
  country: string | null;
  pair: PairState;
  /**
   * The sender's first message was counted, or they had sent one before (anywhere; the previous
   * release did not set the flag): this one is not their first.
   */
  hasSent: boolean;
  /** Where the sender came from, for the first message's figures. */
  origin: MemberOrigin;
}

/**
 * The seat of `memberId` in the conversation, the sender's country and how the two members stand
 * (pairState's rules), in one statement: each statement is a round trip inside the transaction
 * that the other member's screen waits on. Undefined when the member has no seat there.
 */
async function seatOf(
  trx: Transaction<Database>,
  conversationId: number,
  memberId: number,
): Promise<Seat | undefined> {
  const other = sql<number>`case when c.member_a = ${memberId} then c.member_b else c.member_a end`;
  const blocked = (by: typeof other | number, whom: typeof other | number) =>
    sql<number>`case when exists (select 1 from blocks b where b.member_id = ${by} and b.blocked_id = ${whom}) then 1 else 0 end`;
  const row = await trx
    .selectFrom('conversation_members as cm')
    .innerJoin('conversations as c', 'c.id', 'cm.conversation_id')
    .innerJoin('members as s', 's.id', 'cm.member_id')
    .leftJoin('members as o', (join) => join.on(sql<boolean>`o.id = ${other}`))
    .select([
      other.as('other_id'),
      's.country',
      'o.id as other_row',
      'o.status as other_status',
      'o.deleted_at as other_deleted_at',
      blocked(memberId, other).as('blocked_by_me'),
      blocked(other, memberId).as('blocks_me'),
      sql<number>`case when (s.counted_conversions & ${sql.lit(MEMBER_CONVERSIONS.first_message)}) <> 0 or exists (select 1 from messages sent where sent.sender_id = ${memberId}) then 1 else 0 end`.as(
        'has_sent',
      ),
      's.trafficsource',
      's.language',
      's.signup_design',
      's.signup_slug',
    ])
    .where('cm.conversation_id', '=', conversationId)
    .where('cm.member_id', '=', memberId)
    .executeTakeFirst();
  if (!row) return undefined;
  const otherRow =
    row.other_row === null || row.other_status === null
      ? undefined
      : { status: row.other_status, deleted_at: row.other_deleted_at };
  return {
    otherId: Number(row.other_id),
    country: row.country,
    pair: toPairState(otherRow, Number(row.blocked_by_me) === 1, Number(row.blocks_me) === 1),
    hasSent: Number(row.has_sent) === 1,
    origin: {
      trafficsource: row.trafficsource,
      language: row.language,
      country: row.country,
      signup_design: row.signup_design,
      signup_slug: row.signup_slug,
    },
  };
}
