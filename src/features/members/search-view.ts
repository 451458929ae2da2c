/**
 * What the members screen shows, read from Dexie in one live query (DESIGN §3): the current
 * search, its results in page order, the similar results after them, and how far loading got.
 */
import type { Profile } from '../../shared/contract/fields';
import { SEARCH_PAGE_SIZE } from '../../shared/contract/limits';
import type { SearchResponse } from '../../shared/contract/members';
import { filterKey } from '../../shared/auto-search';
import type { SearchRow } from '../../db/db';
import { currentSearch, searchResults } from '../../db/queries';

export interface SearchView {
  search: SearchRow;
  results: Profile[];
  similar: Profile[];
  /** The loaded count reached the total (SPEC §4). */
  allLoaded: boolean;
  /** Similar results were asked for and no page is left. */
  similarAllLoaded: boolean;
}

/** The same "all loaded" rules the worker applies, from the stored row and the loaded count. */
export function progressOf(
  search: SearchRow,
  loaded: number,
): Pick<SearchView, 'allLoaded' | 'similarAllLoaded'> {
  const similarTotal = search.similar_num_results;
  return {
    allLoaded: search.highestPage > 0 && loaded >= search.num_results,
    similarAllLoaded:
      similarTotal !== null && search.similarHighestPage * SEARCH_PAGE_SIZE >= similarTotal,
  };
}

/**
 * The automatic first search as the server answered it with the page (first-answers.ts), shaped
 * like the row the worker will store from it: its first page, with the filters the server chose.
 */
export function firstSearchView(answer: SearchResponse): SearchView {
  const filters = answer.filter_options;
  const search: SearchRow = {
    filterKey: filterKey(filters),
    filters,
    didInit: true,
    num_results: answer.profiles.length ? answer.paging.num_results : 0,
    similar_num_results: null,
    highestPage: 1,
    similarHighestPage: 0,
    updatedAt: 0,
  };
  return {
    search,
    results: answer.profiles,
    similar: [],
    ...progressOf(search, answer.profiles.length),
  };
}

/** The current search for useLiveQuery; null before the first search was stored. */
export async function readSearchView(): Promise<SearchView | null> {
  const search = await currentSearch();
  if (!search) return null;
  const [results, similar] = await Promise.all([
    searchResults(search.filterKey, 'main'),
    searchResults(search.filterKey, 'similar'),
  ]);
  return { search, results, similar, ...progressOf(search, results.length) };
}

/** Reads a page-number query parameter: a whole number from 1, else 1 (SPEC §2.6). */
export function pageParam(params: URLSearchParams, name: 'page' | 'similarpage'): number {
  const page = Number(params.get(name) ?? '1');
  return Number.isInteger(page) && page >= 1 && page <= 1000 ? page : 1;
}

/** The query with `page`/`similarpage` set to the loaded pages, omitted when 1 (SPEC §2.6). */
export function withPages(
  params: URLSearchParams,
  pages: { page: number; similarpage: number },
): URLSearchParams {
  const next = new URLSearchParams(params);
  for (const name of ['page', 'similarpage'] as const) {
    if (pages[name] > 1) next.set(name, String(pages[name]));
    else next.delete(name);
  }
  return next;
}
