/** Country and region choices of the search filters (SPEC §5). */
import type { Region } from '../../api/contract';

/** Countries shown together because members often look across these borders. */
export const PAIRED_COUNTRIES: ReadonlyArray<readonly [string, string]> = [
  ['AU', 'NZ'],
  ['NL', 'BE'],
  ['US', 'CA'],
  ['GB', 'IE'],
  ['DE', 'AT'],
];

function partners(code: string): string[] {
  return PAIRED_COUNTRIES.flatMap(([a, b]) => (a === code ? [b] : b === code ? [a] : []));
}

export interface CountryOptionsInput {
  /** Countries the site serves (settings.countries). */
  countries: string[];
  userCountry: string | null;
  selected: string | null;
  geocoded: string | null;
  nameOf: (code: string) => string;
}

/**
 * With a known member country the list narrows to that country, the selected one, the geocoded
 * one and their paired neighbours; always limited to served countries and sorted by name.
 */
export function countryOptions(input: CountryOptionsInput): { code: string; name: string }[] {
  const served = new Set(input.countries.map((c) => c.toUpperCase()));
  let codes = [...served];
  if (input.userCountry) {
    const keep = new Set<string>();
    for (const code of [input.userCountry, input.selected, input.geocoded]) {
      if (!code) continue;
      keep.add(code.toUpperCase());
      partners(code.toUpperCase()).forEach((p) => keep.add(p));
    }
    codes = codes.filter((c) => keep.has(c));
  }
  return codes
    .map((code) => ({ code, name: input.nameOf(code) }))
    .sort((a, b) => a.name.localeCompare(b.name));
}

/** Region choices: "all regions" first, then the country's regions; empty before a country is chosen. */
export function regionOptions(regionData: Record<string, Region[]>, country: string): Region[] {
  if (!country) return [];
  return regionData[country.toUpperCase()] ?? regionData[country] ?? [];
}
