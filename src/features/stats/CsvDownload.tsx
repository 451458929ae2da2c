import { useTranslation } from 'react-i18next';
import type { StatsResponse } from '../../shared/contract/stats';
import { StatsIcon } from './StatsIcon';
import { csvFileName, csvHref } from './stats-csv';
import type { DimensionFilters } from './stats-query';

interface Props {
  answer: StatsResponse;
  filters: DimensionFilters;
  online: boolean;
}

/** The table on screen as a CSV file: the server writes it for the same query. */
export function CsvDownload({ answer, filters, online }: Props) {
  const { t } = useTranslation();
  if (!online) {
    return (
      <button type="button" className="btn btn-sm btn-outline-secondary stats-action" disabled>
        <StatsIcon name="download" size={16} />
        <span>{t('stats.csv.download')}</span>
      </button>
    );
  }
  return (
    <a
      className="btn btn-sm btn-outline-secondary stats-action"
      href={csvHref(answer, filters)}
      download={csvFileName(answer)}
    >
      <StatsIcon name="download" size={16} />
      <span>{t('stats.csv.download')}</span>
    </a>
  );
}
