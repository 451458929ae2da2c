import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { useTemplate } from '../../app/template/template-context';
import { DraftNotices } from './DraftNotices';
import { StepShell } from './StepShell';
import type { SignupWizard } from './use-signup-wizard';

/** SPEC §3: mailprovider 2 means Gmail. */
const GMAIL = 2;

/** Where Gmail shows the activation mail: a search for the site's name. */
export function gmailSearchUrl(siteName: string): string {
  return `https://mail.google.com/mail/u/0/#search/${encodeURIComponent(siteName)}`;
}

/** Step 7: check your inbox, with the ways on (SPEC §2.4). */
export function DoneStep({ wizard }: { wizard: SignupWizard }) {
  const { t } = useTranslation();
  const { config } = useTemplate();
  const email = wizard.user?.email ?? wizard.draft?.email ?? '';
  const siteName = wizard.settings?.name ?? 'Amora';

  return (
    <StepShell
      step={7}
      title={t('signup.done.title')}
      icon="check"
      focus={wizard.moved}
      notices={<DraftNotices wizard={wizard} step={7} />}
    >
      <div className="signup-done">
        <p className="signup-done-lead">{t('signup.done.sent_to')}</p>
        <p className="signup-done-email">{email}</p>
        <p>{t('signup.done.click_link')}</p>
        <p className="signup-done-change">
          {t('signup.done.wrong_email')}{' '}
          <Link to="/notifications#email-change-incorrect">{t('signup.done.change_email')}</Link>
        </p>
        <p className="signup-done-hint">{t('signup.done.spam_hint')}</p>
        <div className="signup-actions">
          {wizard.user?.mailprovider === GMAIL && (
            <a
              className="btn btn-outline-primary btn-lg w-100"
              href={gmailSearchUrl(siteName)}
              target="_blank"
              rel="noopener noreferrer"
            >
              {t('signup.done.open_gmail')}
            </a>
          )}
          {config.signup.showMembersButton && (
            <Link className="btn btn-primary btn-lg w-100" to="/signup-matches">
              {t('signup.done.members')}
            </Link>
          )}
        </div>
      </div>
    </StepShell>
  );
}
