import { useTranslation } from 'react-i18next';
import type { Transaction } from '../../shared/contract/payments';
import type { Settings } from '../../shared/contract/settings';
import { currentLanguage } from '../../i18n/interface-language';
import { formatDate } from '../../shared/dates';
import { formatMoney, formatPercent, formatVatRate } from '../../shared/money';

/** "50 credits (+10 bonus)" or "Premium, 3 months". */
function useItemText(transaction: Transaction): string {
  const { t } = useTranslation();
  if (transaction.product === 'premium') {
    return t('transaction.item_premium', { count: transaction.months });
  }
  const credits = t('transaction.item_credits', { count: transaction.credits });
  return transaction.bonus_credits > 0
    ? `${credits} ${t('transaction.item_bonus', { count: transaction.bonus_credits })}`
    : credits;
}

/** The receipt of a purchase: what, when, how, how much with the VAT, and who sold it. */
export function Receipt({
  transaction,
  company,
}: {
  transaction: Transaction;
  company: Settings['company'] | null;
}) {
  const { t, i18n } = useTranslation();
  const lng = currentLanguage(i18n);
  const item = useItemText(transaction);
  const when = formatDate(new Date(transaction.paid_at ?? transaction.created_at), lng, {
    dateStyle: 'long',
    timeStyle: 'short',
  });
  const money = (amount: number) => formatMoney({ ...transaction.amount, amount }, lng);
  const discounted = transaction.discount_percent > 0;
  const address = company ? [company.address, company.city, company.country].filter(Boolean) : [];

  return (
    <section className="transaction-receipt" aria-labelledby="receipt-title">
      <div className="transaction-receipt-head">
        <h2 id="receipt-title" className="h5 mb-0">
          {t('transaction.receipt_title')}
        </h2>
        <button
          type="button"
          className="btn btn-sm btn-outline-secondary d-print-none"
          onClick={() => window.print()}
        >
          {t('transaction.print')}
        </button>
      </div>
      <dl className="transaction-lines">
        <dt>{t('transaction.reference')}</dt>
        <dd className="transaction-reference">{transaction.reference}</dd>
        <dt>{t('transaction.date')}</dt>
        <dd>{when}</dd>
        <dt>{t('transaction.item')}</dt>
        <dd>{item}</dd>
        <dt>{t('transaction.method')}</dt>
        <dd>{t(`credits.methods.${transaction.method}`)}</dd>
        {discounted && (
          <>
            <dt>{t('transaction.list_amount')}</dt>
            <dd>
              <s>{formatMoney(transaction.list_amount, lng)}</s>
            </dd>
            <dt>{t('transaction.discount')}</dt>
            <dd>
              −{formatPercent(transaction.discount_percent, lng)} (−
              {money(transaction.list_amount.amount - transaction.amount.amount)})
            </dd>
          </>
        )}
        <dt className="transaction-total">{t('transaction.amount')}</dt>
        <dd className="transaction-total">{formatMoney(transaction.amount, lng)}</dd>
        <dt>{t('transaction.vat', { rate: formatVatRate(transaction.vat_rate_bp, lng) })}</dt>
        <dd>{money(transaction.vat_amount)}</dd>
      </dl>
      {company && (
        <address className="transaction-seller small mb-0">
          <span className="transaction-seller-title">{t('transaction.seller')}</span>
          <strong>{company.name}</strong>
          {address.map((line) => (
            <span key={line}>{line}</span>
          ))}
          {company.vat_numbers[0] && (
            <span>{t('transaction.vat_number', { number: company.vat_numbers[0] })}</span>
          )}
          {company.kvk && <span>{t('transaction.registration', { number: company.kvk })}</span>}
        </address>
      )}
    </section>
  );
}
