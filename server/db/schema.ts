/**
 * Kysely table types for the data model of `server/migrations/`.
 * Row types stop at the repositories: routes and plugins only see contract shapes.
 */
import type { ColumnType, Generated, SqlBool } from 'kysely';

/**
 * A boolean column: written as a JS boolean (the SQLite driver binds it as 1/0), read back as
 * `true/false` on PostgreSQL but `1/0` on SQLite, so readers normalise with `Boolean(x)`.
 */
export type Bool = ColumnType<SqlBool, boolean, boolean>;
/** A boolean column with a database default. */
export type BoolDefault = ColumnType<SqlBool, boolean | undefined, boolean>;
/** Epoch milliseconds stored as bigint; both drivers hand it back as a JS number. */
export type Millis = number;
/** An auto-incremented integer key. */
export type Id = Generated<number>;

/** Account states; only active and not_confirmed members can log in or be found. */
export type MemberStatus = 'active' | 'not_confirmed' | 'deleted' | 'banned';
/** Stored gender values (the contract's Gender). */
export type GenderValue = 'male' | 'female';

/** Accounts and their profile columns. */
export interface MembersTable {
  id: Id;
  email: string;
  password_hash: string;
  name: string;
  status: ColumnType<MemberStatus, MemberStatus | undefined, MemberStatus>;
  gender: GenderValue | null;
  /** ISO 'YYYY-MM-DD'. */
  date_of_birth: string | null;
  /** ISO 3166-1 alpha-2, upper case. */
  country: string | null;
  countryregion: number | null;
  city: string | null;
  language: ColumnType<string, string | undefined, string>;
  personal: string | null;
  main_image_id: number | null;
  last_signup_step: BoolDefault;
  paid_user: BoolDefault;
  credits: Generated<number>;
  mailprovider: Generated<number>;
  fictional: BoolDefault;
  trafficsource: string | null;
  referrer: string | null;
  timezone: string | null;
  signup_date: Millis;
  last_active: Millis;
  deleted_at: Millis | null;
  /** Premium runs until then (migration 007). */
  premium_until: Millis | null;
  /** When the next monthly premium credits are due. */
  premium_allowance_at: Millis | null;
  /** Credits a refund could not take back; paid off by the next grants. */
  credit_debt: Generated<number>;
  /** 'member' or 'moderator' (migration 009; only `npm run admin` sets it). */
  role: ColumnType<MemberRole, MemberRole | undefined, MemberRole>;
  /** A moderator took the profile out of search. */
  search_hidden: BoolDefault;
  /** The member does not appear on invitation pages (landers). */
  lander_opt_out: BoolDefault;
  /** Moved by triggers on every write to what the member's user object shows (migration 011). */
  revision: Generated<number>;
  /** The lander design and slug the member signed up on ('' elsewhere; migration 012). */
  signup_design: ColumnType<string, string | undefined, string>;
  signup_slug: ColumnType<string, string | undefined, string>;
  /** May open the stats console (migration 012; only `npm run admin` sets it). */
  stats_access: BoolDefault;
  /** A bit per once-only conversion counted for the member (MEMBER_CONVERSIONS; migration 013). */
  counted_conversions: ColumnType<number, number | undefined, number>;
}

/** Who may open the moderation console. */
export type MemberRole = 'member' | 'moderator';
/** Whether others may see a photo: approved; pending waits for review; hidden by a moderator. */
export type ImageReview = 'approved' | 'pending' | 'hidden';

/** Select-field values of a profile (lib/profile-fields.ts keys). */
export interface MemberFieldsTable {
  member_id: number;
  name: string;
  value: string;
}

/** Free-text profile notes by name (visible_profile_notes). */
export interface MemberNotesTable {
  member_id: number;
  name: string;
  value: string;
}

/** Uploaded photos; files live under DATA_DIR/uploads. */
export interface ImagesTable {
  id: Id;
  member_id: number;
  filename: string;
  thumb_filename: string;
  width: number;
  height: number;
  created_at: Millis;
  /** Others only see approved photos (migration 009). */
  review: ColumnType<ImageReview, ImageReview | undefined, ImageReview>;
}

/** Login sessions. */
export interface SessionsTable {
  /** SHA-256 hex of the cookie token; the token itself is never stored. */
  token_hash: string;
  member_id: number;
  created_at: Millis;
  expires_at: Millis;
  last_seen_at: Millis;
  user_agent: string | null;
  /** Set when a ban ended the session: it never authenticates again, and answers 403 banned. */
  ended_reason: ColumnType<string | null, string | null | undefined, string | null>;
}

/** Single-use tokens (activation, password reset, mail change), stored hashed. */
export interface TokensTable {
  token_hash: string;
  member_id: number;
  kind: string;
  data: string | null;
  created_at: Millis;
  expires_at: Millis;
  used_at: Millis | null;
}

