/**
 * Messages a page handed back after a reload: sendMessage's row is written a moment after the
 * request leaves (OWN_ROW_DELAY_MS), and a page reloaded in between ends this worker before it
 * holds the message anywhere. The page keeps each message it sent until the send settled; what it
 * still kept when it loaded again comes here, under the same client id, so the server (which keys
 * a message by sender and client id) stores it once whether or not the first request arrived.
 */
import type { SyncContext } from './context';
import { postMessage, prepareMessage, writeQueuedRow } from './messages';
import { currentMemberId } from './session';

/** A message as the page kept it, from Enter until the worker's send settled. */
export interface UnsentMessage {
  member: number;
  conversation: number;
  text: string;
  clientId: string;
  /** Epoch ms of the Enter: the row's time, so it keeps its place among the member's messages. */
  at: number;
}

/**
 * `held`: this device holds the message now (it did already, or its row was just queued and the
 * send started); the page may forget it. `other-member`: it belongs to a member not logged in.
 */
export type RecoveryOutcome = 'held' | 'other-member';

export async function recoverMessage(
  ctx: SyncContext,
  unsent: UnsentMessage,
): Promise<RecoveryOutcome> {
  const member = await currentMemberId(ctx);
  if (member !== unsent.member) return 'other-member';
  const { db } = ctx;
  const known = await db.transaction('r', db.messages, db.actions, async () =>
    Promise.all([db.messages.get(unsent.clientId), db.actions.get(unsent.clientId)]),
  );
  if (known.some((row) => row !== undefined)) return 'held';
  const prepared = await prepareMessage(ctx, unsent.conversation, unsent.text, unsent);
  await writeQueuedRow(ctx, prepared);
  // The row is queued: how the send ends shows on its bubble, like any queued message.
  postMessage(ctx, prepared.memberId, prepared.body).catch(() => undefined);
  return 'held';
}
