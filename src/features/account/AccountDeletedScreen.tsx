import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { PageTitle } from '../../app/PageTitle';
import './account.scss';

/** `/account-deleted` (auth optional): a calm goodbye after the account was removed. */
export default function AccountDeletedScreen() {
  const { t } = useTranslation();
  return (
    <div className="container page-pad">
      <PageTitle title={t('account_deleted.title')} />
      <section className="account-result text-center mx-auto" aria-labelledby="deleted-title">
        <div className="account-result-icon mx-auto mb-3" aria-hidden="true">
          <svg viewBox="0 0 48 48" width="48" height="48">
            <path
              d="M24 39s-13-8-16-16.3C6 17 9.6 11 15.5 11c3.5 0 6.2 1.9 8.5 5.2 2.3-3.3 5-5.2 8.5-5.2C38.4 11 42 17 40 22.7 37 31 24 39 24 39Z"
              fill="none"
              stroke="currentColor"
              strokeWidth="3"
              strokeLinejoin="round"
            />
          </svg>
        </div>
        <h1 id="deleted-title" className="h2">
          {t('account_deleted.title')}
        </h1>
        <p className="lead text-body-secondary">{t('account_deleted.text')}</p>
        <p className="text-body-secondary">{t('account_deleted.device')}</p>
        <p className="text-body-secondary mb-4">{t('account_deleted.thanks')}</p>
        <Link className="btn btn-primary" to="/">
          {t('account_deleted.home')}
        </Link>
      </section>
    </div>
  );
}
