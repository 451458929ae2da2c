/**
 * THE IndexedDB schema (DESIGN §3): every table, its keys and indexes, versioned in this one file.
 * The sync worker is the only writer of synced tables; the page reads them with useLiveQuery.
 */
import Dexie, { type DexieOptions, type EntityTable, type Table } from 'dexie';
import type { ChatListEntry, ChatMessage } from '../shared/contract/chat';
import type { Profile } from '../shared/contract/fields';
import type { FilterOptions, ProfileDetails } from '../shared/contract/members';
import type { StatsResponse } from '../shared/contract/stats';
import type { ActionKind } from '../shared/offline-protocol';
import { releaseWhenCached } from '../lib/page-cache';
import { DB_NAME } from './db-name';
import { trackTransactions } from './live-transactions';

export { DB_NAME };

/** One key-value entry; typed access lives in kv.ts. */
export interface KvRow {
  key: string;
  value: unknown;
}

/** The search filters of SPEC §3; the same shape the server reports in filter_options. */
export type SearchFilters = FilterOptions;

/** One search (SPEC §3 "Search filter state"), keyed by its filters. */
export interface SearchRow {
  filterKey: string;
  filters: SearchFilters;
  didInit: boolean;
  num_results: number;
  /** Null until similar results were asked for. */
  similar_num_results: number | null;
  highestPage: number;
  similarHighestPage: number;
  updatedAt: number;
}

export type PageKind = 'main' | 'similar';

/** One loaded page of results: profile ids in server order. */
export interface SearchPageRow {
  filterKey: string;
  kind: PageKind;
  pageNumber: number;
  results: number[];
}

/** Where an action stands: sent (the server applied it), queued (waiting for replay), failed. */
export type ActionStatus = 'sent' | 'queued' | 'failed';

/** Like state of one profile, optimistic until the server or the replay confirms it. */
export interface LikeRow {
  profileId: number;
  liked: boolean;
  status: ActionStatus;
  /** The last action that touched this row; confirmations of older actions are ignored. */
  clientId: string | null;
  seq: number;
  /** Whether that profile liked the member back. */
  did_like_profile: boolean;
  /** Local time of the last write; a poll that started earlier does not undo it. */
  updatedAt: number;
}

/** A member who liked the logged-in member; `order` is the server's order. */
export interface LikedByRow {
  id: number;
  like_new: boolean;
  order: number;
}

/** A chat list entry keyed by conversation id. */
export interface ChatRow extends ChatListEntry {
  id: number;
  updatedAt: number;
  /** conversation.updated_at when the member opened it; keeps the local unread 0 until news. */
  seenUpdatedAt: string | null;
}

/** A chat message; `key` is its client id, or `id:<server id>` for messages made elsewhere. */
export interface MessageRow extends Omit<ChatMessage, 'id'> {
  key: string;
  id: number | null;
  status: ActionStatus;
}

/** A local preference of this browser (not synced, kept on logout). */
export interface PrefRow {
  key: string;
  value: unknown;
}

/** An action the member made (like, unlike, message), until the server has it. */
export interface ActionRow {
  clientId: string;
  kind: ActionKind;
  memberId: number;
  seq: number;
  profileId: number | null;
  conversation: number | null;
  status: ActionStatus;
  error: string | null;
  createdAt: number;
  /** Like state before an optimistic like/unlike, to revert to on failure. */
  prevLiked: boolean | null;
  /** Epoch ms a worker last sent a stranded action again (workers/stranded-actions.ts). */
  resentAt?: number;
}

/** A member's full profile as last fetched for the profile page, kept for offline visits. */
export interface ProfileDetailsRow extends ProfileDetails {
  /** ETag of the answer, sent as If-None-Match on the next visit. */
  etag: string | null;
  /** Local time of the fetch. */
  fetchedAt: number;
}

/** Wizard parts (SPEC §2.4 steps 2–5) that wait to be sent, in the order they are sent. */
export const SIGNUP_PARTS = ['photo', 'location', 'profile', 'notes'] as const;
export type SignupPart = (typeof SIGNUP_PARTS)[number];

/** A chosen photo kept as bytes: survives a reload, and structured cloning everywhere. */
export interface DraftPhoto {
  bytes: ArrayBuffer;
  name: string;
  type: string;
}

/**
 * The sign-up wizard's state on this device, so it survives a reload and a lost connection.
 * The password is never stored: a reload before the account exists asks for it again.
 */
