/** After a chunk fails to load the page reloads once, guarded for 10 s so it cannot loop (SPEC §8, §9). */
import { tabStorage } from '../../lib/tab-storage';

export const RELOAD_GUARD_MS = 10_000;
const KEY = 'amora.chunk-reload-at';

/**
 * How long a failed chunk waits before the reload. A page being left fails the same way: the
 * browser cancels its loads when a navigation away starts (Firefox reports an aborted module load
 * like a missing one), and a reload then would cancel the navigation the member asked for. Once
 * that navigation is done this page is gone, or hidden in the back-forward cache, and never reloads.
 */
export const CHUNK_RELOAD_DELAY_MS = 1500;

/** True (and records the time) when no chunk-error reload happened within the guard window. */
export function claimChunkReload(
  now: number = Date.now(),
  store: Storage | null = tabStorage(),
): boolean {
  if (!store) return false; // no way to remember the last reload, so never risk a loop
  const last = Number(store.getItem(KEY) ?? 0);
  if (last && now - last < RELOAD_GUARD_MS) return false;
  store.setItem(KEY, String(now));
  return true;
}

/** What the reload needs of the window; a parameter for tests. */
export interface ReloadTarget {
  addEventListener(type: 'pagehide', listener: () => void): void;
  removeEventListener(type: 'pagehide', listener: () => void): void;
  location: { reload(): void };
}

/**
 * Reloads for a failed chunk after CHUNK_RELOAD_DELAY_MS unless the page was hidden for a
 * navigation meanwhile or the guard refuses. Returns the cancel.
 */
export function scheduleChunkReload(
  target: ReloadTarget = window,
  claim: () => boolean = claimChunkReload,
): () => void {
  let left = false;
  const onHide = () => (left = true);
  target.addEventListener('pagehide', onHide);
  const timer = setTimeout(() => {
    target.removeEventListener('pagehide', onHide);
    if (!left && claim()) target.location.reload();
  }, CHUNK_RELOAD_DELAY_MS);
  return () => {
    clearTimeout(timer);
    target.removeEventListener('pagehide', onHide);
  };
}
