import { useTranslation } from 'react-i18next';
import { currentLanguage } from '../../i18n/interface-language';
import { formatDate } from '../../shared/dates';
import { useSiteSettings } from '../members/use-site-settings';
import { PremiumIcon } from './PremiumIcon';
import type { PremiumState } from './premium-view';

/** The page's opening: what premium is in one line, and the member's own premium state. */
export function PremiumHero({ title, state }: { title: string; state: PremiumState }) {
  const { t, i18n } = useTranslation();
  const lng = currentLanguage(i18n);
  const site = useSiteSettings()?.name ?? '';
  return (
    <section className="premium-hero" aria-labelledby="premium-title">
      <div className="container">
        <p className="premium-kicker">
          <PremiumIcon name="crown" size={18} /> {t('premium.kicker', { site }).trim()}
        </p>
        <h1 id="premium-title" className="premium-title">
          {title}
        </h1>
        <p className="premium-lead">{t('premium.lead')}</p>
        {state.kind === 'active' && (
          <p className="premium-status is-active" role="status">
            <PremiumIcon name="check" size={18} />
            {t('premium.status_active', { date: formatDate(state.until, lng) })}
          </p>
        )}
        {state.kind === 'ended' && (
          <p className="premium-status" role="status">
            {t('premium.status_ended', { date: formatDate(state.until, lng) })}
          </p>
        )}
      </div>
    </section>
  );
}
