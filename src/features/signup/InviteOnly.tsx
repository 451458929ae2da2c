import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { SignupIcon } from './SignupIcon';

/** Shown instead of the wizard when sign-ups are by invitation only (SPEC §2.4, §6). */
export function InviteOnly({ siteName }: { siteName: string }) {
  const { t } = useTranslation();
  return (
    <section className="signup-step signup-invite-only" aria-labelledby="invite-title">
      <header className="signup-step-head">
        <div className="signup-icon">
          <SignupIcon name="lock" />
        </div>
        <h1 id="invite-title" className="signup-title">
          {t('signup.invite.title')}
        </h1>
        <p className="signup-intro">{t('signup.invite.text', { site: siteName })}</p>
      </header>
      <div className="signup-actions">
        <Link className="btn btn-primary btn-lg w-100" to="/members">
          {t('signup.invite.members')}
        </Link>
        <Link className="btn btn-outline-secondary btn-lg w-100" to="/login">
          {t('signup.invite.login')}
        </Link>
      </div>
    </section>
  );
}
