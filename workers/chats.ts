/**
 * Chats (SPEC §4 "Likes and chats", §8): the polled chat list, opening a conversation (unread to
 * 0 here at once) and deleting one (the list reloads afterwards, also after a failure).
 */
import type { ChatListEntry } from '../src/api/contract';
import type { ChatRow } from '../src/db/db';
import { updateBadge } from './badge';
import { pollWithEtag } from './conditional';
import type { SyncContext } from './context';
import { toSyncError, type SyncError } from './errors';

/** Server entries as rows; a conversation opened since its last change stays at 0 unread. */
function toRows(entries: ChatListEntry[], local: Map<number, ChatRow>): ChatRow[] {
  const now = Date.now();
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

/** GET /api/chats.php with its ETag; a 403 re-fetches the user (SPEC §6). */
export async function pollChats(ctx: SyncContext): Promise<void> {
  const { db } = ctx;
  try {
    const outcome = await pollWithEtag(ctx, 'chats', [db.chats, db.profiles], async (data) => {
      const local = new Map((await db.chats.toArray()).map((row) => [row.id, row]));
      const rows = toRows(data.chats, local);
      const ids = new Set(rows.map((row) => row.id));
      await db.chats.bulkDelete([...local.keys()].filter((id) => !ids.has(id)));
      await db.chats.bulkPut(rows);
      await db.profiles.bulkPut(data.chats.map((entry) => entry.profile));
    });
    if (outcome.changed) await updateBadge(ctx);
  } catch (error) {
    if (toSyncError(error).kind === 'auth') ctx.recheckUser();
    throw error;
  }
}

/** Opening a conversation sets its unread count to 0 (SPEC §4); the server follows on read. */
export async function openChat(ctx: SyncContext, conversationId: number): Promise<void> {
  const { db } = ctx;
  await db.transaction('rw', db.chats, async () => {
    const row = await db.chats.get(conversationId);
    if (!row) return;
    await db.chats.update(conversationId, {
      num_unread_messages: 0,
      seenUpdatedAt: row.conversation.updated_at,
    });
  });
  await updateBadge(ctx);
}

/**
 * DELETE /api/chat.php, then the chat list reloads whatever happened (SPEC §4, §8); a failure
 * rejects afterwards so the page can show its alert.
 */
export async function deleteChat(ctx: SyncContext, conversationId: number): Promise<void> {
  const { db } = ctx;
  let failure: SyncError | null = null;
  try {
    await ctx.http.call('deleteChat', { body: { conversation: conversationId } });
    await db.transaction('rw', db.chats, db.messages, async () => {
      await db.chats.delete(conversationId);
      await db.messages.where('conversation').equals(conversationId).delete();
    });
  } catch (error) {
    failure = toSyncError(error);
  }
  try {
    await pollChats(ctx);
  } catch {
    // The reload is best effort; the poller retries and the deletion outcome is what counts.
  }
  await updateBadge(ctx);
  if (failure) throw failure;
}
