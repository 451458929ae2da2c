import { useTranslation } from 'react-i18next';

/** Gmail's web address; SPEC §3 marks Gmail users with mailprovider 2. */
const GMAIL_URL = 'https://mail.google.com/mail/u/0/#search/Amora';

/** Banner asking a member who has not confirmed their email yet to do so. */
export function ActivateReminder({ email, mailprovider }: { email: string; mailprovider: number }) {
  const { t } = useTranslation();
  return (
    <div className="activate-reminder" role="status">
      <div className="container d-flex flex-wrap align-items-center gap-2 py-2">
        <span className="activate-reminder-icon" aria-hidden="true">
          ✉
        </span>
        <span className="me-auto">
          <strong>{t('activate.title')}</strong> {t('activate.text', { email })}
        </span>
        {mailprovider === 2 && (
          <a
            className="btn btn-sm btn-light"
            href={GMAIL_URL}
            target="_blank"
            rel="noopener noreferrer"
          >
            {t('activate.open_gmail')}
          </a>
        )}
      </div>
    </div>
  );
}
