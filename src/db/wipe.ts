/**
 * Clears every member's data from the browser on logout or a 403 (ASVS 14.3.1, DESIGN §3),
 * keeping only what belongs to the site or the browser: settings, prefs, sequence counters.
 */
import type { AmoraDb } from './db';
import { KEPT_KV_KEYS, kvGet, SEQ_PREFIX } from './kv';

/** Tables that hold only personal data and are emptied completely. */
export const PERSONAL_TABLES = [
  'searches',
  'searchPages',
  'profiles',
  'likes',
  'likedBy',
  'chats',
  'messages',
  'actions',
  'profileDetails',
  'signupDraft',
  'statsAnswers',
] as const;

/**
 * Empties the personal tables and personal kv keys in one transaction; with `sameAs`, only while
 * the session stamp is still `sameAs.stamp`, checked inside it (a login that lands between the
 * caller's read and the wipe would otherwise lose its stamp, and with it the proof it happened).
 * Resolves to whether it wiped.
 */
export async function wipePersonalData(
  db: AmoraDb,
  sameAs?: { stamp: number | undefined },
): Promise<boolean> {
  const tables = PERSONAL_TABLES.map((name) => db.table(name));
  return db.transaction('rw', [db.kv, ...tables], async () => {
    if (sameAs && (await kvGet(db, 'session'))?.changedAt !== sameAs.stamp) return false;
    await Promise.all(tables.map((table) => table.clear()));
    await db.kv
      .filter((row) => !KEPT_KV_KEYS.includes(row.key) && !row.key.startsWith(SEQ_PREFIX))
      .delete();
    return true;
  });
}
