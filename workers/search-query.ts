/**
 * Pure rules of the member search (SPEC §4 "Search", §7, §9): query shapes, the filter key, the
 * country-resets-region rule and the widened "similar" filters.
 */
import { MAX_AGE, MIN_AGE, SEARCH_PAGE_SIZE } from '../src/shared/contract/fields';
import type { SearchFilters } from '../src/db/db';
import type { SearchResponse } from '../src/shared/contract/members';
import { filterKey, type AutoSearchOptions } from '../src/shared/auto-search';
import type { QueryValue } from './fetcher';

/** Similar results widen the age range this much each side (SPEC §9). */
export const SIMILAR_AGE_MARGIN = 5;

/** Options of the automatic first load. */
export interface AutoLoadOptions extends AutoSearchOptions {
  /**
   * The answer to this same first search that the server wrote into the page (first-answers.ts):
   * stored as if fetched, so the list the member already sees is the one kept.
   */
  first?: SearchResponse;
}

/** The key and the first call (the server picks the filters, SPEC §7) are shared with the page. */
export { autoSearchQuery } from '../src/shared/auto-search';
export { filterKey };

/** A manual search page with the given filters. */
export function manualQuery(filters: SearchFilters, page: number): Record<string, QueryValue> {
  return {
    gender: filters.gender,
    min_age: filters.min_age,
    max_age: filters.max_age ?? '',
    country: filters.country,
    countryregion: filters.countryregion,
    page,
    pp: SEARCH_PAGE_SIZE,
    manual_search: '1',
  };
}

/** Age widened by 5 years each side (never under 18), all regions (SPEC §7). */
export function similarFilters(filters: SearchFilters): SearchFilters {
  return {
    ...filters,
    min_age: Math.max(MIN_AGE, filters.min_age - SIMILAR_AGE_MARGIN),
    max_age:
      filters.max_age === null ? null : Math.min(MAX_AGE, filters.max_age + SIMILAR_AGE_MARGIN),
    countryregion: 0,
  };
}

/** A page of similar results: not saved as the member's filters. */
export function similarQuery(filters: SearchFilters, page: number): Record<string, QueryValue> {
  return { ...manualQuery(similarFilters(filters), page), do_not_save: '1' };
}

/** Applies a filter change; a new country resets the region to all unless one is given. */
export function mergeFilters(
  current: SearchFilters,
  patch: Partial<SearchFilters>,
): { filters: SearchFilters; changed: boolean } {
  const given = Object.entries(patch).filter(([, value]) => value !== undefined);
  const filters: SearchFilters = { ...current, ...Object.fromEntries(given) };
  if (patch.country !== undefined && patch.country !== current.country) {
    filters.countryregion = patch.countryregion ?? 0;
  }
  return { filters, changed: filterKey(filters) !== filterKey(current) };
}
