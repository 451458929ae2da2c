import { describe, expect, it } from 'vitest';
import {
  GEOLOCATION_MAX_AGE_MS,
  initialPermission,
  isLocationError,
  locationOutcome,
  permissionAfterError,
} from '../../src/features/members/geolocation';

const COUNTRIES = ['NL', 'BE', 'DE'];
const REGIONS = {
  NL: [
    { id: 8, name: 'Noord-Holland' },
    { id: 10, name: 'Utrecht' },
  ],
  BE: [{ id: 2, name: 'Flanders' }],
};
const place = (country: string, countryregion: number) => ({
  country,
  countryregion,
  city: 'Somewhere',
});

describe('geolocation on request', () => {
  it('sets country and region when the region is among the options', () => {
    const outcome = locationOutcome({
      geocode: place('NL', 10),
      countries: COUNTRIES,
      regionData: REGIONS,
    });
    expect(outcome).toEqual({ kind: 'applied', patch: { country: 'NL', countryregion: 10 } });
    expect(isLocationError(outcome)).toBe(false);
  });

  it('sets only the country and flags the location error when no region matches', () => {
    for (const [country, region] of [
      ['NL', 0],
      ['NL', 3],
      ['DE', 2],
    ] as const) {
      const outcome = locationOutcome({
        geocode: place(country, region),
        countries: COUNTRIES,
        regionData: REGIONS,
      });
      expect(outcome).toEqual({ kind: 'no-region', patch: { country, countryregion: 0 } });
      expect(isLocationError(outcome)).toBe(true);
    }
  });

  it('uses a geolocated country only when the site allows it (SPEC §5)', () => {
    const outcome = locationOutcome({
      geocode: place('LU', 0),
      countries: COUNTRIES,
      regionData: REGIONS,
    });
    expect(outcome).toEqual({ kind: 'not-served', patch: null });
    expect(isLocationError(outcome)).toBe(true);
  });

  it('compares country codes whatever their case', () => {
    const outcome = locationOutcome({
      geocode: place('be', 2),
      countries: ['nl', 'be'],
      regionData: REGIONS,
    });
    expect(outcome.patch).toEqual({ country: 'BE', countryregion: 2 });
  });

  it('accepts a cached position up to an hour old (SPEC §9)', () => {
    expect(GEOLOCATION_MAX_AGE_MS).toBe(3_600_000);
  });
});

describe('geolocation permission', () => {
  it('is unsupported without the Geolocation API, unknown until the browser says', () => {
    expect(initialPermission(undefined)).toBe('unsupported');
    expect(initialPermission({} as Navigator)).toBe('unsupported');
    expect(initialPermission({ geolocation: {} } as Navigator)).toBe('unknown');
  });

  it('becomes denied on PERMISSION_DENIED and stays otherwise', () => {
    expect(permissionAfterError(1, 'prompt')).toBe('denied');
    expect(permissionAfterError(2, 'granted')).toBe('granted');
    expect(permissionAfterError(3, 'unknown')).toBe('unknown');
  });
});
