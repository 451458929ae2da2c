/**
 * The page lane: the sync worker hands data to every open page at once, on one BroadcastChannel,
 * where IndexedDB alone would make the screen wait or leave it without the data:
 * - messages it receives, beside their write: the conversation shows the other member's message
 *   a disk commit sooner, and still shows it when the device has no room left to store it;
 * - a search it could not store for lack of room, so the members screen keeps working online;
 * - a like or unlike it sent without room to store it, so the like buttons show the member's intent.
 */
import type { MessageRow, SearchRow } from '../db/db';
import type { Profile } from './contract/fields';

/** BroadcastChannel from the sync workers to the pages of this origin. */
export const PAGE_LANE_CHANNEL = 'amora-lane';

/** Messages of one conversation as the worker got them from the server. */
export interface MessagesArrival {
  type: 'messages';
  /** The session member the worker fetched them for: pages of anyone else ignore them. */
  memberId: number;
  conversation: number;
  rows: MessageRow[];
}

/**
 * The current search, held in the worker because the device refused to store it; `search: null`
 * when the search is stored again and the screen reads the database as usual.
 */
export interface HeldSearch {
  type: 'search';
  memberId: number;
  search: SearchRow | null;
  results: Profile[];
  similar: Profile[];
}

/**
 * A like or unlike that went to the server (or into the service worker's queue) although the
 * device refused to store it: until a stored row newer than `at` exists, it is the profile's state.
 */
export interface UnstoredLike {
  type: 'like';
  memberId: number;
  profileId: number;
  liked: boolean;
  /** Epoch ms of the member's tap. */
  at: number;
  /** The service worker holds it until the connection is back. */
  queued: boolean;
}

export type LaneMessage = MessagesArrival | HeldSearch | UnstoredLike;
