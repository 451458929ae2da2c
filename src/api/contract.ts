/**
 * The wire contract: every call of the API, its query, body and response, as zod schemas.
 * Shared by the page, the sync worker and the server; it imports nothing but zod.
 */
import { z } from 'zod';

// Pages and workers run under a CSP without eval, where zod's JIT probe is reported as a
// violation; only Node (the server) keeps the faster compiled parsers.
if (typeof (globalThis as { process?: unknown }).process === 'undefined')
  z.config({ jitless: true });

/** Headers every call carries (SPEC §7): which app is calling and which host it was loaded from. */
export const PACKAGE_HEADER = 'x-package-name';
export const ORIGINAL_HOST_HEADER = 'x-original-host';

export const LANGUAGES = ['en', 'nl', 'de', 'it', 'fr', 'es', 'pl'] as const;
export const Language = z.enum(LANGUAGES);
export type Language = z.infer<typeof Language>;

export const NAME_MAX = 150;
export const CITY_MAX = 255;
export const NOTES_MAX = 5000;
export const PASSWORD_MAX = 200;
export const EMAIL_MAX = 254;
export const MIN_AGE = 18;
export const MAX_AGE = 100;
export const SEARCH_PAGE_SIZE = 12;

const id = z.coerce
  .number()
  .int()
  .positive()
  .max(2 ** 31 - 1);
const countryCode = z
  .string()
  .trim()
  .regex(/^[A-Za-z]{2}$/, 'Country must be a two-letter code')
  .transform((c) => c.toUpperCase());
const isoDate = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'Date must be YYYY-MM-DD');
/** Query strings carry booleans as 1/0/true/false. */
const queryFlag = z.enum(['1', '0', 'true', 'false']).transform((v) => v === '1' || v === 'true');

export const Gender = z.enum(['male', 'female']);
export type Gender = z.infer<typeof Gender>;

// ---------------------------------------------------------------- errors

/** Body of every 4xx/5xx answer. `message` is human-readable; `key` is an i18n key when one fits. */
export const ApiError = z.object({
  statusCode: z.number().int(),
  error: z.string(),
  message: z.string(),
  key: z.string().optional(),
  issues: z.array(z.object({ path: z.string(), message: z.string() })).optional(),
  /** With key `banned` (403): why and since when; the page shows it on /pages/ban. */
  ban: z.object({ reason: z.string(), since: z.string() }).optional(),
});
export type ApiError = z.infer<typeof ApiError>;
/** The error key of a 403 that means "this account is banned" (the session has ended). */
export const BANNED_KEY = 'banned';
/** The error key of a 503 when the file storage (disk or object store) cannot be reached; try later. */
export const STORAGE_UNAVAILABLE_KEY = 'storage.unavailable';
export type BanDetails = NonNullable<ApiError['ban']>;

// ---------------------------------------------------------------- settings

export const Region = z.object({ id: z.number().int().nonnegative(), name: z.string() });
export type Region = z.infer<typeof Region>;

export const SignupsMode = z.enum(['all', 'with_trafficsource', 'off']);

export const Company = z.object({
  name: z.string(),
  address: z.string(),
  kvk: z.string(),
  city: z.string(),
  country: z.string(),
  tradenames: z.array(z.string()),
  vat_numbers: z.array(z.string()),
});
export type Company = z.infer<typeof Company>;

export const Settings = z.object({
  name: z.string(),
  domain_language: Language,
  signups: SignupsMode,
  countries: z.array(z.string()),
  region_data: z.record(z.string(), z.array(Region)),
  visible_profile_fields: z.array(z.string()),
  visible_profile_notes: z.array(z.string()),
  cdn_prefix: z.string(),
  geoip_selected_country: z.string().nullable(),
  geoip_country: z.string().nullable(),
  minimum_message_costs: z.record(
    z.string(),
    z.object({ costs: z.number(), currency: z.string() }),
  ),
  logged_out_search: z.boolean(),
  logged_out_search_trafficsource: z.boolean(),
  push_pub: z.string().nullable(),
  niche: z.number().int().min(1).max(7),
  fictional_icon: z.boolean(),
  support_phone: z.string(),
  search_fields: z.array(z.string()),
  member_resell: z.array(z.enum(['cams', 'camads'])),
  delete_discount: z.boolean(),
  company: Company,
  /** Webcam snapshot address = this prefix + account (SPEC §7 "image host"); absent: no snapshots. */
  cams_snapshot_prefix: z.string().optional(),
});
export type Settings = z.infer<typeof Settings>;

// ---------------------------------------------------------------- user

/** Review states of a photo others cannot see yet (pending) or any more (hidden by a moderator). */
export const PHOTO_REVIEW_STATES = ['pending', 'hidden'] as const;
export const Image = z.object({
  id: z.number().int(),
  thumb_filename: z.string(),
  /** Only on the owner's own photos that others cannot see; absent means others see it. */
  review: z.enum(PHOTO_REVIEW_STATES).optional(),
});
export type Image = z.infer<typeof Image>;

export const UserProfile = z.object({
  id: z.number().int(),
  name: z.string(),
  country: z.string().nullable(),
  countryregion: z.number().int().nullable(),
  city: z.string().nullable(),
  gender: Gender.nullable(),
  date_of_birth: isoDate.nullable(),
  main_image: Image.nullable(),
  images: z.array(Image),
  personal: z.string().nullable(),
  language: Language,
  lastSignupStep: z.boolean(),
  /** Other profile fields (SPEC §3 "dynamic list"), keyed by field name. */
  fields: z.record(z.string(), z.string()),
  notes: z.record(z.string(), z.string()),
});
export type UserProfile = z.infer<typeof UserProfile>;

export const User = z.object({
  id: z.number().int(),
  email: z.string(),
  profile: UserProfile,
  /** 2 means Gmail (SPEC §3). */
  mailprovider: z.number().int(),
  fictional_icon: z.boolean(),
  loggedIn: z.boolean(),
  paid_user: z.boolean(),
  signup_date: z.string(),
  activated: z.boolean(),
  credits: z.number().int(),
  /** ISO date-time the member's premium runs until; null when never premium. */
  premium_until: z.string().nullable(),
  /** The new address of an activated member's mail change, until its link is used or expires. */
  pending_email: z.string().nullable(),
  /** Present and true for moderators (who may open the moderation console). */
  moderator: z.boolean().optional(),
  /** The member chose not to appear on invitation pages (landers). */
  lander_opt_out: z.boolean().optional(),
});
export type User = z.infer<typeof User>;

export const UserResponse = z.object({ user: User });
export type UserResponse = z.infer<typeof UserResponse>;

export const SignupBody = z.object({
  email: z
    .string()
    .trim()
    .toLowerCase()
    .max(EMAIL_MAX)
    .pipe(z.email('Value is not a valid email address')),
  name: z
    .string()
    .trim()
    .min(1, 'Value is required')
    .max(NAME_MAX)
    .refine((n) => !n.startsWith('@'), { message: 'signup.name_starts_with_at' }),
  password: z.string().min(1, 'Value is required').max(PASSWORD_MAX),
  trafficsource: z.string().max(100).nullish(),
  timezone: z.string().max(64).nullish(),
  country: z.string().max(2).nullish(),
  language: Language.nullish(),
  profile: z.number().int().positive().nullish(),
  form_path: z.string().max(500).nullish(),
  referrer: z.string().max(2000).nullish(),
  csrf: z.string().max(200).nullish(),
  token: z.string().max(200).nullish(),
  n: z.string().max(1000).nullish(),
});
export type SignupBody = z.infer<typeof SignupBody>;

export const LocationUpdate = z.object({
  country: countryCode,
  countryregion: z.number().int().nonnegative().nullish(),
  city: z.string().trim().max(CITY_MAX).nullish(),
});

