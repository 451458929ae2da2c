/**
 * The CSV of what the console shows. Online it is the server's (`format=csv` on the same query);
 * from a stored answer (offline) it is made here by the same writer the server uses, so both
 * files are the same bytes for the same figures.
 */
import { STATS_DIMENSIONS, STATS_PATH, type StatsResponse } from '../../shared/contract/stats';
import { statsCsv } from '../../shared/stats-csv';
import type { DimensionFilters } from './stats-query';

/** The address of the server's CSV of `answer`'s range and grouping under `filters`. */
export function csvHref(
  answer: Pick<StatsResponse, 'from' | 'to' | 'group'>,
  filters: DimensionFilters,
): string {
  const params = new URLSearchParams({ from: answer.from, to: answer.to, group: answer.group });
  for (const dimension of STATS_DIMENSIONS) {
    const value = filters[dimension];
    if (value !== undefined) params.set(dimension, value);
  }
  params.set('format', 'csv');
  return `${STATS_PATH}?${params.toString()}`;
}

/** The stored answer's CSV as a file to hand to the browser's download. */
export function csvBlob(answer: StatsResponse): Blob {
  return new Blob([statsCsv(answer)], { type: 'text/csv;charset=utf-8' });
}
