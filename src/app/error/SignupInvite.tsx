import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';

/** The invitation anonymous visitors see on the error page (SPEC §2.7). */
export function SignupInvite({ inRouter }: { inRouter: boolean }) {
  const { t } = useTranslation();
  const label = t('error.signup_cta');
  return (
    <div className="signup-invite card border-0 shadow-sm mx-auto mt-4">
      <div className="card-body p-4">
        <h2 className="h4">{t('error.signup_heading')}</h2>
        <p className="text-body-secondary">{t('error.signup_text')}</p>
        {inRouter ? (
          <Link className="btn btn-primary btn-lg" to="/signup">
            {label}
          </Link>
        ) : (
          <a className="btn btn-primary btn-lg" href="/signup">
            {label}
          </a>
        )}
      </div>
    </div>
  );
}
