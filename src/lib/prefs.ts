/**
 * Stored preferences (SPEC §3): each value lives in localStorage as JSON and in a 30-day
 * SameSite=Lax cookie, so it survives either store being cleared; localStorage is read first.
 */
import { deleteCookie, readCookie, writeCookie } from './cookies';

/** Cookie lifetime of a stored preference (SPEC §9): 30 days. */
export const PREF_COOKIE_MAX_AGE_S = 2_592_000;

/** Keys of the preferences the app stores; one list so the dev panel can find them. */
export const PREF_KEYS = {
  template: 'amora.template',
  devPanel: 'amora.dev-panel',
  skippedSiteEntryWarning: 'amora.skipped-site-entry-warning',
  /** Persistent storage was asked for (storage-bridge.ts): never asked twice. */
  storagePersistAsked: 'amora.storage-persist-asked',
} as const;

type Listener = (key: string) => void;
const listeners = new Set<Listener>();

function storage(): Storage | null {
  try {
    return window.localStorage;
  } catch {
    return null; // blocked by privacy settings
  }
}

function parse(raw: string | null): { ok: true; value: unknown } | { ok: false } {
  if (raw === null) return { ok: false };
  try {
    return { ok: true, value: JSON.parse(raw) };
  } catch {
    return { ok: false };
  }
}

/** The stored value of `key`: localStorage first, then the cookie, else `fallback`. */
export function readPref<T>(key: string, fallback: T): T;
export function readPref<T>(key: string): T | undefined;
export function readPref<T>(key: string, fallback?: T): T | undefined {
  let raw: string | null = null;
  try {
    raw = storage()?.getItem(key) ?? null;
  } catch {
    raw = null;
  }
  const local = parse(raw);
  if (local.ok) return local.value as T;
  const cookie = parse(readCookie(key));
  if (cookie.ok) return cookie.value as T;
  return fallback;
}

/** Stores `value` in both places and tells subscribers. */
export function writePref(key: string, value: unknown): void {
  const json = JSON.stringify(value);
  try {
    storage()?.setItem(key, json);
  } catch {
    // quota or privacy mode: the cookie still holds the value
  }
  writeCookie(key, json, { maxAge: PREF_COOKIE_MAX_AGE_S, sameSite: 'Lax' });
  listeners.forEach((fn) => fn(key));
}

/** Deletes `key` from both places. */
export function removePref(key: string): void {
  try {
    storage()?.removeItem(key);
  } catch {
    // nothing stored
  }
  deleteCookie(key);
  listeners.forEach((fn) => fn(key));
}

/** Stores `value` only when nothing is stored yet; returns what is stored afterwards. */
export function seedPref<T>(key: string, value: T): T {
  const current = readPref<T>(key);
  if (current !== undefined) return current;
  writePref(key, value);
  return value;
}

/** Calls `fn` with the key after every write or removal in this tab. */
export function subscribePrefs(fn: Listener): () => void {
  listeners.add(fn);
  return () => listeners.delete(fn);
}
