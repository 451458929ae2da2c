/**
 * Whether this device has no database of the app at all (a new phone, storage cleared): then a
 * screen can draw the answers the page came with at once, instead of opening IndexedDB first to
 * learn that nothing is stored. Creating the database on a cold phone took longer than drawing the
 * first screen. Asked once, at boot, before anything opens the database; without
 * `indexedDB.databases()` (or when it fails) the answer is "maybe stored", and screens read first.
 */
import { DB_NAME } from './db-name';

let known: boolean | undefined;
let asked: Promise<boolean> | undefined;

/** Asks the browser which databases this origin has, once. */
export function askNothingStored(): Promise<boolean> {
  asked ??= (async () => {
    try {
      if (typeof indexedDB === 'undefined' || typeof indexedDB.databases !== 'function') {
        return false;
      }
      const databases = await indexedDB.databases();
      return !databases.some((database) => database.name === DB_NAME);
    } catch {
      return false;
    }
  })().then((answer) => (known = answer));
  return asked;
}

/**
 * The server's render of a member's first screen draws the page's answers, as a device with no
 * database does: it is only ever sent to one (server/services/member-page.ts).
 */
export function assumeNothingStored(): void {
  known = true;
}

/** The answer once the browser gave it; undefined before. */
export function nothingStoredNow(): boolean | undefined {
  return known;
}
