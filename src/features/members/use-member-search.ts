/**
 * Member search state (SPEC §4 "Search"): initialise from the server's automatic load, then
 * manual searches; pages accumulate, filter changes start over, `?page=` follows the last page.
 */
import { useCallback, useEffect, useReducer, useRef, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import type { Profile, SearchResponse } from '../../api/contract';
import { isApiFailure } from '../../api/http';
import {
  filtersFromOptions,
  firstSearch,
  pageFromQuery,
  searchPage,
  type SearchFilters,
} from './search-api';

export type SearchProblem = 'login-required' | 'failed' | null;

export interface MemberSearchState {
  filters: SearchFilters | null;
  /** Loaded pages in order; page n is `pages[n - 1]`. */
  pages: Profile[][];
  total: number;
  loading: boolean;
  problem: SearchProblem;
}

type Action =
  | { type: 'init'; filters: SearchFilters }
  | { type: 'reset'; filters: SearchFilters }
  | { type: 'loading' }
  | { type: 'page'; page: number; result: SearchResponse }
  | { type: 'failed'; problem: Exclude<SearchProblem, null> };

const initialState: MemberSearchState = {
  filters: null,
  pages: [],
  total: 0,
  loading: true,
  problem: null,
};

/** Pure state transitions, exported for tests. */
export function searchReducer(state: MemberSearchState, action: Action): MemberSearchState {
  switch (action.type) {
    case 'init':
      return { ...state, filters: action.filters };
    case 'reset':
      return { ...initialState, filters: action.filters };
    case 'loading':
      return { ...state, loading: true, problem: null };
    case 'page': {
      const pages = state.pages.slice(0, action.page - 1);
      pages[action.page - 1] = action.result.profiles;
      return { ...state, pages, total: action.result.paging.num_results, loading: false };
    }
    case 'failed':
      return { ...state, loading: false, problem: action.problem };
  }
}

/** Pages flattened without repeats, in case the ranking shifted between page loads. */
export function uniqueProfiles(pages: Profile[][]): Profile[] {
  const seen = new Set<number>();
  return pages.flat().filter((p) => !seen.has(p.id) && Boolean(seen.add(p.id)));
}

function problemOf(error: unknown): Exclude<SearchProblem, null> | null {
  if (isApiFailure(error, 'aborted')) return null;
  console.warn('Member search failed', error); // SPEC §8: logged, no extra message
  return isApiFailure(error, 'forbidden') || isApiFailure(error, 'unauthorized')
    ? 'login-required'
    : 'failed';
}

/** Search state plus the actions the screen needs. */
export function useMemberSearch() {
  const [params, setParams] = useSearchParams();
  const [initialPage] = useState(() => pageFromQuery(params));
  const [state, dispatch] = useReducer(searchReducer, initialState);
  const inflight = useRef<AbortController | null>(null);

  const renew = () => {
    inflight.current?.abort();
    inflight.current = new AbortController();
    return inflight.current.signal;
  };

  /** The automatic first load, then pages 2..upTo when the URL asked for them. */
  const start = useCallback(async (signal: AbortSignal, upTo: number) => {
    try {
      const first = await firstSearch(signal);
      const filters = filtersFromOptions(first.filter_options);
      dispatch({ type: 'init', filters });
      dispatch({ type: 'page', page: 1, result: first });
      for (let page = 2; page <= upTo; page++) {
        dispatch({ type: 'page', page, result: await searchPage(filters, page, signal) });
      }
    } catch (error) {
      const problem = problemOf(error);
      if (problem) dispatch({ type: 'failed', problem });
    }
  }, []);

  useEffect(() => {
    const controller = new AbortController();
    void start(controller.signal, initialPage);
    return () => controller.abort();
  }, [start, initialPage]);

  useEffect(() => () => inflight.current?.abort(), []);

  const setPageParam = useCallback(
    (page: number) =>
      setParams(
        (prev) => {
          const next = new URLSearchParams(prev);
          if (page > 1) next.set('page', String(page));
          else next.delete('page'); // SPEC §2.6: omitted when 1
          return next;
        },
        { replace: true, preventScrollReset: true },
      ),
    [setParams],
  );

  const loadPage = async (filters: SearchFilters, page: number) => {
    const signal = renew();
    try {
      dispatch({ type: 'page', page, result: await searchPage(filters, page, signal) });
      setPageParam(page);
    } catch (error) {
      const problem = problemOf(error);
      if (problem) dispatch({ type: 'failed', problem });
    }
  };

  /** Changing any filter clears the results; a new country resets the region (SPEC §4). */
  const changeFilters = (patch: Partial<SearchFilters>) => {
    if (!state.filters) return;
    const filters = { ...state.filters, ...patch };
    if (patch.country !== undefined && patch.country !== state.filters.country) {
      filters.countryregion = 0;
    }
    dispatch({ type: 'reset', filters });
    void loadPage(filters, 1);
  };

  const loadMore = () => {
    if (!state.filters || state.loading) return;
    dispatch({ type: 'loading' });
    void loadPage(state.filters, state.pages.length + 1);
  };

  /** After a failure: redo the first load, or the page that failed. */
  const retry = () => {
    if (state.filters) return loadMore();
    dispatch({ type: 'loading' });
    void start(renew(), 1);
  };

  const profiles = uniqueProfiles(state.pages);
  const lastPage = state.pages[state.pages.length - 1];
  return {
    ...state,
    profiles,
    /** All loaded once the count reaches the total (SPEC §4), or a page came back empty. */
    allLoaded: !state.loading && (profiles.length >= state.total || lastPage?.length === 0),
    changeFilters,
    loadMore,
    retry,
  };
}
