/**
 * Reverse geocoding on request (SPEC §4 "Geolocation on request"): the page hands over the
 * device's position, the server names its country, region and city, and the answer is kept in kv
 * for the next request. A failure stores null (SPEC §8) and still rejects, so the page can log it.
 */
import type { GeocodeResponse } from '../src/shared/contract/settings';
import { kvPut } from '../src/db/kv';
import type { SyncContext } from './context';

/** GET /api/geocode.php for a position; stores and returns the place. */
export async function geocode(
  ctx: SyncContext,
  lat: number,
  lon: number,
): Promise<GeocodeResponse> {
  try {
    const { data } = await ctx.http.call('geocode', { query: { lat, lon } });
    await kvPut(ctx.db, 'geocode', data);
    return data;
  } catch (error) {
    // The call's failure is the one to report, even if storing null fails too.
    await kvPut(ctx.db, 'geocode', null).catch(() => undefined);
    throw error;
  }
}
