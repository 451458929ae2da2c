/**
 * The CSV of what the console shows. Online it is the server's (`format=csv` on the same query);
 * the file name says the range, so downloads of several views do not overwrite each other.
 */
import { STATS_DIMENSIONS, STATS_PATH, type StatsResponse } from '../../shared/contract/stats';
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

/** "stats-2026-11-01-2026-11-30-by-day.csv". */
export function csvFileName(answer: Pick<StatsResponse, 'from' | 'to' | 'group'>): string {
  return `stats-${answer.from}-${answer.to}-by-${answer.group}.csv`;
}
