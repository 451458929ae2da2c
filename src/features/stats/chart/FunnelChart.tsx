import { useTranslation } from 'react-i18next';
import type { StepCounts } from '../../../shared/contract/stats';
import { funnelBars } from '../stats-chart-data';
import { formatCount, formatRate, isRated } from '../stats-figures';

/**
 * The range's totals per step as bars, longest first at the top. Plain HTML and CSS: a list that
 * a screen reader reads as it is (step, count, rate), with no library to load.
 */
export function FunnelChart({ totals }: { totals: StepCounts }) {
  const { t, i18n } = useTranslation();
  const lng = i18n.language;
  return (
    <ol className="stats-funnel list-unstyled mb-0">
      {funnelBars(totals).map(({ step, count, share, rate }) => (
        <li key={step} className="stats-funnel-step">
          <span className="stats-funnel-label">
            {t(`stats.steps.${step}`)}
            {isRated(step) && (
              <span className="stats-funnel-rate">
                {t(`stats.rates.${step}`, { rate: formatRate(rate, lng) })}
              </span>
            )}
          </span>
          <strong className="stats-funnel-count">{formatCount(count, lng)}</strong>
          <span className="stats-funnel-track" aria-hidden="true">
            <span
              className="stats-funnel-bar"
              style={{ width: `${Math.max(share * 100, count > 0 ? 1 : 0)}%` }}
            />
          </span>
        </li>
      ))}
    </ol>
  );
}
