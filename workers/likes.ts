/**
 * Likes (SPEC §4 "Likes and chats"): the polled list of given and received likes, optimistic
 * like/unlike actions with client id and sequence, and marking a received like as seen.
 */
import type { LikesResponse } from '../src/shared/contract/likes';
import { ACTION_HEADER, MEMBER_HEADER } from '../src/shared/offline-protocol';
import type { LikeRow } from '../src/db/db';
import { kvPut } from '../src/db/kv';
import { confirmAction, failAction, nextSeq, unstoredSeq } from './actions';
import { updateBadge } from './badge';
import { pollWithEtag, type PageAnswer } from './conditional';
import type { SyncContext } from './context';
import { syncError, toSyncError } from './errors';
import { isStorageFull } from './quota-guard';
import { currentMemberId } from './session';

/** How a like/unlike ended: applied by the server, or queued by the service worker for replay. */
export interface LikeOutcome {
  status: 'sent' | 'queued';
  liked: boolean;
}

/** Writes the server's likes; rows with a pending action or written after `since` are kept. */
async function applyLikes(ctx: SyncContext, data: LikesResponse, since: number): Promise<void> {
  const { db } = ctx;
  const server = new Map(data.profiles.map((p) => [p.id, p.did_like_profile ?? false]));
  const local = new Map((await db.likes.toArray()).map((row) => [row.profileId, row]));
  const keep = (row: LikeRow | undefined) =>
    row !== undefined && (row.status === 'queued' || row.updatedAt > since);

  const rows: LikeRow[] = [];
  for (const [profileId, didLike] of server) {
    const row = local.get(profileId);
    rows.push(
      keep(row) && row
        ? { ...row, did_like_profile: didLike }
        : {
            profileId,
            liked: true,
            status: 'sent',
            clientId: row?.clientId ?? null,
            seq: row?.seq ?? 0,
            did_like_profile: didLike,
            updatedAt: Date.now(),
          },
    );
  }
  const gone = [...local.values()].filter((row) => !server.has(row.profileId) && !keep(row));
  await db.likes.bulkDelete(gone.map((row) => row.profileId));
  await db.likes.bulkPut(rows);
  await db.profiles.bulkPut(data.profiles.map(({ did_like_profile: _, ...profile }) => profile));
  await db.profiles.bulkPut(data.liked_by_profiles ?? []);
  await db.likedBy.clear();
  await db.likedBy.bulkPut(data.liked_by.map((entry, order) => ({ ...entry, order })));
  // Likers named only with premium: their number (and the new ones, for the badge), never who.
  await kvPut(db, 'likedByHidden', {
    count: data.liked_by_hidden ?? 0,
    fresh: data.liked_by_hidden_new ?? 0,
  });
}

/**
 * GET /api/likes.php with its ETag, or the likes the page came with while none are stored; a 403
 * re-fetches the user (SPEC §6).
 */
export async function pollLikes(ctx: SyncContext, page?: PageAnswer): Promise<void> {
  const since = Date.now();
  try {
    const outcome = await pollWithEtag(
      ctx,
      'likes',
      [ctx.db.likes, ctx.db.likedBy, ctx.db.profiles],
      (data) => applyLikes(ctx, data, since),
      page,
    );
    if (outcome.changed) await updateBadge(ctx);
  } catch (error) {
    if (toSyncError(error).kind === 'auth') ctx.recheckUser();
    throw error;
  }
}

