/**
 * A member's complaint without a connection: kept in IndexedDB (kv `complaint:<client id>`, with
 * the screenshot's bytes) and sent when the connection is back, exactly once: it carries a client
 * id the server dedupes on, so a replay after a lost answer gets the first reference again.
 * Visitors' complaints are not queued (nobody could be told the outcome).
 */
import type { DraftPhoto } from '../src/db/db';
import { COMPLAINT_PREFIX, kvPut, type ComplaintDraft, type QueuedComplaint } from '../src/db/kv';
import { sendComplaint } from './complaints';
import type { SyncContext } from './context';
import { toSyncError, type SyncError } from './errors';
import { currentMemberId } from './session';

/** What became of a complaint the page sent. */
export type ComplaintOutcome =
  { status: 'sent'; id: number; reference: string } | { status: 'queued'; clientId: string };

/** No answer, or a server fault: worth sending again later. A refusal is final. */
function retryable(error: SyncError): boolean {
  return error.kind === 'network' || (error.status !== undefined && error.status >= 500);
}

const keyOf = (clientId: string) => `${COMPLAINT_PREFIX}${clientId}` as const;

/**
 * Sends the complaint; a member's that finds no connection (or a failing server) is saved on
 * this device instead and sent by the next flush. A visitor's failure rejects as it is.
 */
export async function submitComplaint(
  ctx: SyncContext,
  draft: ComplaintDraft,
  screenshot: DraftPhoto | null,
  onProgress?: (fraction: number) => void,
): Promise<ComplaintOutcome> {
  const memberId = await currentMemberId(ctx);
  if (memberId === null) {
    return { status: 'sent', ...(await sendComplaint(ctx, draft, screenshot, onProgress)) };
  }
  const clientId = ctx.uuid();
  try {
    const sent = await sendComplaint(ctx, draft, screenshot, onProgress, clientId);
    return { status: 'sent', ...sent };
  } catch (caught) {
    const error = toSyncError(caught);
    if (!retryable(error)) throw error;
    const row: QueuedComplaint = {
      clientId,
      memberId,
      draft,
      screenshot,
      status: 'queued',
      reference: null,
      error: null,
      createdAt: Date.now(),
    };
    await kvPut(ctx.db, keyOf(clientId), row);
    return { status: 'queued', clientId };
  }
}

/** The member's complaints on this device, oldest first. */
async function queuedOf(ctx: SyncContext, memberId: number): Promise<QueuedComplaint[]> {
  const rows = await ctx.db.kv.where('key').startsWith(COMPLAINT_PREFIX).toArray();
  return rows
    .map((row) => row.value as QueuedComplaint)
    .filter((c) => c.memberId === memberId && c.status === 'queued')
    .sort((a, b) => a.createdAt - b.createdAt);
}

/** Sends every queued complaint of the member in order; stops at the first one without an answer. */
async function sendQueued(ctx: SyncContext): Promise<number> {
  const memberId = await currentMemberId(ctx);
  if (memberId === null) return 0;
  let sent = 0;
  for (const queued of await queuedOf(ctx, memberId)) {
    let next: QueuedComplaint;
    try {
      const answer = await sendComplaint(
        ctx,
        queued.draft,
        queued.screenshot,
        undefined,
        queued.clientId,
      );
      next = { ...queued, status: 'sent', reference: answer.reference, screenshot: null };
      sent += 1;
    } catch (caught) {
      const error = toSyncError(caught);
      if (retryable(error)) break;
      const refusal: QueuedComplaint['error'] = { message: error.message };
      if (error.key !== undefined) refusal.key = error.key;
      next = { ...queued, status: 'failed', error: refusal, screenshot: null };
    }
    // Logged out meanwhile: the wipe removed it; writing it back would keep it for the next member.
    if ((await currentMemberId(ctx)) !== memberId) break;
    await kvPut(ctx.db, keyOf(queued.clientId), next);
  }
  return sent;
}

const flushing = new WeakMap<SyncContext, Promise<number>>();

/** Sends what waits (one flush at a time per worker); resolves how many were sent now. */
export function flushComplaints(ctx: SyncContext): Promise<number> {
  const running = flushing.get(ctx);
  if (running) return running;
  const run = sendQueued(ctx).finally(() => flushing.delete(ctx));
  flushing.set(ctx, run);
  return run;
}

/** Forgets a sent or refused complaint once the member has seen its outcome. */
export async function dismissComplaint(ctx: SyncContext, clientId: string): Promise<void> {
  await ctx.db.transaction('rw', ctx.db.kv, async () => {
    const row = await ctx.db.kv.get(keyOf(clientId));
    if (row && (row.value as QueuedComplaint).status !== 'queued') await ctx.db.kv.delete(row.key);
  });
}
