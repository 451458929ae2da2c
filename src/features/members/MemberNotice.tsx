import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import type { MemberFetchStatus } from './use-member-profile';

/** Placeholder in the page's final shape while nothing is cached and the fetch runs. */
export function MemberSkeleton() {
  const { t } = useTranslation();
  return (
    <div className="row g-4 member-skeleton">
      <p className="visually-hidden" role="status">
        {t('member.loading')}
      </p>
      <div className="col-lg-5">
        <div className="member-photo-main is-skeleton" />
      </div>
      <div className="col-lg-7">
        <span className="skeleton-line w-50" />
        <span className="skeleton-line w-75" />
        <span className="skeleton-button member-skeleton-button" />
      </div>
    </div>
  );
}

/**
 * Why there is no profile to show: offline with nothing cached, the site hides profiles from
 * visitors, or the fetch failed. Never a spinner that waits forever.
 */
export function MemberNotice({
  status,
  onRetry,
  memberPath,
}: {
  status: Exclude<MemberFetchStatus, 'ready' | 'loading' | 'not-found'>;
  onRetry: () => void;
  memberPath: string;
}) {
  const { t } = useTranslation();
  if (status === 'login-required') {
    return (
      <div className="alert alert-info member-notice" role="status">
        <p className="mb-3">{t('member.login_required')}</p>
        <div className="member-actions-row">
          <Link
            to={`/login?redirect=${encodeURIComponent(memberPath)}`}
            className="btn btn-primary member-action"
          >
            {t('member.login')}
          </Link>
          <Link to="/signup" className="btn btn-outline-primary member-action">
            {t('member.signup')}
          </Link>
        </div>
      </div>
    );
  }
  return (
    <div
      className={`alert ${status === 'offline' ? 'alert-secondary' : 'alert-warning'} member-notice`}
      role="status"
    >
      <p className="mb-3">
        {status === 'offline' ? t('member.offline_empty') : t('member.failed')}
      </p>
      <button type="button" className="btn btn-outline-secondary" onClick={onRetry}>
        {t('member.retry')}
      </button>
    </div>
  );
}
