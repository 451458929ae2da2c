/**
 * The contract's plain numbers and header names, apart from its schemas: a first screen that needs
 * a page size or a header name loads no zod for it (fields.ts re-exports them for everyone else).
 */

/** Headers every call carries (SPEC §7): which app is calling and which host it was loaded from. */
export const PACKAGE_HEADER = 'x-package-name';
export const ORIGINAL_HOST_HEADER = 'x-original-host';

export const NAME_MAX = 150;
export const CITY_MAX = 255;
export const NOTES_MAX = 5000;
export const PASSWORD_MAX = 200;
export const EMAIL_MAX = 254;
export const MIN_AGE = 18;
export const MAX_AGE = 100;
export const SEARCH_PAGE_SIZE = 12;

/** Why a member reports another (POST /api/complaints.php). */
export const COMPLAINT_REASONS = [
  'spam',
  'fake',
  'harassment',
  'inappropriate',
  'underage',
  'other',
] as const;
/** Longest complaint text. */
export const COMPLAINT_MESSAGE_MAX = 2000;
