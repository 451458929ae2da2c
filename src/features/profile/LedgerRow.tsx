import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import type { LedgerEntry, Transaction } from '../../shared/contract/payments';
import { currentLanguage } from '../../i18n/interface-language';
import { formatDate } from '../../shared/dates';
import { intlLocale } from '../../shared/languages';
import { formatMoney } from '../../shared/money';

const WHEN: Intl.DateTimeFormatOptions = { dateStyle: 'medium', timeStyle: 'short' };

/** "100 credits" or "Premium, 3 months": what a purchase bought. */
export function useProductLabel() {
  const { t } = useTranslation();
  return (tx: Transaction) =>
    tx.product === 'premium'
      ? t('history.product_premium', { count: tx.months })
      : t('history.product_credits', { count: tx.credits });
}

/** The status of a purchase as a coloured pill. */
export function StatusBadge({ status }: { status: Transaction['status'] }) {
  const { t } = useTranslation();
  return <span className={`ledger-status is-${status}`}>{t(`history.status_${status}`)}</span>;
}

/**
 * One movement of the balance: when, why, and by how much. A purchase row names the package, the
 * amount and the state, and opens its receipt.
 */
export function LedgerRow({ entry, tx }: { entry: LedgerEntry; tx: Transaction | null }) {
  const { t, i18n } = useTranslation();
  const lng = currentLanguage(i18n);
  const product = useProductLabel();
  const title = t(`history.reason_${entry.reason}`);
  const delta = new Intl.NumberFormat(intlLocale(lng), { signDisplay: 'exceptZero' }).format(
    entry.delta,
  );
  const purchase = entry.reason === 'purchase' && tx;
  const sign = entry.delta > 0 ? 'is-plus' : entry.delta < 0 ? 'is-minus' : '';

  return (
    <li className="ledger-row">
      <div className="ledger-main">
        {tx ? (
          <Link className="ledger-title" to={`/transactions/${tx.id}`}>
            {title}
          </Link>
        ) : (
          <span className="ledger-title">{title}</span>
        )}
        <span className="ledger-meta">
          <time dateTime={entry.created_at}>{formatDate(entry.created_at, lng, WHEN)}</time>
          {purchase && (
            <>
              <span aria-hidden="true"> · </span>
              <span>
                {product(purchase)}, {formatMoney(purchase.amount, lng)}
              </span>{' '}
              <StatusBadge status={purchase.status} />
            </>
          )}
        </span>
      </div>
      <span className={`ledger-delta ${sign}`}>
        {delta}
        <span className="visually-hidden">
          {' '}
          {t('history.credits_unit', { count: Math.abs(entry.delta) })}
        </span>
      </span>
    </li>
  );
}
