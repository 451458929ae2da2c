import { useTranslation } from 'react-i18next';
import { FUNNEL_STEPS, type StatsResponse, type StatsRow } from '../../shared/contract/stats';
import { conversionRate, formatCount, formatRate, isRated, netLines } from './stats-figures';
import { keyLabel } from './stats-labels';

/**
 * The funnel as a table: a row per day or dimension value, every step's count with its rate
 * against the step before, the net revenue per currency, and the totals. On a phone it scrolls
 * sideways with the row names kept in view; it is also the charts' text alternative.
 */
export function FunnelTable({ answer }: { answer: StatsResponse }) {
  const { t, i18n } = useTranslation();
  const lng = i18n.language;
  const { group, rows, totals } = answer;
  const labels = {
    lng,
    notSet: t('stats.not_set'),
    other: t('stats.other_values'),
    withYear: answer.from.slice(0, 4) !== answer.to.slice(0, 4),
  };

  const cells = (row: StatsRow) => (
    <>
      {FUNNEL_STEPS.map((step) => (
        <td key={step}>
          <span className="stats-count">{formatCount(row.counts[step], lng)}</span>
          {isRated(step) && (
            <span className="stats-rate">{formatRate(conversionRate(row.counts, step), lng)}</span>
          )}
        </td>
      ))}
      <td className="stats-money">
        {row.revenue.length === 0
          ? '–'
          : netLines(row.revenue, lng).map((line, i) => (
              <span key={row.revenue[i]?.currency ?? i} className="d-block">
                {line}
              </span>
            ))}
      </td>
    </>
  );

  return (
    <div
      className="stats-table-scroll"
      tabIndex={0}
      role="region"
      aria-labelledby="stats-table-title"
    >
      <table className="stats-table">
        <thead>
          <tr>
            <th scope="col" className="stats-key">
              {t(`stats.groups.${group}`)}
            </th>
            {FUNNEL_STEPS.map((step) => (
              <th key={step} scope="col">
                {t(`stats.steps.${step}`)}
              </th>
            ))}
            <th scope="col">{t('stats.revenue.net_column')}</th>
          </tr>
        </thead>
        <tbody>
          {rows.length === 0 ? (
            <tr>
              <td colSpan={FUNNEL_STEPS.length + 2} className="stats-none">
                {t('stats.no_rows')}
              </td>
            </tr>
          ) : (
            rows.map((row) => (
              <tr key={row.key}>
                <th scope="row" className="stats-key">
                  {keyLabel(row.key, group, labels)}
                </th>
                {cells(row)}
              </tr>
            ))
          )}
        </tbody>
        <tfoot>
          <tr>
            <th scope="row" className="stats-key">
              {t('stats.total')}
            </th>
            {cells(totals)}
          </tr>
        </tfoot>
      </table>
    </div>
  );
}
