/**
 * The complaint form's checks before sending, and where a server refusal belongs on the form:
 * the same `complaints.errors.*` keys either way, so the member reads one text per problem.
 */
import {
  ComplaintFormFields,
  memberIdFromRef,
  type ComplaintCategory,
} from '../../shared/contract/moderation';
import { isPhotoFile, PHOTO_MAX_BYTES } from '../profile/photo-files';

/** The form's fields that can carry an error. */
export type ComplaintField = 'category' | 'member' | 'message' | 'email' | 'screenshot';

/** What the form holds while the member fills it in. */
export interface ComplaintValues {
  category: ComplaintCategory | '';
  member: string;
  message: string;
  email: string;
}

/** Error keys per field; a key not listed here is shown above the submit button. */
const FIELD_OF_KEY: Record<string, ComplaintField> = {
  'complaints.errors.category': 'category',
  'complaints.errors.member_ref': 'member',
  'complaints.errors.unknown_member': 'member',
  'complaints.errors.self': 'member',
  'complaints.errors.message_required': 'message',
  'complaints.errors.message_too_long': 'message',
  'complaints.errors.email_required': 'email',
  'complaints.errors.email_invalid': 'email',
  'complaints.errors.screenshot_type': 'screenshot',
  'complaints.errors.screenshot_too_large': 'screenshot',
  'complaints.errors.screenshot_unreadable': 'screenshot',
  'complaints.errors.screenshot_pixels': 'screenshot',
};

/** The field a server key belongs to, or null for a form-wide problem. */
export function fieldOfKey(key: string | null): ComplaintField | null {
  return key ? (FIELD_OF_KEY[key] ?? null) : null;
}

/** Error keys per field before sending; empty when the form may go. */
export function checkComplaint(
  values: ComplaintValues,
  visitor: boolean,
): Partial<Record<ComplaintField, string>> {
  const errors: Partial<Record<ComplaintField, string>> = {};
  const parsed = ComplaintFormFields.safeParse({ ...values, language: 'en' });
  for (const issue of parsed.success ? [] : parsed.error.issues) {
    const field = fieldOfKey(issue.message);
    if (field && !errors[field]) errors[field] = issue.message;
  }
  if (!errors.member && values.member.trim() !== '' && memberIdFromRef(values.member) === null) {
    errors.member = 'complaints.errors.member_ref';
  }
  if (visitor && !errors.email && values.email.trim() === '') {
    errors.email = 'complaints.errors.email_required';
  }
  if (!visitor) delete errors.email;
  return errors;
}

/** Why a chosen screenshot cannot be sent (same rules as photos), or null. */
export function screenshotProblem(file: Pick<File, 'type' | 'name' | 'size'>): string | null {
  if (!isPhotoFile(file)) return 'complaints.errors.screenshot_type';
  if (file.size > PHOTO_MAX_BYTES) return 'complaints.errors.screenshot_too_large';
  return null;
}
