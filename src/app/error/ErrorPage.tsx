import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { useInRouterContext } from 'react-router-dom';
import { PageTitle } from '../PageTitle';
import { useOptionalSession } from '../session/session-context';
import { isCrawler } from './crawler';
import { SignupInvite } from './SignupInvite';

const MemberPreviewGrid = lazy(() => import('../../features/members/MemberPreviewGrid'));

export interface ErrorPageProps {
  status: number;
  message: string;
  /** The requested path, shown for 404s. */
  path?: string | null;
}

/**
 * The site-wide error page (SPEC §2.7): heading, status code and message; members see other
 * members to continue with, visitors an invitation. Crawlers get nothing but a noindex hint.
 */
export function ErrorPage({ status, message, path = null }: ErrorPageProps) {
  const { t } = useTranslation();
  const session = useOptionalSession();
  const inRouter = useInRouterContext();

  if (isCrawler(typeof navigator === 'undefined' ? '' : navigator.userAgent)) {
    return <meta name="robots" content="noindex" />;
  }

  const text =
    status === 404 ? t('error.not_found') : status >= 500 ? t('error.internal') : message;
  const loggedIn = Boolean(session?.user);

  return (
    <section className="error-page container text-center py-4" aria-labelledby="error-heading">
      <PageTitle title={`${t('error.heading')} ${status}`} />
      <meta name="robots" content="noindex" />
      <h1 id="error-heading" className="h2 text-body-secondary mb-0">
        {t('error.heading')}
      </h1>
      <p className="error-status display-1 fw-bold mb-1" data-testid="error-status">
        {status}
      </p>
      <p className="lead mb-2" data-testid="error-message">
        {text}
      </p>
      {path && (
        <p className="text-body-secondary">
          {t('error.path')} <code className="error-path">{path}</code>
        </p>
      )}
      {inRouter && loggedIn ? (
        <div className="text-start mt-5">
          <h2 className="h4 text-center mb-3">{t('error.members_heading')}</h2>
          <Suspense fallback={null}>
            <MemberPreviewGrid count={8} />
          </Suspense>
        </div>
      ) : (
        <SignupInvite inRouter={inRouter} />
      )}
    </section>
  );
}
