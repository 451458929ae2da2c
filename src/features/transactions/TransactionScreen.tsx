import '../credits/credits.scss';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useParams } from 'react-router-dom';
import { loginPathFor } from '../../app/auth-redirect';
import { ErrorPage } from '../../app/error/ErrorPage';
import { NOT_FOUND_MESSAGE } from '../../app/error/page-error';
import { PageTitle } from '../../app/PageTitle';
import { useSession } from '../../app/session/session-context';
import { CreditsIcon } from '../credits/CreditsIcon';
import { useSiteSettings } from '../members/use-site-settings';
import { Receipt } from './Receipt';
import { StatusHeader } from './StatusHeader';
import { useTransactionPoll } from './use-transaction-poll';

/** Logged out on a receipt link (a mail, another browser): log in and come back here. */
function LoginFirst({ here }: { here: string }) {
  const { t } = useTranslation();
  return (
    <div className="transaction-login">
      <CreditsIcon name="lock" size={36} />
      <h1 className="h3">{t('transaction.login_title')}</h1>
      <p>{t('transaction.login_text')}</p>
      <Link to={loginPathFor(here)} className="btn btn-primary">
        {t('transaction.login')}
      </Link>
    </div>
  );
}

/**
 * /transactions/{transactionId} (public route): after the checkout, the purchase's state live
 * until it is final, the receipt, and where to go next. `?cancelled=1` (the member left the
 * checkout) cancels a purchase that is still open.
 */
export default function TransactionScreen() {
  const { t } = useTranslation();
  const { pathname, search } = useLocation();
  const id = Number(useParams().transactionId);
  const cancelled = new URLSearchParams(search).get('cancelled') === '1';
  const { user, status: sessionStatus } = useSession();
  const settings = useSiteSettings();
  const { transaction, status } = useTransactionPoll(id, cancelled, Boolean(user));

  if (status === 'not-found') {
    return <ErrorPage status={404} message={NOT_FOUND_MESSAGE} path={pathname} />;
  }

  let body;
  if (!user && sessionStatus === 'ready') {
    body = <LoginFirst here={pathname + search} />;
  } else if (!transaction) {
    body =
      status === 'offline' || status === 'failed' ? (
        <div className="alert alert-warning" role="status">
          {t(status === 'offline' ? 'transaction.offline' : 'transaction.load_failed')}
        </div>
      ) : (
        <div className="transaction-status is-pending" role="status">
          <span className="transaction-status-icon">
            <span className="spinner-border" aria-hidden="true" />
          </span>
          <p className="mb-0">{t('transaction.loading')}</p>
        </div>
      );
  } else {
    body = (
      <>
        {(status === 'offline' || status === 'failed') && (
          <p className="offline-note small" role="status">
            {t(status === 'offline' ? 'transaction.offline' : 'transaction.load_failed')}
          </p>
        )}
        <StatusHeader transaction={transaction} />
        <Receipt transaction={transaction} company={settings?.company ?? null} />
      </>
    );
  }

  return (
    <div className="transaction-screen container py-4">
      <PageTitle title={t('transaction.title')} />
      {body}
    </div>
  );
}
