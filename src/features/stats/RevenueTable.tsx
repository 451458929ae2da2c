import { useTranslation } from 'react-i18next';
import type { StatsRevenue } from '../../shared/contract/stats';
import { formatMinor } from './stats-figures';

/** The range's money per currency: gross paid, refunded and net, with how many of each. */
export function RevenueTable({ revenue }: { revenue: readonly StatsRevenue[] }) {
  const { t, i18n } = useTranslation();
  const lng = i18n.language;
  if (revenue.length === 0) return <p className="stats-none mb-0">{t('stats.revenue.none')}</p>;
  return (
    <div className="stats-table-scroll">
      <table className="stats-table stats-revenue">
        <thead>
          <tr>
            <th scope="col" className="stats-key">
              {t('stats.revenue.currency')}
            </th>
            <th scope="col">{t('stats.revenue.gross')}</th>
            <th scope="col">{t('stats.revenue.refunds')}</th>
            <th scope="col">{t('stats.revenue.net')}</th>
          </tr>
        </thead>
        <tbody>
          {revenue.map((r) => (
            <tr key={r.currency}>
              <th scope="row" className="stats-key">
                {r.currency}
              </th>
              <td>
                <span className="stats-count">{formatMinor(r.gross, r.currency, lng)}</span>
                <span className="stats-rate">
                  {t('stats.revenue.payments', { count: r.purchases })}
                </span>
              </td>
              <td>
                <span className="stats-count">{formatMinor(r.refunds, r.currency, lng)}</span>
                <span className="stats-rate">
                  {t('stats.revenue.refund_count', { count: r.refund_count })}
                </span>
              </td>
              <td>
                <strong className="stats-count">{formatMinor(r.net, r.currency, lng)}</strong>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