export const ProfileUpdate = z
  .object({
    name: z.string().trim().min(1).max(NAME_MAX),
    country: countryCode.nullable(),
    countryregion: z.number().int().nonnegative().nullable(),
    city: z.string().trim().max(CITY_MAX).nullable(),
    gender: Gender.nullable(),
    date_of_birth: isoDate.nullable(),
    personal: z.string().max(NOTES_MAX).nullable(),
    language: Language,
    lastSignupStep: z.boolean(),
    fields: z.record(z.string().max(64), z.string().max(255)),
    notes: z.record(z.string().max(64), z.string().max(NOTES_MAX)),
  })
  .partial()
  .strict();

/** PUT /api/user.php takes the living area or (part of) the profile object (SPEC §7). */
export const UserUpdateBody = z.union([
  LocationUpdate.strict(),
  z.object({ profile: ProfileUpdate }).strict(),
]);
export type UserUpdateBody = z.infer<typeof UserUpdateBody>;

export const PushSubscriptionBody = z.object({
  subscription: z.object({
    endpoint: z.url().max(2000),
    expirationTime: z.number().nullable().optional(),
    keys: z.object({ p256dh: z.string().max(200), auth: z.string().max(100) }),
  }),
});
export type PushSubscriptionBody = z.infer<typeof PushSubscriptionBody>;
/** ?push=1 stores this device's subscription, ?push=0 (or DELETE) removes it. */
export const PushQuery = z.object({ push: z.enum(['0', '1']) });
/** Removing a subscription names its endpoint (a full subscription body is accepted too). */
export const PushUnsubscribeBody = z.union([
  z.object({ endpoint: z.url().max(2000) }),
  PushSubscriptionBody,
]);
/** Whether the endpoint is now subscribed for the session member. */
export const PushResult = z.object({ subscribed: z.boolean() });

/** Per-member e-mail notification switches (GET/POST /api/notification_settings.php). */
export const NotificationSettings = z.object({
  email_messages: z.boolean(),
  email_likes: z.boolean(),
});
export type NotificationSettings = z.infer<typeof NotificationSettings>;
/** Any subset of the switches; unknown names are refused. */
export const NotificationSettingsUpdate = NotificationSettings.partial().strict();

export const LoginBody = z.object({
  email: z
    .string()
    .trim()
    .toLowerCase()
    .max(EMAIL_MAX)
    .pipe(z.email('Value is not a valid email address')),
  password: z.string().min(1, 'Value is required').max(PASSWORD_MAX),
});
export type LoginBody = z.infer<typeof LoginBody>;

export const EmailStatus = z.enum(['new', 'active', 'not_confirmed', 'deleted', 'invalid']);
export type EmailStatus = z.infer<typeof EmailStatus>;
export const ValidateEmailQuery = z.object({ email: z.string().max(EMAIL_MAX) });
export const ValidateEmailResponse = z.object({
  status: EmailStatus,
  token: z.string(),
  email: z.string(),
  request_email: z.string(),
});
export type ValidateEmailResponse = z.infer<typeof ValidateEmailResponse>;

// ---------------------------------------------------------------- search

export const Profile = z.object({
  id: z.number().int(),
  name: z.string(),
  age: z.number().int().nullable(),
  city: z.string().nullable(),
  country: z.string().nullable(),
  language: Language,
  main_image: z.object({ thumb_filename: z.string() }).nullable(),
  /** A premium member (badge on cards). */
  premium: z.boolean().optional(),
});
export type Profile = z.infer<typeof Profile>;

export const SearchQuery = z
  .object({
    // first (automatic) load
    source: z.string().max(50).optional(),
    pp: z.coerce.number().int().min(1).max(100).optional(),
    auto_load: queryFlag.optional(),
    hideNudity: queryFlag.optional(),
    searchAllCountries: queryFlag.optional(),
    trafficsource: z.string().max(100).optional(),
    // manual search
    country: z.union([z.literal(''), countryCode]).optional(),
    countryregion: z.coerce.number().int().min(0).max(100000).optional(),
    min_age: z.coerce.number().int().min(MIN_AGE).max(MAX_AGE).optional(),
    max_age: z.union([z.literal(''), z.coerce.number().int().min(MIN_AGE).max(MAX_AGE)]).optional(),
    gender: z.union([z.literal(''), Gender]).optional(),
    page: z.coerce.number().int().min(1).max(10000).optional(),
    manual_search: queryFlag.optional(),
    do_not_save: queryFlag.optional(),
  })
  .refine(
    (q) => q.min_age === undefined || typeof q.max_age !== 'number' || q.min_age <= q.max_age,
    { message: 'min_age must not be greater than max_age', path: ['min_age'] },
  );
export type SearchQuery = z.infer<typeof SearchQuery>;

export const FilterOptions = z.object({
  gender: z.union([z.literal(''), Gender]),
  min_age: z.number().int(),
  max_age: z.number().int().nullable(),
  country: z.string(),
  countryregion: z.number().int(),
});
export type FilterOptions = z.infer<typeof FilterOptions>;

export const SearchResponse = z.object({
  profiles: z.array(Profile),
  paging: z.object({ num_results: z.number().int(), page: z.number().int(), pp: z.number().int() }),
  filter_options: FilterOptions,
});
export type SearchResponse = z.infer<typeof SearchResponse>;

export const CamsQuery = z
  .object({
    gender: z.union([z.literal(''), Gender]).optional(),
    min_age: z.coerce.number().int().min(MIN_AGE).max(MAX_AGE).optional(),
    max_age: z.coerce.number().int().min(MIN_AGE).max(MAX_AGE).optional(),
  })
  .refine((q) => q.min_age === undefined || q.max_age === undefined || q.min_age <= q.max_age, {
    message: 'min_age must not be greater than max_age',
    path: ['min_age'],
  });
export type CamsQuery = z.infer<typeof CamsQuery>;
/** A webcam performer's account name: it goes into paths and partner addresses, so it stays plain. */
export const CamAccount = z.string().regex(/^[A-Za-z0-9_-]{1,64}$/, 'Invalid account');
export const CamEntry = z.object({
  account: CamAccount,
  name: z.string().optional(),
  age: z.number().int().optional(),
  gender: Gender.optional(),
  country: z.string().optional(),
  languages: z.array(z.string()).optional(),
  /** Full snapshot address when the feed names one; otherwise settings.cams_snapshot_prefix + account. */
  snapshot: z.string().optional(),
});
export type CamEntry = z.infer<typeof CamEntry>;
export const CamsResponse = z.object({ cams: z.record(z.string(), CamEntry) });
export type CamsResponse = z.infer<typeof CamsResponse>;
export const CamRedirectQuery = z.object({ account: CamAccount });
export const CamSnapshotParams = z.object({ account: CamAccount });
/** Where a sponsored ad leads; redirect=1 answers 302, otherwise the address as JSON. */
export const ResellPartnerQuery = z.object({
  flow: z.enum(['profile-search']),
  redirect: queryFlag.optional(),
});
export const ResellPartnerResponse = z.object({ url: z.string() });

// ---------------------------------------------------------------- profile data

export const ProfileFieldsResponse = z.record(
  z.string(),
  z.object({ type: z.enum(['select', 'text']), allowed_values: z.array(z.string()) }),
);
export type ProfileFieldsResponse = z.infer<typeof ProfileFieldsResponse>;

export const RegionsResponse = z.record(z.string(), z.array(Region));
export const InterestsResponse = z.object({
  interests: z.array(z.object({ id: z.number().int(), name: z.string() })),
});
export const CompanyInfoResponse = Company.extend({
  support_phone: z.string(),
  site_name: z.string(),
});

/** A decimal degree from a query string: an empty or non-numeric value is refused, not read as 0. */
const degrees = (limit: number) =>
  z
    .union([
      z.number(),
      z
        .string()
        .trim()
        .regex(/^[-+]?(\d+\.?\d*|\.\d+)$/, 'Must be a number'),
    ])
    .transform(Number)
    .pipe(z.number().min(-limit).max(limit));
/** GET /api/geocode.php: a position in WGS84 decimal degrees. */
export const GeocodeQuery = z.object({ lat: degrees(90), lon: degrees(180) });
/** The nearest place: country code, region id of region_data (0: unknown), place name. */
export const GeocodeResponse = z.object({
  country: z.string(),
  countryregion: z.number().int(),
  city: z.string(),
});
export type GeocodeResponse = z.infer<typeof GeocodeResponse>;

