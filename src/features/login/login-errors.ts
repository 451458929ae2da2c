/** Turns a failed login call into a message key in the member's language. */
import { isApiFailure } from '../../api/failure';
import { isSyncError, type SyncError } from '../../bridges/worker-bridge';

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

/** A rejection of the sync worker's login (workers/errors.ts), a plain object. */
function fromSyncError(error: SyncError): LoginError {
  const serverKey = error.key ?? null;
  if (error.kind === 'network') return { key: 'errors.offline', serverKey: null };
  if (error.status === 401) return { key: 'login.error_credentials', serverKey };
  if (error.status === 403) return { key: 'login.error_refused', serverKey };
  if (error.status === 429) return { key: 'login.error_rate_limited', serverKey };
  if (error.status !== undefined && error.status >= 500)
    return { key: 'errors.server', serverKey: null };
  return { key: 'login.error_generic', serverKey };
}

/** Maps each failure kind to what the member can do about it. */
export function loginError(error: unknown): LoginError {
  if (isSyncError(error)) return fromSyncError(error);
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
