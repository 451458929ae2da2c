/**
 * What a failed wizard call means for the member: which field it belongs to and which message
 * (an i18n key) explains it. Server keys are preferred when the messages know them (SPEC §8).
 */
import { isSyncError } from '../../bridges/worker-bridge';
import type { SignupDraftRow } from '../../db/db';

export type AccountField = 'email' | 'name' | 'password' | 'form';

export interface AccountProblem {
  field: AccountField;
  /** i18n key; `fallback` is shown when the messages do not have it. */
  key: string;
  fallback: string;
  /** A link that helps: log in instead, or the service page. */
  link: 'login' | 'pages-service' | null;
  /** No connection: the form keeps what was typed and can be sent again. */
  offline: boolean;
}

const GENERIC = 'signup.account.failed';

function problem(
  field: AccountField,
  key: string,
  extra: Partial<Pick<AccountProblem, 'fallback' | 'link' | 'offline'>> = {},
): AccountProblem {
  return {
    field,
    key,
    fallback: extra.fallback ?? GENERIC,
    link: extra.link ?? null,
    offline: extra.offline ?? false,
  };
}

/** Server keys that belong to one field of step 0. */
const FIELD_OF_KEY: Record<string, Pick<AccountProblem, 'field' | 'link' | 'fallback'>> = {
  'signup.existing_account_active': { field: 'email', link: 'login', fallback: GENERIC },
  'signup.deleted_account_exists': { field: 'email', link: 'pages-service', fallback: GENERIC },
  'signup.invalid_email': { field: 'email', link: null, fallback: GENERIC },
  'signup.name_equal_to_email': { field: 'name', link: null, fallback: GENERIC },
  'signup.name_starts_with_at': { field: 'name', link: null, fallback: GENERIC },
  'account_errors.password_too_common': {
    field: 'password',
    link: null,
    fallback: 'signup.account.password_too_common',
  },
};

/** A rejected account creation (POST /api/user.php?new=1) as a message at the right field. */
export function accountProblem(error: unknown): AccountProblem {
  if (!isSyncError(error)) return problem('form', GENERIC);
  if (error.kind === 'network') return problem('form', 'signup.account.offline', { offline: true });
  const known = error.key ? FIELD_OF_KEY[error.key] : undefined;
  if (error.key && known) return problem(known.field, error.key, known);
  if (error.status === 429) return problem('form', 'signup.rate_limited');
  if (error.status !== undefined && error.status >= 500) return problem('form', 'errors.server');
  return problem('form', error.key ?? GENERIC);
}

/** Upload refusals of server/routes/profileimage.ts and server/services/images.ts. */
export const UPLOAD_ERROR_KEYS = [
  'missing_file',
  'too_large',
  'too_many_files',
  'too_many_images',
  'too_many_pixels',
  'unknown_image',
  'unreadable',
  'unsupported_type',
] as const;

/** Which step shows a refused part. */
export const STEP_OF_PART = { photo: 2, location: 3, profile: 4, notes: 5 } as const;

type Refusal = NonNullable<SignupDraftRow['refused']>;

/** The message key for a part the server refused (kept in the draft's `refused`). */
export function refusalKey(refused: Pick<Refusal, 'part' | 'key'>): string {
  const key = refused.key ?? '';
  if (key.startsWith('upload.')) {
    const name = key.slice('upload.'.length);
    return (UPLOAD_ERROR_KEYS as readonly string[]).includes(name)
      ? `signup.upload_errors.${name}`
      : 'signup.upload_errors.generic';
  }
  if (key === 'error.too_many_requests') return 'signup.rate_limited';
  return key || `signup.refused.${refused.part}`;
}

/** The fallback for a refusal whose key the messages do not have. */
export function refusalFallback(part: Refusal['part']): string {
  return `signup.refused.${part}`;
}
