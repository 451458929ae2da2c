import { useEffect, useState } from 'react';
import { loadCountryMap, type CountryMap } from './country-map';

/** The map of `country` for the map lander (a static file; the precache has it offline). */
export function useCountryMap(country: string | null): CountryMap | null {
  const [map, setMap] = useState<CountryMap | null>(null);
  useEffect(() => {
    if (!country) return;
    let live = true;
    loadCountryMap(country)
      .then((loaded) => live && setMap(loaded))
      .catch((error: unknown) => console.warn('The map could not be loaded', error));
    return () => {
      live = false;
    };
  }, [country]);
  return map && map.country === country ? map : null;
}
