/**
 * How much server data this device keeps per table, and the trim that enforces it. Only copies of
 * server answers are ever removed (they can be fetched again); what the member made and the server
 * does not have yet (actions, unsent messages, queued likes, the sign-up draft, queued complaints)
 * is never touched here.
 */
import Dexie from 'dexie';
import type { AmoraDb, PageKind } from '../src/db/db';
import { kvGet } from '../src/db/kv';
import type { RawTransaction } from './quota-guard';

/** Limits of one trim; the tight set applies when storage runs short. */
export interface StorageBudget {
  /** Newest pages kept per kind of the current search (older pages are fetched again on scroll). */
  searchPages: number;
  /** Newest messages kept per conversation; unsent ones are kept on top of these. */
  messagesPerConversation: number;
  /** Full profiles (member pages) kept, newest fetch first. */
  profileDetails: number;
  /** Lander and member-lander answers kept for offline revisits, newest first. */
  landers: number;
  /** Stats console answers (one per filtered view) kept for offline revisits, newest first. */
  statsAnswers: number;
}

/**
 * The everyday limits: about 20 pages of 12 cards is more than a member scrolls in one visit,
 * 200 messages are several screens of a conversation, 100 member pages cover weeks of browsing.
 */
export const BUDGET: StorageBudget = {
  searchPages: 20,
  messagesPerConversation: 200,
  profileDetails: 100,
  landers: 10,
  statsAnswers: 20,
};

/** When the quota is nearly used or a write was refused: keep only what the next screens need. */
export const TIGHT_BUDGET: StorageBudget = {
  searchPages: 3,
  messagesPerConversation: 30,
  profileDetails: 10,
  landers: 2,
  statsAnswers: 2,
};

/** What one trim removed, per table (for logs and tests). */
export interface TrimReport {
  searches: number;
  searchPages: number;
  messages: number;
  profileDetails: number;
  profiles: number;
  landers: number;
  statsAnswers: number;
}

const LANDER_PREFIXES = ['lander:', 'memberLander:'];

/** Searches other than the current one are never shown again; the current keeps its newest pages. */
async function trimSearches(db: AmoraDb, keepPages: number): Promise<[number, number]> {
  const current = await kvGet(db, 'currentSearch');
  const stale = (await db.searches.toCollection().primaryKeys()).filter((key) => key !== current);
  let pages = 0;
  if (stale.length) {
    pages += await db.searchPages.where('filterKey').anyOf(stale).delete();
    await db.searches.bulkDelete(stale);
  }
  if (current === undefined) return [stale.length, pages];
  const rows = await db.searchPages.where('filterKey').equals(current).toArray();
  for (const kind of ['main', 'similar'] satisfies PageKind[]) {
    const old = rows
      .filter((row) => row.kind === kind)
      .sort((a, b) => b.pageNumber - a.pageNumber)
      .slice(keepPages)
      .map((row) => [row.filterKey, row.kind, row.pageNumber] as [string, PageKind, number]);
    await db.searchPages.bulkDelete(old);
    pages += old.length;
  }
  return [stale.length, pages];
}

/** Older sent messages go; queued and failed ones are the member's words and always stay. */
async function trimMessages(db: AmoraDb, keep: number): Promise<number> {
  const conversations = await db.messages.orderBy('conversation').uniqueKeys();
  let removed = 0;
  for (const conversation of conversations) {
    const rows = await db.messages
      .where('[conversation+created_at]')
      .between([conversation, Dexie.minKey], [conversation, Dexie.maxKey])
      .reverse()
      .toArray();
    const old = rows
      .slice(keep)
      .filter((row) => row.status === 'sent')
      .map((row) => row.key);
    await db.messages.bulkDelete(old);
    removed += old.length;
  }
  return removed;
}

/** Member pages by last fetch: the least recently visited go first. */
async function trimProfileDetails(db: AmoraDb, keep: number): Promise<number> {
  const rows = await db.profileDetails.toArray();
  const old = rows
    .sort((a, b) => b.fetchedAt - a.fetchedAt)
    .slice(keep)
    .map((row) => row.id);
  await db.profileDetails.bulkDelete(old);
  return old.length;
}

/** Cards nothing shows any more: not in a kept search page, like, liker, chat or member page. */
async function trimProfiles(db: AmoraDb): Promise<number> {
  const [pages, likes, likedBy, chats, details] = await Promise.all([
    db.searchPages.toArray(),
    db.likes.toCollection().primaryKeys(),
    db.likedBy.toCollection().primaryKeys(),
    db.chats.toArray(),
    db.profileDetails.toCollection().primaryKeys(),
  ]);
  const used = new Set<number>([
    ...pages.flatMap((page) => page.results),
    ...likes,
    ...likedBy,
    ...chats.map((chat) => chat.profile.id),
    ...details,
  ]);
  const unused = (await db.profiles.toCollection().primaryKeys()).filter((id) => !used.has(id));
  await db.profiles.bulkDelete(unused);
  return unused.length;
}

/** Landers are public pages kept for offline revisits; the oldest visits go first. */
async function trimLanders(db: AmoraDb, keep: number): Promise<number> {
  const rows = await db.kv
    .filter((row) => LANDER_PREFIXES.some((prefix) => row.key.startsWith(prefix)))
    .toArray();
  const fetchedAt = (value: unknown) =>
    (value as { fetchedAt?: number } | null)?.fetchedAt ?? Number.NEGATIVE_INFINITY;
  const old = rows
    .sort((a, b) => fetchedAt(b.value) - fetchedAt(a.value))
    .slice(keep)
    .map((row) => row.key);
  await db.kv.bulkDelete(old);
  return old.length;
}

/** The stats console's views by fetch time: the least recently loaded go first. */
async function trimStatsAnswers(db: AmoraDb, keep: number): Promise<number> {
  const old = await db.statsAnswers.orderBy('fetchedAt').reverse().offset(keep).primaryKeys();
  await db.statsAnswers.bulkDelete(old);
  return old.length;
}

/**
 * Trims the server data to `budget`, oldest first. Each table is its own transaction, so a trim
 * never holds the database long, and a poll writing meanwhile just waits its turn. `transact`
 * is the quota guard's unguarded transaction when the trim runs because a write was refused.
 */
export async function trimToBudget(
  db: AmoraDb,
  budget: StorageBudget,
  transact: RawTransaction = (tables, scope) => db.transaction('rw', tables, scope),
): Promise<TrimReport> {
  const [searches, searchPages] = await transact([db.kv, db.searches, db.searchPages], () =>
    trimSearches(db, budget.searchPages),
  );
  const messages = await transact([db.messages], () =>
    trimMessages(db, budget.messagesPerConversation),
  );
  const profileDetails = await transact([db.profileDetails], () =>
    trimProfileDetails(db, budget.profileDetails),
  );
  const profiles = await transact(
    [db.profiles, db.searchPages, db.likes, db.likedBy, db.chats, db.profileDetails],
    () => trimProfiles(db),
  );
  const landers = await transact([db.kv], () => trimLanders(db, budget.landers));
  const statsAnswers = await transact([db.statsAnswers], () =>
    trimStatsAnswers(db, budget.statsAnswers),
  );
  return { searches, searchPages, messages, profileDetails, profiles, landers, statsAnswers };
}
