import { useTranslation } from 'react-i18next';
import type { StatsRevenue } from '../../shared/contract/stats';
import { formatMinor } from './stats-figures';
import { currencyName } from './stats-labels';

/**
 * The range's money per currency: gross paid, refunded and net, with how many of each. Three
 * figures side by side per currency fit a phone's width, where a table's columns would not.
 */
export function RevenueTable({ revenue }: { revenue: readonly StatsRevenue[] }) {
  const { t, i18n } = useTranslation();
  const lng = i18n.language;
  if (revenue.length === 0) return <p className="stats-none mb-0">{t('stats.revenue.none')}</p>;
  return (
    <ul className="stats-revenue list-unstyled mb-0">
      {revenue.map((r) => (
        <li key={r.currency}>
          <h3 className="stats-currency">
            {r.currency}
            <span>{currencyName(r.currency, lng)}</span>
          </h3>
          <dl className="stats-money-grid">
            <div>
              <dt>{t('stats.revenue.gross')}</dt>
              <dd>
                {formatMinor(r.gross, r.currency, lng)}
                <small>{t('stats.revenue.payments', { count: r.purchases })}</small>
              </dd>
            </div>
            <div>
              <dt>{t('stats.revenue.refunds')}</dt>
              <dd>
                {formatMinor(r.refunds, r.currency, lng)}
                <small>{t('stats.revenue.refund_count', { count: r.refund_count })}</small>
              </dd>
            </div>
            <div className="is-net">
              <dt>{t('stats.revenue.net')}</dt>
              <dd>{formatMinor(r.net, r.currency, lng)}</dd>
            </div>
          </dl>
        </li>
      ))}
    </ul>
  );
}