export const ActivateResponse = z.object({ delivered: z.boolean() });
export type ActivateResponse = z.infer<typeof ActivateResponse>;
/** GET /api/activate.php: with `token` it is the mail's link (a redirect); without, the poll. */
export const ActivateQuery = z.object({ token: z.string().min(1).max(200).optional() });
export type ActivateQuery = z.infer<typeof ActivateQuery>;

// ---------------------------------------------------------------- profile images

/** DELETE and PUT /api/profileimage.php: one of the member's own images by id. */
export const ProfileImageBody = z.object({ image: id });
export type ProfileImageBody = z.infer<typeof ProfileImageBody>;

// ---------------------------------------------------------------- likes

export const LikeBody = z.object({
  profile: id,
  /** Client-made UUID: a repeated action is applied once. */
  client_id: z.uuid().optional(),
  /** Client sequence: an action older than the last applied one for this profile is ignored. */
  client_seq: z.number().int().nonnegative().optional(),
});
export type LikeBody = z.infer<typeof LikeBody>;
/** How many members who liked me a member without premium sees by name (newest first). */
export const FREE_LIKED_BY_VISIBLE = 3;
export const LikedByEntry = z.object({ id: z.number().int(), like_new: z.boolean() });
export const LikesResponse = z.object({
  profiles: z.array(Profile.extend({ did_like_profile: z.boolean().optional() })),
  liked_by: z.array(LikedByEntry),
  /** Profile cards of the members in liked_by, so the client can show them without a lookup. */
  liked_by_profiles: z.array(Profile).optional(),
  /**
   * Members who liked me beyond those in liked_by: without premium only the newest
   * FREE_LIKED_BY_VISIBLE are named, the rest are counted here (0 or absent with premium).
   */
  liked_by_hidden: z.number().int().nonnegative().optional(),
  /** How many of the liked_by_hidden likes are new (they still count in the app badge). */
  liked_by_hidden_new: z.number().int().nonnegative().optional(),
});
export type LikesResponse = z.infer<typeof LikesResponse>;
export const LikeResult = z.object({ liked: z.boolean(), applied: z.boolean() });
export type LikeResult = z.infer<typeof LikeResult>;
/** POST /api/likes.php?seen=1: the like from `profile` to me has been opened (SPEC §4). */
export const LikeSeenQuery = z.object({ seen: z.literal('1') });
export const LikeSeenBody = z.object({ profile: id });
/** The received like after marking it seen: like_new is false. */
export const LikeSeenResult = LikedByEntry;
/** Query of POST /api/likes.php: nothing for a like, seen=1 for marking a received like seen. */
export const LikePostQuery = LikeSeenQuery.partial();

// ---------------------------------------------------------------- chats

export const ChatListEntry = z.object({
  conversation: z.object({
    id: z.number().int(),
    last_message: z.string().nullable(),
    updated_at: z.string(),
  }),
  profile: Profile,
  num_unread_messages: z.number().int().nonnegative(),
});
export type ChatListEntry = z.infer<typeof ChatListEntry>;
export const ChatsResponse = z.object({ chats: z.array(ChatListEntry) });

export const StartChatQuery = z.object({ profile: id });
export const StartChatResponse = z.object({ id: z.number().int() });
/** An id in a JSON body: a real number, never coerced from a string, array or boolean. */
const bodyId = z
  .number()
  .int()
  .positive()
  .max(2 ** 31 - 1);
/** Longest chat message, counted after trimming. */
export const CHAT_MESSAGE_MAX = 2000;
/** Messages per page of GET /api/chat.php?conversation=ID. */
export const CHAT_PAGE_SIZE = 30;
/**
 * GET /api/chat.php?conversation=ID: the newest page, or the page before message `before`.
 * `read=0` fetches without marking the conversation read (a background refresh).
 */
export const ChatMessagesQuery = z.object({
  conversation: id,
  before: id.optional(),
  read: z.enum(['0', '1']).optional(),
});
export const ChatMessage = z.object({
  id: z.number().int(),
  conversation: z.number().int(),
  sender: z.number().int(),
  msg: z.string(),
  client_id: z.string().nullable(),
  created_at: z.string(),
  read_at: z.string().nullable(),
  /** When a device of the receiver got it; read implies delivered. Absent from older servers. */
  delivered_at: z.string().nullable().optional(),
});
export type ChatMessage = z.infer<typeof ChatMessage>;
/** One page of messages, oldest first; has_more says older messages exist (page on with before). */
export const ChatMessagesResponse = z.object({
  conversation: z.number().int(),
  msg: z.array(ChatMessage),
  has_more: z.boolean().optional(),
});
export type ChatMessagesResponse = z.infer<typeof ChatMessagesResponse>;
export const SendMessageBody = z.object({
  conversation: bodyId,
  message: z.string().trim().min(1).max(CHAT_MESSAGE_MAX),
  client_id: z.uuid(),
});
export type SendMessageBody = z.infer<typeof SendMessageBody>;
/** POST /api/chat.php answers the stored message (the first one again for a repeated client_id). */
export const SendMessageResponse = ChatMessage;
export const DeleteChatBody = z.object({ conversation: bodyId });
/** DELETE /api/chat.php: the conversation left my list (it comes back with a new message). */
export const DeleteChatResponse = z.object({
  conversation: z.number().int(),
  deleted: z.literal(true),
});
/** PUT /api/chat.php?delivered=1: the device got the other member's messages up to `up_to`. */
export const ChatDeliveredQuery = z.object({ delivered: z.literal('1') });
export const ChatDeliveredBody = z.object({ conversation: bodyId, up_to: bodyId });
export type ChatDeliveredBody = z.infer<typeof ChatDeliveredBody>;
/** How many messages this call marked delivered (0 on a repeat: the call is idempotent). */
export const ChatDeliveredResult = z.object({
  conversation: z.number().int(),
  up_to: z.number().int(),
  marked: z.number().int().nonnegative(),
});

// ---------------------------------------------------------------- block and report

/** POST / DELETE /api/block.php: block or unblock a member. */
export const BlockBody = z.object({ profile: bodyId });
export const BlockResult = z.object({ profile: z.number().int(), blocked: z.boolean() });
export type BlockResult = z.infer<typeof BlockResult>;
/** GET /api/block.php: the members I blocked, newest block first. */
export const BlockListResponse = z.object({ profiles: z.array(Profile) });
export const COMPLAINT_REASONS = [
  'spam',
  'fake',
  'harassment',
  'inappropriate',
  'underage',
  'other',
] as const;
export const ComplaintReason = z.enum(COMPLAINT_REASONS);
/** Longest complaint text. */
export const COMPLAINT_MESSAGE_MAX = 2000;
/** POST /api/complaints.php: report a member. */
export const ComplaintBody = z.object({
  profile: bodyId,
  reason: ComplaintReason,
  message: z.string().trim().max(COMPLAINT_MESSAGE_MAX).optional(),
});
export type ComplaintBody = z.infer<typeof ComplaintBody>;
export const ComplaintResult = z.object({ id: z.number().int() });

// ---------------------------------------------------------------- member profile

/** GET /api/profile.php?id=: the member whose profile page is opened. */
export const ProfileDetailsQuery = z.object({ id });
export type ProfileDetailsQuery = z.infer<typeof ProfileDetailsQuery>;

/** A photo of a member; `filename` is the full-size file when the server has one. */
export const ProfileImage = Image.extend({ filename: z.string().optional() });
export type ProfileImage = z.infer<typeof ProfileImage>;

