/** Typed access to the kv table, so every reader and the writer agree on what each key holds. */
import type {
  CreditsOffer,
  GeocodeResponse,
  PremiumOffer,
  ProfileFieldsResponse,
  Settings,
  Transaction,
  User,
} from '../api/contract';
import type { AmoraDb } from './db';

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

/** Every kv key and its value. */
export interface KvValues {
  user: User | null;
  settings: Settings;
  session: SessionMeta;
  /** True for a second after logout (SPEC §4), so guards skip the return path. */
  logoutFlag: boolean;
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
