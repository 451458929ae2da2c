/**
 * The page's door to the StorageManager: asks once for persistent storage, at a moment the member
 * has shown they mean to stay (account created, app installed), never on first paint, where the
 * browser would refuse or the member would see a prompt without a reason.
 */
import { PREF_KEYS, readPref, writePref } from '../lib/prefs';

/** Why persistence is asked now; kept with the answer for the developer panel. */
export type PersistReason = 'signup' | 'installed';

/** What was asked and answered, stored in prefs so no later visit asks again. */
export interface PersistAsked {
  reason: PersistReason;
  granted: boolean;
  at: number;
}

/** The part of `navigator.storage` used here; absent in old browsers and some webviews. */
export interface PersistTarget {
  persist?: () => Promise<boolean>;
  persisted?: () => Promise<boolean>;
}

const browserStorage = (): PersistTarget | null =>
  typeof navigator !== 'undefined' && navigator.storage ? navigator.storage : null;

/**
 * Asks the browser to keep this site's data under storage pressure, once per browser: resolves
 * whether it is granted now, or null when it was asked before or cannot be asked.
 */
export async function askPersistentStorage(
  reason: PersistReason,
  storage: PersistTarget | null = browserStorage(),
): Promise<boolean | null> {
  if (!storage?.persist || readPref<PersistAsked>(PREF_KEYS.storagePersistAsked)) return null;
  // Recorded before the answer: a second tab or a double event must not ask twice.
  writePref(PREF_KEYS.storagePersistAsked, { reason, granted: false, at: Date.now() });
  try {
    const granted = (await storage.persisted?.()) || (await storage.persist());
    writePref(PREF_KEYS.storagePersistAsked, { reason, granted, at: Date.now() });
    return granted;
  } catch {
    return false; // a refusal is an answer too: the app works without persistence
  }
}

/** Asks for persistence when the app gets installed (`appinstalled` on `target`, the window). */
export function persistOnInstall(
  target: EventTarget,
  storage: PersistTarget | null = browserStorage(),
): () => void {
  const onInstalled = () => void askPersistentStorage('installed', storage);
  target.addEventListener('appinstalled', onInstalled);
  return () => target.removeEventListener('appinstalled', onInstalled);
}
