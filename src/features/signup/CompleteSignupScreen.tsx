import { useTranslation } from 'react-i18next';
import { Navigate } from 'react-router-dom';
import { loginPathFor } from '../../app/auth-redirect';
import { PageTitle } from '../../app/PageTitle';
import { useSession } from '../../app/session/session-context';

/**
 * `/complete-signup`: a member with an unfinished wizard continues it (the wizard picks the step
 * from the draft and the skip rules), a finished one goes to the members, a visitor logs in first.
 */
export default function CompleteSignupScreen() {
  const { t } = useTranslation();
  const { status, user } = useSession();
  if (status === 'loading') {
    return (
      <div className="signup-loading" role="status">
        <PageTitle title={t('signup.meta_title')} />
        <span className="spinner-border text-body-secondary" aria-hidden="true" />
        <span className="visually-hidden">{t('signup.loading')}</span>
      </div>
    );
  }
  if (!user) return <Navigate to={loginPathFor('/complete-signup')} replace />;
  return <Navigate to={user.profile.lastSignupStep ? '/members' : '/signup'} replace />;
}
