import { useTranslation } from 'react-i18next';
import type { PostbackStatus } from '../../shared/contract/stats';
import { formatAge, formatWhen } from '../moderation/moderation-view';
import { formatCount } from './stats-figures';

/**
 * How conversions reach the traffic partners: delivered, waiting and given-up postbacks, and the
 * newest failures with the partner's last answer, so a broken partner endpoint is seen at once.
 */
export function PostbackPanel({ status, now }: { status: PostbackStatus; now: number }) {
  const { t, i18n } = useTranslation();
  const lng = i18n.language;
  const tiles = [
    { key: 'delivered', value: status.delivered },
    { key: 'pending', value: status.pending },
    { key: 'failed', value: status.failed },
  ] as const;

  return (
    <>
      <dl className="stats-postback-tiles">
        {tiles.map(({ key, value }) => (
          <div key={key} className={`stats-postback-tile is-${key}${value > 0 ? ' has-any' : ''}`}>
            <dt>{t(`stats.postbacks.${key}`)}</dt>
            <dd>{formatCount(value, lng)}</dd>
          </div>
        ))}
      </dl>
      <h3 id="stats-failures-title" className="stats-subtitle">
        {t('stats.postbacks.recent')}
      </h3>
      {status.recent_failures.length === 0 ? (
        <p className="stats-none mb-0">{t('stats.postbacks.none')}</p>
      ) : (
        <ul className="stats-failures list-unstyled mb-0" aria-labelledby="stats-failures-title">
          {status.recent_failures.map((failure, i) => (
            <li
              key={`${failure.network} ${failure.last_attempt_at} ${i}`}
              className={failure.given_up ? 'is-given-up' : undefined}
            >
              <div className="stats-failure-head">
                <strong>{failure.network || t('stats.not_set')}</strong>
                <span>{t(`stats.postbacks.events.${failure.event}`)}</span>
                <span
                  className={`badge ${failure.given_up ? 'text-bg-danger' : 'text-bg-warning'}`}
                >
                  {t(failure.given_up ? 'stats.postbacks.given_up' : 'stats.postbacks.retrying')}
                </span>
              </div>
              <div className="stats-failure-detail">
                <code>{failure.last_error}</code>
                <span>{t('stats.postbacks.attempt_count', { count: failure.attempts })}</span>
                <time
                  dateTime={failure.last_attempt_at}
                  title={formatWhen(failure.last_attempt_at, lng)}
                >
                  {formatAge(failure.last_attempt_at, lng, new Date(now))}
                </time>
              </div>
            </li>
          ))}
        </ul>
      )}
    </>
  );
}
