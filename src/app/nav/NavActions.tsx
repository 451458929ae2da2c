import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { useSession } from '../session/session-context';
import { useLogout } from '../session/use-logout';

/** Log in and sign up for visitors, log out for members. */
export function NavActions() {
  const { t } = useTranslation();
  const { user, status } = useSession();
  const logout = useLogout();

  if (status === 'loading') return <span className="nav-actions-placeholder" aria-hidden="true" />;
  if (user) {
    return (
      <button
        type="button"
        className="btn btn-outline-secondary btn-sm"
        onClick={() => void logout()}
      >
        {t('nav.logout')}
      </button>
    );
  }
  return (
    <>
      <Link className="btn btn-link btn-sm text-decoration-none" to="/login">
        {t('nav.login')}
      </Link>
      <Link className="btn btn-primary btn-sm" to="/signup">
        {t('nav.signup')}
      </Link>
    </>
  );
}
