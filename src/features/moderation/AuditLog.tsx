import { useTranslation } from 'react-i18next';
import type { ModerationAuditEntry } from '../../shared/contract/moderation';
import { currentLanguage } from '../../i18n/interface-language';
import { formatWhen } from './moderation-view';

/**
 * Every action on the member, newest first: what, who, when and why. The server only ever adds
 * entries, so this is the member's full moderation history.
 */
export function AuditLog({ entries }: { entries: ModerationAuditEntry[] }) {
  const { t, i18n } = useTranslation();
  const lng = currentLanguage(i18n);
  return (
    <section className="moderation-audit" aria-labelledby="moderation-audit-title">
      <h2 id="moderation-audit-title" className="moderation-section-title">
        {t('moderation.audit.title')}
        <span className="moderation-count">{entries.length}</span>
      </h2>
      {entries.length === 0 ? (
        <p className="moderation-none">{t('moderation.audit.empty')}</p>
      ) : (
        <ol className="moderation-audit-list list-unstyled mb-0">
          {entries.map((entry) => (
            <li key={entry.id} className={`moderation-audit-entry is-${entry.action}`}>
              <p className="moderation-audit-what mb-1">
                <span className="fw-bold">{t(`moderation.audit.action.${entry.action}`)}</span>
                {entry.image_id !== null && (
                  <span className="moderation-ref">
                    {t('moderation.audit.photo', { id: entry.image_id })}
                  </span>
                )}
                {entry.complaint_id !== null && (
                  <span className="moderation-ref">
                    {t('moderation.audit.report', { id: entry.complaint_id })}
                  </span>
                )}
              </p>
              <p className="moderation-audit-who small text-body-secondary mb-1">
                {t('moderation.audit.by', { name: entry.moderator.name })}
                {' · '}
                <time dateTime={entry.created_at}>{formatWhen(entry.created_at, lng)}</time>
              </p>
              <p className={`mb-0${entry.reason ? '' : ' small text-body-secondary'}`}>
                {entry.reason || t('moderation.audit.no_reason')}
              </p>
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}
