import { describe, expect, it } from 'vitest';
import {
  needsLanguageBadge,
  photoUrl,
  MULTILINGUAL_COUNTRIES,
} from '../../src/features/members/card-rules';
import {
  AGE_RANGES,
  agePatch,
  ageRangeOf,
  countryOptions,
  neighboursOf,
  regionCountry,
  regionOptions,
  showCountrySelect,
} from '../../src/features/members/filter-options';
import { pageParam, progressOf, withPages } from '../../src/features/members/search-view';
import { likeTypeOf, shownLikeTypes } from '../../src/features/likes/likes-types';
import type { SearchRow } from '../../src/db/db';

const codes = (options: { code: string }[]) => options.map((o) => o.code);
const SERVED = ['NL', 'BE', 'DE', 'AT', 'FR', 'US', 'CA', 'GB', 'IE', 'AU', 'NZ'];

describe('age choices (SPEC §5)', () => {
  it('offers all ages and the six ranges, "over 65" without a maximum', () => {
    expect(AGE_RANGES.map((r) => [r.min, r.max])).toEqual([
      [18, null],
      [18, 25],
      [26, 35],
      [36, 45],
      [46, 55],
      [56, 65],
      [65, null],
    ]);
  });

  it('maps filters to a choice and back; unknown ranges show as all ages', () => {
    expect(ageRangeOf({ min_age: 26, max_age: 35 }).id).toBe('26-35');
    expect(ageRangeOf({ min_age: 65, max_age: null }).id).toBe('65+');
    expect(ageRangeOf({ min_age: 30, max_age: 31 }).id).toBe('all');
    expect(agePatch('46-55')).toEqual({ min_age: 46, max_age: 55 });
    expect(agePatch('65+')).toEqual({ min_age: 65, max_age: null });
    expect(agePatch('nonsense')).toEqual({ min_age: 18, max_age: null });
  });
});

describe('country choices (SPEC §5)', () => {
  it('pairs the five neighbour couples both ways', () => {
    for (const [a, b] of [
      ['AU', 'NZ'],
      ['NL', 'BE'],
      ['US', 'CA'],
      ['GB', 'IE'],
      ['DE', 'AT'],
    ] as const) {
      expect(neighboursOf(a)).toEqual([b]);
      expect(neighboursOf(b.toLowerCase())).toEqual([a]);
    }
    expect(neighboursOf('FR')).toEqual([]);
  });

  it('lists every served country, sorted by name, when the member country is unknown', () => {
    const options = countryOptions({
      countries: ['NL', 'DE', 'FR'],
      userCountry: null,
      selected: '',
      geocoded: null,
      lng: 'en',
    });
    expect(options.map((o) => o.name)).toEqual(['France', 'Germany', 'Netherlands']);
  });

  it('narrows to the member country, the selected and geocoded ones and their neighbours', () => {
    const base = { countries: SERVED, selected: '', geocoded: null, lng: 'en' };
    expect(codes(countryOptions({ ...base, userCountry: 'NL' }))).toEqual(['BE', 'NL']);
    expect(codes(countryOptions({ ...base, userCountry: 'NL', selected: 'FR' }))).toEqual([
      'BE',
      'FR',
      'NL',
    ]);
    expect(codes(countryOptions({ ...base, userCountry: 'NL', geocoded: 'DE' }))).toEqual([
      'AT',
      'BE',
      'DE',
      'NL',
    ]);
  });

  it('sorts by the name in the interface language', () => {
    const options = countryOptions({
      countries: SERVED,
      userCountry: 'DE',
      selected: '',
      geocoded: null,
      lng: 'de',
    });
    expect(options.map((o) => o.name)).toEqual(['Deutschland', 'Österreich']);
  });

  it('keeps a selected country the site does not list, so the select shows its value', () => {
    const options = countryOptions({
      countries: ['NL'],
      userCountry: 'NL',
      selected: 'PL',
      geocoded: null,
      lng: 'en',
    });
    expect(codes(options)).toEqual(['NL', 'PL']);
  });

  it('hides the country select with at most one country', () => {
    expect(showCountrySelect([])).toBe(false);
    expect(showCountrySelect([{ code: 'NL', name: 'Netherlands' }])).toBe(false);
    expect(
      showCountrySelect([
        { code: 'NL', name: 'Netherlands' },
        { code: 'BE', name: 'Belgium' },
      ]),
    ).toBe(true);
  });
});

