/**
 * Chat messages (DESIGN §3, §4): loading a conversation page by page and sending with an
 * optimistic row that is queued, sent, or failed (then retried or discarded), reconciled like
 * likes through the actions channel. Live messages and receipts are in live-messages.ts, the
 * receipts this device sends in delivery-acks.ts.
 */
import { ChatMessage, ChatMessagesResponse, SendMessageBody } from '../src/shared/contract/chat';
import type { z } from 'zod';
import { ACTION_HEADER, MEMBER_HEADER } from '../src/shared/offline-protocol';
import type { MessageRow } from '../src/db/db';
import { messageRowOf } from '../src/db/message-rows';
import { kvGet } from '../src/db/kv';
import { confirmAction, failAction, nextSeq } from './actions';
import type { SyncContext } from './context';
import { syncError, toSyncError } from './errors';
import { isStorageFull } from './quota-guard';
import { currentMemberId } from './session';

export const CHAT_PATH = '/api/chat.php';

type SendBody = z.output<typeof SendMessageBody>;

/** How a send ended; the row with key `clientId` shows it. */
export interface SendOutcome {
  status: 'sent' | 'queued';
  clientId: string;
}

/**
 * `row` as the server sent it, with the receipts of the stored row kept: a message once delivered
 * or read never goes back. An answer the server made just before the other member read the
 * message can be written after the read event was applied here; without this it would put
 * "Delivered" back under a message that was read (seen on a loaded machine in
 * tests/e2e/chat.spec.ts).
 */
export function keepReceipts(row: MessageRow, stored: MessageRow | undefined): MessageRow {
  if (!stored) return row;
  return {
    ...row,
    delivered_at: row.delivered_at ?? stored.delivered_at,
    read_at: row.read_at ?? stored.read_at,
  };
}

/** `rows` with the receipts of their stored rows kept (keepReceipts); inside the writing transaction. */
async function withKeptReceipts(db: SyncContext['db'], rows: MessageRow[]): Promise<MessageRow[]> {
  const stored = await db.messages.bulkGet(rows.map((row) => row.key));
  return rows.map((row, i) => keepReceipts(row, stored[i]));
}

/** Hands messages of one conversation to the open pages (src/shared/page-lane.ts). */
export function handOver(
  ctx: SyncContext,
  memberId: number,
  conversation: number,
  rows: MessageRow[],
): void {
  ctx.announce?.({ type: 'messages', memberId, conversation, rows });
}

/**
 * GET /api/chat.php?conversation=ID (the newest page) or with `before` (the page of older messages
 * before that server id). Stores them; local unsent ones stay. Resolves with how many arrived.
 */
export async function loadMessages(
  ctx: SyncContext,
  conversation: number,
  before?: number,
  { markRead = true }: { markRead?: boolean } = {},
): Promise<number> {
  const { db } = ctx;
  const stamp = (await kvGet(db, 'session'))?.changedAt;
  let response;
  try {
    response = await ctx.http.send({
      method: 'GET',
      path: CHAT_PATH,
      // read=0: a background refresh must not tell the other member their messages were read.
      query: { conversation, before, read: markRead ? undefined : 0 },
    });
  } catch (error) {
    if (toSyncError(error).kind === 'auth') ctx.recheckUser();
    throw error;
  }
  const parsed = ChatMessagesResponse.safeParse(response.data);
  if (!parsed.success) throw syncError('validation', `GET ${CHAT_PATH} answered off-contract`);
  const rows = parsed.data.msg.map(messageRowOf);
  try {
    await db.transaction('rw', db.messages, db.kv, async () => {
      if ((await kvGet(db, 'session'))?.changedAt !== stamp) return; // someone else's session now
      await db.messages.bulkPut(await withKeptReceipts(db, rows));
    });
  } catch (error) {
    if (!isStorageFull(error)) throw error;
    // No room even after the trim (the member was told): the open conversation shows the page
    // from the lane, so reading and answering go on while the device cannot keep them.
    const session = await kvGet(db, 'session');
    if (session && session.changedAt === stamp && session.memberId !== null) {
      handOver(ctx, session.memberId, conversation, rows);
    }
  }
  return rows.length;
}