/** A member's full profile as another member (or a visitor) sees it. */
export const ProfileDetails = z.object({
  id: z.number().int(),
  name: z.string(),
  age: z.number().int().nullable(),
  gender: Gender.nullable(),
  city: z.string().nullable(),
  country: z.string().nullable(),
  countryregion: z.number().int().nullable(),
  /** Name of the region `countryregion` (settings.region_data), null when unknown. */
  region: z.string().nullable(),
  language: Language,
  main_image: ProfileImage.nullable(),
  images: z.array(ProfileImage),
  /** Select-field value keys (profile_fields.php), only the site's visible_profile_fields. */
  fields: z.record(z.string(), z.string()),
  /** Free-text notes, only the site's visible_profile_notes. */
  notes: z.record(z.string(), z.string()),
  /** About me. */
  personal: z.string().nullable(),
  /** The viewer likes this member (always false for visitors). */
  liked: z.boolean(),
  /** This member likes the viewer (always false for visitors). */
  did_like_profile: z.boolean(),
  /** A premium member (badge). */
  premium: z.boolean().optional(),
});
export type ProfileDetails = z.infer<typeof ProfileDetails>;

// ---------------------------------------------------------------- account flows

const emailField = z
  .string()
  .trim()
  .toLowerCase()
  .max(EMAIL_MAX)
  .pipe(z.email('Value is not a valid email address'));
const newPassword = z.string().min(1, 'Value is required').max(PASSWORD_MAX);
/** Single-use tokens from mails are 43 base64url characters; anything else is refused early. */
const mailToken = z.string().regex(/^[A-Za-z0-9_-]{20,100}$/, 'The link is not complete');

/** POST /api/reset_password.php: mail a reset link. Answers the same whether the account exists. */
export const ResetPasswordRequestBody = z.object({ email: emailField });
export const ResetPasswordRequested = z.object({ sent: z.literal(true) });
/** PUT /api/reset_password.php: set a new password with the mailed token; logs the member in. */
export const ResetPasswordBody = z.object({ token: mailToken, password: newPassword });

/**
 * POST /api/mail_change.php: change the account's email. Before activation the address changes at
 * once and a new activation mail goes out (the step 7 "wrong address?" link); after activation the
 * password is required and the new address must confirm through a mailed link first.
 */
export const MailChangeBody = z.object({
  email: emailField,
  password: z.string().max(PASSWORD_MAX).optional(),
});
export const MailChangeResult = z.object({
  user: User,
  /** The address waiting for confirmation, or null when the change already took effect. */
  pending_email: z.string().nullable(),
});
export type MailChangeResult = z.infer<typeof MailChangeResult>;
/** PUT /api/mail_change.php: the /mail-change/do page confirms the new address with its token. */
export const MailChangeConfirmBody = z.object({ token: mailToken });
export const MailChangeConfirmed = z.object({ email: z.string() });

/**
 * PUT /api/password.php: change the password while logged in. The current password confirms it;
 * the member's other sessions end, this one stays.
 */
export const ChangePasswordBody = z.object({
  current_password: z.string().min(1, 'Value is required').max(PASSWORD_MAX),
  password: newPassword,
});

/** DELETE /api/account.php: delete the account for good; the password confirms it. */
export const DeleteAccountBody = z.object({ password: z.string().min(1).max(PASSWORD_MAX) });
export const AccountDeleted = z.object({ deleted: z.literal(true) });

// ---------------------------------------------------------------- complaint form

/** What a complaint from the public /complaints form is about (the page translates them). */
export const COMPLAINT_CATEGORIES = [
  'photo_consent',
  'payment',
  'abuse',
  'fake_profile',
  'underage',
  'other',
] as const;
export const ComplaintCategory = z.enum(COMPLAINT_CATEGORIES);
export type ComplaintCategory = z.infer<typeof ComplaintCategory>;
/** Longest member reference the form takes: an id or a profile link. */
export const COMPLAINT_MEMBER_REF_MAX = 300;
/** Multipart, so not called through `http.call`; the optional screenshot is one file part, any name. */
export const COMPLAINT_FORM_PATH = '/api/complaint_form.php';

/** An empty form field counts as not filled in. */
const optionalField = <T extends z.ZodType>(schema: T) =>
  z.preprocess(
    (v) => (typeof v === 'string' && v.trim() === '' ? undefined : v),
    schema.optional(),
  );

/** The text fields of POST /api/complaint_form.php; messages are i18n keys the page shows per field. */
export const ComplaintFormFields = z.object({
  category: z.enum(COMPLAINT_CATEGORIES, 'complaints.errors.category'),
  member: optionalField(
    z.string().trim().max(COMPLAINT_MEMBER_REF_MAX, 'complaints.errors.member_ref'),
  ),
  message: z
    .string('complaints.errors.message_required')
    .trim()
    .min(1, 'complaints.errors.message_required')
    .max(COMPLAINT_MESSAGE_MAX, 'complaints.errors.message_too_long'),
  email: optionalField(
    z
      .string()
      .trim()
      .toLowerCase()
      .max(EMAIL_MAX, 'complaints.errors.email_invalid')
      .pipe(z.email('complaints.errors.email_invalid')),
  ),
  /** The page's language: the confirmation mail is written in it. */
  language: Language.catch('en'),
  /**
   * A member's complaint queued offline carries a UUID: a repeat with the same id answers the
   * first result and stores nothing (visitors' ids are ignored).
   */
  client_id: optionalField(z.uuid('complaints.errors.invalid')),
});
export type ComplaintFormFields = z.infer<typeof ComplaintFormFields>;
/** The stored complaint and the reference the complainant quotes (e.g. CP-000123). */
export const ComplaintFormResult = z.object({ id: z.number().int(), reference: z.string() });
export type ComplaintFormResult = z.infer<typeof ComplaintFormResult>;

/** The member id in "123", "#123" or a profile link such as /members/123; null when there is none. */
export function memberIdFromRef(ref: string): number | null {
  const text = ref.trim();
  const match = /^#?(\d{1,10})$/.exec(text) ?? /\/members\/(\d{1,10})(?:[/?#]|$)/.exec(text);
  const value = match ? Number(match[1]) : NaN;
  return Number.isSafeInteger(value) && value > 0 && value <= 2 ** 31 - 1 ? value : null;
}

// ---------------------------------------------------------------- credits, premium and payments

/**
 * Money is an integer amount in minor units (cents) with its ISO 4217 currency; prices come from
 * the server's site config only, never from a client.
 */
export const Money = z.object({
  amount: z.number().int().nonnegative(),
  currency: z.string().regex(/^[A-Z]{3}$/),
});
export type Money = z.infer<typeof Money>;

/** Payment methods a checkout may offer; which ones a country gets is site config. */
export const PAYMENT_METHODS = [
  'card',
  'ideal',
  'bancontact',
  'eps',
  'p24',
  'blik',
  'twint',
  'sepa_debit',
] as const;
export const PaymentMethod = z.enum(PAYMENT_METHODS);
export type PaymentMethod = z.infer<typeof PaymentMethod>;

/** What a purchase buys: a credit package or a premium plan. */
export const ProductKind = z.enum(['credits', 'premium']);
export type ProductKind = z.infer<typeof ProductKind>;

/**
 * A purchase's state machine (server/payments/transaction-state.ts): created → pending → paid |
 * failed | cancelled | expired; paid → refunded. A cancelled checkout may still turn paid when
 * the provider reports a payment made before it closed.
 */
export const TRANSACTION_STATUSES = [
  'created',
  'pending',
  'paid',
  'failed',
  'cancelled',
  'expired',
  'refunded',
] as const;
export const TransactionStatus = z.enum(TRANSACTION_STATUSES);
export type TransactionStatus = z.infer<typeof TransactionStatus>;
/** States after which the receipt page stops asking. */
export const FINAL_TRANSACTION_STATUSES: readonly TransactionStatus[] = [
  'paid',
  'failed',
  'cancelled',
  'expired',
  'refunded',
];

/** One credit package as offered to one member (prices in the member's currency). */
export const CreditPackage = z.object({
  id: z.number().int().positive(),
  credits: z.number().int().positive(),
  /** Extra credits of a running time bonus, added when the purchase is paid. */
  bonus_credits: z.number().int().nonnegative(),
  /** What the member pays, VAT included, discount applied. */
  price: Money,
  /** The price before a discount; null when no discount applies. */
  list_price: Money.nullable(),
  /** List price of one credit, rounded to the minor unit (display only). */
  per_credit: Money,
  /** Whole percent cheaper per credit than the smallest package. */
  saving_percent: z.number().int().nonnegative(),
  most_chosen: z.boolean(),
});
export type CreditPackage = z.infer<typeof CreditPackage>;

