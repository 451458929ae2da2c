/**
 * One console answer straight from the worker (nothing is stored): loads when online, keeps the
 * last answer on screen while it loads again, and says why it cannot show one.
 */
import { useCallback, useEffect, useState } from 'react';
import { useOnline } from '../members/use-online';
import { failureKey, isConsoleGone, type ModerationErrorKey } from './moderation-view';

/** `gone`: the server answered 404 to the console itself (no longer a moderator). */
export type ConsoleStatus = 'loading' | 'ready' | 'offline' | 'failed' | 'gone';

export interface ConsoleData<T> {
  status: ConsoleStatus;
  /** The newest answer for this view, also while it loads again or after a failure. */
  data: T | null;
  /** When `data` arrived (ms), so ages are counted from the same moment as the answer. */
  loadedAt: number;
  /** i18n key of the failure when status is `failed`. */
  problem: ModerationErrorKey | null;
  reload: () => void;
}

interface Result<T> {
  load: () => Promise<T>;
  attempt: number;
  data: T | null;
  loadedAt: number;
  error: unknown;
}

/** `load` must be stable per view (useCallback): a new function means another view. */
export function useConsoleData<T>(load: () => Promise<T>): ConsoleData<T> {
  const online = useOnline();
  const [attempt, setAttempt] = useState(0);
  const [result, setResult] = useState<Result<T> | null>(null);

  useEffect(() => {
    if (!online) return;
    let live = true;
    const settle = (data: T | null, error: unknown) => {
      if (!live) return;
      setResult((before) => {
        const kept = before?.load === load ? before : null;
        return {
          load,
          attempt,
          data: error === null ? data : (kept?.data ?? null),
          loadedAt: error === null ? Date.now() : (kept?.loadedAt ?? 0),
          error,
        };
      });
    };
    load().then(
      (data) => settle(data, null),
      (error: unknown) => {
        console.warn('Moderation call failed', error);
        settle(null, error ?? 'failed');
      },
    );
    return () => {
      live = false;
    };
  }, [load, attempt, online]);

  const reload = useCallback(() => setAttempt((n) => n + 1), []);
  const mine = result?.load === load ? result : null;
  const base = { data: mine?.data ?? null, loadedAt: mine?.loadedAt ?? 0, reload };

  if (!online) return { ...base, status: 'offline', problem: null };
  if (!mine || mine.attempt !== attempt) return { ...base, status: 'loading', problem: null };
  if (mine.error === null) return { ...base, status: 'ready', problem: null };
  if (isConsoleGone(mine.error)) return { ...base, status: 'gone', problem: null };
  const problem = failureKey(mine.error);
  if (problem === 'moderation.errors.offline') return { ...base, status: 'offline', problem: null };
  return { ...base, status: 'failed', problem };
}