export interface SignupDraftRow {
  key: 'current';
  /** The account it belongs to; null until step 0 created it. */
  memberId: number | null;
  step: number;
  email: string;
  name: string;
  location: { country: string; countryregion: number | null; city: string | null } | null;
  profile: {
    gender: 'male' | 'female' | null;
    date_of_birth: string | null;
    fields: Record<string, string>;
  } | null;
  notes: { personal: string | null; notes: Record<string, string> } | null;
  photo: DraftPhoto | null;
  /** Parts saved here but not yet accepted by the server. */
  pending: SignupPart[];
  /** The last part the server refused (it is no longer pending), so its step can say why. */
  refused: { part: SignupPart; key?: string; message: string } | null;
  updatedAt: number;
}

/**
 * The stats console's last answer for one view (filters in the page's address), so the console
 * opens offline on what it showed last. Operator figures: wiped at logout like personal data.
 */
export interface StatsAnswerRow {
  /** The view's canonical query string (src/features/stats/stats-query.ts). */
  key: string;
  answer: StatsResponse;
  /** Local time of the fetch. */
  fetchedAt: number;
}

/** Called when another tab upgrades the schema: this connection is closed, the page must reload. */
export interface DbEvents {
  onReloadNeeded?: () => void;
  /** This tab's upgrade waits for older tabs to close. */
  onBlocked?: () => void;
}

/** The database; open it with openAmoraDb so upgrades by newer tabs are handled. */
export class AmoraDb extends Dexie {
  kv!: EntityTable<KvRow, 'key'>;
  searches!: EntityTable<SearchRow, 'filterKey'>;
  searchPages!: Table<SearchPageRow, [string, PageKind, number]>;
  profiles!: EntityTable<Profile, 'id'>;
  likes!: EntityTable<LikeRow, 'profileId'>;
  likedBy!: EntityTable<LikedByRow, 'id'>;
  chats!: EntityTable<ChatRow, 'id'>;
  messages!: EntityTable<MessageRow, 'key'>;
  prefs!: EntityTable<PrefRow, 'key'>;
  actions!: EntityTable<ActionRow, 'clientId'>;
  profileDetails!: EntityTable<ProfileDetailsRow, 'id'>;
  signupDraft!: EntityTable<SignupDraftRow, 'key'>;
  statsAnswers!: EntityTable<StatsAnswerRow, 'key'>;

  constructor(name: string = DB_NAME, options?: DexieOptions) {
    super(name, options);
    // Add a new version(n) below for every change; never edit a released one.
    this.version(1).stores({
      kv: 'key',
      searches: 'filterKey',
      searchPages: '[filterKey+kind+pageNumber], filterKey',
      profiles: 'id',
      likes: 'profileId, status',
      likedBy: 'id, order',
      chats: 'id, updatedAt',
      messages: 'key, conversation, [conversation+created_at], id',
      prefs: 'key',
      actions: 'clientId, memberId, status',
    });
    this.version(2).stores({ profileDetails: 'id' });
    this.version(3).stores({ signupDraft: 'key' });
    this.version(4).stores({ statsAnswers: 'key, fetchedAt' });
  }
}

/** Opens the schema; a newer tab's upgrade closes this connection instead of being blocked. */
export function openAmoraDb(
  name: string = DB_NAME,
  events: DbEvents = {},
  options?: DexieOptions,
): AmoraDb {
  const db = new AmoraDb(name, options);
  db.on('versionchange', () => {
    db.close();
    events.onReloadNeeded?.();
    return false; // replaces Dexie's default (close and log): we closed and told the page
  });
  db.on('blocked', () => events.onBlocked?.());
  return db;
}

let shared: AmoraDb | null = null;
const reloadListeners = new Set<() => void>();
const blockedListeners = new Set<() => void>();

/** The page's one connection, opened on first use. */
export function getDb(): AmoraDb {
  if (!shared) {
    const db = openAmoraDb(DB_NAME, {
      onReloadNeeded: () => reloadListeners.forEach((fn) => fn()),
      onBlocked: () => blockedListeners.forEach((fn) => fn()),
    });
    shared = db;
    // Frozen in the back/forward cache mid-transaction, the page would hold IndexedDB from every
    // later page of the site (lib/page-cache.ts): its transactions end and the connection closes.
    const transactions = trackTransactions(db);
    releaseWhenCached(
      page(),
      () => {
        transactions.abortAll();
        db.close({ disableAutoOpen: true });
      },
      () => page().location.reload(),
    );
  }
  return shared;
}

/** The window. Only the page calls getDb, but this file is also built for the worker and Node. */
const page = () => globalThis as unknown as EventTarget & { location: { reload(): void } };

/** Lets the shell show "reload needed" when a newer tab upgraded the schema. */
export function onDbReloadNeeded(listener: () => void): () => void {
  reloadListeners.add(listener);
  return () => reloadListeners.delete(listener);
}

/** Lets the shell ask to close older tabs when they block this tab's upgrade. */
export function onDbBlocked(listener: () => void): () => void {
  blockedListeners.add(listener);
  return () => blockedListeners.delete(listener);
}
