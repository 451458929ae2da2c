import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { PageTitle } from '../../app/PageTitle';
import { useCurrentRoute } from '../../app/route-handle';
import { useSession } from '../../app/session/session-context';
import { getSync } from '../../bridges/worker-bridge';

/**
 * Where the activation mail's link lands (`/activate/done`, `/activate/error`): says how it went
 * and leads on. After a success the stored user is fetched again, so "confirm your e-mail" goes.
 */
export default function ActivateResultScreen() {
  const { t } = useTranslation();
  const done = useCurrentRoute()?.screen === 'activateDone';
  const { user } = useSession();

  useEffect(() => {
    if (!done) return;
    getSync()
      .refreshUser()
      .catch((error: unknown) => console.warn('Refreshing the user failed', error));
  }, [done]);

  const title = done ? t('activate_result.done_title') : t('activate_result.error_title');
  return (
    <div className="container py-5">
      <PageTitle title={title} />
      <section className="activate-result text-center mx-auto" aria-labelledby="activate-title">
        <div
          className={`activate-result-icon mx-auto mb-3${done ? ' is-done' : ''}`}
          aria-hidden="true"
        >
          <svg viewBox="0 0 48 48" width="48" height="48">
            <circle cx="24" cy="24" r="20" fill="none" stroke="currentColor" strokeWidth="3" />
            <path
              d={done ? 'M15 24.5l6 6 12-13' : 'M24 14v13M24 33v1'}
              fill="none"
              stroke="currentColor"
              strokeWidth="3.5"
              strokeLinecap="round"
              strokeLinejoin="round"
            />
          </svg>
        </div>
        <h1 id="activate-title" className="h2">
          {title}
        </h1>
        <p className="lead text-body-secondary">
          {done ? t('activate_result.done_text') : t('activate_result.error_text')}
        </p>
        <div className="d-flex flex-wrap justify-content-center gap-2">
          {done && user ? (
            <Link className="btn btn-primary" to="/members">
              {t('activate_result.find_members')}
            </Link>
          ) : (
            !user && (
              <Link className="btn btn-primary" to="/login">
                {t('activate_result.login')}
              </Link>
            )
          )}
          {!done && (
            <Link className="btn btn-outline-primary" to="/pages/service">
              {t('activate_result.service')}
            </Link>
          )}
        </div>
      </section>
    </div>
  );
}
