/**
 * The traffic source of SPEC §3 "Tracking query": made from the address's tracking values
 * (tracking-query.ts), remembered for the tab (read at boot on whatever page the visitor lands,
 * a lander included) so a visitor who arrived with it can still sign up after moving around.
 */
import { trafficSourceOf } from '../shared/tracking-query';
import { tabStorage } from './tab-storage';

/** sessionStorage key of the remembered source. */
export const TRAFFIC_SOURCE_KEY = 'amora.trafficsource';

/** The source of this address (a `network` with its ref and subs), else the one remembered in this tab. */
export function trafficSource(params: URLSearchParams): string | null {
  const given = trafficSourceOf(params);
  const store = tabStorage(); // null: the address alone counts
  if (given) {
    try {
      store?.setItem(TRAFFIC_SOURCE_KEY, given);
    } catch {
      // quota or privacy mode: the source still counts for this page
    }
    return given;
  }
  return store?.getItem(TRAFFIC_SOURCE_KEY) || null;
}

/** The id of the member profile the visitor came from (`/members/{id}/signup` passes `profile`). */
export function originProfile(params: URLSearchParams): number | null {
  const raw = params.get('profile');
  return raw && /^[1-9]\d{0,9}$/.test(raw) && Number(raw) <= 2 ** 31 - 1 ? Number(raw) : null;
}
