import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router-dom';
import type { CreditsOffer, PaymentMethod } from '../../shared/contract/payments';
import { useSession } from '../../app/session/session-context';
import { currentLanguage } from '../../i18n/interface-language';
import { countryName } from '../../shared/countries';
import { CreditsIcon } from './CreditsIcon';
import { MethodChoice } from './MethodChoice';
import { formatVatRate } from '../../shared/money';
import { OfferBanners, useBonusRunning } from './OfferBanners';
import { PackageCard } from './PackageCard';
import { withReturn } from './return-link';
import { returnPathOf } from './return-path';
import { defaultMethod } from './use-credits-offer';

/** The member's balance and what one message costs them, the page's first answer. */
export function BalanceCard({ offer }: { offer: CreditsOffer }) {
  const { t, i18n } = useTranslation();
  const { user } = useSession();
  const balance = user?.credits ?? offer.balance;
  return (
    <div className="credits-balance">
      <span className="credits-balance-coin">
        <CreditsIcon name="coin" size={32} />
      </span>
      <div>
        <p className="credits-balance-label mb-0">{t('credits.balance_label')}</p>
        <p className="credits-balance-value mb-0">
          {t('credits.balance_value', { count: balance })}
        </p>
        <p className="credits-balance-cost mb-0">
          {t('credits.message_cost', { count: offer.message_credits })}
        </p>
        <p className="credits-balance-country mb-0">
          {t('credits.prices_for', { country: countryName(offer.country, currentLanguage(i18n)) })}
        </p>
      </div>
    </div>
  );
}

/**
 * /credits: balance, message cost, the special offers, the methods of the member's country and
 * the packages; a package opens its checkout with the chosen method.
 */
export function CreditsOverview({
  offer,
  onBonusOver,
}: {
  offer: CreditsOffer;
  onBonusOver: () => void;
}) {
  const { t, i18n } = useTranslation();
  const { search, state } = useLocation();
  const returnTo = returnPathOf(search, state);
  const [chosen, setChosen] = useState<PaymentMethod | null>(null);
  const method = chosen && offer.methods.includes(chosen) ? chosen : defaultMethod(offer);
  const bonus = useBonusRunning(offer);

  return (
    <>
      <header className="credits-head">
        <div>
          <h1 className="h2 mb-1">{t('credits.title')}</h1>
          <p className="text-body-secondary mb-0">{t('credits.intro')}</p>
        </div>
        <BalanceCard offer={offer} />
      </header>
      <OfferBanners offer={offer} onBonusOver={onBonusOver} />
      {offer.last_order && (
        <p className="credits-repeat-link">
          <Link to={withReturn('/credits/repeat-order', returnTo)}>{t('credits.repeat_link')}</Link>
        </p>
      )}
      {offer.methods.length > 1 && (
        <MethodChoice methods={offer.methods} selected={method} onSelect={setChosen} />
      )}
      <h2 id="credit-packages-title" className="credits-step-title">
        {t('credits.packages_title')}
      </h2>
      <ul className="credit-packages" aria-labelledby="credit-packages-title">
        {offer.packages.map((pack) => (
          <PackageCard
            key={pack.id}
            pack={pack}
            discount={offer.discount}
            bonus={bonus}
            to={withReturn(`/credits/${pack.id}${method ? `/${method}` : ''}`, returnTo)}
          />
        ))}
      </ul>
      <p className="credits-footnote small text-body-secondary">
        <CreditsIcon name="lock" size={16} />{' '}
        {t('credits.footnote', { rate: formatVatRate(offer.vat_rate_bp, currentLanguage(i18n)) })}
      </p>
    </>
  );
}
