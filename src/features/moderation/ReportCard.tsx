import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { calls } from '../../shared/contract/calls';
import { type ModerationReport } from '../../shared/contract/moderation';
import { currentLanguage } from '../../i18n/interface-language';
import { ChatContext } from './ChatContext';
import { formatAge, formatWhen, reasonKey } from './moderation-view';
import { ModerationIcon } from './ModerationIcon';
import { ZoomImage } from './ZoomImage';

/** The console's page of one member. */
export const memberPath = (id: number) => `/moderation/members/${id}`;

export interface ReportCardProps {
  report: ModerationReport;
  /** When the answer holding the report arrived (ms): ages count from then. */
  loadedAt: number;
  /** The member view of the reported member links to itself no more. */
  showReview?: boolean;
  onDismiss?: () => void;
  dismissing?: boolean;
}

/**
 * One report (from a chat or a profile) or complaint (the /complaints form): what, when, who
 * about whom, the text, the screenshot and, for chat reports in the member view, the messages.
 */
export function ReportCard({
  report,
  loadedAt,
  showReview = true,
  onDismiss,
  dismissing = false,
}: ReportCardProps) {
  const { t, i18n } = useTranslation();
  const lng = currentLanguage(i18n);
  const titleId = useId();
  const { kind, reporter, member } = report;
  const key = reasonKey(report);
  const reason = key ? t(key) : report.reason;
  const screenshot = `${calls.moderationScreenshot.path}?complaint=${report.id}`;
  const name = report.reference ?? t(`moderation.kind.${kind}`);

  return (
    <article
      className={`moderation-report is-${kind}${report.handled ? ' is-handled' : ''}`}
      aria-labelledby={titleId}
    >
      <header className="moderation-report-head">
        <span className={`moderation-kind is-${kind}`}>
          <ModerationIcon name={kind === 'report' ? 'flag' : 'mail'} size={16} />
          {t(`moderation.kind.${kind}`)}
        </span>
        {report.reference && <span className="moderation-ref">{report.reference}</span>}
        <time
          className="moderation-age"
          dateTime={report.created_at}
          title={formatWhen(report.created_at, lng)}
        >
          <ModerationIcon name="clock" size={14} />
          {formatAge(report.created_at, lng, new Date(loadedAt || Date.parse(report.created_at)))}
        </time>
      </header>
      <h3 id={titleId} className="moderation-report-title">
        {reason}
      </h3>
      <dl className="moderation-people">
        <div>
          <dt>{t('moderation.from')}</dt>
          <dd>
            {reporter ? (
              <Link to={memberPath(reporter.id)}>{reporter.name}</Link>
            ) : (
              t('moderation.visitor')
            )}
            {report.contact_email && (
              <>
                {' · '}
                <a href={`mailto:${report.contact_email}`}>{report.contact_email}</a>
              </>
            )}
          </dd>
        </div>
        <div>
          <dt>{t('moderation.about')}</dt>
          <dd>
            {member ? (
              <Link to={memberPath(member.id)} className="fw-bold">
                {member.name}
              </Link>
            ) : (
              <span className="text-body-secondary">{t('moderation.no_member')}</span>
            )}
          </dd>
        </div>
      </dl>
      {report.message ? (
        <blockquote className="moderation-quote">{report.message}</blockquote>
      ) : (
        <p className="moderation-quote is-empty">{t('moderation.no_text')}</p>
      )}
      {report.has_screenshot && (
        <figure className="moderation-shot">
          <ZoomImage
            thumb={screenshot}
            full={screenshot}
            alt={t('moderation.screenshot_alt', { name })}
            label={t('moderation.screenshot_open', { name })}
          />
          <figcaption className="small text-body-secondary">
            {t('moderation.screenshot')}
          </figcaption>
        </figure>
      )}
      {report.messages && (
        <ChatContext messages={report.messages} reporter={reporter} member={member} />
      )}
      {(onDismiss || (showReview && member) || report.handled) && (
        <footer className="moderation-report-actions">
          {report.handled && (
            <span className="moderation-handled">
              <ModerationIcon name="check" size={16} />
              {t('moderation.handled')}
            </span>
          )}
          {showReview && member && (
            <Link className="btn btn-sm btn-primary" to={memberPath(member.id)}>
              {t('moderation.review', { name: member.name })}
            </Link>
          )}
          {onDismiss && !report.handled && (
            <button
              type="button"
              className="btn btn-sm btn-outline-secondary"
              aria-describedby={titleId}
              disabled={dismissing}
              aria-busy={dismissing || undefined}
              onClick={onDismiss}
            >
              {dismissing && (
                <span className="spinner-border spinner-border-sm me-2" aria-hidden="true" />
              )}
              {t('moderation.actions.dismiss')}
            </button>
          )}
        </footer>
      )}
    </article>
  );
}
