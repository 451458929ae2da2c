import { useTranslation } from 'react-i18next';
import { Link, useLocation, useNavigate, useParams } from 'react-router-dom';
import { PaymentMethod, type CreditsOffer } from '../../shared/contract/payments';
import { CreditsIcon } from './CreditsIcon';
import { MethodChoice } from './MethodChoice';
import { OrderSummary } from './OrderSummary';
import { useBonusRunning } from './OfferBanners';
import { PayPanel } from './PayPanel';
import { withReturn } from './return-link';
import { returnPathOf } from './return-path';
import { defaultMethod } from './use-credits-offer';

/** The method the route asks for, when the member's country offers it. */
function routeMethod(raw: string | undefined, offer: CreditsOffer) {
  const parsed = PaymentMethod.safeParse(raw);
  return parsed.success && offer.methods.includes(parsed.data) ? parsed.data : null;
}

/**
 * /credits/{creditId}/{paymentMethod?}: the chosen package as an order, the method preselected
 * from the route (an unknown one falls back with a notice), and Pay.
 */
export function CheckoutView({ offer }: { offer: CreditsOffer }) {
  const { t } = useTranslation();
  const params = useParams();
  const { search, state } = useLocation();
  const navigate = useNavigate();
  const returnTo = returnPathOf(search, state);
  const bonus = useBonusRunning(offer);
  const pack = offer.packages.find((p) => p.id === Number(params.creditId));
  const asked = params.paymentMethod;
  const method = routeMethod(asked, offer) ?? defaultMethod(offer);
  const fellBack = asked !== undefined && routeMethod(asked, offer) === null;
  const back = (
    <Link to={withReturn('/credits', returnTo)} className="credits-back">
      <CreditsIcon name="back" size={18} />
      {t('credits.back_to_packages')}
    </Link>
  );

  if (!pack) {
    return (
      <>
        {back}
        <h1 className="h2">{t('credits.checkout_title')}</h1>
        <div className="alert alert-warning">{t('credits.package_unknown')}</div>
        <Link to={withReturn('/credits', returnTo)} className="btn btn-primary">
          {t('credits.see_packages')}
        </Link>
      </>
    );
  }

  // The address follows the choice, so reload and back keep it (replace: no extra history).
  const choose = (next: PaymentMethod) =>
    navigate(withReturn(`/credits/${pack.id}/${next}`, returnTo), { replace: true, state });

  return (
    <div className="credits-checkout">
      {back}
      <h1 className="h2 mb-3">{t('credits.checkout_title')}</h1>
      {fellBack && method && (
        <div className="alert alert-info" role="status">
          {t('credits.method_fallback', { method: t(`credits.methods.${method}`) })}
        </div>
      )}
      <div className="credits-checkout-grid">
        <OrderSummary pack={pack} offer={offer} bonus={bonus} />
        <div className="credits-checkout-pay">
          <MethodChoice methods={offer.methods} selected={method} onSelect={choose} />
          <PayPanel pack={pack} method={method} returnTo={returnTo} />
        </div>
      </div>
    </div>
  );
}
