/**
 * Turns search.php query parameters into filters (SPEC §4 "Search", §7): the automatic first load
 * derives defaults from the member; a manual search uses the given filters after checking them.
 */
import type { FilterOptions, SearchQuery } from '../../src/shared/contract/members';
import { MIN_AGE, SEARCH_PAGE_SIZE } from '../../src/shared/contract/fields';
import { ageOn, birthDateBoundForMaxAge, latestBirthDateForAge } from '../lib/dates';
import { HttpError } from '../lib/http-error';
import type { Site } from '../lib/site';
import type { SearchBasics } from '../repositories/member.repository';
import type { SearchFilter } from '../repositories/search.repository';

/** The age options of the search form (SPEC §5); defaults pick the one holding the member's age. */
export const AGE_BRACKETS: ReadonlyArray<readonly [number, number | null]> = [
  [18, 25],
  [26, 35],
  [36, 45],
  [46, 55],
  [56, 65],
  [65, null],
];

/** Filters of the first, automatic load. */
export function defaultFilters(
  me: SearchBasics | null,
  site: Site,
  today: string,
  searchAllCountries: boolean,
): FilterOptions {
  const age = me?.date_of_birth ? ageOn(me.date_of_birth, today) : null;
  const bracket =
    age === null ? undefined : AGE_BRACKETS.find(([, max]) => max === null || age <= max);
  const country = me?.country && site.isAllowedCountry(me.country) ? me.country : '';
  return {
    gender: me?.gender === 'male' ? 'female' : me?.gender === 'female' ? 'male' : '',
    min_age: bracket?.[0] ?? MIN_AGE,
    max_age: bracket ? bracket[1] : null,
    country: searchAllCountries ? '' : country,
    countryregion: 0,
  };
}

/** Filters of a manual search; an unknown country or region is a 400, not an empty result. */
export function manualFilters(q: SearchQuery, site: Site): FilterOptions {
  const country = q.country ?? '';
  const region = q.countryregion ?? 0;
  if (country && !site.isAllowedCountry(country)) {
    throw new HttpError(400, `Unknown country: ${country}`, 'search.unknown_country');
  }
  if (region && (!country || !site.hasRegion(country, region))) {
    throw new HttpError(400, 'This region does not belong to the country', 'search.unknown_region');
  }
  return {
    gender: q.gender ?? '',
    min_age: q.min_age ?? MIN_AGE,
    max_age: typeof q.max_age === 'number' ? q.max_age : null,
    country,
    countryregion: region,
  };
}

/** Column bounds for the repository. */
export function toSearchFilter(
  options: FilterOptions,
  q: SearchQuery,
  viewerId: number | null,
  today: string,
): SearchFilter {
  const pp = q.pp ?? SEARCH_PAGE_SIZE;
  const page = q.page ?? 1;
  return {
    gender: options.gender || null,
    country: options.country || null,
    countryregion: options.countryregion || null,
    bornOnOrBefore:
      options.min_age > MIN_AGE ? latestBirthDateForAge(options.min_age, today) : null,
    bornAfter: options.max_age === null ? null : birthDateBoundForMaxAge(options.max_age, today),
    viewerId,
    limit: pp,
    offset: (page - 1) * pp,
    today,
  };
}
