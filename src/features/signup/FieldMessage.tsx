import { Link } from 'react-router-dom';
import { useTranslation } from 'react-i18next';

/** A field's error with the link that helps (log in instead, the service page). */
export function FieldMessage({
  id,
  text,
  link,
}: {
  id: string;
  text: string;
  link?: 'login' | 'pages-service' | null;
}) {
  const { t } = useTranslation();
  return (
    <div id={id} className="invalid-feedback d-block">
      {text}
      {link === 'login' && (
        <>
          {' '}
          <Link to="/login">{t('signup.account.login_instead')}</Link>
        </>
      )}
      {link === 'pages-service' && (
        <>
          {' '}
          <Link to="/pages/service">{t('signup.account.contact_service')}</Link>
        </>
      )}
    </div>
  );
}
