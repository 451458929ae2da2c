import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { currentLanguage } from '../../i18n/interface-language';
import { formatDate } from '../../shared/dates';
import { formatMoney } from '../../shared/money';
import { LedgerRow, StatusBadge, useProductLabel } from './LedgerRow';
import { rowTransaction } from './ledger-view';
import type { LedgerState } from './use-ledger';

/** Purchases still open (not paid, not final), then every movement of the balance, newest first. */
export function LedgerHistory({ ledger, online }: { ledger: LedgerState; online: boolean }) {
  const { t, i18n } = useTranslation();
  const lng = currentLanguage(i18n);
  const product = useProductLabel();
  const { view, status, loadingMore } = ledger;

  if (!view) {
    if (status === 'failed') {
      return (
        <div className="ledger-problem" role="alert">
          <p className="mb-2">{online ? t('history.load_failed') : t('history.offline')}</p>
          <button type="button" className="btn btn-outline-primary btn-sm" onClick={ledger.retry}>
            {t('history.retry')}
          </button>
        </div>
      );
    }
    return (
      <div className="ledger-skeleton" role="status">
        <span className="visually-hidden">{t('history.loading')}</span>
      </div>
    );
  }

  return (
    <>
      {view.open.length > 0 && (
        <>
          <h3 className="ledger-heading">{t('history.open_title')}</h3>
          <ul className="ledger-list list-unstyled">
            {view.open.map((tx) => (
              <li key={tx.id} className="ledger-row">
                <div className="ledger-main">
                  <Link className="ledger-title" to={`/transactions/${tx.id}`}>
                    {product(tx)}
                  </Link>
                  <span className="ledger-meta">
                    <time dateTime={tx.created_at}>{formatDate(tx.created_at, lng)}</time>
                    <span aria-hidden="true"> · </span>
                    {formatMoney(tx.amount, lng)} <StatusBadge status={tx.status} />
                  </span>
                </div>
              </li>
            ))}
          </ul>
        </>
      )}
      <h3 className="ledger-heading">{t('history.list_title')}</h3>
      {view.entries.length === 0 ? (
        <p className="text-body-secondary mb-0">{t('history.empty')}</p>
      ) : (
        <ol className="ledger-list list-unstyled">
          {view.entries.map((entry) => (
            <LedgerRow key={entry.id} entry={entry} tx={rowTransaction(view, entry)} />
          ))}
        </ol>
      )}
      {status === 'more-failed' && (
        <p className="text-danger small mt-2" role="alert">
          {online ? t('history.more_failed') : t('history.offline')}
        </p>
      )}
      {view.hasMore && (
        <button
          type="button"
          className="btn btn-outline-primary ledger-more"
          disabled={loadingMore}
          onClick={ledger.loadMore}
        >
          {loadingMore && (
            <span className="spinner-border spinner-border-sm me-2" aria-hidden="true" />
          )}
          {t('history.show_more')}
        </button>
      )}
    </>
  );
}
