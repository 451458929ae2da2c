/**
 * Moderation calls of the wire contract (moderators only) and the public complaint form.
 */
import { z } from 'zod';
import { COMPLAINT_MESSAGE_MAX } from './limits';
import { bodyId, EMAIL_MAX, Gender, id, Language, PHOTO_REVIEW_STATES } from './fields';

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
