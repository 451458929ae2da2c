import { useTranslation } from 'react-i18next';
import { STATS_RANGE_MAX_DAYS } from '../../shared/contract/stats';
import { formatAge, formatWhen } from '../moderation/moderation-view';
import { ModerationIcon } from '../moderation/ModerationIcon';
import type { StatsState } from './use-stats';

/**
 * When the figures shown were made ("as of 6 Dec, 12:40 · 3 minutes ago"); offline, which visit
 * they come from; after a failure, why and a way to try again. Whatever was loaded stays below.
 */
export function StatsNotices({ state, now }: { state: StatsState; now: number }) {
  const { t, i18n } = useTranslation();
  const lng = i18n.language;
  const made = state.answer?.generated_at;

  return (
    <>
      {made && (
        <p className="stats-as-of" role="status">
          <ModerationIcon name="clock" size={16} />
          <span>
            {t('stats.as_of', { when: formatWhen(made, lng) })}
            <span className="stats-age"> · {formatAge(made, lng, new Date(now))}</span>
          </span>
        </p>
      )}
      {state.status === 'offline' && (
        <div className="stats-offline alert alert-warning" role="status">
          <ModerationIcon name="offline" size={24} />
          <div>
            <h2 className="h6 mb-1">{t('stats.offline_title')}</h2>
            <p className="mb-0">
              {t(state.answer ? 'stats.offline_stored' : 'stats.offline_empty')}
            </p>
          </div>
        </div>
      )}
      {state.status === 'failed' && state.problem && (
        <div className="alert alert-danger d-flex flex-wrap align-items-center gap-2" role="alert">
          <span className="me-auto">{t(state.problem, { max: STATS_RANGE_MAX_DAYS })}</span>
          <button type="button" className="btn btn-sm btn-outline-secondary" onClick={state.reload}>
            {t('stats.retry')}
          </button>
        </div>
      )}
    </>
  );
}
