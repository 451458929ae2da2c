import { useTranslation } from 'react-i18next';
import type { CreditPackage, CreditsOffer } from '../../shared/contract/payments';
import { currentLanguage } from '../../i18n/interface-language';
import { CreditsIcon } from './CreditsIcon';
import { formatMoney, formatPercent, formatVatRate } from '../../shared/money';

/** The chosen package as an order: credits, bonus, price (with discount) and the VAT included. */
export function OrderSummary({
  pack,
  offer,
  bonus,
}: {
  pack: CreditPackage;
  offer: CreditsOffer;
  bonus: boolean;
}) {
  const { t, i18n } = useTranslation();
  const lng = currentLanguage(i18n);
  const discounted = pack.list_price !== null && pack.list_price.amount > pack.price.amount;
  return (
    <section className="credits-summary" aria-labelledby="credits-summary-title">
      <div className="credits-summary-head">
        <span className="credits-summary-coin">
          <CreditsIcon name="coin" size={28} />
        </span>
        <div>
          <h2 id="credits-summary-title" className="h4 mb-0">
            {t('credits.package_credits', { count: pack.credits })}
          </h2>
          {bonus && pack.bonus_credits > 0 && (
            <p className="credit-package-bonus mb-0">
              {t('credits.bonus_credits', { count: pack.bonus_credits })}
            </p>
          )}
        </div>
        {pack.most_chosen && <span className="credits-chip">{t('credits.most_chosen')}</span>}
      </div>
      <dl className="credits-summary-lines">
        {discounted && pack.list_price && (
          <>
            <dt>{t('credits.list_price')}</dt>
            <dd>
              <s>{formatMoney(pack.list_price, lng)}</s>
            </dd>
            <dt>{t('credits.discount')}</dt>
            <dd className="credits-summary-discount">
              {offer.discount
                ? t('credits.discount_label', {
                    percent: formatPercent(offer.discount.percentage, lng),
                  })
                : `−${formatMoney(
                    { ...pack.price, amount: pack.list_price.amount - pack.price.amount },
                    lng,
                  )}`}
            </dd>
          </>
        )}
        <dt>{t('credits.per_credit_label')}</dt>
        <dd>{formatMoney(pack.per_credit, lng)}</dd>
        <dt className="credits-summary-total">{t('credits.total')}</dt>
        <dd className="credits-summary-total">
          {formatMoney(pack.price, lng)}
          <small>
            {t('credits.vat_included', { rate: formatVatRate(offer.vat_rate_bp, lng) })}
          </small>
        </dd>
      </dl>
    </section>
  );
}
