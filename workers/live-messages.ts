/**
 * Live conversation events (DESIGN §3): a message the stream carries, handed to the open pages and
 * stored; delivery and read receipts applied to own messages, or the conversation refetched.
 */
import type { LiveEvent } from '../src/shared/contract/live-events';
import type { MessageRow } from '../src/db/db';
import type { SyncContext } from './context';
import { messageRowOf } from '../src/db/message-rows';
import { handOver, keepReceipts, loadMessages, postsInFlight } from './messages';
import { knownMemberId } from './session';

/** A live event about one conversation that the worker applies to its stored messages. */
export type ConversationEvent = Extract<LiveEvent, { type: 'message' | 'read' | 'delivered' }>;

/** A receipt as the stored fields it sets on the sender's messages up to a message id. */
function receiptOf(event: ConversationEvent) {
  if (event.type === 'read' && event.up_to !== undefined && event.read_at !== undefined) {
    return { by: event.by, upTo: event.up_to, at: event.read_at, read: true };
  }
  if (event.type === 'delivered') {
    return { by: event.by, upTo: event.up_to, at: event.delivered_at, read: false };
  }
  return null;
}

/**
 * A live `message`, `read` or `delivered` event for a conversation this browser holds: store the
 * message the event carries, apply the receipt, or refetch the conversation. Others wait until
 * they are opened.
 */
export async function applyConversationEvent(
  ctx: SyncContext,
  event: ConversationEvent,
): Promise<void> {
  const { db } = ctx;
  if (event.type === 'message' && event.message) {
    // This device's own message on its way: the POST answer stores the same server row, and the
    // other member's device, which is waiting on its own write, gets the machine meanwhile.
    const posting = event.message.client_id
      ? postsInFlight(ctx).get(event.message.client_id)
      : undefined;
    if (posting && (await posting)) return;
    const row = messageRowOf(event.message);
    // Open pages show it now; the write keeps it, and the screen reads it back a moment later.
    const memberId = await knownMemberId(ctx);
    if (memberId !== null) handOver(ctx, memberId, event.conversation, [row]);
    await storeLiveMessage(ctx, row);
    return;
  }
  const cached = await db.messages.where('conversation').equals(event.conversation).count();
  if (cached === 0) return;
  const receipt = receiptOf(event);
  if (receipt) {
    // Applied as it is: fetching the conversation would mark it read for this member too.
    const { by, upTo, at, read } = receipt;
    await db.messages
      .where('conversation')
      .equals(event.conversation)
      .filter(
        (m) =>
          m.id !== null &&
          m.id <= upTo &&
          m.sender !== by &&
          (read ? m.read_at === null : !m.delivered_at),
      )
      .modify((m) => {
        // Read implies delivered.
        m.delivered_at ??= at;
        if (read) m.read_at = at;
      });
    // A message whose POST answer has not come back has no id to compare yet: ask the server.
    const unanswered = await db.messages
      .where('conversation')
      .equals(event.conversation)
      .filter((m) => m.id === null && m.sender !== by)
      .count();
    if (unanswered > 0) await loadMessages(ctx, event.conversation, undefined, { markRead: false });
  } else await loadMessages(ctx, event.conversation, undefined, { markRead: false });
}

/**
 * A message that came live, in one transaction: the other member's screen waits on this write.
 * Kept only for a conversation this browser holds; the sender's own copy, already confirmed by
 * the POST answer, is not written again (a write re-runs every open view for nothing).
 */
async function storeLiveMessage(ctx: SyncContext, row: MessageRow): Promise<void> {
  const { db } = ctx;
  await db.transaction('rw', db.messages, async () => {
    // Both reads at once: one round trip to the database instead of two.
    const [held, stored] = await Promise.all([
      db.messages.where('conversation').equals(row.conversation).first(),
      db.messages.get(row.key),
    ]);
    const kept = keepReceipts(row, stored);
    if (!held || (stored && sameRow(stored, kept))) return;
    await db.messages.put(kept);
  });
}

/** Whether `stored` already holds every field of `row`. */
function sameRow(stored: MessageRow, row: MessageRow): boolean {
  return (Object.keys(row) as (keyof MessageRow)[]).every((field) => stored[field] === row[field]);
}
