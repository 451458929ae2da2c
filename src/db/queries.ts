/**
 * Read helpers for the UI: each returns a promise built from Dexie reads, so
 * `useLiveQuery(() => chatList())` re-renders whenever the worker writes what it read.
 */
import type { User } from '../shared/contract/account';
import type { Profile } from '../shared/contract/fields';
import type { Settings } from '../shared/contract/settings';
import {
  getDb,
  type ActionRow,
  type AmoraDb,
  type ChatRow,
  type LikedByRow,
  type LikeRow,
  type MessageRow,
  type PageKind,
  type ProfileDetailsRow,
  type SearchRow,
  type StatsAnswerRow,
} from './db';
import { kvGet, type StoredBan } from './kv';
import { byRecentActivity } from './chat-rows';

/** A given like with the liked profile, when it is cached. */
export interface GivenLike {
  like: LikeRow;
  profile: Profile | null;
}

/** A received like with the profile, when it is cached. */
export interface ReceivedLike extends LikedByRow {
  profile: Profile | null;
}

/** The logged-in user, or null when logged out. */
export async function currentUser(db: AmoraDb = getDb()): Promise<User | null> {
  return (await kvGet(db, 'user')) ?? null;
}

/** The ban that ended this device's session (worker/ban.ts), or null. */
export async function storedBan(db: AmoraDb = getDb()): Promise<StoredBan | null> {
  return (await kvGet(db, 'ban')) ?? null;
}

/** The site settings, or null before the first fetch. */
export async function siteSettings(db: AmoraDb = getDb()): Promise<Settings | null> {
  return (await kvGet(db, 'settings')) ?? null;
}

/** True for a second after logout. */
export async function loggingOut(db: AmoraDb = getDb()): Promise<boolean> {
  return (await kvGet(db, 'logoutFlag')) ?? false;
}

/** The search the members screen shows, or null before the first search. */
export async function currentSearch(db: AmoraDb = getDb()): Promise<SearchRow | null> {
  const key = await kvGet(db, 'currentSearch');
  return key === undefined ? null : ((await db.searches.get(key)) ?? null);
}

/** Profiles of a search in page order, without duplicates. */
export async function searchResults(
  filterKey: string,
  kind: PageKind = 'main',
  db: AmoraDb = getDb(),
): Promise<Profile[]> {
  const pages = await db.searchPages
    .where('[filterKey+kind+pageNumber]')
    .between([filterKey, kind, 0], [filterKey, kind, Infinity])
    .toArray();
  const ids = [...new Set(pages.flatMap((page) => page.results))];
  const profiles = await db.profiles.bulkGet(ids);
  return profiles.filter((p): p is Profile => p !== undefined);
}

/** The like state of one profile (for the like button), or undefined when never liked. */
export function likeOf(profileId: number, db: AmoraDb = getDb()): Promise<LikeRow | undefined> {
  return db.likes.get(profileId);
}

/** Profiles the member liked (including optimistic likes), newest action first. */
export async function likesGiven(db: AmoraDb = getDb()): Promise<GivenLike[]> {
  const likes = (await db.likes.toArray()).filter((like) => like.liked);
  likes.sort((a, b) => b.seq - a.seq);
  const profiles = await db.profiles.bulkGet(likes.map((like) => like.profileId));
  return likes.map((like, i) => ({ like, profile: profiles[i] ?? null }));
}

/** Mutual likes: given likes whose profile liked the member too (liked back, or in liked_by). */
export async function likesMutual(db: AmoraDb = getDb()): Promise<GivenLike[]> {
  const [given, fans] = await Promise.all([
    likesGiven(db),
    db.likedBy.toCollection().primaryKeys(),
  ]);
  const liked = new Set(fans);
  return given.filter(({ like }) => like.did_like_profile || liked.has(like.profileId));
}

/** Members who liked the member: new ones first, then the server's order (SPEC §4). */
export async function likesReceived(db: AmoraDb = getDb()): Promise<ReceivedLike[]> {
  const rows = await db.likedBy.orderBy('order').toArray();
  rows.sort((a, b) => Number(b.like_new) - Number(a.like_new) || a.order - b.order);
  const profiles = await db.profiles.bulkGet(rows.map((row) => row.id));
  return rows.map((row, i) => ({ ...row, profile: profiles[i] ?? null }));
}

