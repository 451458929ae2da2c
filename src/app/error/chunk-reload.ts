/** After a chunk fails to load the page reloads once, guarded for 10 s so it cannot loop (SPEC §8, §9). */

export const RELOAD_GUARD_MS = 10_000;
const KEY = 'amora.chunk-reload-at';

/** True (and records the time) when no chunk-error reload happened within the guard window. */
export function claimChunkReload(
  now: number = Date.now(),
  store: Storage | null = safeSession(),
): boolean {
  if (!store) return false; // no way to remember the last reload, so never risk a loop
  const last = Number(store.getItem(KEY) ?? 0);
  if (last && now - last < RELOAD_GUARD_MS) return false;
  store.setItem(KEY, String(now));
  return true;
}

function safeSession(): Storage | null {
  try {
    return window.sessionStorage;
  } catch {
    return null;
  }
}
