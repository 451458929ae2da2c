/**
 * The ETags of the likes lists and the chat list, made from what each answer depends on instead
 * of the answer: the member's list counter (migration 014, moved by every write to what the list
 * shows), the session, and the moment the answer stops holding without any write: the next UTC
 * midnight (ages on the cards) or an earlier end of a premium the answer shows. That moment is
 * carried in the tag, so a matching poll is answered 304 after one small read, without building
 * or hashing anything, and a tag whose moment has passed is answered in full.
 */
import { createHash } from 'node:crypto';

export type ListKind = 'likes' | 'chats';

/** What one list answer was built from. */
export interface ListState {
  kind: ListKind;
  memberId: number;
  sessionKey: string;
  revision: number;
}

const DAY_MS = 86_400_000;

/** The next UTC midnight after `now`: the cards' ages are counted per UTC day (lib/dates.ts). */
export function nextUtcMidnight(now: number): number {
  return (Math.floor(now / DAY_MS) + 1) * DAY_MS;
}

/** The tag of an answer built from `state` that holds until `validUntil` (ms). */
export function listEtag(state: ListState, validUntil: number): string {
  const until = validUntil.toString(36);
  // Hashed with the session, so another member or session never has the same tag, and a client
  // cannot stretch the moment it carries.
  const digest = createHash('sha256')
    .update(`${state.kind}\n${state.memberId}\n${state.sessionKey}\n${state.revision}\n${until}`)
    .digest('base64url');
  return `"${until}.${digest}"`;
}

/**
 * The tag of If-None-Match that still names the current answer at `now`, or null: made for
 * `state` (same counter, same session) and not past its moment.
 */
export function heldListEtag(
  header: string | undefined,
  state: ListState,
  now: number,
): string | null {
  if (!header) return null;
  for (const raw of header.split(',')) {
    const tag = raw.trim().replace(/^W\//, '');
    const until = /^"([0-9a-z]{1,11})\./.exec(tag)?.[1];
    if (!until) continue;
    const validUntil = parseInt(until, 36);
    if (validUntil > now && tag === listEtag(state, validUntil)) return tag;
  }
  return null;
}