/** A discount on the member's next purchase (the welcome discount is one). */
export const Discount = z.object({
  code: z.string(),
  percentage: z.number().int().min(1).max(100),
});
export type Discount = z.infer<typeof Discount>;

/** Extra credits on every package bought before `ends_at` (ISO date-time). */
export const TimeBonus = z.object({
  percentage: z.number().int().min(1).max(1000),
  ends_at: z.string(),
});
export type TimeBonus = z.infer<typeof TimeBonus>;

/** GET /api/credits.php: everything the /credits page shows, for the session member. */
export const CreditsOffer = z.object({
  /** The country prices and methods are for (the member's, else the site's default). */
  country: z.string(),
  currency: z.string(),
  /** VAT included in the prices, in basis points (2100 = 21 %). */
  vat_rate_bp: z.number().int().nonnegative(),
  balance: z.number().int(),
  /** Credits still owed after a refund that found them spent; taken from the next purchase. */
  debt: z.number().int().nonnegative(),
  /** What one chat message costs this member, in credits. */
  message_credits: z.number().int().nonnegative(),
  packages: z.array(CreditPackage),
  methods: z.array(PaymentMethod),
  /** Applied to `packages` already (price vs list_price). */
  discount: Discount.nullable(),
  time_bonus: TimeBonus.nullable(),
  /** The package and method of the member's last paid credit purchase (repeat order). */
  last_order: z.object({ package: z.number().int(), method: PaymentMethod }).nullable(),
});
export type CreditsOffer = z.infer<typeof CreditsOffer>;

/** One premium plan as offered (prices in the viewer's currency). */
export const PremiumPlan = z.object({
  id: z.number().int().positive(),
  months: z.number().int().positive(),
  price: Money,
  /** The price spread over the months, rounded to the minor unit (display only). */
  per_month: Money,
  /** Credits added at the start of every premium month. */
  monthly_credits: z.number().int().nonnegative(),
  saving_percent: z.number().int().nonnegative(),
  most_chosen: z.boolean(),
});
export type PremiumPlan = z.infer<typeof PremiumPlan>;

/** GET /api/premium.php (login optional): plans for the member's or the visitor's country. */
export const PremiumOffer = z.object({
  country: z.string(),
  currency: z.string(),
  vat_rate_bp: z.number().int().nonnegative(),
  plans: z.array(PremiumPlan),
  methods: z.array(PaymentMethod),
  /** ISO date-time premium runs until; null when not premium (or logged out). */
  premium_until: z.string().nullable(),
});
export type PremiumOffer = z.infer<typeof PremiumOffer>;

/** A same-site path to go back to after paying ("/chats/12"); never another origin. */
export const ReturnPath = z
  .string()
  .max(300)
  .regex(/^\/(?![/\\])[^\s]*$/, 'Must be a path on this site');

/**
 * POST /api/transactions.php: start a purchase. The client names a product, a package (or plan)
 * id and a method; the server looks up every price, amount, currency and credit count itself,
 * and unknown body fields (a forged `price` or `credits`) are ignored.
 */
export const CreateTransactionBody = z.object({
  product: ProductKind,
  package: bodyId,
  method: PaymentMethod,
  return_to: ReturnPath.optional(),
});
export type CreateTransactionBody = z.infer<typeof CreateTransactionBody>;

/** A purchase as its member sees it: state and receipt. */
export const Transaction = z.object({
  id: z.number().int(),
  /** Shown on the receipt and in mails, e.g. AM-000042. */
  reference: z.string(),
  product: ProductKind,
  /** Package id (credits) or plan id (premium). */
  package: z.number().int(),
  /** Credits of the package (0 for premium). */
  credits: z.number().int().nonnegative(),
  bonus_credits: z.number().int().nonnegative(),
  /** Premium months (0 for credits). */
  months: z.number().int().nonnegative(),
  status: TransactionStatus,
  method: PaymentMethod,
  /** Total paid, VAT included. */
  amount: Money,
  /** Before the discount; equal to amount without one. */
  list_amount: Money,
  discount_percent: z.number().int().nonnegative(),
  vat_rate_bp: z.number().int().nonnegative(),
  /** VAT part of amount, in minor units. */
  vat_amount: z.number().int().nonnegative(),
  country: z.string(),
  created_at: z.string(),
  paid_at: z.string().nullable(),
  /** When the state last changed. */
  updated_at: z.string(),
  return_to: ReturnPath.nullable(),
  /** The member's balance now (so a paid receipt shows the new one). */
  balance: z.number().int(),
});
export type Transaction = z.infer<typeof Transaction>;

/** POST /api/transactions.php answers the new transaction and where to pay it. */
export const CheckoutStarted = z.object({
  transaction: Transaction,
  /** The provider's checkout page (absolute, or a path on this site for the demo provider). */
  checkout_url: z.string(),
});
export type CheckoutStarted = z.infer<typeof CheckoutStarted>;

/** GET /api/transactions.php?id=N: one of my transactions; refresh=1 asks the provider first. */
export const TransactionQuery = z.object({ id, refresh: queryFlag.optional() });
/** PUT /api/transactions.php?cancel=1: I left the checkout without paying. */
export const CancelTransactionQuery = z.object({ cancel: z.literal('1') });
export const CancelTransactionBody = z.object({ id: bodyId });

/** Why the balance moved (credit_ledger.reason). */
export const LEDGER_REASONS = [
  'purchase',
  'bonus',
  'premium_allowance',
  'message',
  'refund',
  'debt_settlement',
  'dev_reset',
  /** Starting credits the demo seed gives its demo members. */
  'demo_grant',
] as const;
export const LedgerReason = z.enum(LEDGER_REASONS);
export type LedgerReason = z.infer<typeof LedgerReason>;

/** One row of the credit ledger. */
export const LedgerEntry = z.object({
  id: z.number().int(),
  delta: z.number().int(),
  reason: LedgerReason,
  /** The purchase the row belongs to (purchase, bonus, refund, debt_settlement, allowance). */
  transaction: z.number().int().nullable(),
  created_at: z.string(),
});
export type LedgerEntry = z.infer<typeof LedgerEntry>;

/** Rows per page of GET /api/ledger.php. */
export const LEDGER_PAGE_SIZE = 20;
export const LedgerQuery = z.object({ page: id.optional() });
/** GET /api/ledger.php: my credit history, newest first, with my purchases of that page. */
export const LedgerResponse = z.object({
  entries: z.array(LedgerEntry),
  /** Every purchase named by `entries`, and on page 1 every purchase not yet paid or final. */
  transactions: z.array(Transaction),
  page: z.number().int(),
  has_more: z.boolean(),
  balance: z.number().int(),
  debt: z.number().int().nonnegative(),
});
export type LedgerResponse = z.infer<typeof LedgerResponse>;

/** GET /api/discountcode.php: welcome=true asks for the welcome discount, code=X checks a code. */
export const DiscountCodeQuery = z.object({
  welcome: queryFlag.optional(),
  code: z.string().max(40).optional(),
});

// ---------------------------------------------------------------- misc

export const LogoutResponse = z.literal('done');
/** POST /api/user.php?new=1 is the sign-up (SPEC §7). */
export const SignupQuery = z.object({ new: z.literal('1') });
/** GET /api/health: readiness for load balancers and `npm start`. */
export const HealthResponse = z.object({
  status: z.literal('ok'),
  engine: z.enum(['sqlite', 'postgres']),
});
/** GET /api/health's 503: an ApiError (key `health.<first failed check>`) and every check's state. */
export const HealthUnavailable = ApiError.extend({
  checks: z.object({
    database: z.enum(['ok', 'failed']),
    /** `off` without REDIS_URL. */
    redis: z.enum(['ok', 'failed', 'off']),
    /** A shutdown has begun: the instance finishes its requests but takes no new ones. */
    draining: z.boolean(),
  }),
});
export type HealthUnavailable = z.infer<typeof HealthUnavailable>;
/** GET /api/health/live: liveness; 200 while the process runs, also while it drains. */
export const HealthLiveResponse = z.object({ status: z.literal('ok'), draining: z.boolean() });
/** GET /_i18n/{locale}/messages.json: a language code or tag such as en or en-US (SPEC §9). */
export const I18nParams = z.object({
  locale: z.string().regex(/^[A-Za-z]{2}(-[A-Za-z]{2})?$/, 'Locale must look like en or en-US'),
});
export const DiscountCodeResponse = z.object({
  code: z.string().nullable(),
  percentage: z.number().nullable(),
});
export const PageHiddenBody = z.object({}).loose();

