/**
 * Member search (SPEC §4 "Search"): automatic first load, then manual pages; filter changes
 * start over; similar results once all are loaded. Results land in profiles + searchPages, or,
 * when the device has no room left, in the worker's memory (held-search.ts).
 */
import { SEARCH_PAGE_SIZE, type Profile } from '../src/shared/contract/fields';
import { SearchResponse } from '../src/shared/contract/members';
import type { PageKind, SearchFilters, SearchRow } from '../src/db/db';
import { kvGet, kvPut } from '../src/db/kv';
import type { SyncContext } from './context';
import { syncError } from './errors';
import { heldIds, heldRow, holdSearch, releaseSearch } from './held-search';
import { isStorageFull } from './quota-guard';
import { sessionStamp } from './session';
import {
  autoSearchQuery,
  filterKey,
  manualQuery,
  mergeFilters,
  similarQuery,
  type AutoLoadOptions,
} from './search-query';

/** Where the current search stands, for the page's "load more" and "similar" decisions. */
export interface SearchSummary {
  filterKey: string;
  filters: SearchFilters;
  loaded: number;
  num_results: number;
  highestPage: number;
  /** The loaded count reached the total (SPEC §4). */
  allLoaded: boolean;
  similarLoaded: number;
  similar_num_results: number | null;
  similarAllLoaded: boolean;
}

async function loadedIds(ctx: SyncContext, key: string, kind: PageKind): Promise<Set<number>> {
  const pages = await ctx.db.searchPages.where('filterKey').equals(key).toArray();
  return new Set([
    ...pages.filter((p) => p.kind === kind).flatMap((p) => p.results),
    ...heldIds(ctx, key, kind),
  ]);
}

async function summarize(ctx: SyncContext, row: SearchRow): Promise<SearchSummary> {
  const [main, similar] = await Promise.all([
    loadedIds(ctx, row.filterKey, 'main'),
    loadedIds(ctx, row.filterKey, 'similar'),
  ]);
  const similarTotal = row.similar_num_results;
  return {
    filterKey: row.filterKey,
    filters: row.filters,
    loaded: main.size,
    num_results: row.num_results,
    highestPage: row.highestPage,
    allLoaded: row.highestPage > 0 && main.size >= row.num_results,
    similarLoaded: similar.size,
    similar_num_results: similarTotal,
    similarAllLoaded:
      similarTotal !== null && row.similarHighestPage * SEARCH_PAGE_SIZE >= similarTotal,
  };
}

/** The search in memory when the device could not store it, else the stored current one. */
async function currentRow(ctx: SyncContext): Promise<SearchRow | null> {
  const { db } = ctx;
  const held = await heldRow(ctx);
  if (held) return held;
  const key = await kvGet(db, 'currentSearch');
  return key === undefined ? null : ((await db.searches.get(key)) ?? null);
}

const sessionChanged = () => syncError('auth', 'The session changed during the search');

/**
 * Stores one page and the updated search row, unless the session changed while the request ran
 * (then the answer belongs to someone else and is dropped). A search held in memory stays there,
 * and one the device has no room for is held from now on.
 */
async function storePage(
  ctx: SyncContext,
  stamp: number | undefined,
  row: SearchRow,
  kind: PageKind,
  page: number,
  profiles: Profile[],
  update: (row: SearchRow) => Partial<SearchRow>,
): Promise<SearchRow> {
  const { db } = ctx;
  const next = { ...row, ...update(row), updatedAt: Date.now() };
  const hold = async () => {
    if (!(await holdSearch(ctx, stamp, next, { kind, page, profiles }))) throw sessionChanged();
    return next;
  };
  if ((await heldRow(ctx))?.filterKey === row.filterKey) return hold();
  try {
    return await db.transaction(
      'rw',
      [db.searches, db.searchPages, db.profiles, db.kv],
      async () => {
        if ((await kvGet(db, 'session'))?.changedAt !== stamp) throw sessionChanged();
        await db.profiles.bulkPut(profiles);
        await db.searchPages.put({
          filterKey: row.filterKey,
          kind,
          pageNumber: page,
          results: profiles.map((p) => p.id),
        });
        await db.searches.put(next);
        await kvPut(db, 'currentSearch', row.filterKey);
        return next;
      },
    );
  } catch (error) {
    if (!isStorageFull(error)) throw error;
    return hold();
  }
}

/** The first call: the server chooses filters; the search is initialised with them. */
async function autoLoad(ctx: SyncContext, options: AutoLoadOptions): Promise<SearchRow> {
  const stamp = await sessionStamp(ctx.db);
  // The page's copy came through the page: checked against the contract like any answer, and
  // asked for again when it does not fit.
  const first = options.first && SearchResponse.safeParse(options.first);
  const data = first?.success
    ? first.data
    : (await ctx.http.call('search', { query: autoSearchQuery(options) })).data;
  const filters = data.filter_options;
  const key = filterKey(filters);
  releaseSearch(ctx);
  await ctx.db.searchPages.where('filterKey').equals(key).delete();
  const row: SearchRow = {
    filterKey: key,
    filters,
    didInit: true,
    num_results: data.profiles.length ? data.paging.num_results : 0,
    similar_num_results: null,
    highestPage: 1,
    similarHighestPage: 0,
    updatedAt: Date.now(),
  };
  return storePage(ctx, stamp, row, 'main', 1, data.profiles, () => ({}));
}

