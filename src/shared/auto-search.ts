/**
 * The members screen's automatic first search, as the sync worker and the server's shell ask it,
 * and the key a search's pages are stored under (the worker's rows and the page's first view).
 */
import { SEARCH_PAGE_SIZE } from './contract/limits';
import type { FilterOptions } from './contract/members';

/** Stable key of a filter set, so each search keeps its own pages. */
export function filterKey(filters: FilterOptions): string {
  const { gender, min_age, max_age, country, countryregion } = filters;
  return [gender, min_age, max_age ?? '', country, countryregion].join('|');
}

/** Options of the automatic first search. */
export interface AutoSearchOptions {
  /** The `network` tracking parameter of the page, if any. */
  trafficsource?: string;
  searchAllCountries?: boolean;
}

/** The members screen's automatic first search: the server picks the filters (SPEC §7). */
export function autoSearchQuery(
  options: AutoSearchOptions = {},
): Record<string, string | number | undefined> {
  return {
    source: 'members',
    pp: SEARCH_PAGE_SIZE,
    auto_load: '1',
    hideNudity: '1',
    searchAllCountries: options.searchAllCountries ? '1' : '0',
    trafficsource: options.trafficsource,
  };
}

/** The same query as the address's search parameters, absent options left out. */
export function autoSearchParams(options: AutoSearchOptions = {}): URLSearchParams {
  const params = new URLSearchParams();
  for (const [name, value] of Object.entries(autoSearchQuery(options))) {
    if (value !== undefined) params.set(name, String(value));
  }
  return params;
}
