/**
 * What the likes screen shows, read from Dexie in one live query: the three lists as cards, with
 * the received ones new first (SPEC §4). Entries whose profile is not cached yet wait for the poll.
 * Before the worker has stored any likes, the screen draws the likes the page came with.
 */
import type { Profile } from '../../shared/contract/fields';
import type { LikesResponse } from '../../shared/contract/likes';
import { likesListsOf, type LikeEntry, type LikesLists } from '../../shared/likes-lists';
import { getDb } from '../../db/db';
import { kvGet } from '../../db/kv';
import { likesGiven, likesMutual, likesReceived } from '../../db/queries';

export type { LikeEntry };

export type LikesView = LikesLists & {
  /** The worker has stored the server's likes at least once on this device. */
  stored: boolean;
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
    // Every stored answer writes the hidden count, so it is there once one was stored.
    stored: hidden !== undefined,
  };
}

/** The view of the likes the page came with, as the screen will show them once stored. */
export function firstLikesView(answer: LikesResponse): LikesView {
  return { ...likesListsOf(answer), stored: false };
}