/** A manual page; an empty page means everything is loaded. */
async function loadPage(ctx: SyncContext, row: SearchRow, page: number): Promise<SearchRow> {
  const stamp = await sessionStamp(ctx.db);
  const { data } = await ctx.http.call('search', { query: manualQuery(row.filters, page) });
  const loaded = (await loadedIds(ctx, row.filterKey, 'main')).size;
  return storePage(ctx, stamp, row, 'main', page, data.profiles, (current) => ({
    num_results: data.profiles.length ? data.paging.num_results : loaded,
    highestPage: Math.max(current.highestPage, page),
  }));
}

async function setFilters(ctx: SyncContext, patch: Partial<SearchFilters>): Promise<SearchSummary> {
  const { db } = ctx;
  const row = (await currentRow(ctx)) ?? (await autoLoad(ctx, {}));
  const { filters, changed } = mergeFilters(row.filters, patch);
  if (!changed) return summarize(ctx, row);
  const fresh: SearchRow = {
    filterKey: filterKey(filters),
    filters,
    didInit: true,
    num_results: 0,
    similar_num_results: null,
    highestPage: 0,
    similarHighestPage: 0,
    updatedAt: Date.now(),
  };
  // Results and similar results are cleared before the reload (SPEC §4). A new search is tried
  // on the disk again; with still no room it is held from its first page on.
  const stamp = await sessionStamp(db);
  releaseSearch(ctx);
  try {
    await db.transaction('rw', db.searches, db.searchPages, db.kv, async () => {
      await db.searchPages.where('filterKey').anyOf([row.filterKey, fresh.filterKey]).delete();
      await db.searches.delete(row.filterKey);
      await db.searches.put(fresh);
      await kvPut(db, 'currentSearch', fresh.filterKey);
    });
  } catch (error) {
    if (!isStorageFull(error)) throw error;
    if (!(await holdSearch(ctx, stamp, fresh))) throw sessionChanged();
  }
  return summarize(ctx, await loadPage(ctx, fresh, 1));
}

async function search(
  ctx: SyncContext,
  patch: Partial<SearchFilters> | undefined,
  options: AutoLoadOptions,
): Promise<SearchSummary> {
  const row = await currentRow(ctx);
  if (!row?.didInit) {
    const first = await autoLoad(ctx, options);
    return patch ? setFilters(ctx, patch) : summarize(ctx, first);
  }
  if (patch && mergeFilters(row.filters, patch).changed) return setFilters(ctx, patch);
  const summary = await summarize(ctx, row);
  if (summary.allLoaded) return summary;
  return summarize(ctx, await loadPage(ctx, row, row.highestPage + 1));
}

/** Similar results: widened filters, merged without profiles already shown. */
async function loadSimilar(ctx: SyncContext): Promise<SearchSummary> {
  const { db } = ctx;
  const row = await currentRow(ctx);
  if (!row) throw syncError('validation', 'Search before asking for similar results');
  const summary = await summarize(ctx, row);
  if (summary.similarAllLoaded) return summary;
  const page = row.similarHighestPage + 1;
  const stamp = await sessionStamp(db);
  const { data } = await ctx.http.call('search', { query: similarQuery(row.filters, page) });
  const shown = new Set([
    ...(await loadedIds(ctx, row.filterKey, 'main')),
    ...(await loadedIds(ctx, row.filterKey, 'similar')),
  ]);
  const fresh = data.profiles.filter((p) => !shown.has(p.id));
  const next = await storePage(ctx, stamp, row, 'similar', page, fresh, () => ({
    similar_num_results: data.profiles.length
      ? data.paging.num_results
      : (page - 1) * SEARCH_PAGE_SIZE,
    similarHighestPage: page,
  }));
  return summarize(ctx, next);
}

/** The search operations, run one at a time so page counters never race. */
export function createSearch(ctx: SyncContext) {
  let chain: Promise<unknown> = Promise.resolve();
  const serial = <T>(run: () => Promise<T>): Promise<T> => {
    const next = chain.then(run, run);
    chain = next.catch(() => undefined);
    return next;
  };
  return {
    search: (patch?: Partial<SearchFilters>, options: AutoLoadOptions = {}) =>
      serial(() => search(ctx, patch, options)),
    setFilters: (patch: Partial<SearchFilters>) => serial(() => setFilters(ctx, patch)),
    loadSimilar: () => serial(() => loadSimilar(ctx)),
  };
}
