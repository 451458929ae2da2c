import { useTranslation } from 'react-i18next';
import { translateMessage } from '../../i18n/translate-message';
import { ComplaintSent } from './ComplaintSent';
import { useQueuedComplaint } from './use-queued-complaint';

export interface ComplaintQueuedProps {
  clientId: string;
  email: string;
  onAgain: () => void;
}

/**
 * A member's complaint kept on this device without a connection: "saved, it will be sent" until
 * the worker has sent it, then its reference as for any sent complaint (or why it was refused).
 */
export function ComplaintQueued({ clientId, email, onAgain }: ComplaintQueuedProps) {
  const { t, i18n } = useTranslation();
  const queued = useQueuedComplaint(clientId);

  if (queued?.status === 'sent' && queued.reference) {
    return <ComplaintSent reference={queued.reference} email={email} onAgain={onAgain} />;
  }
  if (queued?.status === 'failed') {
    const key = queued.error?.key;
    const reason = key && i18n.exists(key) ? translateMessage(t, i18n, key) : null;
    return (
      <div className="complaint-sent">
        <h1 className="h3 mb-3">{t('complaints.failed_title')}</h1>
        <p className="alert alert-danger" role="alert">
          {reason ?? queued.error?.message ?? t('errors.server')}
        </p>
        <button type="button" className="btn btn-primary" onClick={onAgain}>
          {t('complaints.write_again')}
        </button>
      </div>
    );
  }
  return (
    <div className="complaint-sent" role="status">
      <div className="account-mark mb-3" aria-hidden="true">
        <svg width="24" height="24" viewBox="0 0 24 24" fill="none" stroke="currentColor">
          <circle cx="12" cy="12" r="9" strokeWidth="2" />
          <path d="M12 7v5l3 2" strokeWidth="2" strokeLinecap="round" />
        </svg>
      </div>
      <h1 className="h3 mb-3">{t('complaints.queued_title')}</h1>
      <p className="mb-4">{t('complaints.queued_text', { email })}</p>
      <button type="button" className="btn btn-outline-secondary" onClick={onAgain}>
        {t('complaints.again')}
      </button>
    </div>
  );
}
