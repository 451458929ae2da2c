/**
 * Chats (SPEC §4 "Likes and chats", §8): the polled chat list, starting and opening a conversation
 * (unread to 0 here at once), deleting one (the list reloads afterwards, also after a failure),
 * and blocking or reporting the member on the other side.
 */
import type { ChatsResponse } from '../src/shared/contract/chat';
import { COMPLAINT_MESSAGE_MAX, COMPLAINT_REASONS } from '../src/shared/contract/limits';
import { chatRowsOf } from '../src/db/chat-rows';
import { updateBadge } from './badge';
import { pollWithEtag, type PageAnswer } from './conditional';
import type { SyncContext } from './context';
import { syncError, toSyncError, type SyncError } from './errors';

/** Blocking a member (DESIGN §4: a call in the style of SPEC §7). */
export const BLOCK_PATH = '/api/block.php';
/** Reporting a member to the moderators. */
export const COMPLAINTS_PATH = '/api/complaints.php';

/**
 * GET /api/chats.php with its ETag, or the list the page came with while none is stored; a 403
 * re-fetches the user (SPEC §6).
 */
export async function pollChats(ctx: SyncContext, page?: PageAnswer): Promise<void> {
  const { db } = ctx;
  try {
    const write = async (data: ChatsResponse) => {
      const local = new Map((await db.chats.toArray()).map((row) => [row.id, row]));
      const rows = chatRowsOf(data.chats, local);
      const ids = new Set(rows.map((row) => row.id));
      await db.chats.bulkDelete([...local.keys()].filter((id) => !ids.has(id)));
      await db.chats.bulkPut(rows);
      await db.profiles.bulkPut(data.chats.map((entry) => entry.profile));
    };
    const outcome = await pollWithEtag(ctx, 'chats', [db.chats, db.profiles], write, page);
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

/**
 * GET /api/chat.php?profile=: the conversation with a member, made by the server when new (SPEC
 * §7). The list is refreshed so the conversation screen has its header at once.
 */
export async function startChat(ctx: SyncContext, profileId: number): Promise<number> {
  let id: number;
  try {
    ({
      data: { id },
    } = await ctx.http.call('startChat', { query: { profile: profileId } }));
  } catch (error) {
    if (toSyncError(error).kind === 'auth') ctx.recheckUser();
    throw error;
  }
  try {
    await pollChats(ctx);
  } catch {
    // The conversation exists; the header fills in on the next poll.
  }
  return id;
}

/** One of the contract's complaint reasons (the page translates them). */
export type ReportReason = (typeof COMPLAINT_REASONS)[number];

/**
 * POST /api/block.php {profile}, then everything of that member leaves this device: their
 * conversations and messages, the likes either way, and their place in stored searches.
 */
export async function block(ctx: SyncContext, profileId: number): Promise<void> {
  const { db } = ctx;
  await ctx.http.send({ method: 'POST', path: BLOCK_PATH, body: { profile: profileId } });
  const tables = [db.chats, db.messages, db.likes, db.likedBy, db.searchPages, db.profileDetails];
  await db.transaction('rw', tables, async () => {
    const chats = await db.chats.filter((row) => row.profile.id === profileId).primaryKeys();
    await db.chats.bulkDelete(chats);
    await db.messages.where('conversation').anyOf(chats).delete();
    await db.likes.delete(profileId);
    await db.likedBy.delete(profileId);
    await db.profileDetails.delete(profileId);
    await db.searchPages
      .filter((page) => page.results.includes(profileId))
      .modify((page) => {
        page.results = page.results.filter((id) => id !== profileId);
      });
  });
  await updateBadge(ctx);
}

/** POST /api/complaints.php {profile, reason, message}: a report for the moderators. */
export async function report(
  ctx: SyncContext,
  profileId: number,
  reason: ReportReason,
  message = '',
): Promise<void> {
  if (!(COMPLAINT_REASONS as readonly string[]).includes(reason))
    throw syncError('validation', 'Choose a reason');
  const text = message.trim();
  if (text.length > COMPLAINT_MESSAGE_MAX) throw syncError('validation', 'The text is too long');
  await ctx.http.send({
    method: 'POST',
    path: COMPLAINTS_PATH,
    body: { profile: profileId, reason, message: text },
  });
}
