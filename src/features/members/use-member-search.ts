/**
 * The members screen's side of the search (SPEC §4 "Search"): it asks the sync worker to load,
 * and the worker writes Dexie, which the screen renders (or, on a device with no room left, hands
 * the search over on the page lane). The URL follows the loaded pages.
 */
import { useLiveQuery } from 'dexie-react-hooks';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { firstSearchOf } from '../../app/session/first-answers';
import { memberStored } from '../../app/session/member-stored';
import { useNothingStored } from '../../db/use-nothing-stored';
import { useSession } from '../../app/session/session-context';
import { getSync, isSyncError } from '../../bridges/worker-bridge';
import type { SearchFilters } from '../../db/db';
import { useHeldSearch } from './held-search-view';
import {
  firstSearchView,
  pageParam,
  readSearchView,
  withPages,
  type SearchView,
} from './search-view';

/** Failures the screen explains; network failures only raise the offline note. */
export type SearchProblem = 'login-required' | 'failed' | null;

/** A filter change shown at once, before the worker has stored it; a new country resets the region. */
function mergeDraft(
  draft: Partial<SearchFilters> | null,
  patch: Partial<SearchFilters>,
): Partial<SearchFilters> {
  const next = { ...draft, ...patch };
  if (patch.country !== undefined) next.countryregion = patch.countryregion ?? 0;
  return next;
}

/** Search state for the screen: the Dexie view plus what the worker calls are doing. */
export function useMemberSearch() {
  const [params, setParams] = useSearchParams();
  // The URL at arrival says how far to restore; later the URL follows the loaded pages.
  const [arrival] = useState(() => ({
    page: pageParam(params, 'page'),
    similarpage: pageParam(params, 'similarpage'),
    trafficsource: params.get('network') ?? undefined,
  }));
  const stored = useLiveQuery(readSearchView);
  const memberId = useSession().user?.id ?? null;
  const held = useHeldSearch(memberId);
  // Nothing stored yet: the search the server answered with the page, until the worker stored it.
  const [first] = useState(() => firstSearchOf(memberId));
  const firstView = useMemo(() => (first ? firstSearchView(first) : null), [first]);
  // With no database on the device, nothing stored can win: the page's answer draws at once.
  const nothingStored = useNothingStored();
  const view =
    held ??
    ((stored === null || (stored === undefined && nothingStored)) && firstView
      ? firstView
      : stored);
  const [pending, setPending] = useState(0);
  const [networkFailed, setNetworkFailed] = useState(false);
  const [problem, setProblem] = useState<SearchProblem>(null);
  const [draft, setDraft] = useState<Partial<SearchFilters> | null>(null);
  const [restored, setRestored] = useState(false);
  const running = useRef(0);
  // Settles once the worker may store searches for this member (memberStored), when it had to wait.
  const memberReady = useRef<Promise<void>>(Promise.resolve());
  const filterCall = useRef(0);

  /** Runs one worker call; true when it succeeded. SPEC §8: failures are logged. */
  const run = useCallback(async (call: () => Promise<unknown>): Promise<boolean> => {
    running.current += 1;
    setPending((n) => n + 1);
    try {
      await call();
      setNetworkFailed(false);
      setProblem(null);
      return true;
    } catch (error) {
      if (isSyncError(error) && error.kind === 'network') setNetworkFailed(true);
      else {
        console.warn('Member search failed', error);
        setProblem(isSyncError(error) && error.kind === 'auth' ? 'login-required' : 'failed');
      }
      return false;
    } finally {
      running.current -= 1;
      setPending((n) => n - 1);
    }
  }, []);

  // First visit: the worker's automatic load. Later visits render Dexie as it is and only load
  // the pages a shared or reloaded URL asks for (?page, ?similarpage) that are not stored yet.
  useEffect(() => {
    let cancelled = false;
    const restore = async () => {
      // getSync() only when a page must be fetched: a stored search draws without the worker.
      let current = await readSearchView().catch(() => null);
      if (cancelled) return;
      if (!current || current.search.highestPage === 0) {
        // Shown already: the worker stores it once the screen is up, instead of asking again,
        // and after the member it fetches then (a search stored before would be another's).
        if (first && memberId !== null) {
          memberReady.current = memberStored(memberId);
          await memberReady.current;
        }
        if (cancelled) return;
        const options = { trafficsource: arrival.trafficsource, ...(first && { first }) };
        if (!(await run(() => getSync().search(undefined, options)))) return;
        current = await readSearchView();
      }
      while (!cancelled && current && !current.allLoaded) {
        if (current.search.highestPage >= arrival.page || !(await run(() => getSync().search())))
          break;
        current = await readSearchView();
      }
      while (!cancelled && current?.allLoaded && !current.similarAllLoaded) {
        if (arrival.similarpage <= 1 || current.search.similarHighestPage >= arrival.similarpage)
          break;
        if (!(await run(() => getSync().loadSimilar()))) break;
        current = await readSearchView();
      }
    };
    void restore().finally(() => {
      if (!cancelled) setRestored(true);
    });
    return () => {
      cancelled = true;
    };
  }, [arrival, first, memberId, run]);

  // Back online after a failed call: let infinite scroll try again.
  useEffect(() => {
    const onOnline = () => setNetworkFailed(false);
    window.addEventListener('online', onOnline);
    return () => window.removeEventListener('online', onOnline);
  }, []);

  const page = view?.search.highestPage ?? 0;
  const similarpage = view?.search.similarHighestPage ?? 0;
  useEffect(() => {
    if (!restored || view === undefined) return;
    const next = withPages(params, { page, similarpage });
    if (next.toString() !== params.toString()) {
      setParams(next, { replace: true, preventScrollReset: true });
    }
  }, [restored, view, page, similarpage, params, setParams]);

  /** The next page, or once all are loaded the next page of similar results. */
  const loadMore = useCallback(async () => {
    if (running.current > 0 || (firstView !== null && view === firstView)) return;
    const sync = getSync();
    if (!view) await run(() => sync.search(undefined, { trafficsource: arrival.trafficsource }));
    else if (!view.allLoaded) await run(() => sync.search());
    else if (!view.similarAllLoaded) await run(() => sync.loadSimilar());
  }, [arrival, firstView, run, view]);

  /** Filters change at once on screen; the worker clears the results and reloads (SPEC §4). */
  const changeFilters = useCallback(
    (patch: Partial<SearchFilters>) => {
      const call = ++filterCall.current;
      setDraft((current) => mergeDraft(current, patch));
      void run(async () => {
        await memberReady.current;
        return getSync().setFilters(patch);
      }).finally(() => {
        if (filterCall.current === call) setDraft(null);
      });
    },
    [run],
  );

  return {
    /** undefined while Dexie is read the first time, null before any search was stored. */
    view: view as SearchView | null | undefined,
    filters: view ? { ...view.search.filters, ...draft } : null,
    // The first page the server answered is being stored: more comes after it.
    busy: pending > 0 || (firstView !== null && view === firstView),
    networkFailed,
    problem,
    /** Everything there is, similar results included, is on screen. */
    exhausted: Boolean(view?.allLoaded && view.similarAllLoaded),
    loadMore,
    changeFilters,
  };
}
