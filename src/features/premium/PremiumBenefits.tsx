import { useTranslation } from 'react-i18next';
import { FREE_LIKED_BY_VISIBLE } from '../../shared/contract/likes';
import { PremiumIcon, type PremiumIconName } from './PremiumIcon';

/** What premium gives, exactly as the server grants it (no more, no less). */
export function PremiumBenefits({ monthlyCredits }: { monthlyCredits: number }) {
  const { t } = useTranslation();
  const items: { icon: PremiumIconName; title: string; text: string }[] = [
    {
      icon: 'noAds',
      title: t('premium.benefit_no_ads_title'),
      text: t('premium.benefit_no_ads_text'),
    },
    {
      icon: 'crown',
      title: t('premium.benefit_badge_title'),
      text: t('premium.benefit_badge_text'),
    },
    {
      icon: 'hearts',
      title: t('premium.benefit_likes_title'),
      text: t('premium.benefit_likes_text', { newest: FREE_LIKED_BY_VISIBLE }),
    },
    ...(monthlyCredits > 0
      ? [
          {
            icon: 'coins' as const,
            title: t('premium.benefit_credits_title', { count: monthlyCredits }),
            text: t('premium.benefit_credits_text', { count: monthlyCredits }),
          },
        ]
      : []),
  ];

  return (
    <section className="premium-benefits" aria-labelledby="premium-benefits-title">
      <h2 id="premium-benefits-title" className="premium-section-title">
        {t('premium.benefits_title')}
      </h2>
      <ul className="list-unstyled mb-0">
        {items.map((item) => (
          <li key={item.icon} className="premium-benefit">
            <span className="premium-benefit-icon">
              <PremiumIcon name={item.icon} />
            </span>
            <span>
              <strong className="d-block">{item.title}</strong>
              <span className="text-body-secondary">{item.text}</span>
            </span>
          </li>
        ))}
      </ul>
    </section>
  );
}
