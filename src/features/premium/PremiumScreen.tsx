import './premium.scss';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router-dom';
import { PageTitle } from '../../app/PageTitle';
import { useSession } from '../../app/session/session-context';
import { currentLanguage } from '../../i18n/interface-language';
import { countryName } from '../../shared/countries';
import { formatDate } from '../../shared/dates';
import { useOnline } from '../members/use-online';
import { formatPercent } from '../../shared/money';
import { PlanPicker } from './PlanPicker';
import { PremiumBenefits } from './PremiumBenefits';
import { PremiumCheckout } from './PremiumCheckout';
import { PremiumHero } from './PremiumHero';
import { defaultPlan, monthlyCredits, premiumState } from './premium-view';
import { usePremiumOffer } from './use-premium-offer';
import { VisitorCta } from './VisitorCta';

/**
 * /premium and /pricing (login optional): what premium gives, the plans priced for the member's
 * or visitor's country, and the way to buy or extend it. A visitor is asked to sign up or log in.
 */
export default function PremiumScreen() {
  const { t, i18n } = useTranslation();
  const lng = currentLanguage(i18n);
  const { pathname } = useLocation();
  const { user, status: sessionStatus } = useSession();
  const online = useOnline();
  const { offer, status, retry } = usePremiumOffer(user?.id ?? null);
  const [planId, setPlanId] = useState<number | null>(null);

  const pricing = pathname.startsWith('/pricing');
  const plans = offer?.plans ?? [];
  const plan = plans.find((p) => p.id === planId) ?? defaultPlan(plans);
  const state = premiumState(user?.premium_until);
  const title = pricing ? t('premium.pricing_title') : t('premium.title');

  return (
    <div className="premium-screen">
      <PageTitle title={title} />
      <PremiumHero title={title} state={state} />
      <div className="container premium-body">
        {!online && offer && (
          <p className="alert alert-warning small" role="status">
            {t('premium.offline_note')}
          </p>
        )}
        <div className="premium-layout">
          <PremiumBenefits monthlyCredits={monthlyCredits(plans, plan)} />
          <section className="premium-offer card" aria-labelledby="premium-plans-title">
            <div className="card-body">
              <h2 id="premium-plans-title" className="premium-section-title">
                {state.kind === 'active' ? t('premium.extend_title') : t('premium.plans_title')}
              </h2>
              {state.kind === 'active' && (
                <p className="text-body-secondary">
                  {t('premium.extend_note', { date: formatDate(state.until, lng) })}
                </p>
              )}
              {offer && plan ? (
                <>
                  <PlanPicker
                    plans={plans}
                    selected={plan.id}
                    onSelect={setPlanId}
                    labelledBy="premium-plans-title"
                  />
                  {user ? (
                    <PremiumCheckout plan={plan} methods={offer.methods} online={online} />
                  ) : sessionStatus === 'ready' ? (
                    <VisitorCta returnPath={pathname} />
                  ) : null}
                  <p className="premium-note">
                    {offer.vat_rate_bp > 0
                      ? t('premium.vat_included', {
                          rate: formatPercent(offer.vat_rate_bp / 100, lng),
                          country: countryName(offer.country, lng),
                        })
                      : t('premium.vat_none', { country: countryName(offer.country, lng) })}{' '}
                    {t('premium.no_subscription')}
                  </p>
                </>
              ) : status === 'failed' ? (
                <div className="alert alert-warning" role="alert">
                  <p>{t('premium.load_failed')}</p>
                  <button type="button" className="btn btn-outline-primary btn-sm" onClick={retry}>
                    {t('premium.retry')}
                  </button>
                </div>
              ) : (
                <div className="premium-plans-skeleton" role="status">
                  <span className="visually-hidden">{t('premium.loading')}</span>
                </div>
              )}
            </div>
          </section>
        </div>
        {pricing && (
          <section className="premium-teaser" aria-labelledby="premium-teaser-title">
            <h2 id="premium-teaser-title" className="h5">
              {t('premium.credits_teaser_title')}
            </h2>
            <p className="text-body-secondary">{t('premium.credits_teaser_text')}</p>
            <Link className="btn btn-outline-primary" to={user ? '/credits' : '/signup'}>
              {user ? t('premium.credits_teaser_link') : t('premium.visitor_signup')}
            </Link>
          </section>
        )}
      </div>
    </div>
  );
}
