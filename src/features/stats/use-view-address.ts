/**
 * The console's view in the page's address. The router shows a new address only after its
 * navigation settles, so a change made before that (a second filter picked quickly, on a busy
 * phone) builds on the address last asked for, not on the one still on screen, and is not lost.
 */
import { useCallback, useEffect, useRef } from 'react';
import { useSearchParams } from 'react-router-dom';
import { parseStatsView, statsSearch, type StatsView } from './stats-query';

/** A change of the view, given the newest one. */
export type ViewChange = (update: (view: StatsView) => StatsView) => void;

export function useViewAddress(today: string): [StatsView, ViewChange] {
  const [params, setParams] = useSearchParams();
  const search = params.toString();
  /** The address asked for and not yet shown by the router; read only in event handlers. */
  const asked = useRef<string | null>(null);

  useEffect(() => {
    if (asked.current === search) asked.current = null;
  }, [search]);

  const change = useCallback<ViewChange>(
    (update) => {
      const next = statsSearch(update(parseStatsView(asked.current ?? search, today)));
      asked.current = next;
      setParams(next, { replace: true });
    },
    [search, setParams, today],
  );
  return [parseStatsView(search, today), change];
}
