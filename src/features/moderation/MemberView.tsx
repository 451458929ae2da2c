import { useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import type { ModeratedMember } from '../../shared/contract/moderation';
import { PageTitle } from '../../app/PageTitle';
import { getSync } from '../../bridges/worker-bridge';
import { ActionBar } from './ActionBar';
import { ActionDialog } from './ActionDialog';
import { AuditLog } from './AuditLog';
import { ConsoleGone, ConsoleLoading, ConsoleNotice } from './ConsoleStates';
import { MemberCard } from './MemberCard';
import type { DialogAction } from './moderation-view';
import { ModerationIcon } from './ModerationIcon';
import { RefreshButton } from './RefreshButton';
import { ReportCard } from './ReportCard';
import { busyKey, useModerationAction } from './use-moderation-action';
import { useConsoleData } from './use-console-data';

/**
 * `/moderation/members/{id}`: one member's file (profile, photos, status), the reports about them
 * with the chat messages in context, the actions, and the audit log. Every action reloads it.
 */
export function MemberView({ memberId, cdnPrefix }: { memberId: number; cdnPrefix: string }) {
  const { t } = useTranslation();
  const load = useCallback(() => getSync().moderatedMember(memberId), [memberId]);
  const state = useConsoleData(load);
  const actions = useModerationAction(state.reload);
  const [dialog, setDialog] = useState<DialogAction | null>(null);
  if (state.status === 'gone') return <ConsoleGone />;
  const view = state.data;
  const open = view ? view.reports.filter((r) => !r.handled).length : 0;

  const act = async (member: ModeratedMember, action: DialogAction, reason: string) => {
    const done = await actions.run(
      { action, member: member.id, reason },
      t(`moderation.done.${action}`, { name: member.name }),
    );
    if (done) setDialog(null);
  };

  return (
    <>
      <PageTitle
        title={view ? `${view.member.name} · ${t('moderation.title')}` : t('moderation.title')}
      />
      <nav className="moderation-crumbs" aria-label={t('moderation.crumbs')}>
        <Link to="/moderation" className="moderation-back">
          <ModerationIcon name="back" size={16} />
          {t('moderation.back')}
        </Link>
        <RefreshButton state={state} />
      </nav>
      <ConsoleNotice state={state} />
      {actions.problem && dialog === null && (
        <div className="alert alert-danger" role="alert">
          {t(actions.problem)}
        </div>
      )}
      {!view ? (
        state.status === 'loading' && <ConsoleLoading label={t('moderation.member.loading')} />
      ) : (
        <div className="moderation-member-layout">
          <div className="moderation-member-main">
            <MemberCard member={view.member} cdnPrefix={cdnPrefix} actions={actions} />
            <ActionBar
              member={view.member}
              onAction={(action) => {
                actions.clearProblem();
                setDialog(action);
              }}
            />
          </div>
          <div className="moderation-member-side">
            <section aria-labelledby="moderation-member-reports">
              <h2 id="moderation-member-reports" className="moderation-section-title">
                {t('moderation.member.reports', { name: view.member.name })}
                <span className="moderation-count">{open}</span>
              </h2>
              {view.reports.length === 0 ? (
                <p className="moderation-none">{t('moderation.member.no_reports')}</p>
              ) : (
                <ol className="moderation-reports list-unstyled">
                  {view.reports.map((report) => {
                    const dismiss = {
                      action: 'dismiss' as const,
                      member: view.member.id,
                      complaint: report.id,
                    };
                    return (
                      <li key={report.id}>
                        <ReportCard
                          report={report}
                          loadedAt={state.loadedAt}
                          showReview={false}
                          dismissing={actions.busy === busyKey(dismiss)}
                          onDismiss={() => void actions.run(dismiss, t('moderation.done.dismiss'))}
                        />
                      </li>
                    );
                  })}
                </ol>
              )}
            </section>
            <AuditLog entries={view.audit} />
          </div>
        </div>
      )}
      {view && dialog && (
        <ActionDialog
          action={dialog}
          name={view.member.name}
          busy={actions.busy !== null}
          problem={actions.problem}
          onSubmit={(reason) => void act(view.member, dialog, reason)}
          onCancel={() => setDialog(null)}
        />
      )}
    </>
  );
}
