import { useCallback, useState } from 'react';
import type { Settings } from '../../shared/contract/settings';
import type { SearchFilters } from '../../db/db';
import { useGeolocation } from '../members/use-geolocation';

/** Where the fields start: the member's saved place, a draft or the site's guess. */
export interface LivingAreaStart {
  country: string;
  region: number;
  city: string;
}

/**
 * Country, region and city as the member edits them, with "Use my location": the located place
 * sets country (when served) and region, and its name fills the city. With `keepTypedCity` the
 * name only fills a city that is empty and was never typed in.
 */
export function useLivingArea(
  settings: Settings | null,
  start: () => LivingAreaStart,
  keepTypedCity: boolean,
) {
  const [first] = useState(start);
  const [country, setCountry] = useState(first.country);
  const [region, setRegion] = useState(first.region);
  const [city, setCity] = useState(first.city);
  const [cityTouched, setCityTouched] = useState(false);

  const apply = useCallback(
    (patch: Partial<SearchFilters>) => {
      if (patch.country) setCountry(patch.country);
      setRegion(patch.countryregion ?? 0);
    },
    // The setters are stable; listed since the compiler lint cannot tell once they are props.
    [setCountry, setRegion],
  );
  const { status, place, locate } = useGeolocation(settings, apply);
  const [placeSeen, setPlaceSeen] = useState(place);
  if (place !== placeSeen) {
    setPlaceSeen(place);
    const typed = keepTypedCity && (cityTouched || city !== '');
    if (place?.city && status !== 'not-served' && !typed) setCity(place.city);
  }

  return {
    country,
    setCountry,
    region,
    setRegion,
    city,
    setCity,
    cityTouched,
    touchCity: () => setCityTouched(true),
    regions: settings?.region_data[country] ?? [],
    status,
    place,
    locate,
  };
}

export type LivingArea = ReturnType<typeof useLivingArea>;
