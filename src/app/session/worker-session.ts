/**
 * The session through the sync worker (DESIGN §3): the worker logs in and out and polls the user
 * into IndexedDB; the page reads the stored user, so a reload works offline. Loaded on demand, so
 * a visitor without a session never starts the worker or opens the database.
 */
import { liveQuery } from 'dexie';
import type { User } from '../../shared/contract/account';
import type { Settings } from '../../shared/contract/settings';
import { getSync } from '../../bridges/worker-bridge';
import type { StoredBan } from '../../db/kv';
import { currentUser, siteSettings, storedBan } from '../../db/queries';

/** The ban that ended this device's session, as the worker stored it, or null. */
export { storedBan };

/** The user the worker last stored, or null. */
export function storedUser(): Promise<User | null> {
  return currentUser();
}

/** The site settings the worker last stored, or null. */
export function storedSettings(): Promise<Settings | null> {
  return siteSettings();
}

/** Asks the worker to fetch the settings, which it stores for an offline start. */
export function fetchSettings(): Promise<Settings> {
  return getSync().refreshSettings();
}

/** Asks the worker to fetch the user; null means the server answered 403 (logged out). */
export function fetchUser(): Promise<User | null> {
  return getSync().refreshUser();
}

export function login(email: string, password: string): Promise<User> {
  return getSync().login(email, password);
}

/** Logs out through the worker, which clears the stored personal data whatever the server says. */
export async function logout(): Promise<void> {
  const result = await getSync().logout();
  if (result.error)
    console.error('Logout failed; the local session was cleared anyway', result.error);
}

/** Follows the stored user as the worker changes it (polls, 403s, other tabs). */
export function watchUser(listener: (user: User | null) => void): () => void {
  const subscription = liveQuery(() => currentUser()).subscribe({
    next: listener,
    error: (error: unknown) => console.warn('Could not read the stored user', error),
  });
  return () => subscription.unsubscribe();
}

/** Follows the ban the worker stores when this device's session was ended by one (any tab). */
export function watchBan(listener: (ban: StoredBan | null) => void): () => void {
  const subscription = liveQuery(() => storedBan()).subscribe({
    next: listener,
    error: (error: unknown) => console.warn('Could not read the stored ban', error),
  });
  return () => subscription.unsubscribe();
}
