/**
 * Likes and messages whose request never left, or never came back: the page was reloaded or
 * closed, and its worker ended, while the request was on its way to the service worker. Their
 * action stays queued on this device and no queue holds the request. Once the server answers a
 * poll, the leader sends each one again under its own client id, which the server dedupes on,
 * so an action that did arrive (or that the service worker still holds) is not applied twice.
 */
import type { ActionRow } from '../src/db/db';
import type { SyncContext } from './context';
import { postLike } from './likes';
import { postMessage } from './messages';
import { currentMemberId } from './session';

/**
 * How long an action waits queued before it counts as stranded: longer than a request may take
 * (REQUEST_TIMEOUT_MS) and than the service worker's replay after the server is reached.
 */
export const STRANDED_AFTER_MS = 30_000;

/** What to send again, claimed in one transaction so a second worker finds nothing to take. */
type Claimed =
  | { kind: 'message'; action: ActionRow; conversation: number; text: string }
  | { kind: 'like' | 'unlike'; action: ActionRow; profileId: number; liked: boolean };

/** This member's actions still waiting for the server. */
async function queuedOf(ctx: SyncContext, memberId: number): Promise<ActionRow[]> {
  const queued = await ctx.db.actions.where('status').equals('queued').toArray();
  return queued.filter((action) => action.memberId === memberId);
}

/** When an action counts as stranded: STRANDED_AFTER_MS after it was made or last sent again. */
const strandedAt = (action: ActionRow) => (action.resentAt ?? action.createdAt) + STRANDED_AFTER_MS;

async function claim(
  ctx: SyncContext,
  now: number,
): Promise<{ memberId: number; claimed: Claimed[] } | null> {
  const { db } = ctx;
  return db.transaction('rw', db.kv, db.actions, db.messages, db.likes, async () => {
    const memberId = await currentMemberId(ctx);
    if (memberId === null) return null;
    const stranded = (await queuedOf(ctx, memberId))
      .filter((action) => strandedAt(action) <= now)
      .sort((a, b) => a.seq - b.seq);
    const claimed: Claimed[] = [];
    for (const action of stranded) {
      const item = await toSend(ctx, action);
      if (item) {
        await db.actions.update(action.clientId, { resentAt: now });
        claimed.push(item);
      } else {
        // Its row is gone, or a newer like of the same member replaced it: nothing to send.
        await db.actions.delete(action.clientId);
      }
    }
    return { memberId, claimed };
  });
}

async function toSend(ctx: SyncContext, action: ActionRow): Promise<Claimed | null> {
  if (action.kind === 'message') {
    const row = await ctx.db.messages.get(action.clientId);
    if (!row || row.status !== 'queued') return null;
    return { kind: 'message', action, conversation: row.conversation, text: row.msg };
  }
  if (action.profileId === null) return null;
  const row = await ctx.db.likes.get(action.profileId);
  if (!row || row.clientId !== action.clientId) return null;
  return { kind: action.kind, action, profileId: action.profileId, liked: row.liked };
}

/** Sends this member's stranded actions again, oldest first; resolves how many were sent. */
export async function resendStrandedActions(ctx: SyncContext, now = Date.now()): Promise<number> {
  const taken = await claim(ctx, now);
  if (!taken) return 0;
  const { memberId, claimed } = taken;
  let sent = 0;
  for (const item of claimed) {
    const { clientId, seq } = item.action;
    try {
      if (item.kind === 'message') {
        const body = { conversation: item.conversation, message: item.text, client_id: clientId };
        await postMessage(ctx, memberId, body);
      } else {
        await postLike(ctx, memberId, {
          clientId,
          kind: item.kind,
          profileId: item.profileId,
          seq,
          liked: item.liked,
        });
      }
      sent++;
    } catch {
      // The send stored its outcome on the row (a failed bubble, a reverted like).
    }
  }
  return sent;
}

/**
 * How long until the next of this member's queued actions counts as stranded, ms; null when none
 * waits. The leader asks the server again then, rather than at its next poll (up to 5 minutes).
 */
export async function nextStrandedIn(ctx: SyncContext, now = Date.now()): Promise<number | null> {
  const memberId = await currentMemberId(ctx);
  if (memberId === null) return null;
  const waiting = await queuedOf(ctx, memberId);
  if (waiting.length === 0) return null;
  return Math.max(0, Math.min(...waiting.map(strandedAt)) - now);
}

/**
 * The leader's side: after each poll that reached the server, sends what is stranded, and asks
 * the server again (`askServer`, a user poll, which proves it is reachable) when the next queued
 * action comes of age.
 */
export function watchStrandedActions(
  ctx: SyncContext,
  { askServer, polling }: { askServer: () => void; polling: () => boolean },
) {
  let next: ReturnType<typeof setTimeout> | undefined;
  return {
    async afterServerReached(): Promise<void> {
      await resendStrandedActions(ctx);
      const wait = await nextStrandedIn(ctx);
      clearTimeout(next);
      if (wait !== null && polling()) next = setTimeout(askServer, Math.max(wait, 1000));
    },
    stop: () => clearTimeout(next),
  };
}