/**
 * Number of received likes not opened yet. Likers hidden without premium are left out: the
 * member cannot open them, so a badge counting them could never clear (the likes screen's
 * premium card says how many of them are new).
 */
export async function newLikesCount(db: AmoraDb = getDb()): Promise<number> {
  return db.likedBy.filter((row) => row.like_new).count();
}

/** Conversations, most recent first. */
export async function chatList(db: AmoraDb = getDb()): Promise<ChatRow[]> {
  const chats = await db.chats.toArray();
  return chats.sort(byRecentActivity);
}

/** Unread messages over all conversations. */
export async function unreadTotal(db: AmoraDb = getDb()): Promise<number> {
  const chats = await db.chats.toArray();
  return chats.reduce((sum, chat) => sum + chat.num_unread_messages, 0);
}

/** The app badge number (SPEC §4): unread messages plus new likes. */
export async function badgeCount(db: AmoraDb = getDb()): Promise<number> {
  const [unread, likes] = await Promise.all([unreadTotal(db), newLikesCount(db)]);
  return unread + likes;
}

/** Messages of a conversation, oldest first. */
export function messagesOf(conversation: number, db: AmoraDb = getDb()): Promise<MessageRow[]> {
  return db.messages
    .where('[conversation+created_at]')
    .between([conversation, ''], [conversation, '\uffff'])
    .toArray();
}

/** Actions still waiting for the server or finally refused. */
export function pendingActions(db: AmoraDb = getDb()): Promise<ActionRow[]> {
  return db.actions.toArray();
}

/** A browser preference. */
export async function pref<T>(key: string, fallback: T, db: AmoraDb = getDb()): Promise<T> {
  const row = await db.prefs.get(key);
  return row === undefined ? fallback : (row.value as T);
}

/** A member for the profile page: full details when fetched before, else the cached card. */
export interface MemberProfileView {
  card: Profile | null;
  details: ProfileDetailsRow | null;
  /** Their like of the logged-in member, when they liked them. */
  likedBy: LikedByRow | null;
}

/** What the profile page can show at once from IndexedDB, before (or without) the network. */
export async function memberProfile(id: number, db: AmoraDb = getDb()): Promise<MemberProfileView> {
  const [card, details, likedBy] = await Promise.all([
    db.profiles.get(id),
    db.profileDetails.get(id),
    db.likedBy.get(id),
  ]);
  return { card: card ?? null, details: details ?? null, likedBy: likedBy ?? null };
}

/** One conversation screen: its list entry (header), the messages, and why own sends failed. */
export interface ConversationView {
  chat: ChatRow | null;
  /** The other member from the profile cache, when the list entry is not stored yet. */
  profile: Profile | null;
  messages: MessageRow[];
  /** Refusal reason per failed message key (ActionRow.error). */
  failures: Record<string, string | null>;
}

/** Everything the conversation screen draws, in one live query; `profileId` fills a missing header. */
export function conversationView(
  conversation: number,
  profileId: number | null = null,
  db: AmoraDb = getDb(),
): Promise<ConversationView> {
  // One read transaction instead of one per table: a message that arrives live reaches the screen
  // after this re-runs, so its round trips are on the path the other member waits on.
  return db.transaction('r', [db.chats, db.messages, db.actions, db.profiles], async () => {
    const [chat, messages] = await Promise.all([
      db.chats.get(conversation),
      messagesOf(conversation, db),
    ]);
    const failedKeys = messages.filter((m) => m.status === 'failed').map((m) => m.key);
    const actions = failedKeys.length > 0 ? await db.actions.bulkGet(failedKeys) : [];
    const wanted = chat?.profile.id ?? profileId;
    const profile = chat?.profile ?? (wanted === null ? undefined : await db.profiles.get(wanted));
    return {
      chat: chat ?? null,
      profile: profile ?? null,
      messages,
      failures: Object.fromEntries(failedKeys.map((key, i) => [key, actions[i]?.error ?? null])),
    };
  });
}

/** The stats console's last answer for a view (its key), or null when it never loaded here. */
export async function storedStatsAnswer(
  key: string,
  db: AmoraDb = getDb(),
): Promise<StatsAnswerRow | null> {
  return (await db.statsAnswers.get(key)) ?? null;
}
