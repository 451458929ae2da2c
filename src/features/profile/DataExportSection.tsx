import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { UploadProgress } from '../../app/forms/UploadProgress';
import { currentLanguage } from '../../i18n/interface-language';
import { formatDate } from '../../shared/dates';
import { intlLocale } from '../../shared/languages';
import { ProfileSection } from './ProfileSection';
import { underWay, useDataExport } from './use-data-export';

const WHEN: Intl.DateTimeFormatOptions = { dateStyle: 'long', timeStyle: 'short' };

/** Bytes as the member reads them: KB below a megabyte, else MB with one decimal. */
function fileSize(bytes: number, lng: string): string {
  const mb = bytes >= 1_000_000;
  return new Intl.NumberFormat(intlLocale(lng), {
    style: 'unit',
    unit: mb ? 'megabyte' : 'kilobyte',
    maximumFractionDigits: mb ? 1 : 0,
  }).format(mb ? bytes / 1_000_000 : Math.max(1, bytes / 1000));
}

/**
 * "Your data" on /profile: the member asks for a copy of everything we keep about them, watches
 * it being made, and downloads the ZIP (the link is also mailed) until it expires.
 */
export function DataExportSection({ online }: { online: boolean }) {
  const { t, i18n } = useTranslation();
  const lng = currentLanguage(i18n);
  const id = useId();
  const { current, problem, busy, start } = useDataExport();
  const ready = current?.status === 'ready' ? current : null;
  const canStart = current !== undefined && !underWay(current) && !ready;

  return (
    <ProfileSection id="profile-data" title={t('data_export.title')} intro={t('data_export.intro')}>
      {underWay(current) && current && (
        <UploadProgress
          id={`${id}-progress`}
          className="mb-3"
          label={
            current.status === 'queued'
              ? t('data_export.queued')
              : t('data_export.running', { percent: current.progress })
          }
          percent={current.progress}
        />
      )}
      {ready && (
        <div className="data-export-ready mb-3" role="status">
          <p className="fw-semibold mb-2">{t('data_export.ready_title')}</p>
          <a
            className="btn btn-primary mb-2"
            href={`/api/export.php?download=${ready.id}`}
            download
          >
            {t('data_export.download', { size: fileSize(ready.size ?? 0, lng) })}
          </a>
          {ready.expires_at && (
            <p className="small mb-1">
              {t('data_export.expires', { date: formatDate(ready.expires_at, lng, WHEN) })}
            </p>
          )}
          <p className="small text-body-secondary mb-0">{t('data_export.mailed')}</p>
        </div>
      )}
      {current?.status === 'failed' && (
        <p className="alert alert-warning" role="status">
          {t('data_export.failed')}
        </p>
      )}
      {current?.status === 'expired' && (
        <p className="text-body-secondary">{t('data_export.expired')}</p>
      )}
      {problem && (
        <div className="alert alert-danger" role="alert">
          {problem.text}
        </div>
      )}
      {canStart && (
        <button
          type="button"
          className="btn btn-outline-primary"
          onClick={() => void start()}
          disabled={busy || !online}
        >
          {busy && <span className="spinner-border spinner-border-sm me-2" aria-hidden="true" />}
          {current?.status === 'failed' ? t('data_export.retry') : t('data_export.start')}
        </button>
      )}
      {canStart && !online && (
        <p className="small text-body-secondary mt-2">{t('data_export.offline')}</p>
      )}
    </ProfileSection>
  );
}
