import { describe, expect, it } from 'vitest';
import { countryOptions, regionOptions } from '../../src/features/members/country-options';
import { AGE_RANGES, ageRangeOf, pageFromQuery } from '../../src/features/members/search-api';
import { searchReducer, uniqueProfiles } from '../../src/features/members/use-member-search';
import { profile, searchResponse } from './helpers/fixtures';

const names: Record<string, string> = {
  NL: 'Netherlands',
  BE: 'Belgium',
  DE: 'Germany',
  AT: 'Austria',
  FR: 'France',
};
const nameOf = (c: string) => names[c] ?? c;

describe('search filters', () => {
  it('offers the SPEC §5 age ranges, with no maximum for "over 65"', () => {
    expect(AGE_RANGES.map((r) => [r.min, r.max])).toEqual([
      [18, null],
      [18, 25],
      [26, 35],
      [36, 45],
      [46, 55],
      [56, 65],
      [65, null],
    ]);
    expect(ageRangeOf({ min_age: 26, max_age: 35 }).id).toBe('26-35');
    expect(ageRangeOf({ min_age: 30, max_age: 31 }).id).toBe('all');
  });

  it('narrows countries to the member country, the selection and paired neighbours, sorted by name', () => {
    const countries = ['NL', 'BE', 'DE', 'AT', 'FR'];
    expect(
      countryOptions({ countries, userCountry: 'NL', selected: null, geocoded: null, nameOf }).map(
        (c) => c.code,
      ),
    ).toEqual(['BE', 'NL']);
    expect(
      countryOptions({ countries, userCountry: 'NL', selected: 'DE', geocoded: null, nameOf }).map(
        (c) => c.code,
      ),
    ).toEqual(['AT', 'BE', 'DE', 'NL']);
    expect(
      countryOptions({ countries, userCountry: null, selected: null, geocoded: null, nameOf }),
    ).toHaveLength(5);
  });

  it('lists no regions before a country is chosen', () => {
    expect(regionOptions({ NL: [{ id: 1, name: 'Utrecht' }] }, '')).toEqual([]);
    expect(regionOptions({ NL: [{ id: 1, name: 'Utrecht' }] }, 'nl')).toEqual([
      { id: 1, name: 'Utrecht' },
    ]);
  });

  it('reads ?page with a default of 1', () => {
    expect(pageFromQuery(new URLSearchParams(''))).toBe(1);
    expect(pageFromQuery(new URLSearchParams('page=3'))).toBe(3);
    expect(pageFromQuery(new URLSearchParams('page=-2'))).toBe(1);
  });
});

describe('search state', () => {
  const filters = {
    gender: '' as const,
    min_age: 18,
    max_age: null,
    country: 'NL',
    countryregion: 0,
  };

  it('accumulates pages and clears them when filters change', () => {
    let state = searchReducer(
      { filters: null, pages: [], total: 0, loading: true, problem: null },
      { type: 'init', filters },
    );
    state = searchReducer(state, {
      type: 'page',
      page: 1,
      result: searchResponse([profile(1), profile(2)], 5),
    });
    state = searchReducer(state, {
      type: 'page',
      page: 2,
      result: searchResponse([profile(2), profile(3)], 5),
    });
    expect(uniqueProfiles(state.pages).map((p) => p.id)).toEqual([1, 2, 3]);
    expect(state.total).toBe(5);
    state = searchReducer(state, { type: 'reset', filters: { ...filters, gender: 'female' } });
    expect(state.pages).toEqual([]);
    expect(state.filters?.gender).toBe('female');
  });
});
