/**
 * The acquisition pages' data (issue 14): a lander's members per slug and a member lander's card,
 * each kept in kv so a revisit without a connection shows the last answer; the match-finder count
 * and the members who fit a new member, which are only useful online.
 */
import type { Profile } from '../src/shared/contract/fields';
import type {
  LanderResponse,
  MatchFinderQuery,
  MatchFinderResponse,
  MemberLanderResponse,
  SignupMatchesQuery,
} from '../src/shared/contract/landers';
import { kvGet, type KvKey, type StoredPublic } from '../src/db/kv';
import type { SyncContext } from './context';
import { toSyncError } from './errors';
import { keepIfRoom } from './quota-guard';
import { putIfSameSession, sessionStamp } from './session';

/** A public page's data and where it came from: the server now, or the copy of an earlier visit. */
export interface PublicAnswer<T> {
  data: T;
  fetchedAt: number;
  /** No connection: this is the copy stored at fetchedAt. */
  stored: boolean;
}

/** Where one page's copy lives in kv. */
interface Keeper<T> {
  key: Extract<KvKey, `lander:${string}` | `memberLander:${number}`>;
  read: () => Promise<StoredPublic<T> | undefined>;
  write: (stamp: number | undefined, value: StoredPublic<T>) => Promise<boolean>;
}

/**
 * Fetches through `fetchData` and keeps the answer. Without a connection the kept copy answers;
 * a 404 (unknown slug) forgets it, so a page that is gone does not live on offline.
 */
async function fetchKept<T>(
  ctx: SyncContext,
  keeper: Keeper<T>,
  fetchData: () => Promise<T>,
): Promise<PublicAnswer<T>> {
  const stamp = await sessionStamp(ctx.db);
  try {
    const data = await fetchData();
    const fetchedAt = Date.now();
    await keepIfRoom(() => keeper.write(stamp, { data, fetchedAt }));
    return { data, fetchedAt, stored: false };
  } catch (caught) {
    const error = toSyncError(caught);
    if (error.kind === 'network') {
      const kept = await keeper.read();
      if (kept) return { ...kept, stored: true };
    }
    if (error.status === 404) await ctx.db.kv.delete(keeper.key);
    throw error;
  }
}

/**
 * GET /api/lander.php?slug=: the members of a lander. `trafficsource` lets visitors see cards
 * where the site shows them only to visitors from a network; an unknown slug rejects (4xx).
 */
export function loadLander(
  ctx: SyncContext,
  slug: string,
  trafficsource?: string,
): Promise<PublicAnswer<LanderResponse>> {
  const key = `lander:${slug}` as const;
  const keeper: Keeper<LanderResponse> = {
    key,
    read: () => kvGet(ctx.db, key),
    write: (stamp, value) => putIfSameSession(ctx.db, stamp, key, value),
  };
  return fetchKept(ctx, keeper, async () => {
    const { data } = await ctx.http.call('lander', { query: { slug, trafficsource } });
    return data;
  });
}

/** GET /api/member_lander.php?member=: the member's card, or profile null when they cannot be shown. */
export function loadMemberLander(
  ctx: SyncContext,
  member: number,
  trafficsource?: string,
): Promise<PublicAnswer<MemberLanderResponse>> {
  const key = `memberLander:${member}` as const;
  const keeper: Keeper<MemberLanderResponse> = {
    key,
    read: () => kvGet(ctx.db, key),
    write: (stamp, value) => putIfSameSession(ctx.db, stamp, key, value),
  };
  return fetchKept(ctx, keeper, async () => {
    const { data } = await ctx.http.call('memberLander', {
      query: { member, trafficsource },
    });
    return data;
  });
}

/** GET /api/match_finder.php: how many members fit the quiz answers, with a few blurred photos. */
export async function findMatches(
  ctx: SyncContext,
  query: MatchFinderQuery,
): Promise<MatchFinderResponse> {
  const { data } = await ctx.http.call('matchFinder', {
    query: {
      gender: query.gender,
      min_age: query.min_age,
      max_age: query.max_age,
      country: query.country,
      countryregion: query.countryregion,
      trafficsource: query.trafficsource,
    },
  });
  return data;
}

/**
 * GET /api/signup_matches.php: members who fit the new member (what they look for, when the
 * page knows it). Their cards go into `profiles` so a tap opens the profile at once, unless the
 * session changed while the request ran.
 */
export async function loadSignupMatches(
  ctx: SyncContext,
  query: SignupMatchesQuery = {},
): Promise<Profile[]> {
  const { db } = ctx;
  const stamp = await sessionStamp(db);
  const { data } = await ctx.http.call('signupMatches', {
    query: { gender: query.gender, min_age: query.min_age, max_age: query.max_age },
  });
  await db.transaction('rw', [db.kv, db.profiles], async () => {
    if ((await sessionStamp(db)) !== stamp) return;
    await db.profiles.bulkPut(data.profiles);
  });
  return data.profiles;
}
