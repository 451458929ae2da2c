import { describe, expect, it } from 'vitest';
import { currentSearch, searchResults } from '../../src/db/queries';
import { mergeFilters, similarFilters } from '../../workers/search-query';
import { createHarness } from './helpers/sync-harness';
import { demoUser, profile } from './helpers/fixtures';

function searchHarness() {
  const h = createHarness();
  h.backend.user = demoUser();
  const queries = () =>
    h.backend.requests
      .filter((r) => r.path === '/api/search.php')
      .map((r) => Object.fromEntries(r.query.entries()));
  return { ...h, queries };
}

describe('search', () => {
  it('starts with an automatic load and takes its filters from the answer', async () => {
    const h = searchHarness();
    const summary = await h.api.search(undefined, { trafficsource: 'net1' });
    expect(h.queries()).toEqual([
      {
        source: 'members',
        pp: '12',
        auto_load: '1',
        hideNudity: '1',
        searchAllCountries: '0',
        trafficsource: 'net1',
      },
    ]);
    expect(summary).toMatchObject({
      filters: { gender: 'male', min_age: 26, max_age: 35, country: 'NL', countryregion: 1 },
      loaded: 12,
      num_results: 30,
      highestPage: 1,
      allLoaded: false,
    });
    expect((await currentSearch(h.db))?.didInit).toBe(true);
    expect(await searchResults(summary.filterKey, 'main', h.db)).toHaveLength(12);
  });

  it('stores the first search the page got with its shell as it is, without asking again', async () => {
    const h = searchHarness();
    const first = {
      profiles: [profile(501), profile(502)],
      paging: { num_results: 2, page: 1, pp: 12 },
      filter_options: {
        gender: 'male' as const,
        min_age: 30,
        max_age: 40,
        country: 'DE',
        countryregion: 0,
      },
    };
    const summary = await h.api.search(undefined, { first });
    expect(h.queries()).toEqual([]);
    expect(summary).toMatchObject({
      filters: first.filter_options,
      loaded: 2,
      num_results: 2,
      highestPage: 1,
      allLoaded: true,
    });
    const stored = await searchResults(summary.filterKey, 'main', h.db);
    expect(stored.map((p) => p.id)).toEqual([501, 502]);
  });

  it('asks the server when the first search the page passed does not fit the contract', async () => {
    const h = searchHarness();
    const first = { profiles: 'none', paging: {}, filter_options: {} } as never;
    const summary = await h.api.search(undefined, { first });
    expect(h.queries()).toHaveLength(1);
    expect(summary.loaded).toBe(12);
  });

  it('lets a logged-out visitor search while the user call answers 403', async () => {
    const h = createHarness();
    const [user, summary] = await Promise.all([h.api.refreshUser(), h.api.search()]);
    expect(user).toBeNull();
    expect(summary.loaded).toBe(12);
  });

  it('then searches manually with the next page until all are loaded', async () => {
    const h = searchHarness();
    await h.api.search();
    expect(await h.api.search()).toMatchObject({ highestPage: 2, loaded: 24, allLoaded: false });
    const last = await h.api.search();
    expect(last).toMatchObject({ highestPage: 3, loaded: 30, allLoaded: true });
    expect(h.queries()[1]).toEqual({
      gender: 'male',
      min_age: '26',
      max_age: '35',
      country: 'NL',
      countryregion: '1',
      page: '2',
      pp: '12',
      manual_search: '1',
    });
    expect(h.queries()[2]?.page).toBe('3');
    await h.api.search(); // all loaded: nothing more to ask
    expect(h.queries()).toHaveLength(3);
    expect((await searchResults(last.filterKey, 'main', h.db)).map((p) => p.id)).toEqual(
      Array.from({ length: 30 }, (_, i) => 100 + i),
    );
  });

  it('runs concurrent calls one after the other, so page counters never repeat', async () => {
    const h = searchHarness();
    await h.api.search();
    await Promise.all([h.api.search(), h.api.search()]);
    expect(h.queries().map((q) => q.page)).toEqual([undefined, '2', '3']);
  });

  it('clears the results and reloads page 1 when a filter changes', async () => {
    const h = searchHarness();
    const first = await h.api.search();
    await h.api.search();
    h.backend.searchPool = [profile(1), profile(2)];
    const changed = await h.api.setFilters({ gender: 'female', max_age: 45 });
    expect(h.queries().at(-1)).toMatchObject({
      gender: 'female',
      max_age: '45',
      page: '1',
      countryregion: '1',
    });
    expect(changed).toMatchObject({ loaded: 2, num_results: 2, highestPage: 1, allLoaded: true });
    expect(await searchResults(first.filterKey, 'main', h.db)).toEqual([]);
    expect((await searchResults(changed.filterKey, 'main', h.db)).map((p) => p.id)).toEqual([1, 2]);
    expect((await currentSearch(h.db))?.filterKey).toBe(changed.filterKey);
  });

  it('resets the region to all when the country changes', async () => {
    const h = searchHarness();
    await h.api.search();
    const summary = await h.api.setFilters({ country: 'BE' });
    expect(summary.filters).toMatchObject({ country: 'BE', countryregion: 0 });
    expect(h.queries().at(-1)).toMatchObject({ country: 'BE', countryregion: '0' });
    expect(
      mergeFilters(summary.filters, { country: 'DE', countryregion: 4 }).filters.countryregion,
    ).toBe(4);
    expect(mergeFilters(summary.filters, { gender: 'male' }).changed).toBe(false);
  });

  it('loads similar results with widened filters, merged without duplicates', async () => {
    const h = searchHarness();
    h.backend.searchPool = [profile(1), profile(2), profile(3)];
    const loaded = await h.api.search();
    expect(loaded.allLoaded).toBe(true);
    h.backend.similarPool = [profile(2), profile(40), profile(3), profile(41)];

    const similar = await h.api.loadSimilar();
    expect(h.queries().at(-1)).toEqual({
      gender: 'male',
      min_age: '21',
      max_age: '40',
      country: 'NL',
      countryregion: '0',
      page: '1',
      pp: '12',
      manual_search: '1',
      do_not_save: '1',
    });
    expect(similar).toMatchObject({
      similarLoaded: 2,
      similar_num_results: 4,
      similarAllLoaded: true,
    });
    expect((await searchResults(loaded.filterKey, 'similar', h.db)).map((p) => p.id)).toEqual([
      40, 41,
    ]);
    expect((await searchResults(loaded.filterKey, 'main', h.db)).map((p) => p.id)).toEqual([
      1, 2, 3,
    ]);
    await h.api.loadSimilar();
    expect(h.queries()).toHaveLength(2);

    // A filter change clears similar results too (SPEC §4).
    const changed = await h.api.setFilters({ gender: 'female' });
    expect(changed).toMatchObject({ similarLoaded: 0, similar_num_results: null });
  });

  it('never widens the age under 18 and keeps "no maximum"', () => {
    const base = {
      gender: '' as const,
      min_age: 18,
      max_age: null,
      country: 'NL',
      countryregion: 3,
    };
    expect(similarFilters(base)).toEqual({ ...base, min_age: 18, max_age: null, countryregion: 0 });
    expect(similarFilters({ ...base, min_age: 20, max_age: 98 })).toMatchObject({
      min_age: 18,
      max_age: 100,
    });
  });
});
