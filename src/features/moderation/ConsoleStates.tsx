import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router-dom';
import { ErrorPage } from '../../app/error/ErrorPage';
import { NOT_FOUND_MESSAGE } from '../../app/error/page-error';
import { useSessionStore } from '../../app/session/session-context';
import { ModerationIcon } from './ModerationIcon';
import type { ConsoleData } from './use-console-data';

/** The server answered 404 to the console: the role is gone, so the user is fetched again. */
export function ConsoleGone() {
  const store = useSessionStore();
  const { pathname } = useLocation();
  useEffect(() => {
    void store.refreshUser();
  }, [store]);
  return <ErrorPage status={404} message={NOT_FOUND_MESSAGE} path={pathname} />;
}

/** Placeholder lines while the first answer is on its way. */
export function ConsoleLoading({ label }: { label: string }) {
  return (
    <div className="moderation-skeleton" role="status" aria-label={label}>
      <span className="skeleton-line w-50" />
      <span className="skeleton-line w-75" />
      <span className="skeleton-line w-100" />
      <span className="skeleton-line w-75" />
    </div>
  );
}

/**
 * Why the console shows nothing new: offline (it only works online and says so) or a failed
 * call, each with a way to try again. Whatever was loaded before stays below it.
 */
export function ConsoleNotice({ state }: { state: ConsoleData<unknown> }) {
  const { t } = useTranslation();
  if (state.status === 'offline') {
    return (
      <div className="moderation-offline alert alert-warning" role="status">
        <ModerationIcon name="offline" size={28} />
        <div>
          <h2 className="h6 mb-1">{t('moderation.offline_title')}</h2>
          <p className="mb-0">
            {t(state.data ? 'moderation.offline_stale' : 'moderation.offline_text')}
          </p>
        </div>
      </div>
    );
  }
  if (state.status !== 'failed' || !state.problem) return null;
  return (
    <div className="alert alert-danger d-flex flex-wrap align-items-center gap-2" role="alert">
      <span className="me-auto">{t(state.problem)}</span>
      <button type="button" className="btn btn-sm btn-outline-secondary" onClick={state.reload}>
        {t('moderation.retry')}
      </button>
    </div>
  );
}
