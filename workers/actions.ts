/**
 * Actions (DESIGN §3): client sequence numbers, and reconciling optimistic state when the server
 * or the service worker's replay (ACTIONS_CHANNEL delivered/failed) settles an action.
 */
import { ChatMessage } from '../src/shared/contract/chat';
import { ApiError } from '../src/shared/contract/fields';
import { LikeResult } from '../src/shared/contract/likes';
import type { ActionsMessage } from '../src/shared/offline-protocol';
import type { AmoraDb } from '../src/db/db';
import { kvGet, kvPut } from '../src/db/kv';

/**
 * The next client sequence of a member: monotonic, persisted, shared by all tabs, and based on the
 * clock, so an action made later on another device still counts as newer on the server.
 */
export function nextSeq(db: AmoraDb, memberId: number, now = Date.now()): Promise<number> {
  return db.transaction('rw', db.kv, async () => {
    const seq = await unstoredSeq(db, memberId, now);
    await kvPut(db, `seq:${memberId}`, seq);
    return seq;
  });
}

/**
 * The sequences this worker gave out, per database and member: one given to an action the disk
 * had no room for is not stored, and the next one must still come after it.
 */
const issued = new WeakMap<AmoraDb, Map<number, number>>();

/**
 * The next sequence, read and kept in memory only: what nextSeq stores, and what an action gets
 * when this device has no room to store it.
 */
export async function unstoredSeq(
  db: AmoraDb,
  memberId: number,
  now = Date.now(),
): Promise<number> {
  let members = issued.get(db);
  if (!members) issued.set(db, (members = new Map()));
  const last = Math.max((await kvGet(db, `seq:${memberId}`)) ?? 0, members.get(memberId) ?? 0);
  const seq = Math.max(last + 1, now);
  members.set(memberId, seq);
  return seq;
}

/**
 * The server applied an action. `body` is its answer when one arrived. Rows already touched by a
 * newer action keep their state; the action entry is removed. False when there was none.
 */
export async function confirmAction(
  db: AmoraDb,
  clientId: string,
  body: unknown,
): Promise<boolean> {
  return db.transaction('rw', db.actions, db.likes, db.messages, async () => {
    const action = await db.actions.get(clientId);
    if (!action) return false;
    if (action.kind === 'message') {
      const sent = ChatMessage.safeParse(body);
      await db.messages.update(clientId, {
        status: 'sent',
        ...(sent.success ? { id: sent.data.id, created_at: sent.data.created_at } : {}),
      });
    } else if (action.profileId !== null) {
      const row = await db.likes.get(action.profileId);
      if (row?.clientId === clientId) {
        const result = LikeResult.safeParse(body);
        await db.likes.put({
          ...row,
          liked: result.success ? result.data.liked : row.liked,
          status: 'sent',
          updatedAt: Date.now(),
        });
      }
    }
    await db.actions.delete(clientId);
    return true;
  });
}

/** The action finally failed: revert the optimistic like state and keep the error for the UI. */
export async function failAction(db: AmoraDb, clientId: string, error: string): Promise<void> {
  await db.transaction('rw', db.actions, db.likes, db.messages, async () => {
    const action = await db.actions.get(clientId);
    if (!action) return;
    if (action.kind === 'message') {
      await db.messages.update(clientId, { status: 'failed' });
    } else if (action.profileId !== null) {
      const row = await db.likes.get(action.profileId);
      if (row?.clientId === clientId) {
        await db.likes.put({
          ...row,
          liked: action.prevLiked ?? !row.liked,
          status: 'failed',
          updatedAt: Date.now(),
        });
      }
    }
    await db.actions.update(clientId, { status: 'failed', error });
  });
}

function errorText(status: number, body: unknown): string {
  const parsed = ApiError.safeParse(body);
  return parsed.success ? parsed.data.message : `Refused by the server (${status})`;
}

/** Applies a channel message from the service worker; entries of another member are ignored. */
export async function reconcile(db: AmoraDb, message: ActionsMessage): Promise<void> {
  if (message.type !== 'delivered' && message.type !== 'failed' && message.type !== 'queued') {
    return;
  }
  const action = await db.actions.get(message.clientId);
  if (!action || action.memberId !== message.memberId) return;
  if (message.type === 'delivered') await confirmAction(db, message.clientId, message.body);
  else if (message.type === 'failed') {
    await failAction(db, message.clientId, errorText(message.status, message.body));
  } else if (action.status !== 'queued') {
    await db.actions.update(message.clientId, { status: 'queued' });
  }
}