// ---------------------------------------------------------------- moderation (moderators only)

/** Every console call answers 404 to anyone who is not a moderator, as if it did not exist. */
export const MODERATION_PATH = '/api/moderation.php';
export const MODERATION_ACTIONS = [
  'dismiss',
  'warn',
  'hide_photo',
  'approve_photo',
  'hide_profile',
  'show_profile',
  'ban',
  'unban',
] as const;
export const ModerationAction = z.enum(MODERATION_ACTIONS);
export type ModerationAction = z.infer<typeof ModerationAction>;
/** Actions whose reason the member is told (a warning mail, the ban page), so it is required. */
export const REASON_REQUIRED_ACTIONS: readonly ModerationAction[] = ['warn', 'ban'];
/** Actions about one photo, which name it. */
export const PHOTO_ACTIONS: readonly ModerationAction[] = ['hide_photo', 'approve_photo'];
export const MODERATION_REASON_MAX = 1000;
export const MEMBER_STATUSES = ['active', 'not_confirmed', 'banned', 'deleted'] as const;

export const ModeratedPhoto = z.object({
  id: z.number().int(),
  thumb_filename: z.string(),
  filename: z.string(),
  review: z.enum(['approved', ...PHOTO_REVIEW_STATES]),
});
export type ModeratedPhoto = z.infer<typeof ModeratedPhoto>;

/** A member as the console shows them: enough to judge, no e-mail address or password data. */
export const ModeratedMember = z.object({
  id: z.number().int(),
  name: z.string(),
  age: z.number().int().nullable(),
  gender: Gender.nullable(),
  city: z.string().nullable(),
  country: z.string().nullable(),
  personal: z.string().nullable(),
  status: z.enum(MEMBER_STATUSES),
  search_hidden: z.boolean(),
  moderator: z.boolean(),
  signup_date: z.string(),
  photos: z.array(ModeratedPhoto),
  /** The ban in force, if any. */
  ban: z.object({ reason: z.string(), since: z.string() }).nullable(),
});
export type ModeratedMember = z.infer<typeof ModeratedMember>;

/** A message shown with a chat report: the conversation between reporter and reported member. */
export const ModerationMessage = z.object({
  id: z.number().int(),
  sender_id: z.number().int(),
  body: z.string(),
  created_at: z.string(),
});
export type ModerationMessage = z.infer<typeof ModerationMessage>;

/** A member's report (`report`, from a chat or profile) or a /complaints form entry (`complaint`). */
export const ModerationReport = z.object({
  id: z.number().int(),
  kind: z.enum(['report', 'complaint']),
  /** CP-000123 for form complaints; null for reports. */
  reference: z.string().nullable(),
  created_at: z.string(),
  /** ComplaintReason for reports, ComplaintCategory for complaints. */
  reason: z.string(),
  message: z.string(),
  reporter: z.object({ id: z.number().int(), name: z.string() }).nullable(),
  /** The address a visitor's complaint gave for replies; null for reports. */
  contact_email: z.string().nullable(),
  member: z.object({ id: z.number().int(), name: z.string() }).nullable(),
  has_screenshot: z.boolean(),
  handled: z.boolean(),
  /** Reports only, in the member view: the messages around the report, oldest first. */
  messages: z.array(ModerationMessage).optional(),
});
export type ModerationReport = z.infer<typeof ModerationReport>;

export const ModerationAuditEntry = z.object({
  id: z.number().int(),
  action: ModerationAction,
  reason: z.string(),
  moderator: z.object({ id: z.number().int(), name: z.string() }),
  member_id: z.number().int().nullable(),
  complaint_id: z.number().int().nullable(),
  image_id: z.number().int().nullable(),
  created_at: z.string(),
});
export type ModerationAuditEntry = z.infer<typeof ModerationAuditEntry>;

/** GET /api/moderation.php: the open queue, oldest first, and photos waiting for review. */
export const ModerationQueueResponse = z.object({
  reports: z.array(ModerationReport),
  pending_photos: z.array(
    z.object({
      member: z.object({ id: z.number().int(), name: z.string() }),
      photo: ModeratedPhoto,
    }),
  ),
});
export type ModerationQueueResponse = z.infer<typeof ModerationQueueResponse>;

/** GET /api/moderation.php?member=: one member, the reports about them and their audit log. */
export const ModerationMemberQuery = z.object({ member: id });
export const ModerationMemberResponse = z.object({
  member: ModeratedMember,
  reports: z.array(ModerationReport),
  /** Newest first. */
  audit: z.array(ModerationAuditEntry),
});
export type ModerationMemberResponse = z.infer<typeof ModerationMemberResponse>;

/** POST /api/moderation.php: one action, recorded in the audit log in the same transaction. */
export const ModerationActionBody = z
  .object({
    action: ModerationAction,
    /** Whom it concerns; only a dismiss of a complaint that names nobody goes without. */
    member: bodyId.optional(),
    reason: z.string().trim().max(MODERATION_REASON_MAX).default(''),
    /** The report or complaint acted on; it leaves the open queue. Required for dismiss. */
    complaint: bodyId.optional(),
    /** The photo of hide_photo / approve_photo. */
    image: bodyId.optional(),
  })
  .superRefine((b, ctx) => {
    if (REASON_REQUIRED_ACTIONS.includes(b.action) && b.reason === '')
      ctx.addIssue({ code: 'custom', path: ['reason'], message: 'moderation.errors.reason' });
    if (PHOTO_ACTIONS.includes(b.action) && b.image === undefined)
      ctx.addIssue({ code: 'custom', path: ['image'], message: 'moderation.errors.image' });
    if (b.action !== 'dismiss' && b.member === undefined)
      ctx.addIssue({ code: 'custom', path: ['member'], message: 'moderation.errors.member' });
    if (b.action === 'dismiss' && b.complaint === undefined)
      ctx.addIssue({ code: 'custom', path: ['complaint'], message: 'moderation.errors.complaint' });
  });
export type ModerationActionBody = z.infer<typeof ModerationActionBody>;
export const ModerationActionResult = z.object({
  /** null after dismissing a complaint that names nobody. */
  member: ModeratedMember.nullable(),
  entry: ModerationAuditEntry,
});
export type ModerationActionResult = z.infer<typeof ModerationActionResult>;
/** GET /api/moderation_screenshot.php?complaint=: a complaint's screenshot (JPEG), moderators only. */
export const ModerationScreenshotQuery = z.object({ complaint: id });

// ---------------------------------------------------------------- data export

/** How long the ZIP and its mailed link stay valid. */
export const DATA_EXPORT_TTL_MS = 48 * 60 * 60 * 1000;
export const DataExportStatus = z.enum(['queued', 'running', 'ready', 'failed', 'expired']);
export type DataExportStatus = z.infer<typeof DataExportStatus>;
export const DataExport = z.object({
  id: z.number().int(),
  status: DataExportStatus,
  /** 0–100. */
  progress: z.number().int().min(0).max(100),
  created_at: z.string(),
  /** When the ZIP and its link stop working (ready exports only). */
  expires_at: z.string().nullable(),
  /** Bytes of the ZIP (ready exports only). */
  size: z.number().int().nullable(),
});
export type DataExport = z.infer<typeof DataExport>;
/** GET / POST /api/export.php: the member's newest export (POST starts one unless one is under way). */
export const DataExportResponse = z.object({ export: DataExport.nullable() });
export type DataExportResponse = z.infer<typeof DataExportResponse>;
/** GET /api/export.php?download=: the ZIP of the member's own ready export (session). */
export const DataExportDownloadQuery = z.object({ download: id });
/** GET /api/export_download.php?token=: the ZIP from the mailed link, without a session. */
export const DataExportTokenQuery = z.object({
  token: z.string().regex(/^[A-Za-z0-9_-]{20,100}$/),
});

