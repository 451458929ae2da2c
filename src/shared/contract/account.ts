/**
 * Session and account calls of the wire contract: the member, sign-up, login, push, notification
 * settings, photos, password and e-mail flows, activation, data export and deletion.
 */
import { z } from 'zod';
import {
  CITY_MAX,
  countryCode,
  EMAIL_MAX,
  Gender,
  id,
  Image,
  Language,
  NAME_MAX,
  NOTES_MAX,
  PASSWORD_MAX,
} from './fields';

const isoDate = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'Date must be YYYY-MM-DD');

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
  /** Present and true for holders of the stats role (who may open the stats console). */
  stats: z.boolean().optional(),
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

export const ActivateResponse = z.object({ delivered: z.boolean() });
export type ActivateResponse = z.infer<typeof ActivateResponse>;
/** GET /api/activate.php: with `token` it is the mail's link (a redirect); without, the poll. */
export const ActivateQuery = z.object({ token: z.string().min(1).max(200).optional() });
export type ActivateQuery = z.infer<typeof ActivateQuery>;

/** DELETE and PUT /api/profileimage.php: one of the member's own images by id. */
export const ProfileImageBody = z.object({ image: id });
export type ProfileImageBody = z.infer<typeof ProfileImageBody>;

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

export const LogoutResponse = z.literal('done');
/** POST /api/user.php?new=1 is the sign-up (SPEC §7). */
export const SignupQuery = z.object({ new: z.literal('1') });

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
