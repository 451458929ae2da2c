import { describe, expect, it } from 'vitest';
import { kvGet, kvPut } from '../../src/db/kv';
import { wipePersonalData } from '../../src/db/wipe';
import { createHarness } from './helpers/sync-harness';

const UTRECHT = { country: 'NL', countryregion: 10, city: 'Utrecht' };

describe('geocode through the worker', () => {
  it('asks the server for the position and stores the place', async () => {
    const h = createHarness();
    h.backend.override('GET /api/geocode.php', { body: UTRECHT });
    expect(await h.api.geocode(52.0907, 5.1214)).toEqual(UTRECHT);
    const sent = h.backend.last('GET /api/geocode.php');
    expect(sent?.query.get('lat')).toBe('52.0907');
    expect(sent?.query.get('lon')).toBe('5.1214');
    expect(await kvGet(h.db, 'geocode')).toEqual(UTRECHT);
  });

  it('stores null and rejects with a SyncError when the server cannot say (SPEC §8)', async () => {
    const h = createHarness();
    await kvPut(h.db, 'geocode', UTRECHT);
    const notFound = {
      statusCode: 404,
      error: 'Not Found',
      message: 'No known place within 50 km of this position',
      key: 'geo.no_place',
    };
    h.backend.override('GET /api/geocode.php', { status: 404, body: notFound });
    await expect(h.api.geocode(30, -40)).rejects.toMatchObject({
      kind: 'http',
      status: 404,
      key: 'geo.no_place',
    });
    expect(await kvGet(h.db, 'geocode')).toBeNull();
  });

  it('stores null when offline', async () => {
    const h = createHarness();
    h.backend.override('GET /api/geocode.php', 'network-error');
    await expect(h.api.geocode(52, 5)).rejects.toMatchObject({ kind: 'network' });
    expect(await kvGet(h.db, 'geocode')).toBeNull();
  });

  it('refuses an answer that breaks the contract and stores null', async () => {
    const h = createHarness();
    h.backend.override('GET /api/geocode.php', { body: { country: 'NL' } });
    await expect(h.api.geocode(52, 5)).rejects.toMatchObject({ kind: 'validation' });
    expect(await kvGet(h.db, 'geocode')).toBeNull();
  });

  it('forgets the place at logout: a location is personal data', async () => {
    const h = createHarness();
    h.backend.override('GET /api/geocode.php', { body: UTRECHT });
    await h.api.geocode(52.0907, 5.1214);
    await wipePersonalData(h.db);
    expect(await kvGet(h.db, 'geocode')).toBeUndefined();
  });
});
