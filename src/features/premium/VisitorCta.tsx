import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { loginPathFor } from '../../app/auth-redirect';

/** Premium is for members: a visitor signs up (free) or logs in and comes back here. */
export function VisitorCta({ returnPath }: { returnPath: string }) {
  const { t } = useTranslation();
  return (
    <div className="premium-visitor">
      <p className="premium-step-title mb-1">{t('premium.visitor_title')}</p>
      <p className="text-body-secondary">{t('premium.visitor_text')}</p>
      <div className="premium-visitor-actions">
        <Link className="btn btn-primary btn-lg" to="/signup">
          {t('premium.visitor_signup')}
        </Link>
        <Link className="btn btn-outline-primary btn-lg" to={loginPathFor(returnPath)}>
          {t('premium.visitor_login')}
        </Link>
      </div>
    </div>
  );
}
