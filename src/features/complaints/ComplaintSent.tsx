import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';

export interface ComplaintSentProps {
  reference: string;
  email: string;
  onAgain: () => void;
}

/** After sending: the reference to quote, where the confirmation went, and the ways on. */
export function ComplaintSent({ reference, email, onAgain }: ComplaintSentProps) {
  const { t } = useTranslation();
  return (
    <div className="complaint-sent" role="status">
      <div className="account-mark mb-3" aria-hidden="true">
        ✓
      </div>
      <h1 className="h3 mb-3">{t('complaints.sent_title')}</h1>
      <p className="mb-1 text-body-secondary">{t('complaints.sent_reference')}</p>
      <p className="complaint-reference" data-testid="complaint-reference">
        {reference}
      </p>
      <p className="mb-4">{t('complaints.sent_text', { email })}</p>
      <div className="d-flex flex-wrap gap-2">
        <Link className="btn btn-primary" to="/">
          {t('complaints.home')}
        </Link>
        <button type="button" className="btn btn-outline-secondary" onClick={onAgain}>
          {t('complaints.again')}
        </button>
      </div>
    </div>
  );
}
