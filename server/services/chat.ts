/**
 * Chat rules (SPEC §4, DESIGN §4 and §6) on top of the chat repositories: who may talk to whom,
 * what a message costs, when a message counts as delivered, and the live events and notification
 * mails each change causes.
 *
 * Delivered means a device of the receiver got the message: their worker fetched a page of the
 * conversation holding it, acknowledged it from the live event stream (PUT ?delivered=1), or their
 * chat list poll reported the conversation up to it. Read implies delivered.
 */
import type { FastifyInstance } from 'fastify';
import {
  CHAT_PAGE_SIZE,
  type ChatDeliveredBody,
  type ChatListEntry,
  type ChatMessage,
  type ChatMessagesResponse,
  type SendMessageBody,
} from '../../src/shared/contract/chat';
import { type LiveEvent } from '../../src/shared/contract/live-events';
import { HttpError } from '../lib/http-error';
import type { Membership } from '../repositories/chat.repository';
import type { PairState } from '../repositories/member-sql';
import { messageCredits } from './chat-credits';
import { mailNewMessage } from './notification-mails';

/** One answer for a conversation that is not the member's, whether it exists or not (no IDOR). */
const UNKNOWN_CONVERSATION = () =>
  new HttpError(404, 'You have no conversation with this id', 'chat.unknown_conversation');
/** Deleted or banned: to the other member they are simply gone. */
const GONE = () => new HttpError(410, 'This member is no longer available', 'chat.profile_gone');
const BLOCKED_BY_ME = () =>
  new HttpError(403, 'You blocked this member; unblock them to chat', 'chat.blocked');
const BLOCKS_ME = () =>
  new HttpError(403, 'This member does not accept messages from you', 'chat.blocked_by_member');

/** Why two members may not talk, or null when they may. */
export function talkRefusal(pair: PairState): HttpError | null {
  if (pair.blockedByMe) return BLOCKED_BY_ME();
  if (pair.blocksMe) return BLOCKS_ME();
  if (!pair.visible) return GONE();
  return null;
}

/**
 * The member's seat in the conversation, or a 404; a 403 while either blocks the other; a 410
 * while the other member is banned (their messages come back with an unban).
 */
async function seatOf(
  app: FastifyInstance,
  memberId: number,
  conversationId: number,
): Promise<Membership> {
  const seat = await app.repos.chat.membership(conversationId, memberId);
  if (!seat) throw UNKNOWN_CONVERSATION();
  const pair = await app.repos.chat.pair(memberId, seat.otherId);
  if (pair.blockedByMe) throw BLOCKED_BY_ME();
  if (pair.blocksMe) throw BLOCKS_ME();
  if (!pair.visible) throw GONE();
  return seat;
}

/** GET ?profile=ID: the conversation with that member, created when missing. */
export async function startChat(
  app: FastifyInstance,
  memberId: number,
  profileId: number,
): Promise<{ id: number }> {
  if (profileId === memberId) {
    throw new HttpError(400, 'You cannot start a chat with yourself', 'chat.self');
  }
  const pair = await app.repos.chat.pair(memberId, profileId);
  if (!pair.exists) throw new HttpError(404, 'No member has this id', 'chat.unknown_profile');
  // A member who blocked you looks gone, as in search and likes, so the block is not revealed.
  if (pair.blocksMe) throw GONE();
  const refusal = talkRefusal(pair);
  if (refusal) throw refusal;
  return { id: await app.repos.chat.open(memberId, profileId, Date.now()) };
}

const UNKNOWN_MESSAGE = () =>
  new HttpError(404, 'This conversation has no message with this id', 'chat.unknown_message');

/**
 * Marks the other member's messages up to `upTo` delivered to `memberId` and, when that changed
 * anything, tells the sender with a `delivered` event. Resolves how many were marked.
 */
async function deliver(
  app: FastifyInstance,
  seat: Membership,
  memberId: number,
  upTo: number,
  now: number,
): Promise<number> {
  const marked = await app.repos.chat.markDelivered(seat.conversationId, memberId, upTo, now);
  if (marked > 0) {
    await app.realtime.publish(seat.otherId, {
      type: 'delivered',
      conversation: seat.conversationId,
      by: memberId,
      up_to: upTo,
      delivered_at: new Date(now).toISOString(),
    });
  }
  return marked;
}

/** Options of a messages page. */
export interface PageOptions {
  conversation: number;
  before: number | null;
  /** Mark the conversation read (the default for the newest page). */
  markRead: boolean;
}

/**
 * GET ?conversation=ID: one page of messages, oldest first. Reading the newest page marks the
 * conversation read and tells the other member which of their messages were read.
 */
