import { useTranslation } from 'react-i18next';
import type { StatsResponse } from '../../shared/contract/stats';
import { statsCsvFilename } from '../../shared/stats-csv';
import { StatsIcon } from './StatsIcon';
import { csvBlob, csvHref } from './stats-csv';
import type { DimensionFilters } from './stats-query';

interface Props {
  answer: StatsResponse;
  filters: DimensionFilters;
  /** The answer shown is the server's of this visit: the server writes the file. */
  fresh: boolean;
}

/** Hands a file made on this device to the browser's download, then lets it go. */
function download(blob: Blob, name: string) {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  link.click();
  setTimeout(() => URL.revokeObjectURL(url), 0);
}

/**
 * The figures on screen as a CSV file: the server's for the same query while they are this
 * visit's, else (offline, or an older stored answer shown) made here from the stored answer.
 */
export function CsvDownload({ answer, filters, fresh }: Props) {
  const { t } = useTranslation();
  const label = (
    <>
      <StatsIcon name="download" size={16} />
      <span>{t('stats.csv.download')}</span>
    </>
  );
  if (!fresh) {
    return (
      <button
        type="button"
        className="btn btn-sm btn-outline-secondary stats-action"
        title={t('stats.csv.stored')}
        onClick={() => download(csvBlob(answer), statsCsvFilename(answer))}
      >
        {label}
      </button>
    );
  }
  return (
    <a
      className="btn btn-sm btn-outline-secondary stats-action"
      href={csvHref(answer, filters)}
      download={statsCsvFilename(answer)}
    >
      {label}
    </a>
  );
}