/** Who liked whom, with the last applied client sequence. */
export interface LikesTable {
  member_id: number;
  profile_id: number;
  liked: Bool;
  is_new: BoolDefault;
  last_client_seq: number | null;
  updated_at: Millis;
}

/** First results of client actions, for exactly-once replays. */
export interface ClientActionsTable {
  member_id: number;
  client_id: string;
  kind: string;
  /** JSON of the first result. */
  result: string;
  created_at: Millis;
}

/** One conversation per pair of members. */
export interface ConversationsTable {
  id: Id;
  /** Always the smaller member id of the pair. */
  member_a: number;
  member_b: number;
  created_at: Millis;
  updated_at: Millis;
  last_message_id: number | null;
}

/** Per-member state of a conversation: unread count, read position, deletion. */
export interface ConversationMembersTable {
  conversation_id: number;
  member_id: number;
  unread: Generated<number>;
  last_read_message_id: number | null;
  deleted_at: Millis | null;
  /** An unread-messages mail went out; cleared on read (migration 006). */
  mailed_at: ColumnType<Millis | null, Millis | null | undefined, Millis | null>;
}

/** Chat messages. */
export interface MessagesTable {
  id: Id;
  conversation_id: number;
  sender_id: number;
  body: string;
  client_id: string | null;
  created_at: Millis;
  read_at: Millis | null;
  /** A device of the receiver got it (migration 006); read implies delivered. */
  delivered_at: ColumnType<Millis | null, Millis | null | undefined, Millis | null>;
}

/** Web push subscriptions. */
export interface PushSubscriptionsTable {
  id: Id;
  member_id: number;
  endpoint: string;
  p256dh: string;
  auth: string;
  created_at: Millis;
}

/** Outgoing mail, kept when no SMTP server is configured. */
export interface MailOutboxTable {
  id: Id;
  member_id: number | null;
  to_email: string;
  kind: string;
  subject: string;
  text: string;
  html: string | null;
  status: Generated<string>;
  error: string | null;
  created_at: Millis;
  sent_at: Millis | null;
}

/** Every credit change; members.credits is its balance. */
export interface CreditLedgerTable {
  id: Id;
  member_id: number;
  delta: number;
  reason: string;
  ref: string | null;
  created_at: Millis;
}

/** Purchases of credit packages and premium plans (migration 007). */
export interface TransactionsTable {
  id: Id;
  member_id: number;
  product: 'credits' | 'premium';
  package_id: number;
  credits: number;
  bonus_credits: number;
  months: number;
  monthly_credits: number;
  /** Minor units, VAT included. */
  amount: number;
  list_amount: number;
  currency: string;
  discount_percent: number;
  discount_code: string | null;
  vat_rate_bp: number;
  vat_amount: number;
  country: string;
  method: string;
  status: string;
  provider: string;
  provider_ref: string | null;
  provider_payment_id: string | null;
  return_to: string | null;
  created_at: Millis;
  updated_at: Millis;
  expires_at: Millis;
  paid_at: Millis | null;
  granted_at: Millis | null;
  refunded_at: Millis | null;
  refund_debt: Generated<number>;
}

/** Provider event ids already handled. */
export interface PaymentEventsTable {
  provider: string;
  event_id: string;
  transaction_id: number | null;
  outcome: string;
  received_at: Millis;
}

/** Complaints sent through the complaints page. */
export interface ComplaintsTable {
  id: Id;
  reporter_id: number | null;
  reported_member_id: number | null;
  email: string | null;
  subject: string;
  body: string;
  status: Generated<string>;
  created_at: Millis;
  /** A COMPLAINT_CATEGORIES value for form complaints; null for chat reports. */
  category: string | null;
  /** The page language of a form complaint (its confirmation mail's language). */
  language: string | null;
  /** Re-encoded screenshot under `<data>/complaints`, server-made name. */
  screenshot: string | null;
  /** CP-000123: what the complainant quotes; set for form complaints. */
  reference: string | null;
  /** When a moderator handled it (dismissed or acted); null while it is in the open queue. */
  handled_at: ColumnType<Millis | null, Millis | null | undefined, Millis | null>;
  handled_by: ColumnType<number | null, number | null | undefined, number | null>;
}

/** Bans; `previous_status` is what an unban restores. */
export interface BansTable {
  id: Id;
  member_id: number;
  moderator_id: number;
  reason: string;
  previous_status: MemberStatus;
  created_at: Millis;
  lifted_at: Millis | null;
  lifted_by: number | null;
}

/** The append-only audit log of moderation: rows are inserted, never updated or deleted. */
export interface ModerationActionsTable {
  id: Id;
  moderator_id: number;
  member_id: number | null;
  /** The contract's ModerationAction. */
  action: string;
  reason: string;
  complaint_id: number | null;
  image_id: number | null;
  created_at: Millis;
}

