/**
 * Likes and unlikes the sync worker sent without room on this device to store them (the page
 * lane's `like` message), so every like button of the profile shows the member's intent. Listened
 * to from the first use on for the life of the page, like the held search.
 */
import { useSyncExternalStore } from 'react';
import { PAGE_LANE_CHANNEL, type LaneMessage, type UnstoredLike } from '../../shared/page-lane';

/** At most this many are remembered; the oldest go first (a full disk is a rare, short state). */
export const MAX_UNSTORED_LIKES = 500;

const likes = new Map<string, UnstoredLike>();
let lane: BroadcastChannel | null = null;
const listeners = new Set<() => void>();

const keyOf = (memberId: number, profileId: number) => `${memberId}:${profileId}`;

/** Remembers a like the worker could not store; a later tap replaces an earlier one. */
export function rememberUnstoredLike(like: UnstoredLike): void {
  const key = keyOf(like.memberId, like.profileId);
  const known = likes.get(key);
  if (known && known.at > like.at) return;
  likes.delete(key); // re-inserted last: the map's order is the age order
  likes.set(key, like);
  if (likes.size > MAX_UNSTORED_LIKES) likes.delete(likes.keys().next().value as string);
  listeners.forEach((listener) => listener());
}

function listen(): void {
  if (lane || typeof BroadcastChannel === 'undefined') return;
  lane = new BroadcastChannel(PAGE_LANE_CHANNEL);
  lane.onmessage = (event: MessageEvent<LaneMessage>) => {
    if (event.data?.type === 'like') rememberUnstoredLike(event.data);
  };
}

function subscribe(listener: () => void): () => void {
  listen();
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** The unstored like of `profileId` by `memberId`, if the worker sent one. */
export function useUnstoredLike(memberId: number | null, profileId: number): UnstoredLike | null {
  const read = () => (memberId === null ? null : (likes.get(keyOf(memberId, profileId)) ?? null));
  return useSyncExternalStore(subscribe, read, read);
}
