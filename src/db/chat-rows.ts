/**
 * The chat list's rows made from the server's entries: what the sync worker stores, and what the
 * list draws from the page's first answers before it has. Pure, so both say the same.
 */
import type { ChatListEntry } from '../shared/contract/chat';
import type { ChatRow } from './db';
import { byIsoTime } from '../shared/iso-order';

/** Server entries as rows; a conversation opened since its last change stays at 0 unread. */
export function chatRowsOf(
  entries: ChatListEntry[],
  local: ReadonlyMap<number, ChatRow> = new Map(),
  now = Date.now(),
): ChatRow[] {
  return entries.map((entry) => {
    const seen = local.get(entry.conversation.id)?.seenUpdatedAt ?? null;
    const unchanged = seen !== null && seen === entry.conversation.updated_at;
    return {
      ...entry,
      id: entry.conversation.id,
      num_unread_messages: unchanged ? 0 : entry.num_unread_messages,
      seenUpdatedAt: unchanged ? seen : null,
      updatedAt: now,
    };
  });
}

/** The list's order: the most recent conversation first. */
export function byRecentActivity(a: ChatRow, b: ChatRow): number {
  return byIsoTime(b.conversation.updated_at, a.conversation.updated_at);
}
