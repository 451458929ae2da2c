import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router-dom';
import { useSession } from '../../app/session/session-context';
import { EMAIL_CHANGE_INCORRECT } from '../notifications/notifications-view';
import { EmailChangeForm } from './EmailChangeForm';
import './account.scss';

/**
 * The e-mail section of /notifications. The sign-up's last step links to its anchor
 * (#email-change-incorrect) for a member who typed a wrong address: it scrolls into view and
 * the address field gets the cursor.
 */
export function EmailChangeCard({ className = '' }: { className?: string }) {
  const { t } = useTranslation();
  const { user } = useSession();
  const { hash } = useLocation();
  const targeted = hash === EMAIL_CHANGE_INCORRECT;
  const section = useRef<HTMLElement>(null);

  useEffect(() => {
    if (targeted) section.current?.scrollIntoView?.({ block: 'start' });
  }, [targeted]);

  if (!user) return null;
  return (
    <section
      ref={section}
      id={EMAIL_CHANGE_INCORRECT.slice(1)}
      className={`email-change-card ${className}`}
      aria-labelledby="email-change-title"
    >
      <h2 id="email-change-title" className="h5">
        {t('mail_change.title')}
      </h2>
      {targeted && !user.activated && (
        <p className="alert alert-info small">{t('mail_change.wrong_address_hint')}</p>
      )}
      <EmailChangeForm user={user} focusOnMount={targeted} />
    </section>
  );
}
