import './history.scss';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import type { User } from '../../shared/contract/account';
import { currentLanguage } from '../../i18n/interface-language';
import { formatDate } from '../../shared/dates';
import { PremiumIcon } from '../premium/PremiumIcon';
import { premiumState } from '../premium/premium-view';
import { usePremiumOffer } from '../premium/use-premium-offer';
import { ProfileSection } from './ProfileSection';

/** The plans' monthly credits when they all give the same, so the sentence stays true. */
function sharedMonthlyCredits(plans: readonly { monthly_credits: number }[]): number | null {
  const counts = new Set(plans.map((plan) => plan.monthly_credits));
  const [only] = counts;
  return counts.size === 1 && only !== undefined && only > 0 ? only : null;
}

/** The member's premium: until when and what it brings each month, or where to get it. */
export function PremiumSection({ user }: { user: User }) {
  const { t, i18n } = useTranslation();
  const lng = currentLanguage(i18n);
  const { offer } = usePremiumOffer(user.id);
  const state = premiumState(user.premium_until);
  const credits = sharedMonthlyCredits(offer?.plans ?? []);

  return (
    <ProfileSection id="profile-premium" title={t('premium.profile_title')}>
      {state.kind === 'active' ? (
        <div className="premium-mini is-active">
          <span className="premium-mini-icon">
            <PremiumIcon name="crown" />
          </span>
          <div>
            <p className="premium-mini-title">
              {t('premium.status_active', { date: formatDate(state.until, lng) })}
            </p>
            {credits !== null && (
              <p className="text-body-secondary mb-2">
                {t('premium.profile_credits', { count: credits })}
              </p>
            )}
            <Link className="btn btn-outline-primary btn-sm" to="/premium">
              {t('premium.profile_extend')}
            </Link>
          </div>
        </div>
      ) : (
        <div className="premium-mini">
          <span className="premium-mini-icon">
            <PremiumIcon name="crown" />
          </span>
          <div>
            <p className="premium-mini-title">
              {state.kind === 'ended'
                ? t('premium.profile_ended', { date: formatDate(state.until, lng) })
                : t('premium.profile_none')}
            </p>
            <p className="text-body-secondary mb-2">{t('premium.profile_none_text')}</p>
            <Link className="btn btn-primary btn-sm" to="/premium">
              {t('premium.profile_see')}
            </Link>
          </div>
        </div>
      )}
    </ProfileSection>
  );
}
