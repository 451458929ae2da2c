import { useTranslation } from 'react-i18next';
import type { StatsResponse } from '../../shared/contract/stats';
import { FunnelChart } from './chart/FunnelChart';
import { TimeChart } from './chart/TimeChart';
import { FunnelTable } from './FunnelTable';
import { PostbackPanel } from './PostbackPanel';
import { RevenueTable } from './RevenueTable';
import { rangeDayLabel } from './stats-labels';

interface Props {
  answer: StatsResponse;
  now: number;
  /** Switches the view to one row per day (the chart over time needs it). */
  onGroupByDay: () => void;
}

/** One answer's figures: the charts, the funnel table, the revenue and the partners' postbacks. */
export function StatsBody({ answer, now, onGroupByDay }: Props) {
  const { t, i18n } = useTranslation();
  const lng = i18n.language;
  const range = t('stats.range', {
    from: rangeDayLabel(answer.from, lng),
    to: rangeDayLabel(answer.to, lng),
  });

  return (
    <div className="stats-body">
      <div className="stats-charts">
        <section className="stats-card stats-card-time" aria-labelledby="stats-time-title">
          <h2 id="stats-time-title" className="stats-card-title">
            {t('stats.charts.time_title')}
          </h2>
          <p className="stats-card-note">{range}</p>
          {answer.group === 'day' ? (
            <figure className="mb-0">
              <TimeChart rows={answer.rows} />
              <figcaption className="visually-hidden">
                {t('stats.charts.text_alternative')}
              </figcaption>
            </figure>
          ) : (
            <div className="stats-chart-missing">
              <p className="mb-2">{t('stats.charts.day_only')}</p>
              <button
                type="button"
                className="btn btn-sm btn-outline-secondary"
                onClick={onGroupByDay}
              >
                {t('stats.charts.show_days')}
              </button>
            </div>
          )}
        </section>
        <section className="stats-card" aria-labelledby="stats-funnel-title">
          <h2 id="stats-funnel-title" className="stats-card-title">
            {t('stats.charts.funnel_title')}
          </h2>
          <p className="stats-card-note">{range}</p>
          <FunnelChart totals={answer.totals.counts} />
        </section>
      </div>

      <section className="stats-card" aria-labelledby="stats-table-title">
        <h2 id="stats-table-title" className="stats-card-title">
          {t('stats.table_title', { group: t(`stats.groups.${answer.group}`) })}
        </h2>
        <p className="stats-card-note">{t('stats.rates_note')}</p>
        <FunnelTable answer={answer} />
      </section>

      <div className="stats-pair">
        <section className="stats-card" aria-labelledby="stats-revenue-title">
          <h2 id="stats-revenue-title" className="stats-card-title">
            {t('stats.revenue.title')}
          </h2>
          <p className="stats-card-note">{range}</p>
          <RevenueTable revenue={answer.totals.revenue} />
        </section>
        <section className="stats-card" aria-labelledby="stats-postbacks-title">
          <h2 id="stats-postbacks-title" className="stats-card-title">
            {t('stats.postbacks.title')}
          </h2>
          <p className="stats-card-note">{t('stats.postbacks.intro')}</p>
          <PostbackPanel status={answer.postbacks} now={now} />
        </section>
      </div>
    </div>
  );
}