/** A member's data export: queued → running → ready (or failed); the ZIP expires. */
export interface DataExportsTable {
  id: Id;
  member_id: number;
  status: 'queued' | 'running' | 'ready' | 'failed' | 'expired';
  progress: Generated<number>;
  token_hash: string | null;
  filename: string | null;
  size: number | null;
  error: string | null;
  created_at: Millis;
  finished_at: Millis | null;
  expires_at: Millis | null;
}

/** Blocks: neither member sees the other in search. */
/**
 * Counters moved by triggers with every write to what a member's likes lists and chat list show
 * (migration 014); a member without a row has both at 0.
 */
export interface MemberListsTable {
  member_id: number;
  likes_revision: Generated<number>;
  chats_revision: Generated<number>;
}

export interface BlocksTable {
  member_id: number;
  blocked_id: number;
  created_at: Millis;
}

/** In-app notifications. */
export interface NotificationsTable {
  id: Id;
  member_id: number;
  kind: string;
  /** JSON payload. */
  data: string;
  created_at: Millis;
  read_at: Millis | null;
}

/** Every table of the migrations, by name. */
export interface Database {
  members: MembersTable;
  member_fields: MemberFieldsTable;
  member_notes: MemberNotesTable;
  images: ImagesTable;
  sessions: SessionsTable;
  tokens: TokensTable;
  likes: LikesTable;
  client_actions: ClientActionsTable;
  conversations: ConversationsTable;
  conversation_members: ConversationMembersTable;
  messages: MessagesTable;
  push_subscriptions: PushSubscriptionsTable;
  mail_outbox: MailOutboxTable;
  credit_ledger: CreditLedgerTable;
  transactions: TransactionsTable;
  payment_events: PaymentEventsTable;
  complaints: ComplaintsTable;
  bans: BansTable;
  moderation_actions: ModerationActionsTable;
  data_exports: DataExportsTable;
  blocks: BlocksTable;
  member_lists: MemberListsTable;
  notifications: NotificationsTable;
  stats_events: StatsEventsTable;
  stats_daily: StatsDailyTable;
  postback_outbox: PostbackOutboxTable;
}

/** Acquisition dimensions of a stats row ('' when not set; migration 012). */
export interface StatsDimensionColumns {
  design: ColumnType<string, string | undefined, string>;
  slug: ColumnType<string, string | undefined, string>;
  language: ColumnType<string, string | undefined, string>;
  country: ColumnType<string, string | undefined, string>;
  network: ColumnType<string, string | undefined, string>;
  sub1: ColumnType<string, string | undefined, string>;
  sub2: ColumnType<string, string | undefined, string>;
  sub3: ColumnType<string, string | undefined, string>;
}

/** Raw funnel events: no member id, address or cookie (migration 012). */
export interface StatsEventsTable extends StatsDimensionColumns {
  id: Id;
  /** A contract FunnelStep, or `purchase` / `refund`. */
  event: string;
  /**
   * Migration 012's once-per-cause key, which named the member: no longer written (migration 013),
   * only emptied where the previous release wrote one; a later release drops it.
   */
  event_key: ColumnType<string | null, never, null>;
  occurred_at: Millis;
  /** UTC day of occurred_at, YYYY-MM-DD. */
  day: string;
  currency: ColumnType<string, string | undefined, string>;
  /** Minor units; negative for a refund. */
  amount: ColumnType<number, number | undefined, number>;
  count: ColumnType<number, number | undefined, number>;
}

/** stats_events summed per day, event, dimensions and currency. */
export interface StatsDailyTable extends StatsDimensionColumns {
  id: Id;
  day: string;
  event: string;
  currency: ColumnType<string, string | undefined, string>;
  amount: ColumnType<number, number | undefined, number>;
  count: ColumnType<number, number | undefined, number>;
}

/** Conversions to report to traffic partners, one row per conversion. */
export interface PostbackOutboxTable {
  id: Id;
  /** Unique, naming the row and no member: random, or `row:<id>` (migration 013). */
  event_key: string;
  /** A contract PostbackEvent. */
  event: string;
  network: string;
  ref: ColumnType<string, string | undefined, string>;
  sub1: ColumnType<string, string | undefined, string>;
  sub2: ColumnType<string, string | undefined, string>;
  sub3: ColumnType<string, string | undefined, string>;
  amount: ColumnType<number, number | undefined, number>;
  currency: ColumnType<string, string | undefined, string>;
  transaction_ref: ColumnType<string, string | undefined, string>;
  status: ColumnType<
    'pending' | 'delivered' | 'failed' | 'skipped',
    'pending' | undefined,
    'pending' | 'delivered' | 'failed' | 'skipped'
  >;
  attempts: ColumnType<number, number | undefined, number>;
  next_attempt_at: Millis;
  claimed_until: ColumnType<number, number | undefined, number>;
  last_error: ColumnType<string, string | undefined, string>;
  last_attempt_at: Millis | null;
  delivered_at: Millis | null;
  created_at: Millis;
}
