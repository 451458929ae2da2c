/**
 * "Entering step 3 triggers a geolocation request" (SPEC §4): the device position, reverse
 * geocoded by the worker, fills the living area when the site serves that country (SPEC §5).
 */
import { useCallback, useEffect, useRef, useState } from 'react';
import type { GeocodeResponse, Settings } from '../../api/contract';
import { getSync } from '../../bridges/worker-bridge';
import { getDb } from '../../db/db';
import { kvGet } from '../../db/kv';
import { GEOLOCATION_MAX_AGE_MS, GEOLOCATION_TIMEOUT_MS } from '../members/geolocation';

export type LocateStatus =
  'locating' | 'denied' | 'unavailable' | 'unsupported' | 'not-served' | null;

/** What a geocoded place sets in the form: the country only when served, its region when known. */
export interface LocatedPlace {
  country: string;
  countryregion: number | null;
  city: string;
}

/** The place as the form can use it, or null when the site does not serve its country. */
export function placeFor(geocode: GeocodeResponse, settings: Settings | null): LocatedPlace | null {
  const country = geocode.country.toUpperCase();
  const served = settings?.countries.find((c) => c.toUpperCase() === country);
  if (!served) return null;
  const regions = settings?.region_data[served] ?? [];
  const region = regions.some((r) => r.id === geocode.countryregion) ? geocode.countryregion : null;
  return { country: served, countryregion: region, city: geocode.city };
}

function position(geolocation: Geolocation): Promise<GeolocationPosition> {
  return new Promise((resolve, reject) =>
    geolocation.getCurrentPosition(resolve, reject, {
      maximumAge: GEOLOCATION_MAX_AGE_MS,
      timeout: GEOLOCATION_TIMEOUT_MS,
    }),
  );
}

/** Locates once on mount (the step was entered) and again on request. */
export function useSignupLocate(
  settings: Settings | null,
  onPlace: (place: LocatedPlace) => void,
): { status: LocateStatus; place: GeocodeResponse | null; locate: () => void } {
  const [status, setStatus] = useState<LocateStatus>(null);
  const [place, setPlace] = useState<GeocodeResponse | null>(null);
  const busy = useRef(false);
  const apply = useRef(onPlace);
  useEffect(() => {
    apply.current = onPlace;
  });

  const locate = useCallback(() => {
    if (busy.current) return;
    busy.current = true;
    const run = async () => {
      const applyGeocode = (geocode: GeocodeResponse) => {
        setPlace(geocode);
        const found = placeFor(geocode, settings);
        setStatus(found ? null : 'not-served');
        if (found) apply.current(found);
      };
      const stored = await kvGet(getDb(), 'geocode').catch(() => undefined);
      if (stored) return applyGeocode(stored);
      const geolocation = typeof navigator === 'undefined' ? undefined : navigator.geolocation;
      if (!geolocation) return setStatus('unsupported');
      setStatus('locating');
      let found: GeolocationPosition;
      try {
        found = await position(geolocation);
      } catch (error) {
        return setStatus((error as GeolocationPositionError).code === 1 ? 'denied' : 'unavailable');
      }
      try {
        applyGeocode(await getSync().geocode(found.coords.latitude, found.coords.longitude));
      } catch (error) {
        console.warn('Geocode failed', error); // SPEC §8: only logged
        setStatus(null);
      }
    };
    void run().finally(() => {
      busy.current = false;
    });
  }, [settings]);

  // Entering the step asks once; a settings change later does not ask again.
  const asked = useRef(false);
  useEffect(() => {
    if (asked.current || !settings) return;
    asked.current = true;
    locate();
  }, [settings, locate]);

  return { status, place, locate };
}
