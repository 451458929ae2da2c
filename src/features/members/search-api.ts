/**
 * Member search data access (SPEC §4 "Search", §7): the first call lets the server choose
 * defaults, later calls are manual searches. No React here: a later issue moves it into the worker.
 */
import { SEARCH_PAGE_SIZE, type FilterOptions, type SearchResponse } from '../../api/contract';
import { call } from '../../api/http';

export interface SearchFilters {
  gender: FilterOptions['gender'];
  min_age: number;
  max_age: number | null;
  country: string;
  /** 0 means all regions. */
  countryregion: number;
}

/** Age choices of SPEC §5; "over 65" has no maximum. */
export const AGE_RANGES = [
  { id: 'all', min: 18, max: null },
  { id: '18-25', min: 18, max: 25 },
  { id: '26-35', min: 26, max: 35 },
  { id: '36-45', min: 36, max: 45 },
  { id: '46-55', min: 46, max: 55 },
  { id: '56-65', min: 56, max: 65 },
  { id: '65+', min: 65, max: null },
] as const;
export type AgeRange = (typeof AGE_RANGES)[number];

/** The age choice that matches the filters, or "all ages" for ranges the list does not have. */
export function ageRangeOf(filters: Pick<SearchFilters, 'min_age' | 'max_age'>): AgeRange {
  return (
    AGE_RANGES.find((r) => r.min === filters.min_age && r.max === filters.max_age) ?? AGE_RANGES[0]
  );
}

/** The filters the server chose on the automatic first load. */
export function filtersFromOptions(options: FilterOptions): SearchFilters {
  return { ...options };
}

/** First load: the server picks filters from the member's profile and location. */
export function firstSearch(signal?: AbortSignal): Promise<SearchResponse> {
  return call('search', {
    query: { source: 'members', pp: SEARCH_PAGE_SIZE, auto_load: '1' },
    signal,
  });
}

/** One page of a manual search with the given filters. */
export function searchPage(
  filters: SearchFilters,
  page: number,
  signal?: AbortSignal,
): Promise<SearchResponse> {
  return call('search', {
    query: {
      gender: filters.gender,
      min_age: filters.min_age,
      max_age: filters.max_age ?? '',
      country: filters.country,
      countryregion: filters.countryregion,
      page,
      pp: SEARCH_PAGE_SIZE,
      manual_search: '1',
    },
    signal,
  });
}

/** Reads the `page` query parameter (default 1, SPEC §2.6). */
export function pageFromQuery(params: URLSearchParams): number {
  const page = Number(params.get('page') ?? '1');
  return Number.isInteger(page) && page >= 1 && page <= 100 ? page : 1;
}
