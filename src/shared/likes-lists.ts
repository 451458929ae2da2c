/**
 * The likes screen's three lists made from a likes answer (SPEC §4), in the order the screen
 * shows them once the sync worker has stored that answer: received likes new first, then in the
 * server's order; given likes by profile id (stored rows of the server's answer carry no local
 * action sequence, so the store orders them by key); mutual ones are the given ones who like back.
 * The page draws its first answers with it, and the server picks the photos to preload.
 */
import type { Profile } from './contract/fields';
import type { LikesResponse } from './contract/likes';

/** One card of a likes list. */
export interface LikeEntry {
  profile: Profile;
  /** A received like the member has not opened yet. */
  isNew: boolean;
}

export interface LikesLists {
  received: LikeEntry[];
  given: LikeEntry[];
  mutual: LikeEntry[];
  /** New received likes, those of hidden likers included. */
  newCount: number;
  /** Likers only premium shows by name (liked_by_hidden), and how many of their likes are new. */
  hidden: number;
  hiddenNew: number;
}

export function likesListsOf(answer: LikesResponse): LikesLists {
  const cards = new Map<number, Profile>();
  for (const { did_like_profile: _, ...profile } of answer.profiles) cards.set(profile.id, profile);
  for (const profile of answer.liked_by_profiles ?? []) cards.set(profile.id, profile);
  const received = answer.liked_by
    .map((entry, order) => ({ ...entry, order }))
    .sort((a, b) => Number(b.like_new) - Number(a.like_new) || a.order - b.order)
    .flatMap((entry) => {
      const profile = cards.get(entry.id);
      return profile ? [{ profile, isNew: entry.like_new }] : [];
    });
  const fans = new Set(answer.liked_by.map((entry) => entry.id));
  const given = [...answer.profiles].sort((a, b) => a.id - b.id);
  const plain = (rows: typeof given) =>
    rows.map((row) => ({ profile: cards.get(row.id)!, isNew: false }));
  const hiddenNew = answer.liked_by_hidden_new ?? 0;
  return {
    received,
    given: plain(given),
    mutual: plain(given.filter((row) => row.did_like_profile || fans.has(row.id))),
    newCount: received.filter((entry) => entry.isNew).length + hiddenNew,
    hidden: answer.liked_by_hidden ?? 0,
    hiddenNew,
  };
}
