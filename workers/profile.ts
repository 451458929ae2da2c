/**
 * The member profile page's data: GET /api/profile.php with the ETag of the copy we hold, written
 * to profileDetails (for offline visits), the profile card in profiles, and the like state.
 */
import type { Profile } from '../src/shared/contract/fields';
import type { ProfileDetails } from '../src/shared/contract/members';
import type { ProfileDetailsRow } from '../src/db/db';
import { kvGet } from '../src/db/kv';
import type { SyncContext } from './context';
import { toSyncError } from './errors';
import type { HttpResult } from './fetcher';
import { isStorageFull } from './quota-guard';

/** The card (search, likes) view of a full profile. */
function toCard(details: ProfileDetails): Profile {
  return {
    id: details.id,
    name: details.name,
    age: details.age,
    city: details.city,
    country: details.country,
    language: details.language,
    main_image: details.main_image ? { thumb_filename: details.main_image.thumb_filename } : null,
  };
}

function withoutMeta({
  etag: _etag,
  fetchedAt: _at,
  ...details
}: ProfileDetailsRow): ProfileDetails {
  return details;
}

/**
 * Adopts the server's like state unless a local action is pending or newer than the request;
 * the likes poll stays the truth, this only spares the page a wrong heart until it runs.
 */
async function applyLikeState(ctx: SyncContext, data: ProfileDetails, since: number) {
  const row = await ctx.db.likes.get(data.id);
  if (row && (row.status === 'queued' || row.updatedAt > since)) return;
  if (!row && !data.liked) return;
  if (row && row.liked === data.liked && row.did_like_profile === data.did_like_profile) return;
  await ctx.db.likes.put({
    profileId: data.id,
    liked: data.liked,
    status: 'sent',
    clientId: row?.clientId ?? null,
    seq: row?.seq ?? 0,
    did_like_profile: data.did_like_profile,
    updatedAt: Date.now(),
  });
}

/**
 * Fetches member `id` and stores it. A 404 (left, blocked) drops the cached copy so the page
 * stops showing it; every failure rejects with a SyncError (a 403 rechecks a member's session).
 */
export async function loadProfile(ctx: SyncContext, id: number): Promise<ProfileDetails> {
  const { db } = ctx;
  const session = await kvGet(db, 'session');
  const memberId = session?.memberId ?? null;
  const cached = await db.profileDetails.get(id);
  const since = Date.now();
  let response: HttpResult<ProfileDetails>;
  try {
    // The server only tags answers to members; a visitor's copy is fetched whole.
    const etag = memberId !== null ? (cached?.etag ?? null) : null;
    response = await ctx.http.call('profile', { query: { id }, etag });
    if (response.notModified) {
      const kept = await db.profileDetails.get(id);
      if (kept) return withoutMeta(kept);
      response = await ctx.http.call('profile', { query: { id } });
    }
  } catch (caught) {
    const error = toSyncError(caught);
    if (error.status === 404) await db.profileDetails.delete(id);
    if (error.kind === 'auth' && memberId !== null) ctx.recheckUser();
    throw error;
  }

  const { data, etag } = response;
  try {
    await db.transaction('rw', [db.kv, db.profileDetails, db.profiles, db.likes], async () => {
      // The session changed while we waited: this answer belongs to someone else's view.
      if ((await kvGet(db, 'session'))?.changedAt !== session?.changedAt) return;
      await db.profileDetails.put({ ...data, etag, fetchedAt: Date.now() });
      await db.profiles.put(toCard(data));
      if (memberId !== null && memberId !== id) await applyLikeState(ctx, data, since);
    });
  } catch (error) {
    // No room even after the trim (the member was told): the page shows the answer it gets back.
    if (!isStorageFull(error)) throw error;
  }
  return data;
}
