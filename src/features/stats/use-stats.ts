/**
 * One view's figures: the answer stored on this device at once (also offline), while the sync
 * worker asks the server again and stores the new one. The answer it hands back is shown too, so
 * a device with no room left to keep it still shows it.
 */
import { useLiveQuery } from 'dexie-react-hooks';
import { useCallback, useEffect, useState } from 'react';
import type { StatsResponse } from '../../shared/contract/stats';
import { getSync, isSyncError, type StatsRequest } from '../../bridges/worker-bridge';
import { storedStatsAnswer } from '../../db/queries';
import { useOnline } from '../members/use-online';

/** `gone`: the server answered 404 to the console itself (the role was taken away). */
export type StatsStatus = 'loading' | 'ready' | 'offline' | 'failed' | 'gone';

export interface StatsState {
  status: StatsStatus;
  /** The newest answer for this view: fetched now or stored by an earlier visit. */
  answer: StatsResponse | null;
  /** When `answer` was fetched (device time, ms); 0 without one. */
  fetchedAt: number;
  /** The answer shown is the stored one of an earlier visit, not this visit's. */
  stored: boolean;
  /** i18n key of why the last request failed (the contract's keys or a general one). */
  problem: StatsErrorKey | null;
  reload: () => void;
}

/** What can go wrong with the stats call: the contract's two range keys, or anything else. */
export type StatsErrorKey =
  'stats.errors.range_order' | 'stats.errors.range_too_long' | 'stats.errors.failed';
const KNOWN_KEYS: readonly string[] = ['stats.errors.range_order', 'stats.errors.range_too_long'];
const isKnownKey = (key: string | undefined): key is StatsErrorKey =>
  key !== undefined && KNOWN_KEYS.includes(key);

interface Fetched {
  tag: string;
  answer: StatsResponse | null;
  fetchedAt: number;
  error: unknown;
}

/** What a rejected call means for the console. */
export function failureOf(error: unknown): {
  status: StatsStatus;
  problem: StatsErrorKey | null;
} {
  if (!isSyncError(error)) return { status: 'failed', problem: 'stats.errors.failed' };
  if (isKnownKey(error.key)) return { status: 'failed', problem: error.key };
  if (error.kind === 'network') return { status: 'offline', problem: null };
  if (error.status === 404) return { status: 'gone', problem: null };
  return { status: 'failed', problem: 'stats.errors.failed' };
}

/** Loads `request` unless `blocked` (a range the contract refuses); again on reload and reconnect. */
export function useStats(request: StatsRequest, blocked: boolean): StatsState {
  const online = useOnline();
  const stored = useLiveQuery(() => storedStatsAnswer(request.key), [request.key]);
  const [attempt, setAttempt] = useState(0);
  const [fetched, setFetched] = useState<Fetched | null>(null);
  // The request as text: a new object each render, the same view as long as the text is the same.
  const asked = JSON.stringify(request);
  const tag = `${asked} ${attempt}`;

  useEffect(() => {
    if (!online || blocked) return;
    let live = true;
    getSync()
      .loadStats(JSON.parse(asked) as StatsRequest)
      .then(
        (answer) => live && setFetched({ tag, answer, fetchedAt: Date.now(), error: null }),
        (error: unknown) => {
          if (!live) return;
          if (failureOf(error).status === 'failed') console.warn('Stats call failed', error);
          setFetched({ tag, answer: null, fetchedAt: 0, error });
        },
      );
    return () => {
      live = false;
    };
  }, [asked, tag, online, blocked]);

  const reload = useCallback(() => setAttempt((n) => n + 1), []);
  const own = fetched?.tag === tag ? fetched : null;
  // The worker's answer once stored is the stored row; the handed-back one covers a full disk.
  const fresh = own?.answer ? { answer: own.answer, fetchedAt: own.fetchedAt } : null;
  const kept = stored ? { answer: stored.answer, fetchedAt: stored.fetchedAt } : null;
  const shown = fresh && (!kept || fresh.fetchedAt > kept.fetchedAt) ? fresh : kept;
  const base = {
    answer: shown?.answer ?? null,
    fetchedAt: shown?.fetchedAt ?? 0,
    stored: shown !== null && !fresh,
    reload,
  };

  if (blocked) return { ...base, status: 'ready', problem: null };
  // Offline, the device's copy is all there is: wait for it before saying there is none.
  if (!online)
    return { ...base, status: stored === undefined ? 'loading' : 'offline', problem: null };
  if (!own) return { ...base, status: 'loading', problem: null };
  if (own.error === null) return { ...base, status: 'ready', problem: null };
  return { ...base, ...failureOf(own.error) };
}