// ---------------------------------------------------------------- landers and match-finder

/** The niches of lander slugs (SPEC §2.5): niche number → slug prefix. */
export const LANDER_NICHE_PREFIXES = {
  1: '',
  2: 'she-',
  3: 'bdsm-',
  4: 'bbw-',
  5: 'gilf-',
  6: 'milf-',
  7: 'gay-',
} as const;
export type LanderNiche = keyof typeof LANDER_NICHE_PREFIXES;
/** How many member cards a lander shows at most. */
export const LANDER_PROFILES_MAX = 24;

/** GET /api/lander.php?slug=: the members a lander shows (its niche and language from the slug). */
export const LanderQuery = z.object({
  slug: z.string().max(20),
  /** The visitor's traffic source: lets visitors see cards under logged_out_search_trafficsource. */
  trafficsource: z.string().max(100).optional(),
});
export const LanderResponse = z.object({
  language: Language,
  niche: z.number().int().min(1).max(7),
  /** Cards only: no e-mail, birth date or coordinates. Empty when logged-out search is off. */
  profiles: z.array(Profile),
  /** How many members fit the niche (rounded down to a hundred above 100, for the headline). */
  total: z.number().int().nonnegative(),
});
export type LanderResponse = z.infer<typeof LanderResponse>;

/** GET /api/member_lander.php?member=: one member's public card for their invitation page. */
export const MemberLanderQuery = z.object({
  member: id,
  trafficsource: z.string().max(100).optional(),
});
/** null when the member cannot be shown (deleted, banned, hidden, blocked or opted out). */
export const MemberLanderResponse = z.object({ profile: Profile.nullable() });
export type MemberLanderResponse = z.infer<typeof MemberLanderResponse>;

/** GET /api/match_finder.php: the quiz answers → how many fit and some blurred cards. */
export const MatchFinderQuery = z
  .object({
    gender: Gender,
    min_age: z.coerce.number().int().min(MIN_AGE).max(MAX_AGE),
    max_age: z.coerce.number().int().min(MIN_AGE).max(MAX_AGE),
    country: countryCode.optional(),
    countryregion: z.coerce.number().int().min(0).max(100000).optional(),
    trafficsource: z.string().max(100).optional(),
  })
  .refine((q) => q.min_age <= q.max_age, {
    message: 'min_age must not be greater than max_age',
    path: ['min_age'],
  });
export type MatchFinderQuery = z.infer<typeof MatchFinderQuery>;
export const MatchFinderResponse = z.object({
  count: z.number().int().nonnegative(),
  /** Pictures and first names only; the page shows them blurred until sign-up. */
  profiles: z.array(z.object({ id: z.number().int(), main_image: Image.nullable() })),
});
export type MatchFinderResponse = z.infer<typeof MatchFinderResponse>;

/**
 * GET /api/signup_matches.php: members who fit a new member's profile, to like at once. Without
 * `gender` the other gender of the member's own; pass what the visitor chose (match-finder answer,
 * or the member's own gender after a gay- lander). Without ages: 5 years around the member's age.
 */
export const SignupMatchesQuery = z
  .object({
    gender: Gender.optional(),
    min_age: z.coerce.number().int().min(MIN_AGE).max(MAX_AGE).optional(),
    max_age: z.coerce.number().int().min(MIN_AGE).max(MAX_AGE).optional(),
  })
  .refine((q) => q.min_age === undefined || q.max_age === undefined || q.min_age <= q.max_age, {
    message: 'min_age must not be greater than max_age',
    path: ['min_age'],
  });
export type SignupMatchesQuery = z.infer<typeof SignupMatchesQuery>;
export const SignupMatchesResponse = z.object({ profiles: z.array(Profile) });
export type SignupMatchesResponse = z.infer<typeof SignupMatchesResponse>;

/** PUT /api/privacy.php: whether the member appears on invitation pages. */
export const PrivacyBody = z.object({ lander_opt_out: z.boolean() });
export type PrivacyBody = z.infer<typeof PrivacyBody>;

// ---------------------------------------------------------------- live events and developer tools

/**
 * One message of the GET /api/events.php stream (the SSE `data:` line). An event names what
 * changed; the worker fetches or applies it, and polling stays the truth. `by` liked `profile`.
 */
export const LiveEvent = z.discriminatedUnion('type', [
  z.object({ type: z.literal('like'), by: z.number().int(), profile: z.number().int() }),
  z.object({ type: z.literal('unlike'), by: z.number().int(), profile: z.number().int() }),
  z.object({ type: z.literal('chat'), conversation: z.number().int() }),
  z.object({
    type: z.literal('message'),
    conversation: z.number().int(),
    message: ChatMessage.optional(),
  }),
  z.object({
    type: z.literal('read'),
    conversation: z.number().int(),
    /** Who read: the other member's messages up to message `up_to` now have read_at `read_at`. */
    by: z.number().int().optional(),
    up_to: z.number().int().optional(),
    read_at: z.string().optional(),
  }),
  z.object({
    type: z.literal('delivered'),
    conversation: z.number().int(),
    /** The receiver: the other member's messages up to message `up_to` reached a device of theirs. */
    by: z.number().int().optional(),
    up_to: z.number().int(),
    delivered_at: z.string(),
  }),
  z.object({ type: z.literal('user') }),
  /** This member was banned: every open tab shows /pages/ban; the stream then closes. */
  z.object({ type: z.literal('banned'), reason: z.string(), since: z.string() }),
]);
export type LiveEvent = z.infer<typeof LiveEvent>;

/** POST /api/dev.php: the developer panel's server-side action (SPEC §1). */
export const DevActionBody = z.object({ action: z.enum(['zero-credits']) });
export type DevActionBody = z.infer<typeof DevActionBody>;

