/**
 * The console's rules as plain functions (tested without a browser): labels of reasons, how old a
 * report is, what a moderator must type before an action, and which message a failure shows.
 */
import { COMPLAINT_REASONS } from '../../shared/contract/limits';
import {
  COMPLAINT_CATEGORIES,
  MODERATION_REASON_MAX,
  REASON_REQUIRED_ACTIONS,
  type ComplaintCategory,
  type ModerationAction,
  type ModerationReport,
} from '../../shared/contract/moderation';
import { dateTimeFormat, relativeTimeFormat } from '../../shared/dates';
import type { SyncError } from '../../bridges/worker-bridge';

/** The actions a moderator starts from the member view with a dialog (a reason or a note). */
export const DIALOG_ACTIONS = ['warn', 'hide_profile', 'show_profile', 'ban', 'unban'] as const;
export type DialogAction = (typeof DIALOG_ACTIONS)[number];

type ReportReason = (typeof COMPLAINT_REASONS)[number];
export type ReasonKey =
  `chat.reasons.${ReportReason}` | `complaints.categories.${ComplaintCategory}`;

const isReportReason = (value: string): value is ReportReason =>
  (COMPLAINT_REASONS as readonly string[]).includes(value);
const isCategory = (value: string): value is ComplaintCategory =>
  (COMPLAINT_CATEGORIES as readonly string[]).includes(value);

/**
 * The i18n key of a report's reason (the chat's report reasons) or a complaint's category (the
 * /complaints form's), or null for a value this version of the page does not know.
 */
export function reasonKey(report: Pick<ModerationReport, 'kind' | 'reason'>): ReasonKey | null {
  const { kind, reason } = report;
  if (kind === 'report') return isReportReason(reason) ? `chat.reasons.${reason}` : null;
  return isCategory(reason) ? `complaints.categories.${reason}` : null;
}

const UNITS: [Intl.RelativeTimeFormatUnit, number][] = [
  ['day', 86_400_000],
  ['hour', 3_600_000],
  ['minute', 60_000],
];

/** How long ago, in the largest whole unit ("3 hours ago", "vor 2 Tagen"); under a minute is "now". */
export function formatAge(iso: string, lng: string, now: Date = new Date()): string {
  const then = new Date(iso).getTime();
  if (Number.isNaN(then)) return '';
  const elapsed = Math.max(0, now.getTime() - then);
  const format = relativeTimeFormat(lng, { numeric: 'auto' });
  for (const [unit, ms] of UNITS) {
    if (elapsed >= ms) return format.format(-Math.floor(elapsed / ms), unit);
  }
  return format.format(0, 'second');
}

/** A date and time for tooltips and the audit log, in the interface language. */
export function formatWhen(iso: string, lng: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '';
  return dateTimeFormat(lng, {
    dateStyle: 'medium',
    timeStyle: 'short',
  }).format(date);
}

/** Everything that can go wrong in the console, as the suffixes of its i18n keys. */
const ERRORS = [
  'reason',
  'reason_too_long',
  'image',
  'complaint',
  'self',
  'deleted',
  'conflict',
  'not_found',
  'offline',
  'failed',
] as const;
export type ModerationErrorKey = `moderation.errors.${(typeof ERRORS)[number]}`;

/** Warn and ban tell the member why, so they need a reason; every reason fits the audit log. */
export function reasonProblem(action: ModerationAction, reason: string): ModerationErrorKey | null {
  const text = reason.trim();
  if (REASON_REQUIRED_ACTIONS.includes(action) && text === '') return 'moderation.errors.reason';
  if (text.length > MODERATION_REASON_MAX) return 'moderation.errors.reason_too_long';
  return null;
}

/** Server keys the console has words for; anything else is a general failure. */
const SERVER_KEYS: readonly string[] = ERRORS.filter((e) => e !== 'offline' && e !== 'failed').map(
  (e) => `moderation.errors.${e}`,
);
const isServerKey = (key: string | undefined): key is ModerationErrorKey =>
  key !== undefined && SERVER_KEYS.includes(key);

/** The i18n key of what went wrong with a console call. */
export function failureKey(error: unknown): ModerationErrorKey {
  const e = (error ?? {}) as Partial<SyncError>;
  if (isServerKey(e.key)) return e.key;
  if (e.kind === 'network') return 'moderation.errors.offline';
  if (e.status === 404) return 'moderation.errors.not_found';
  if (e.status === 409) return 'moderation.errors.conflict';
  return 'moderation.errors.failed';
}

/** True when the answer means "you are not (or no longer) a moderator": the console is a 404. */
export function isConsoleGone(error: unknown): boolean {
  const e = (error ?? {}) as Partial<SyncError>;
  return e.status === 404 && !isServerKey(e.key);
}