describe('region choices (SPEC §5)', () => {
  const regionData = { NL: [{ id: 7, name: 'Utrecht' }] };

  it('puts a disabled "Select country" before "All regions" when no country is chosen', () => {
    expect(regionOptions(regionData, '')).toEqual([
      { kind: 'select-country', value: '', disabled: true },
      { kind: 'all', value: '0' },
    ]);
  });

  it('puts "All regions" first once a country is chosen', () => {
    expect(regionOptions(regionData, 'nl')).toEqual([
      { kind: 'all', value: '0' },
      { kind: 'region', value: '7', name: 'Utrecht' },
    ]);
  });

  it('takes the only country when the country select is hidden', () => {
    expect(regionCountry('', [{ code: 'NL', name: 'Netherlands' }])).toBe('NL');
    expect(regionCountry('', [])).toBe('');
    expect(regionCountry('BE', [{ code: 'NL', name: 'Netherlands' }])).toBe('BE');
  });
});

describe('profile card rules (SPEC §2.6, §3)', () => {
  it('shows the language badge for another language or a multilingual country', () => {
    expect(needsLanguageBadge({ language: 'nl', country: 'NL' }, 'nl')).toBe(false);
    expect(needsLanguageBadge({ language: 'nl', country: 'NL' }, 'en-US')).toBe(true);
    for (const country of MULTILINGUAL_COUNTRIES) {
      expect(needsLanguageBadge({ language: 'fr', country }, 'fr')).toBe(true);
    }
    expect(needsLanguageBadge({ language: 'fr', country: 'be' }, 'fr')).toBe(true);
  });

  it('builds the image address from the CDN prefix and the thumbnail', () => {
    expect(photoUrl('/uploads/', { main_image: { thumb_filename: 'a_t.jpg' } })).toBe(
      '/uploads/a_t.jpg',
    );
    expect(photoUrl('/uploads/', { main_image: null })).toBeNull();
  });
});

describe('search paging in the address (SPEC §2.6)', () => {
  it('reads page numbers from 1, falling back to 1 for anything else', () => {
    const p = (q: string) => pageParam(new URLSearchParams(q), 'page');
    expect(p('')).toBe(1);
    expect(p('page=3')).toBe(3);
    for (const bad of ['page=0', 'page=-2', 'page=1.5', 'page=abc', 'page=100000']) {
      expect(p(bad), bad).toBe(1);
    }
    expect(pageParam(new URLSearchParams('similarpage=2'), 'similarpage')).toBe(2);
  });

  it('omits page and similarpage when 1 and keeps other parameters', () => {
    const next = withPages(new URLSearchParams('network=abc&page=4'), { page: 1, similarpage: 1 });
    expect(next.toString()).toBe('network=abc');
    expect(withPages(new URLSearchParams(''), { page: 2, similarpage: 3 }).toString()).toBe(
      'page=2&similarpage=3',
    );
  });

  it('counts everything loaded once the loaded number reaches the total (SPEC §4)', () => {
    const row: SearchRow = {
      filterKey: 'k',
      filters: { gender: '', min_age: 18, max_age: null, country: '', countryregion: 0 },
      didInit: true,
      num_results: 30,
      similar_num_results: null,
      highestPage: 2,
      similarHighestPage: 0,
      updatedAt: 0,
    };
    expect(progressOf(row, 24)).toEqual({ allLoaded: false, similarAllLoaded: false });
    expect(progressOf(row, 30).allLoaded).toBe(true);
    expect(progressOf({ ...row, highestPage: 0, num_results: 0 }, 0).allLoaded).toBe(false);
    expect(progressOf({ ...row, similar_num_results: 20, similarHighestPage: 1 }, 30)).toEqual({
      allLoaded: true,
      similarAllLoaded: false,
    });
    expect(
      progressOf({ ...row, similar_num_results: 20, similarHighestPage: 2 }, 30).similarAllLoaded,
    ).toBe(true);
  });
});

describe('likes lists', () => {
  it('opens the first shown list for /likes and for unknown types', () => {
    const all = shownLikeTypes({ showReceived: true, showGiven: true });
    expect(all).toEqual(['received', 'given', 'mutual']);
    expect(likeTypeOf(undefined, all)).toBe('received');
    expect(likeTypeOf('given', all)).toBe('given');
    expect(likeTypeOf('bogus', all)).toBe('received');
  });

  it('shows mutual likes only when both sides are shown', () => {
    expect(shownLikeTypes({ showReceived: false, showGiven: true })).toEqual(['given']);
    expect(likeTypeOf(undefined, ['given'])).toBe('given');
  });
});
