import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router-dom';
import type { CreditsOffer } from '../../shared/contract/payments';
import { CreditsIcon } from './CreditsIcon';
import { BalanceCard } from './CreditsOverview';
import { useBonusRunning } from './OfferBanners';
import { OrderSummary } from './OrderSummary';
import { PayPanel } from './PayPanel';
import { withReturn } from './return-link';
import { returnPathOf } from './return-path';

/**
 * /credits/repeat-order: the last package with the last method, one tap to pay again; without
 * a last order (or when it is no longer offered) it says so and links to the packages.
 */
export function RepeatOrder({ offer }: { offer: CreditsOffer }) {
  const { t } = useTranslation();
  const { search, state } = useLocation();
  const returnTo = returnPathOf(search, state);
  const bonus = useBonusRunning(offer);
  const last = offer.last_order;
  const pack = last ? offer.packages.find((p) => p.id === last.package) : undefined;
  const method = last && offer.methods.includes(last.method) ? last.method : null;
  const packages = withReturn('/credits', returnTo);

  if (!last || !pack || !method) {
    return (
      <div className="credits-repeat">
        <h1 className="h2">{t('credits.repeat_title')}</h1>
        <div className="credits-empty">
          <CreditsIcon name="coin" size={36} />
          <p className="mb-3">{t(last ? 'credits.repeat_unavailable' : 'credits.repeat_none')}</p>
          <Link to={packages} className="btn btn-primary">
            {t('credits.see_packages')}
          </Link>
        </div>
      </div>
    );
  }

  return (
    <div className="credits-checkout credits-repeat">
      <Link to={packages} className="credits-back">
        <CreditsIcon name="back" size={18} />
        {t('credits.back_to_packages')}
      </Link>
      <h1 className="h2 mb-1">{t('credits.repeat_title')}</h1>
      <p className="text-body-secondary">{t('credits.repeat_intro')}</p>
      <div className="credits-checkout-grid">
        <div className="d-grid gap-3">
          <BalanceCard offer={offer} />
          <OrderSummary pack={pack} offer={offer} bonus={bonus} />
        </div>
        <div className="credits-checkout-pay">
          <p className="credits-repeat-method">
            {t('credits.repeat_method', { method: t(`credits.methods.${method}`) })}{' '}
            <Link to={withReturn(`/credits/${pack.id}/${method}`, returnTo)}>
              {t('credits.repeat_change')}
            </Link>
          </p>
          <PayPanel pack={pack} method={method} returnTo={returnTo} />
        </div>
      </div>
    </div>
  );
}
