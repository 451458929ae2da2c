/** Typed access to the kv table, so every reader and the writer agree on what each key holds. */
import type { User } from '../shared/contract/account';
import type { BanDetails, Language } from '../shared/contract/fields';
import type { LanderResponse, MemberLanderResponse } from '../shared/contract/landers';
import type { ComplaintCategory } from '../shared/contract/moderation';
import type { CreditsOffer, PremiumOffer, Transaction } from '../shared/contract/payments';
import type { GeocodeResponse, ProfileFieldsResponse, Settings } from '../shared/contract/settings';
import type { AmoraDb, DraftPhoto } from './db';

/** Who the stored personal data belongs to. */
export interface SessionMeta {
  memberId: number | null;
  changedAt: number;
}

/** The credits offer with when it was fetched, so an offline page can say prices may have changed. */
export interface StoredCreditsOffer {
  offer: CreditsOffer;
  fetchedAt: number;
}

/** How many likers are only counted, not named, and how many of those likes are new. */
export interface LikedByHidden {
  count: number;
  fresh: number;
}

/** A public page's answer with when it was fetched, so a revisit offline shows it (landers). */
export interface StoredPublic<T> {
  data: T;
  fetchedAt: number;
}

/** What the complaint form sends; empty strings are left out. */
export interface ComplaintDraft {
  category: ComplaintCategory;
  /** A member id or a profile link; empty when the complaint names nobody. */
  member: string;
  message: string;
  /** A visitor's address; ignored for members (replies go to the account address). */
  email: string;
  language: Language;
}

/** A member's complaint saved on this device without a connection, until the server has it. */
export interface QueuedComplaint {
  /** Sent as client_id: the server stores the complaint once however often it arrives. */
  clientId: string;
  memberId: number;
  draft: ComplaintDraft;
  /** Dropped once sent or refused. */
  screenshot: DraftPhoto | null;
  status: 'queued' | 'sent' | 'failed';
  /** The reference the server gave it (sent). */
  reference: string | null;
  /** Why the server refused it (failed). */
  error: { key?: string; message: string } | null;
  createdAt: number;
}

/** Start of the kv keys of queued complaints. */
export const COMPLAINT_PREFIX = 'complaint:';

/** The ban that ended this device's session, for /pages/ban; `noticedAt`: when the worker learnt it. */
export interface StoredBan extends BanDetails {
  noticedAt: number;
}

/** Every kv key and its value. */
export interface KvValues {
  user: User | null;
  settings: Settings;
  session: SessionMeta;
  /** True for a second after logout (SPEC §4), so guards skip the return path. */
  logoutFlag: boolean;
  /** Kept through the wipe a ban causes, so /pages/ban can say why; removed when someone logs in. */
  ban: StoredBan;
  /** Push subscribed in this browser: polling slows to 300 s (SPEC §9). */
  pushSubscribed: boolean;
  /** filterKey of the search the members screen shows. */
  currentSearch: string;
  /** Where the member's device was last reverse-geocoded; null after a failure (SPEC §8). */
  geocode: GeocodeResponse | null;
  /** Allowed values of the profile fields (GET /api/profile_fields.php), for offline wizards. */
  profileFields: ProfileFieldsResponse;
  /** Likers the member may not see by name without premium (likes.php), so /likes shows them offline. */
  likedByHidden: LikedByHidden;
  /** The member's last credits offer (GET /api/credits.php), so /credits shows at once and offline. */
  creditsOffer: StoredCreditsOffer;
  /** A purchase as last read (receipt page); personal, so wiped with the member's data. */
  [transaction: `transaction:${number}`]: Transaction;
  /** The last premium offer (plans, methods, premium_until), so /premium shows at once and offline. */
  premiumOffer: PremiumOffer;
  /** The last answer of GET /api/lander.php per slug, for offline revisits of that lander. */
  [lander: `lander:${string}`]: StoredPublic<LanderResponse>;
  /** The last answer of GET /api/member_lander.php per member, for offline revisits. */
  [memberLander: `memberLander:${number}`]: StoredPublic<MemberLanderResponse>;
  /** A member's complaint queued offline (personal: wiped at logout with the rest). */
  [complaint: `complaint:${string}`]: QueuedComplaint;
  /** Last ETag of a polled call, by call name. */
  [etag: `etag:${string}`]: string;
  /** Last client sequence used by a member (DESIGN §6: the server orders actions by it). */
  [seq: `seq:${number}`]: number;
}
export type KvKey = keyof KvValues;

/** Keys that survive logout: nothing in them belongs to a member (ASVS 14.3.1). */
export const KEPT_KV_KEYS: readonly string[] = [
  'settings',
  'logoutFlag',
  'ban',
  'pushSubscribed',
  'profileFields',
];
/** Sequence counters also survive logout: the server ignores a sequence lower than one it saw. */
export const SEQ_PREFIX = 'seq:';

/** The stored value, or undefined. */
export async function kvGet<K extends KvKey>(
  db: AmoraDb,
  key: K,
): Promise<KvValues[K] | undefined> {
  const row = await db.kv.get(key as string);
  return row?.value as KvValues[K] | undefined;
}

/** Stores a value (worker only). */
export async function kvPut<K extends KvKey>(
  db: AmoraDb,
  key: K,
  value: KvValues[K],
): Promise<void> {
  await db.kv.put({ key: key as string, value });
}
