/**
 * Turns a failed account call (a SyncError from the worker) into text for the member: the
 * server's own key when the messages know it, else what the member can do about it.
 */
import type { i18n, TFunction } from 'i18next';
import { MIN_AGE } from '../../shared/contract/fields';
import { isSyncError } from '../../bridges/worker-bridge';

export interface AccountProblem {
  /** The server's i18n key (account_errors.wrong_password, …), so a form can place it on a field. */
  key: string | null;
  text: string;
}

/** What the member reads; null when there is nothing to say (a newer request replaced this one). */
export function accountProblem(error: unknown, t: TFunction, i18next: i18n): AccountProblem | null {
  if (!isSyncError(error)) return { key: null, text: t('errors.server') };
  if (error.kind === 'aborted') return null;
  if (error.kind === 'network') return { key: null, text: t('errors.offline') };
  const key = error.key ?? null;
  if (key && i18next.exists(key)) {
    // Server keys are only known at run time; min_age fills profile.date_of_birth_error.
    const text = (t as (k: string, o: object) => string)(key, { min_age: MIN_AGE });
    return { key, text };
  }
  if (error.status === 429) return { key, text: t('login.error_rate_limited') };
  if (error.kind === 'storage' || (error.status !== undefined && error.status >= 500)) {
    return { key, text: t('errors.server') };
  }
  return { key, text: t('my_profile.error_generic') };
}