/** A message ready to be written and sent: the session member, the validated body, and when. */
export interface PreparedMessage {
  memberId: number;
  body: SendBody;
  /** Epoch ms of the send: the row's time and its order, whenever the row is written. */
  at: number;
}

/**
 * Checks the session and the text and gives the message its client id (the page's, when it chose
 * one to keep the message by until this worker holds it); writes nothing.
 */
export async function prepareMessage(
  ctx: SyncContext,
  conversation: number,
  text: string,
  { clientId = ctx.uuid(), at = Date.now() }: { clientId?: string; at?: number } = {},
): Promise<PreparedMessage> {
  const memberId = await currentMemberId(ctx);
  if (memberId === null) throw syncError('auth', 'Log in to send messages');
  const body = SendMessageBody.safeParse({ conversation, message: text, client_id: clientId });
  if (!body.success)
    throw syncError('validation', body.error.issues[0]?.message ?? 'Invalid message');
  return { memberId, body: body.data, at };
}

/** The optimistic row and its action, with the sequence number, in one transaction. */
export async function writeQueuedRow(
  ctx: SyncContext,
  { memberId, body, at: now }: PreparedMessage,
  replaces?: string,
): Promise<void> {
  const { db } = ctx;
  const { client_id: clientId, conversation } = body;
  await db.transaction('rw', db.messages, db.actions, db.kv, async () => {
    const seq = await nextSeq(db, memberId, now);
    if (replaces !== undefined) {
      await db.messages.delete(replaces);
      await db.actions.delete(replaces);
    }
    await db.messages.put({
      key: clientId,
      id: null,
      conversation,
      sender: memberId,
      msg: body.message,
      client_id: clientId,
      created_at: new Date(now).toISOString(),
      read_at: null,
      delivered_at: null,
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
}

/** Writes the optimistic row and its action; `replaces` is a failed row a retry takes over. */
export async function queueMessage(
  ctx: SyncContext,
  conversation: number,
  text: string,
  replaces?: string,
): Promise<PreparedMessage> {
  const prepared = await prepareMessage(ctx, conversation, text);
  await writeQueuedRow(ctx, prepared, replaces);
  return prepared;
}

/**
 * POST /api/chat.php for a queued row. A refusal is kept on the action: the server's i18n key
 * when it sent one (`chat.no_credits`), `network` without an answer, else its message.
 * `written` is the row's write when it runs alongside the request; the answer waits for it, and
 * `onAnswer` hears that the request has settled (the write may start now).
 */
export async function postMessage(
  ctx: SyncContext,
  memberId: number,
  body: SendBody,
  written: Promise<void> = Promise.resolve(),
  onAnswer: () => void = () => undefined,
): Promise<SendOutcome> {
  const clientId = body.client_id;
  // Awaited below on every path; until then a refused write must not count as unhandled.
  written.catch(() => undefined);
  const posts = postsInFlight(ctx);
  let settled!: (confirmed: boolean) => void;
  posts.set(clientId, new Promise<boolean>((resolve) => (settled = resolve)));
  let confirmed = false;
  try {
    const { outcome, ...sent } = await sendPost(ctx, memberId, body, written, onAnswer);
    confirmed = sent.confirmed;
    return outcome;
  } finally {
    posts.delete(clientId);
    settled(confirmed);
  }
}

/**
 * The messages this worker is posting, by client id: each settles when its POST has been answered
 * and applied, with true when the answer stored the server's row (the live copy adds nothing).
 */
const inFlight = new WeakMap<SyncContext, Map<string, Promise<boolean>>>();

export function postsInFlight(ctx: SyncContext): Map<string, Promise<boolean>> {
  let posts = inFlight.get(ctx);
  if (!posts) inFlight.set(ctx, (posts = new Map()));
  return posts;
}

/** postMessage's request and what its answer does to the row; `confirmed` as in postsInFlight. */
async function sendPost(
  ctx: SyncContext,
  memberId: number,
  body: SendBody,
  written: Promise<void>,
  onAnswer: () => void,
): Promise<{ outcome: SendOutcome; confirmed: boolean }> {
  const clientId = body.client_id;
  let response;
  try {
    response = await ctx.http
      .send({
        method: 'POST',
        path: CHAT_PATH,
        body,
        headers: { [ACTION_HEADER]: '1', [MEMBER_HEADER]: String(memberId) },
      })
      .finally(onAnswer);
  } catch (caught) {
    await written;
    const error = toSyncError(caught);
    const reason = error.key ?? (error.kind === 'network' ? 'network' : error.message);
    await failAction(ctx.db, clientId, reason);
    if (error.kind === 'auth') ctx.recheckUser();
    throw error;
  }
  const status = response.queued ? 'queued' : 'sent';
  try {
    await written;
  } catch {
    // The device had no room for the row (the member was told) but the message is on its way:
    // answering with an error would give the text back to send a second time. The server's copy
    // reaches the open conversation through the lane, so the member sees what they sent.
    const sent = ChatMessage.safeParse(response.data);
    if (sent.success) handOver(ctx, memberId, body.conversation, [messageRowOf(sent.data)]);
    return { outcome: { status, clientId }, confirmed: false };
  }
  const confirmed = status === 'sent' && (await confirmAction(ctx.db, clientId, response.data));
  return { outcome: { status, clientId }, confirmed };
}

/**
 * How long the sender's own row waits before it is written, ms, unless the answer comes first. The
 * request leaves first: on one device the write and the request share the browser's storage and
 * network thread, and a write started at once delays the request by about as long as it takes.
 * The member still sees their message well within the 100 ms that feels instant.
 */
export const OWN_ROW_DELAY_MS = 20;

/**
 * POST /api/chat.php with a client id. The optimistic row is written while the request is on its
 * way (after OWN_ROW_DELAY_MS, or at the answer if that is sooner), so the other member's screen
 * does not wait on this device's disk; the answer is applied once the row is there. Either way
 * the message is kept: in this database or, when the request could not go, in the service
 * worker's queue. Until then the page keeps it under `clientId` (a reload in between would end
 * this worker), and hands it back through recoverMessage.
 */
export async function sendMessage(
  ctx: SyncContext,
  conversation: number,
  text: string,
  clientId?: string,
): Promise<SendOutcome> {
  const prepared = await prepareMessage(ctx, conversation, text, { clientId });
  let answered!: () => void;
  const answer = new Promise<void>((resolve) => (answered = resolve));
  const leaving = new Promise<void>((resolve) => setTimeout(resolve, OWN_ROW_DELAY_MS));
  const written = Promise.race([answer, leaving]).then(() => writeQueuedRow(ctx, prepared));
  return postMessage(ctx, prepared.memberId, prepared.body, written, answered);
}

/** A failed row that retry or discard may act on; anything else is refused. */
async function failedRow(ctx: SyncContext, key: string): Promise<MessageRow> {
  const row = await ctx.db.messages.get(key);
  if (!row || row.status !== 'failed') {
    throw syncError('validation', 'Only a message that failed can be retried or discarded');
  }
  return row;
}

/**
 * Sends a failed message again under a new client id (the server keys the refused one by the old
 * id); the new row replaces the failed one in the same transaction, so the text is never lost.
 */
export async function retryMessage(ctx: SyncContext, key: string): Promise<SendOutcome> {
  const row = await failedRow(ctx, key);
  const { memberId, body } = await queueMessage(ctx, row.conversation, row.msg, key);
  return postMessage(ctx, memberId, body);
}

/** Drops a failed message and its action: the member chose not to send it. */
export async function discardMessage(ctx: SyncContext, key: string): Promise<void> {
  await failedRow(ctx, key);
  const { db } = ctx;
  await db.transaction('rw', db.messages, db.actions, async () => {
    await db.messages.delete(key);
    await db.actions.delete(key);
  });
}
