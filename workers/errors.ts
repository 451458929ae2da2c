/**
 * The one error shape every sync call rejects with. A plain object, not a class: Comlink
 * structured-clones thrown values, and a class instance would arrive as a bare Error.
 */
import type { BanDetails } from '../src/shared/contract/fields';

/**
 * network: no answer (offline, timeout); auth: 401/403; validation: a body that breaks the
 * contract, either way; http: any other error status; storage: IndexedDB refused (closed, quota);
 * aborted: a newer request of the same kind replaced it (nothing to show).
 */
export type SyncErrorKind = 'network' | 'auth' | 'validation' | 'http' | 'storage' | 'aborted';

export interface SyncError {
  kind: SyncErrorKind;
  /** HTTP status when a response arrived. */
  status?: number;
  /** i18n key from the server's ApiError when it sent one. */
  key?: string;
  /** With key `banned`: the ban the server reported (ApiError.ban). */
  ban?: BanDetails;
  message: string;
}

/** Builds a SyncError without undefined fields (they survive structured cloning as noise). */
export function syncError(
  kind: SyncErrorKind,
  message: string,
  extra: { status?: number; key?: string; ban?: BanDetails } = {},
): SyncError {
  const error: SyncError = { kind, message };
  if (extra.status !== undefined) error.status = extra.status;
  if (extra.key !== undefined) error.key = extra.key;
  if (extra.ban !== undefined) error.ban = extra.ban;
  return error;
}

const KINDS: readonly string[] = ['network', 'auth', 'validation', 'http', 'storage', 'aborted'];

/** Narrows a caught value. */
export function isSyncError(value: unknown): value is SyncError {
  if (typeof value !== 'object' || value === null) return false;
  const { kind, message } = value as Partial<SyncError>;
  return typeof kind === 'string' && KINDS.includes(kind) && typeof message === 'string';
}

/** Any thrown value as a SyncError; what is not ours came from Dexie/IndexedDB. */
export function toSyncError(value: unknown): SyncError {
  if (isSyncError(value)) return value;
  const message = value instanceof Error ? `${value.name}: ${value.message}` : String(value);
  return syncError('storage', message);
}

/** Runs a call and rethrows any failure as a plain SyncError, so the page always gets one. */
export async function settle<T>(run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (error) {
    throw toSyncError(error);
  }
}
