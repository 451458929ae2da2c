/**
 * The ETag of a member's user object (GET /api/user.php), made from what the answer depends on
 * instead of the answer: the member's revision (moved by every write to what it shows, migration
 * 011), the two things time changes (premium running, the pending e-mail change's expiry), the
 * site settings it shows, and the session, so another member or session never has the same tag.
 */
import { createHash } from 'node:crypto';
import type { UserState } from '../repositories/member.repository';

/** A short tag of the site settings a user object shows (fictional_icon), fixed per process. */
export function siteTag(settings: unknown): string {
  return createHash('sha256').update(JSON.stringify(settings)).digest('base64url').slice(0, 8);
}

export function userEtag(
  memberId: number,
  sessionKey: string,
  state: UserState,
  site: string,
): string {
  const premium = state.premium ? 'p' : 'f';
  const parts = `${memberId}\n${sessionKey}\n${state.revision}\n${premium}\n${state.pendingUntil ?? 0}`;
  // Hashed (a short input), so the tag is as opaque as a body hash and shows no ids or counts.
  return `"${createHash('sha256').update(parts).update('\n').update(site).digest('base64url')}"`;
}
