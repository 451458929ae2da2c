/** Turns a failed login call into a message key in the member's language. */
import { isApiFailure } from '../../api/http';

export type LoginErrorKey =
  | 'login.error_credentials'
  | 'login.error_rate_limited'
  | 'login.error_refused'
  | 'errors.offline'
  | 'errors.server'
  | 'login.error_generic';

export interface LoginError {
  key: LoginErrorKey;
  /** The server's own i18n key (ApiError.key), preferred when the messages know it. */
  serverKey: string | null;
}

/** Maps each failure kind to what the member can do about it. */
export function loginError(error: unknown): LoginError {
  if (!isApiFailure(error)) return { key: 'login.error_generic', serverKey: null };
  const serverKey = error.apiError?.key ?? null;
  switch (error.kind) {
    case 'unauthorized':
      return { key: 'login.error_credentials', serverKey };
    case 'forbidden':
      return { key: 'login.error_refused', serverKey };
    case 'client':
      return {
        key: error.status === 429 ? 'login.error_rate_limited' : 'login.error_generic',
        serverKey,
      };
    case 'network':
      return { key: 'errors.offline', serverKey: null };
    case 'server':
      return { key: 'errors.server', serverKey: null };
    default:
      return { key: 'login.error_generic', serverKey: null };
  }
}
