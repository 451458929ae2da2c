import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import type { CreditPackage, Discount } from '../../shared/contract/payments';
import { currentLanguage } from '../../i18n/interface-language';
import { formatMoney, formatPercent } from '../../shared/money';

export interface PackageCardProps {
  pack: CreditPackage;
  discount: Discount | null;
  /** Show the bonus credits (the time bonus still runs). */
  bonus: boolean;
  to: string;
}

/**
 * One credit package: credits (and bonus), the price with the list price struck through under a
 * discount, the price per credit and the saving; the whole card is the link to its checkout.
 */
export function PackageCard({ pack, discount, bonus, to }: PackageCardProps) {
  const { t, i18n } = useTranslation();
  const lng = currentLanguage(i18n);
  const discounted = pack.list_price !== null && pack.list_price.amount > pack.price.amount;
  return (
    <li className={`credit-package${pack.most_chosen ? ' is-most-chosen' : ''}`}>
      <Link to={to} className="credit-package-link">
        {pack.most_chosen && (
          <span className="credit-package-ribbon">{t('credits.most_chosen')}</span>
        )}
        <span className="credit-package-credits">
          <strong>{pack.credits}</strong> {t('credits.credits_word', { count: pack.credits })}
        </span>
        {bonus && pack.bonus_credits > 0 && (
          <span className="credit-package-bonus">
            {t('credits.bonus_credits', { count: pack.bonus_credits })}
          </span>
        )}
        <span className="credit-package-price">
          {discounted && pack.list_price && (
            <s className="credit-package-list">
              <span className="visually-hidden">{t('credits.list_price')} </span>
              {formatMoney(pack.list_price, lng)}
            </s>
          )}
          <strong>{formatMoney(pack.price, lng)}</strong>
        </span>
        {discounted && discount && (
          <span className="credit-package-discount">
            {t('credits.discount_label', { percent: formatPercent(discount.percentage, lng) })}
          </span>
        )}
        <span className="credit-package-per">
          {t('credits.per_credit', { price: formatMoney(pack.per_credit, lng) })}
        </span>
        {pack.saving_percent > 0 && (
          <span className="credit-package-save">
            {t('credits.save', { percent: formatPercent(pack.saving_percent, lng) })}
          </span>
        )}
        <span className="btn btn-primary credit-package-cta" aria-hidden="true">
          {t('credits.choose')}
        </span>
      </Link>
    </li>
  );
}
