/**
 * Rules of "Geolocation on request" (SPEC §4, §5, §9): which filters a reverse-geocoded place
 * sets, when the location error is flagged, and the permission states. Pure, so unit-tested.
 */
import type { Region } from '../../shared/contract/fields';
import type { GeocodeResponse } from '../../shared/contract/settings';
import type { SearchFilters } from '../../db/db';

/** SPEC §9: a position up to an hour old is good enough. */
export const GEOLOCATION_MAX_AGE_MS = 60 * 60 * 1000;
/** A device that cannot find itself within this long gets the "unavailable" message. */
export const GEOLOCATION_TIMEOUT_MS = 20_000;

/** SPEC §4: no API, not asked yet (no Permissions API), or the browser's own state. */
export type GeoPermission = 'unsupported' | 'unknown' | PermissionState;

/**
 * applied: country and region set; no-region: country set but its region is not among the
 * options (the location error of SPEC §4); not-served: the site does not serve that country.
 */
export type LocationOutcome =
  | { kind: 'applied'; patch: Pick<SearchFilters, 'country' | 'countryregion'> }
  | { kind: 'no-region'; patch: Pick<SearchFilters, 'country' | 'countryregion'> }
  | { kind: 'not-served'; patch: null };

export interface LocationInput {
  geocode: GeocodeResponse;
  /** settings.countries: a geolocated country is used only when it is listed (SPEC §5). */
  countries: readonly string[];
  /** settings.region_data: the region options per country. */
  regionData: Readonly<Record<string, readonly Region[]>>;
}

/** The filters a reverse-geocoded place sets; the region only when it is one of the options. */
export function locationOutcome({
  geocode,
  countries,
  regionData,
}: LocationInput): LocationOutcome {
  const country = geocode.country.toUpperCase();
  if (!countries.some((c) => c.toUpperCase() === country))
    return { kind: 'not-served', patch: null };
  const options = regionData[country] ?? [];
  const region = geocode.countryregion;
  return region > 0 && options.some((r) => r.id === region)
    ? { kind: 'applied', patch: { country, countryregion: region } }
    : { kind: 'no-region', patch: { country, countryregion: 0 } };
}

/** SPEC §4: the location error is flagged when geocoding exists but no region option matches. */
export function isLocationError(
  outcome: LocationOutcome,
): outcome is Exclude<LocationOutcome, { kind: 'applied' }> {
  return outcome.kind !== 'applied';
}

/** The permission state to start from, before the Permissions API (if any) answers. */
export function initialPermission(nav: Pick<Navigator, 'geolocation'> | undefined): GeoPermission {
  return nav && 'geolocation' in nav && nav.geolocation ? 'unknown' : 'unsupported';
}

/** A GeolocationPositionError code as a permission change: 1 is PERMISSION_DENIED. */
export function permissionAfterError(code: number, current: GeoPermission): GeoPermission {
  return code === 1 ? 'denied' : current;
}
