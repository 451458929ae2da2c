/**
 * Chat messages (DESIGN §3, §4): loading a conversation and sending with an optimistic row that
 * is queued, sent, or failed, reconciled like likes through the actions channel.
 */
import {
  ChatMessagesResponse,
  SendMessageBody,
  type ChatMessage,
  type LiveEvent,
} from '../src/api/contract';
import { ACTION_HEADER, MEMBER_HEADER } from '../src/api/offline-protocol';
import type { MessageRow } from '../src/db/db';
import { kvGet } from '../src/db/kv';
import { confirmAction, failAction, nextSeq } from './actions';
import type { SyncContext } from './context';
import { syncError, toSyncError } from './errors';
import { currentMemberId } from './session';

export const CHAT_PATH = '/api/chat.php';

/** How a send ended; the row with key `clientId` shows it. */
export interface SendOutcome {
  status: 'sent' | 'queued';
  clientId: string;
}

const rowOf = (message: ChatMessage): MessageRow => ({
  ...message,
  key: message.client_id ?? `id:${message.id}`,
  status: 'sent',
});

/** GET /api/chat.php?conversation=ID: stores the messages; local unsent ones stay. */
export async function loadMessages(ctx: SyncContext, conversation: number): Promise<number> {
  const { db } = ctx;
  const stamp = (await kvGet(db, 'session'))?.changedAt;
  let response;
  try {
    response = await ctx.http.send({ method: 'GET', path: CHAT_PATH, query: { conversation } });
  } catch (error) {
    if (toSyncError(error).kind === 'auth') ctx.recheckUser();
    throw error;
  }
  const parsed = ChatMessagesResponse.safeParse(response.data);
  if (!parsed.success) throw syncError('validation', `GET ${CHAT_PATH} answered off-contract`);
  await db.transaction('rw', db.messages, db.kv, async () => {
    if ((await kvGet(db, 'session'))?.changedAt !== stamp) return; // someone else's session now
    await db.messages.bulkPut(parsed.data.msg.map(rowOf));
  });
  return parsed.data.msg.length;
}

/**
 * A live `message` or `read` event for a conversation this browser holds: store the message the
 * event carries, or refetch the conversation. Others wait until they are opened.
 */
export async function applyConversationEvent(
  ctx: SyncContext,
  event: Extract<LiveEvent, { type: 'message' | 'read' }>,
): Promise<void> {
  const { db } = ctx;
  const cached = await db.messages.where('conversation').equals(event.conversation).count();
  if (cached === 0) return;
  if (event.type === 'message' && event.message) await db.messages.put(rowOf(event.message));
  else await loadMessages(ctx, event.conversation);
}

/** POST /api/chat.php with a client id; the optimistic row appears at once. */
export async function sendMessage(
  ctx: SyncContext,
  conversation: number,
  text: string,
): Promise<SendOutcome> {
  const { db } = ctx;
  const memberId = await currentMemberId(ctx);
  if (memberId === null) throw syncError('auth', 'Log in to send messages');
  const clientId = ctx.uuid();
  const body = SendMessageBody.safeParse({ conversation, message: text, client_id: clientId });
  if (!body.success)
    throw syncError('validation', body.error.issues[0]?.message ?? 'Invalid message');
  const seq = await nextSeq(db, memberId);
  const now = Date.now();
  await db.transaction('rw', db.messages, db.actions, async () => {
    await db.messages.put({
      key: clientId,
      id: null,
      conversation,
      sender: memberId,
      msg: body.data.message,
      client_id: clientId,
      created_at: new Date(now).toISOString(),
      read_at: null,
      status: 'queued',
    });
    await db.actions.put({
      clientId,
      kind: 'message',
      memberId,
      seq,
      profileId: null,
      conversation,
      status: 'queued',
      error: null,
      createdAt: now,
      prevLiked: null,
    });
  });
  try {
    const response = await ctx.http.send({
      method: 'POST',
      path: CHAT_PATH,
      body: body.data,
      headers: { [ACTION_HEADER]: '1', [MEMBER_HEADER]: String(memberId) },
    });
    if (response.queued) return { status: 'queued', clientId };
    await confirmAction(db, clientId, response.data);
    return { status: 'sent', clientId };
  } catch (caught) {
    const error = toSyncError(caught);
    await failAction(db, clientId, error.message);
    if (error.kind === 'auth') ctx.recheckUser();
    throw error;
  }
}
