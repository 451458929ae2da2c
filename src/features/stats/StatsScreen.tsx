import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router-dom';
import { STATS_RANGE_MAX_DAYS } from '../../shared/contract/stats';
import { PageTitle } from '../../app/PageTitle';
import { ErrorPage } from '../../app/error/ErrorPage';
import { NOT_FOUND_MESSAGE } from '../../app/error/page-error';
import { useSession } from '../../app/session/session-context';
import { ConsoleGone } from '../moderation/ConsoleStates';
import { ModerationIcon } from '../moderation/ModerationIcon';
import { useOnline } from '../members/use-online';
import { CsvDownload } from './CsvDownload';
import { StatsBody } from './StatsBody';
import { StatsFilters } from './StatsFilters';
import { StatsIcon } from './StatsIcon';
import { StatsNotices } from './StatsNotices';
import { rangeProblem, statsRequest, todayUtc, viewRange } from './stats-query';
import { useMinuteClock } from './use-minute-clock';
import { useStats } from './use-stats';
import { useViewAddress } from './use-view-address';
import './stats.scss';

/**
 * `/moderation/stats`: the acquisition funnel for holders of the stats role; everyone else sees
 * the 404 page, as the server answers them. The view lives in the address; each view's last
 * answer stays on the device, so the console opens offline on the figures of the last visit.
 */
export default function StatsScreen() {
  const { user } = useSession();
  const { pathname } = useLocation();
  if (user?.stats !== true) {
    return <ErrorPage status={404} message={NOT_FOUND_MESSAGE} path={pathname} />;
  }
  return <StatsConsole moderator={user.moderator === true} />;
}

function StatsConsole({ moderator }: { moderator: boolean }) {
  const { t } = useTranslation();
  const online = useOnline();
  const now = useMinuteClock();
  const today = todayUtc(new Date(now));
  const [view, change] = useViewAddress(today);
  const request = statsRequest(view, today);
  const problem = rangeProblem(viewRange(view, today));
  const state = useStats(request, problem !== null);

  if (state.status === 'gone') return <ConsoleGone />;
  const { answer } = state;
  const loading = state.status === 'loading';

  return (
    <div className="stats-screen container page-pad">
      <PageTitle title={t('stats.title')} />
      <header className="stats-head">
        <div>
          <h1 className="h2 mb-1 stats-title">
            <StatsIcon name="chart" size={28} />
            {t('stats.title')}
          </h1>
          <p className="text-body-secondary mb-0">{t('stats.intro')}</p>
        </div>
        <div className="stats-head-side">
          {moderator && (
            <Link className="btn btn-sm btn-link stats-action" to="/moderation">
              <ModerationIcon name="shield" size={16} />
              <span>{t('moderation.nav_link')}</span>
            </Link>
          )}
          <button
            type="button"
            className="btn btn-sm btn-outline-secondary stats-action"
            disabled={loading || !online || problem !== null}
            aria-busy={loading || undefined}
            onClick={state.reload}
          >
            {loading ? (
              <span className="spinner-border spinner-border-sm" aria-hidden="true" />
            ) : (
              <ModerationIcon name="refresh" size={16} />
            )}
            <span>{t('stats.refresh')}</span>
          </button>
          {answer && (
            <CsvDownload answer={answer} filters={view.filters} fresh={online && !state.stored} />
          )}
        </div>
      </header>
      <StatsFilters view={view} today={today} options={answer?.options ?? null} onChange={change} />
      {problem ? (
        <div className="alert alert-warning" role="alert">
          {t(problem, { max: STATS_RANGE_MAX_DAYS })}
        </div>
      ) : (
        <StatsNotices state={state} now={now} />
      )}
      {problem ? null : answer ? (
        <StatsBody
          answer={answer}
          now={now}
          onGroupByDay={() => change((shown) => ({ ...shown, group: 'day' }))}
        />
      ) : (
        loading && (
          <div className="stats-skeleton" role="status" aria-label={t('stats.loading')}>
            <span className="skeleton-line w-50" />
            <span className="skeleton-line w-100" />
            <span className="skeleton-line w-75" />
          </div>
        )
      )}
    </div>
  );
}