export async function readMessages(
  app: FastifyInstance,
  memberId: number,
  opts: PageOptions,
): Promise<ChatMessagesResponse> {
  const seat = await seatOf(app, memberId, opts.conversation);
  if (
    opts.before !== null &&
    !(await app.repos.chat.hasMessage(seat.conversationId, opts.before))
  ) {
    throw UNKNOWN_MESSAGE();
  }
  if (opts.before === null && opts.markRead) {
    const now = Date.now();
    const mark = await app.repos.chat.markRead(seat.conversationId, memberId, now);
    if (mark.marked > 0) {
      const read: LiveEvent = {
        type: 'read',
        conversation: seat.conversationId,
        by: memberId,
        ...(mark.upTo !== null && { up_to: mark.upTo }),
        read_at: new Date(now).toISOString(),
      };
      // The reader's other tabs and devices drop their unread count too.
      await Promise.all([
        app.realtime.publish(seat.otherId, read),
        app.realtime.publish(memberId, { type: 'chat', conversation: seat.conversationId }),
      ]);
    }
  }
  const page = await app.repos.chat.page(seat.conversationId, opts.before, CHAT_PAGE_SIZE);
  // This page reaches the member's device: whatever of the other side's it holds is delivered.
  const undelivered = page.messages.filter((m) => m.sender !== memberId && !m.delivered_at);
  if (undelivered.length > 0) {
    const now = Date.now();
    await deliver(app, seat, memberId, Math.max(...undelivered.map((m) => m.id)), now);
    const at = new Date(now).toISOString();
    for (const message of undelivered) message.delivered_at = at;
  }
  return { conversation: seat.conversationId, msg: page.messages, has_more: page.hasMore };
}

/**
 * PUT ?delivered=1: the member's device got the other side's messages up to `up_to` (from the
 * live event stream). Idempotent: a repeat marks nothing and sends no event.
 */
export async function acknowledgeDelivery(
  app: FastifyInstance,
  memberId: number,
  body: ChatDeliveredBody,
): Promise<{ conversation: number; up_to: number; marked: number }> {
  const seat = await seatOf(app, memberId, body.conversation);
  if (!(await app.repos.chat.hasMessage(seat.conversationId, body.up_to))) throw UNKNOWN_MESSAGE();
  const marked = await deliver(app, seat, memberId, body.up_to, Date.now());
  return { conversation: seat.conversationId, up_to: body.up_to, marked };
}

/**
 * GET /api/chats.php: the member's list. It shows each conversation up to its last message, so
 * the other side's messages up to there reach this device: undelivered ones become delivered.
 * The check for undelivered messages is a read, so an unchanged poll writes nothing.
 */
export async function listChats(
  app: FastifyInstance,
  memberId: number,
  today: string,
): Promise<ChatListEntry[]> {
  const listed = await app.repos.chats.listWithLast(memberId, today);
  const pending = await app.repos.chats.undelivered(memberId);
  if (pending.size > 0) {
    const now = Date.now();
    for (const { entry, lastMessageId } of listed) {
      const newest = pending.get(entry.conversation.id);
      if (newest === undefined || lastMessageId === null) continue;
      const seat = { conversationId: entry.conversation.id, otherId: entry.profile.id };
      await deliver(app, seat, memberId, Math.min(newest, lastMessageId), now);
    }
  }
  return listed.map((listed) => listed.entry);
}

/**
 * POST: stores and charges the message once per (member, client_id); a repeat answers the stored
 * message and charges nothing. Both members get a `message` event with the message; a receiver
 * who is not live may get the unread-messages mail, with links on `origin`.
 */
export async function sendMessage(
  app: FastifyInstance,
  memberId: number,
  body: SendMessageBody,
  origin: string,
): Promise<ChatMessage> {
  const costs = app.config.site.minimum_message_costs;
  const outcome = await app.repos.chatSend.send(
    {
      memberId,
      conversationId: body.conversation,
      body: body.message,
      clientId: body.client_id,
      now: Date.now(),
      costFor: (country) => messageCredits(costs, country),
    },
    {
      notMember: UNKNOWN_CONVERSATION,
      refuse: talkRefusal,
      noCredits: (cost) =>
        new HttpError(
          402,
          `Sending a message costs ${cost} credit${cost === 1 ? '' : 's'}; buy credits to continue`,
          'chat.no_credits',
        ),
    },
  );
  if (outcome.repeat) {
    if (outcome.message.conversation !== body.conversation) {
      throw new HttpError(
        409,
        'This client_id was already used for a message in another conversation',
        'chat.client_id_reused',
      );
    }
    return outcome.message;
  }
  const event: LiveEvent = {
    type: 'message',
    conversation: outcome.message.conversation,
    message: outcome.message,
  };
  await Promise.all([
    app.realtime.publish(outcome.receiverId, event),
    app.realtime.publish(memberId, event),
  ]);
  // The balance changed: the sender's user (credits) is stale on their other devices.
  if (outcome.cost > 0) await app.realtime.publish(memberId, { type: 'user' });
  await mailNewMessage(app, origin, outcome.receiverId, outcome.message);
  return outcome.message;
}

/** DELETE: the conversation leaves the member's list until a new message arrives. */
export async function deleteChat(
  app: FastifyInstance,
  memberId: number,
  conversationId: number,
): Promise<{ conversation: number; deleted: true }> {
  if (!(await app.repos.chat.hide(conversationId, memberId, Date.now()))) {
    throw UNKNOWN_CONVERSATION();
  }
  await app.realtime.publish(memberId, { type: 'chat', conversation: conversationId });
  return { conversation: conversationId, deleted: true };
}
