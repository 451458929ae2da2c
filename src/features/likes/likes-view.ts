/**
 * What the likes screen shows, read from Dexie in one live query: the three lists as cards, with
 * the received ones new first (SPEC §4). Entries whose profile is not cached yet wait for the poll.
 */
import type { Profile } from '../../shared/contract/fields';
import { getDb } from '../../db/db';
import { kvGet } from '../../db/kv';
import { likesGiven, likesMutual, likesReceived } from '../../db/queries';
import type { LikeType } from './likes-types';

/** One card of a likes list. */
export interface LikeEntry {
  profile: Profile;
  /** A received like the member has not opened yet. */
  isNew: boolean;
}

export type LikesView = Record<LikeType, LikeEntry[]> & {
  /** New received likes, those of hidden likers included. */
  newCount: number;
  /** Likers only premium shows by name (liked_by_hidden), and how many of their likes are new. */
  hidden: number;
  hiddenNew: number;
};

function withProfile<T extends { profile: Profile | null }>(
  rows: readonly T[],
): (T & { profile: Profile })[] {
  return rows.filter((row): row is T & { profile: Profile } => row.profile !== null);
}

/** The three lists for useLiveQuery, and the count of likers hidden without premium. */
export async function readLikesView(): Promise<LikesView> {
  const [received, given, mutual, hidden] = await Promise.all([
    likesReceived(),
    likesGiven(),
    likesMutual(),
    kvGet(getDb(), 'likedByHidden'),
  ]);
  const receivedEntries = withProfile(received).map((row) => ({
    profile: row.profile,
    isNew: row.like_new,
  }));
  const plain = (rows: { profile: Profile | null }[]) =>
    withProfile(rows).map((row) => ({ profile: row.profile, isNew: false }));
  return {
    received: receivedEntries,
    given: plain(given),
    mutual: plain(mutual),
    newCount: receivedEntries.filter((entry) => entry.isNew).length + (hidden?.fresh ?? 0),
    hidden: hidden?.count ?? 0,
    hiddenNew: hidden?.fresh ?? 0,
  };
}
