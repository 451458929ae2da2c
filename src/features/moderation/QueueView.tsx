import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { pathFor } from '../../shared/route-table';
import { PageTitle } from '../../app/PageTitle';
import { useSession } from '../../app/session/session-context';
import { getSync } from '../../bridges/worker-bridge';
import { ConsoleGone, ConsoleLoading, ConsoleNotice } from './ConsoleStates';
import { ModerationIcon } from './ModerationIcon';
import { PendingPhotos } from './PendingPhotos';
import { RefreshButton } from './RefreshButton';
import { ReportCard } from './ReportCard';
import { useConsoleData } from './use-console-data';
import { busyKey, useModerationAction } from './use-moderation-action';

/**
 * `/moderation`: every open report and complaint, oldest first (the longest wait comes first),
 * and the photos waiting for review. A report is dismissed here or reviewed in its member view.
 */
export function QueueView({ cdnPrefix }: { cdnPrefix: string }) {
  const { t } = useTranslation();
  const { user } = useSession();
  const load = useCallback(() => getSync().moderationQueue(), []);
  const state = useConsoleData(load);
  const actions = useModerationAction(state.reload);
  if (state.status === 'gone') return <ConsoleGone />;
  const queue = state.data;
  const empty = queue !== null && queue.reports.length === 0 && queue.pending_photos.length === 0;

  return (
    <>
      <PageTitle title={t('moderation.title')} />
      <header className="moderation-head">
        <div>
          <h1 className="h2 mb-1 moderation-title">
            <ModerationIcon name="shield" size={28} />
            {t('moderation.title')}
          </h1>
          <p className="text-body-secondary mb-0">{t('moderation.intro')}</p>
        </div>
        <div className="moderation-head-side">
          {queue && (
            <p className="moderation-summary mb-0" role="status">
              <span>{t('moderation.count_reports', { count: queue.reports.length })}</span>
              <span>{t('moderation.count_photos', { count: queue.pending_photos.length })}</span>
            </p>
          )}
          {user?.stats === true && (
            <Link className="btn btn-sm btn-link moderation-back" to={pathFor('moderation-stats')}>
              {t('stats.nav_link')}
            </Link>
          )}
          <RefreshButton state={state} />
        </div>
      </header>
      <ConsoleNotice state={state} />
      {actions.problem && (
        <div className="alert alert-danger" role="alert">
          {t(actions.problem)}
        </div>
      )}
      {!queue ? (
        state.status === 'loading' && <ConsoleLoading label={t('moderation.loading')} />
      ) : empty ? (
        <div className="moderation-empty text-center">
          <span className="moderation-empty-icon">
            <ModerationIcon name="check" size={32} />
          </span>
          <h2 className="h4">{t('moderation.empty_title')}</h2>
          <p className="text-body-secondary mb-0">{t('moderation.empty_text')}</p>
        </div>
      ) : (
        <div className="moderation-queue">
          <section aria-labelledby="moderation-reports-title">
            <h2 id="moderation-reports-title" className="moderation-section-title">
              {t('moderation.reports_title')}
              <span className="moderation-count">{queue.reports.length}</span>
            </h2>
            {queue.reports.length === 0 ? (
              <p className="moderation-none">{t('moderation.reports_empty')}</p>
            ) : (
              <ol className="moderation-reports list-unstyled mb-0">
                {queue.reports.map((report) => {
                  // A complaint that names nobody is dismissed without a member.
                  const dismiss = {
                    action: 'dismiss' as const,
                    complaint: report.id,
                    ...(report.member ? { member: report.member.id } : {}),
                  };
                  return (
                    <li key={report.id}>
                      <ReportCard
                        report={report}
                        loadedAt={state.loadedAt}
                        dismissing={actions.busy === busyKey(dismiss)}
                        onDismiss={() => void actions.run(dismiss, t('moderation.done.dismiss'))}
                      />
                    </li>
                  );
                })}
              </ol>
            )}
          </section>
          <PendingPhotos items={queue.pending_photos} cdnPrefix={cdnPrefix} actions={actions} />
        </div>
      )}
    </>
  );
}
