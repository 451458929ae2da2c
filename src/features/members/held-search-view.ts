/**
 * The search the sync worker holds in memory because this device had no room to store it (the
 * page lane's `search` message), as the members screen's view. Listened to from the first use on
 * for the life of the page, so a screen opened again still shows what the worker holds.
 */
import { useMemo, useSyncExternalStore } from 'react';
import { PAGE_LANE_CHANNEL, type HeldSearch, type LaneMessage } from '../../shared/page-lane';
import { progressOf, type SearchView } from './search-view';

let held: HeldSearch | null = null;
let lane: BroadcastChannel | null = null;
const listeners = new Set<() => void>();

function listen(): void {
  if (lane || typeof BroadcastChannel === 'undefined') return;
  lane = new BroadcastChannel(PAGE_LANE_CHANNEL);
  lane.onmessage = (event: MessageEvent<LaneMessage>) => {
    if (event.data?.type !== 'search') return;
    held = event.data.search ? event.data : null;
    listeners.forEach((listener) => listener());
  };
}

function subscribe(listener: () => void): () => void {
  listen();
  listeners.add(listener);
  return () => listeners.delete(listener);
}

const snapshot = () => held;

/** The held search as a view for `memberId`, or null when the database is the truth. */
export function heldSearchView(
  search: HeldSearch | null,
  memberId: number | null,
): SearchView | null {
  if (!search?.search || search.memberId !== memberId) return null;
  return {
    search: search.search,
    results: search.results,
    similar: search.similar,
    ...progressOf(search.search, search.results.length),
  };
}

/** The members screen's view of a held search; null while the database holds the search. */
export function useHeldSearch(memberId: number | null): SearchView | null {
  const search = useSyncExternalStore(subscribe, snapshot, snapshot);
  // One object per lane message: the screen's effects and callbacks depend on the view.
  return useMemo(() => heldSearchView(search, memberId), [search, memberId]);
}
