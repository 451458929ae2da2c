/**
 * The choices of the member search filters (SPEC §5): age ranges, the country list narrowed to
 * the member's part of the world, and the region list. Pure, so every rule is unit-tested.
 */
import type { Region } from '../../shared/contract/fields';
import type { SearchFilters } from '../../db/db';
import { countryName } from '../../shared/countries';
import { cachedIntl } from '../../shared/intl-cache';

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

/** The filter patch of an age choice id; unknown ids mean all ages. */
export function agePatch(id: string): Pick<SearchFilters, 'min_age' | 'max_age'> {
  const range = AGE_RANGES.find((r) => r.id === id) ?? AGE_RANGES[0];
  return { min_age: range.min, max_age: range.max };
}

/** Countries shown together because members often look across these borders (SPEC §5). */
export const PAIRED_COUNTRIES: ReadonlyArray<readonly [string, string]> = [
  ['AU', 'NZ'],
  ['NL', 'BE'],
  ['US', 'CA'],
  ['GB', 'IE'],
  ['DE', 'AT'],
];

/** The paired neighbours of a country (none for most). */
export function neighboursOf(code: string): string[] {
  const c = code.toUpperCase();
  return PAIRED_COUNTRIES.flatMap(([a, b]) => (a === c ? [b] : b === c ? [a] : []));
}

export interface CountryOptionsInput {
  /** Countries the site serves (settings.countries). */
  countries: readonly string[];
  /** The member's own country (user.profile.country); null for visitors or when unknown. */
  userCountry: string | null;
  /** The country of the current filters; '' when none. */
  selected: string;
  /** Where the member's IP address points to (settings.geoip_country). */
  geocoded: string | null;
  /** Interface language, for the names and their order. */
  lng: string;
}

export interface CountryOption {
  code: string;
  name: string;
}

/**
 * With a known member country the list narrows to that country, the selected one, the geocoded
 * one and their paired neighbours among the served countries; the selected country always stays,
 * so the select never shows a value it has no option for. Sorted by name in the UI language.
 */
export function countryOptions(input: CountryOptionsInput): CountryOption[] {
  const served = new Set(input.countries.map((c) => c.toUpperCase()));
  let codes = [...served];
  if (input.userCountry) {
    const keep = new Set<string>();
    for (const code of [input.userCountry, input.selected, input.geocoded]) {
      if (!code) continue;
      keep.add(code.toUpperCase());
      neighboursOf(code).forEach((n) => keep.add(n));
    }
    codes = codes.filter((c) => keep.has(c));
  }
  const selected = input.selected.toUpperCase();
  if (selected && !codes.includes(selected)) codes.push(selected);
  const collator = countryCollator(input.lng);
  return codes
    .map((code) => ({ code, name: countryName(code, input.lng) }))
    .sort((a, b) => collator.compare(a.name, b.name));
}

const collators = new Map<string, Intl.Collator>();

/** The order of country names in `lng`; the filters render often, so each is made once. */
export function countryCollator(lng: string): Intl.Collator {
  return cachedIntl(collators, lng, {}, (locale) => new Intl.Collator(locale));
}

/** The country select is left out when there is nothing to choose (SPEC §5). */
export function showCountrySelect(options: readonly CountryOption[]): boolean {
  return options.length > 1;
}

/** One entry of the region select. */
export type RegionOption =
  | { kind: 'select-country'; value: ''; disabled: true }
  | { kind: 'all'; value: '0' }
  | { kind: 'region'; value: string; name: string };

/**
 * "All regions" first; before a country is chosen a disabled "Select country" comes first
 * (SPEC §5), so the empty select says what to do.
 */
export function regionOptions(
  regionData: Readonly<Record<string, readonly Region[]>>,
  country: string,
): RegionOption[] {
  const all: RegionOption = { kind: 'all', value: '0' };
  if (!country) return [{ kind: 'select-country', value: '', disabled: true }, all];
  const regions = regionData[country.toUpperCase()] ?? regionData[country] ?? [];
  return [
    all,
    ...regions.map((r): RegionOption => ({ kind: 'region', value: String(r.id), name: r.name })),
  ];
}

/**
 * The country whose regions the region select lists: the filter's, or the only one available
 * when the country select is hidden (then picking a region also picks that country).
 */
export function regionCountry(selected: string, options: readonly CountryOption[]): string {
  if (selected) return selected;
  return options.length === 1 ? (options[0]?.code ?? '') : '';
}
