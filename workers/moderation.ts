/**
 * The moderation console's calls (moderators only; the server answers 404 to anyone else). The
 * console is online-only: answers go straight back to the page and nothing is kept in IndexedDB,
 * so no moderation data stays on a shared desk computer.
 */
import type {
  ModerationActionBody,
  ModerationActionResult,
  ModerationMemberResponse,
  ModerationQueueResponse,
} from '../src/shared/contract/moderation';
import type { SyncContext } from './context';

/** GET /api/moderation.php: the open reports and complaints, oldest first, and photos to review. */
export async function loadModerationQueue(ctx: SyncContext): Promise<ModerationQueueResponse> {
  const { data } = await ctx.http.call('moderationQueue');
  return data;
}

/** GET /api/moderation.php?member=: one member, the reports about them and their audit log. */
export async function loadModeratedMember(
  ctx: SyncContext,
  member: number,
): Promise<ModerationMemberResponse> {
  const { data } = await ctx.http.call('moderationMember', { query: { member } });
  return data;
}

/** What the page sends for one action; the body's defaults (an empty reason) are filled in here. */
export type ModerationRequest = Omit<ModerationActionBody, 'reason'> & { reason?: string };

/** POST /api/moderation.php: one action; the answer is the member after it and the audit entry. */
export async function moderate(
  ctx: SyncContext,
  request: ModerationRequest,
): Promise<ModerationActionResult> {
  const body: ModerationActionBody = { ...request, reason: request.reason?.trim() ?? '' };
  const { data } = await ctx.http.call('moderate', { body });
  return data;
}