/** Every call of SPEC §7 and DESIGN §4, for docs and for the typed client. */
export const calls = {
  settings: { method: 'GET', path: '/api/settings.php', response: Settings },
  user: { method: 'GET', path: '/api/user.php', response: UserResponse },
  signup: {
    method: 'POST',
    path: '/api/user.php?new=1',
    query: SignupQuery,
    body: SignupBody,
    response: UserResponse,
  },
  push: { method: 'POST', path: '/api/user.php?push=1', body: PushSubscriptionBody },
  pushUnsubscribe: {
    method: 'DELETE',
    path: '/api/user.php?push=1',
    body: PushUnsubscribeBody,
    response: PushResult,
  },
  notificationSettings: {
    method: 'GET',
    path: '/api/notification_settings.php',
    response: NotificationSettings,
  },
  updateNotificationSettings: {
    method: 'POST',
    path: '/api/notification_settings.php',
    body: NotificationSettingsUpdate,
    response: NotificationSettings,
  },
  updateUser: {
    method: 'PUT',
    path: '/api/user.php',
    body: UserUpdateBody,
    response: UserResponse,
  },
  login: { method: 'POST', path: '/api/login.php', body: LoginBody, response: UserResponse },
  resetPasswordRequest: {
    method: 'POST',
    path: '/api/reset_password.php',
    body: ResetPasswordRequestBody,
    response: ResetPasswordRequested,
  },
  resetPassword: {
    method: 'PUT',
    path: '/api/reset_password.php',
    body: ResetPasswordBody,
    response: UserResponse,
  },
  changePassword: {
    method: 'PUT',
    path: '/api/password.php',
    body: ChangePasswordBody,
    response: UserResponse,
  },
  mailChange: {
    method: 'POST',
    path: '/api/mail_change.php',
    body: MailChangeBody,
    response: MailChangeResult,
  },
  mailChangeConfirm: {
    method: 'PUT',
    path: '/api/mail_change.php',
    body: MailChangeConfirmBody,
    response: MailChangeConfirmed,
  },
  deleteAccount: {
    method: 'DELETE',
    path: '/api/account.php',
    body: DeleteAccountBody,
    response: AccountDeleted,
  },
  logout: { method: 'GET', path: '/api/logout.php', response: LogoutResponse },
  validateEmail: {
    method: 'GET',
    path: '/api/validate_email.php',
    query: ValidateEmailQuery,
    response: ValidateEmailResponse,
  },
  search: { method: 'GET', path: '/api/search.php', query: SearchQuery, response: SearchResponse },
  profileFields: {
    method: 'GET',
    path: '/api/profile_fields.php',
    response: ProfileFieldsResponse,
  },
  regions: { method: 'GET', path: '/api/regions.php', response: RegionsResponse },
  interests: { method: 'GET', path: '/api/interests.php', response: InterestsResponse },
  companyInfo: { method: 'GET', path: '/api/companyinfo.php', response: CompanyInfoResponse },
  geocode: {
    method: 'GET',
    path: '/api/geocode.php',
    query: GeocodeQuery,
    response: GeocodeResponse,
  },
  activate: { method: 'GET', path: '/api/activate.php', response: ActivateResponse },
  /** Multipart (file field(s), png or jpeg); answers the re-fetched user. */
  uploadProfileImage: { method: 'POST', path: '/api/profileimage.php', response: UserResponse },
  deleteProfileImage: {
    method: 'DELETE',
    path: '/api/profileimage.php',
    body: ProfileImageBody,
    response: UserResponse,
  },
  setMainProfileImage: {
    method: 'PUT',
    path: '/api/profileimage.php',
    body: ProfileImageBody,
    response: UserResponse,
  },
  profile: {
    method: 'GET',
    path: '/api/profile.php',
    query: ProfileDetailsQuery,
    response: ProfileDetails,
  },
  chats: { method: 'GET', path: '/api/chats.php', response: ChatsResponse },
  likes: { method: 'GET', path: '/api/likes.php', response: LikesResponse },
  like: { method: 'POST', path: '/api/likes.php', body: LikeBody, response: LikeResult },
  unlike: { method: 'DELETE', path: '/api/likes.php', body: LikeBody, response: LikeResult },
  likeSeen: {
    method: 'POST',
    path: '/api/likes.php?seen=1',
    query: LikeSeenQuery,
    body: LikeSeenBody,
    response: LikeSeenResult,
  },
  startChat: {
    method: 'GET',
    path: '/api/chat.php',
    query: StartChatQuery,
    response: StartChatResponse,
  },
  /** Answers DeleteChatResponse; no response schema here, so clients may ignore the body. */
  deleteChat: { method: 'DELETE', path: '/api/chat.php', body: DeleteChatBody },
  chatMessages: {
    method: 'GET',
    path: '/api/chat.php',
    query: ChatMessagesQuery,
    response: ChatMessagesResponse,
  },
  sendMessage: {
    method: 'POST',
    path: '/api/chat.php',
    body: SendMessageBody,
    response: SendMessageResponse,
  },
  chatDelivered: {
    method: 'PUT',
    path: '/api/chat.php?delivered=1',
    query: ChatDeliveredQuery,
    body: ChatDeliveredBody,
    response: ChatDeliveredResult,
  },
  blocks: { method: 'GET', path: '/api/block.php', response: BlockListResponse },
  block: { method: 'POST', path: '/api/block.php', body: BlockBody, response: BlockResult },
  unblock: { method: 'DELETE', path: '/api/block.php', body: BlockBody, response: BlockResult },
  complaint: {
    method: 'POST',
    path: '/api/complaints.php',
    body: ComplaintBody,
    response: ComplaintResult,
  },
  /** Multipart (ComplaintFormFields and at most one screenshot file part); members and visitors. */
  complaintForm: { method: 'POST', path: COMPLAINT_FORM_PATH, response: ComplaintFormResult },
  cams: { method: 'GET', path: '/api/xcams/search.php', query: CamsQuery, response: CamsResponse },
  /** Opened in a new window, not fetched: answers 302 to the webcam partner. */
  camRedirect: { method: 'GET', path: '/api/xcams/redirect.php', query: CamRedirectQuery },
  /** Opened in a new window with redirect=1 (302); without it the address comes back as JSON. */
  resellPartner: {
    method: 'GET',
    path: '/api/resellpartner.php',
    query: ResellPartnerQuery,
    response: ResellPartnerResponse,
  },
  discountCode: {
    method: 'GET',
    path: '/api/discountcode.php',
    query: DiscountCodeQuery,
    response: DiscountCodeResponse,
  },
  credits: { method: 'GET', path: '/api/credits.php', response: CreditsOffer },
  premium: { method: 'GET', path: '/api/premium.php', response: PremiumOffer },
  createTransaction: {
    method: 'POST',
    path: '/api/transactions.php',
    body: CreateTransactionBody,
    response: CheckoutStarted,
  },
  transaction: {
    method: 'GET',
    path: '/api/transactions.php',
    query: TransactionQuery,
    response: Transaction,
  },
  cancelTransaction: {
    method: 'PUT',
    path: '/api/transactions.php?cancel=1',
    query: CancelTransactionQuery,
    body: CancelTransactionBody,
    response: Transaction,
  },
  ledger: { method: 'GET', path: '/api/ledger.php', query: LedgerQuery, response: LedgerResponse },
  /** Provider callbacks (raw body, signed); provider=stripe or demo. Not for clients. */
  paymentWebhook: { method: 'POST', path: '/api/payment_webhook.php' },
  moderationQueue: { method: 'GET', path: MODERATION_PATH, response: ModerationQueueResponse },
  moderationMember: {
    method: 'GET',
    path: MODERATION_PATH,
    query: ModerationMemberQuery,
    response: ModerationMemberResponse,
  },
  moderate: {
    method: 'POST',
    path: MODERATION_PATH,
    body: ModerationActionBody,
    response: ModerationActionResult,
  },
  /** An image/jpeg, moderators only. */
  moderationScreenshot: {
    method: 'GET',
    path: '/api/moderation_screenshot.php',
    query: ModerationScreenshotQuery,
  },
  dataExport: { method: 'GET', path: '/api/export.php', response: DataExportResponse },
  startDataExport: { method: 'POST', path: '/api/export.php', response: DataExportResponse },
  /** application/zip of the member's own ready export. */
  downloadDataExport: { method: 'GET', path: '/api/export.php', query: DataExportDownloadQuery },
  /** application/zip from the mailed link; the token is the only credential and expires. */
  downloadDataExportByToken: {
    method: 'GET',
    path: '/api/export_download.php',
    query: DataExportTokenQuery,
  },
  lander: { method: 'GET', path: '/api/lander.php', query: LanderQuery, response: LanderResponse },
  memberLander: {
    method: 'GET',
    path: '/api/member_lander.php',
    query: MemberLanderQuery,
    response: MemberLanderResponse,
  },
  matchFinder: {
    method: 'GET',
    path: '/api/match_finder.php',
    query: MatchFinderQuery,
    response: MatchFinderResponse,
  },
  signupMatches: {
    method: 'GET',
    path: '/api/signup_matches.php',
    query: SignupMatchesQuery,
    response: SignupMatchesResponse,
  },
  privacy: { method: 'PUT', path: '/api/privacy.php', body: PrivacyBody, response: UserResponse },
  health: { method: 'GET', path: '/api/health', response: HealthResponse },
  healthLive: { method: 'GET', path: '/api/health/live', response: HealthLiveResponse },
  /** Server-Sent Events; each `data:` line is a LiveEvent. Not a JSON call: open it as an EventSource. */
  events: { method: 'GET', path: '/api/events.php', event: LiveEvent },
  pageHidden: { method: 'POST', path: '/api/page-hidden.php', body: PageHiddenBody },
  dev: { method: 'POST', path: '/api/dev.php', body: DevActionBody, response: UserResponse },
} as const;