/** Like (or unlike) with an optimistic write: queued at once, then sent by postLike. */
export async function setLike(
  ctx: SyncContext,
  profileId: number,
  liked: boolean,
): Promise<LikeOutcome> {
  const { db } = ctx;
  const memberId = await currentMemberId(ctx);
  if (memberId === null) throw syncError('auth', 'Log in to like profiles');
  const clientId = ctx.uuid();
  const kind = liked ? 'like' : 'unlike';
  const now = Date.now();
  let seq: number;
  try {
    seq = await db.transaction('rw', db.likes, db.actions, db.kv, async () => {
      const given = await nextSeq(db, memberId, now);
      const row = await db.likes.get(profileId);
      await db.likes.put({
        profileId,
        liked,
        status: 'queued',
        clientId,
        seq: given,
        did_like_profile: row?.did_like_profile ?? false,
        updatedAt: now,
      });
      await db.actions.put({
        clientId,
        kind,
        memberId,
        seq: given,
        profileId,
        conversation: null,
        status: 'queued',
        error: null,
        createdAt: now,
        prevLiked: row?.liked ?? !liked,
      });
      return given;
    });
  } catch (error) {
    if (!isStorageFull(error)) throw error;
    return sendUnstored(ctx, memberId, { clientId, kind, profileId, liked }, now);
  }

  return postLike(ctx, memberId, { clientId, kind, profileId, seq, liked });
}

/**
 * A tap the device had no room to store (the member was told): it still goes out, since the app
 * keeps working online, and the open pages hear of it on the lane to show the member's intent.
 * Nothing is kept to replay it; without a connection the service worker's own queue holds it, and
 * when that has no room either the request fails and the like stays as it was.
 */
async function sendUnstored(
  ctx: SyncContext,
  memberId: number,
  { clientId, kind, profileId, liked }: Omit<LikeRequest, 'seq'>,
  at: number,
): Promise<LikeOutcome> {
  const seq = await unstoredSeq(ctx.db, memberId, at);
  let response;
  try {
    response = await callLike(ctx, memberId, { clientId, kind, profileId, seq });
  } catch (caught) {
    const error = toSyncError(caught);
    if (error.kind === 'auth') ctx.recheckUser();
    throw error;
  }
  const outcome: LikeOutcome = response.queued
    ? { status: 'queued', liked }
    : { status: 'sent', liked: response.data.liked };
  ctx.announce?.({
    type: 'like',
    memberId,
    profileId,
    liked: outcome.liked,
    at,
    queued: outcome.status === 'queued',
  });
  return outcome;
}

/** A like or unlike whose action row is written: what postLike sends. */
export interface LikeRequest {
  clientId: string;
  kind: 'like' | 'unlike';
  profileId: number;
  seq: number;
  liked: boolean;
}

/** The like or unlike request itself, marked as an action of `memberId` for the service worker. */
function callLike(
  ctx: SyncContext,
  memberId: number,
  { clientId, kind, profileId, seq }: Omit<LikeRequest, 'liked'>,
) {
  return ctx.http.call(kind, {
    body: { profile: profileId, client_id: clientId, client_seq: seq },
    headers: { [ACTION_HEADER]: '1', [MEMBER_HEADER]: String(memberId) },
  });
}

/**
 * POST the like or unlike of a written action: confirmed, queued by the service worker (202 +
 * x-queued; the channel settles it later), or failed and reverted.
 */
export async function postLike(
  ctx: SyncContext,
  memberId: number,
  { clientId, kind, profileId, seq, liked }: LikeRequest,
): Promise<LikeOutcome> {
  const { db } = ctx;
  try {
    const response = await callLike(ctx, memberId, { clientId, kind, profileId, seq });
    if (response.queued) return { status: 'queued', liked };
    await confirmAction(db, clientId, response.data);
    return { status: 'sent', liked: response.data.liked };
  } catch (caught) {
    const error = toSyncError(caught);
    // A 2xx with an odd body was still applied by the server; the next poll has the truth.
    if (error.kind === 'validation') await confirmAction(db, clientId, null);
    else await failAction(db, clientId, error.message);
    if (error.kind === 'auth') ctx.recheckUser();
    throw error;
  }
}

/** Opening a received like clears its "new" mark here at once, then on the server. */
export async function openLikedBy(ctx: SyncContext, profileId: number): Promise<void> {
  await ctx.db.likedBy.update(profileId, { like_new: false });
  await updateBadge(ctx);
  try {
    await ctx.http.call('likeSeen', { body: { profile: profileId } });
  } catch (error) {
    if (toSyncError(error).kind === 'auth') ctx.recheckUser();
    throw error;
  }
}
