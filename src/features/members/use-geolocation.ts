/**
 * "Use my location" on the members screen (SPEC §4): a stored reverse-geocoded place is applied at
 * once; otherwise the browser is asked for a position, the worker geocodes and stores it, and the
 * answer is applied when it arrives. Filters change through the screen's own `apply`.
 */
import { useCallback, useEffect, useRef, useState } from 'react';
import type { GeocodeResponse, Settings } from '../../shared/contract/settings';
import { getSync } from '../../bridges/worker-bridge';
import { getDb } from '../../db/db';
import type { SearchFilters } from '../../db/db';
import { kvGet } from '../../db/kv';
import {
  GEOLOCATION_MAX_AGE_MS,
  GEOLOCATION_TIMEOUT_MS,
  initialPermission,
  isLocationError,
  locationOutcome,
  permissionAfterError,
  type GeoPermission,
} from './geolocation';

/** What the button says under itself; null when there is nothing to say. */
export type LocateStatus =
  'locating' | 'denied' | 'unavailable' | 'unsupported' | 'no-region' | 'not-served' | null;

export interface GeolocationState {
  permission: GeoPermission;
  status: LocateStatus;
  /** The place behind a no-region or not-served message. */
  place: GeocodeResponse | null;
  locate: () => void;
}

const browserNavigator = (): Navigator | undefined =>
  typeof navigator === 'undefined' ? undefined : navigator;

/** The device position, or the GeolocationPositionError the browser gave. */
function currentPosition(geolocation: Geolocation): Promise<GeolocationPosition> {
  return new Promise((resolve, reject) =>
    geolocation.getCurrentPosition(resolve, reject, {
      maximumAge: GEOLOCATION_MAX_AGE_MS,
      timeout: GEOLOCATION_TIMEOUT_MS,
    }),
  );
}

/** Permission state, last outcome and the locate action for the filters panel. */
export function useGeolocation(
  settings: Settings | null,
  apply: (patch: Partial<SearchFilters>) => void,
): GeolocationState {
  const [permission, setPermission] = useState<GeoPermission>(() =>
    initialPermission(browserNavigator()),
  );
  const [status, setStatus] = useState<LocateStatus>(null);
  const [place, setPlace] = useState<GeocodeResponse | null>(null);
  const busy = useRef(false);

  // The browser's own state where the Permissions API exists; it also follows later changes.
  const supported = permission !== 'unsupported';
  useEffect(() => {
    const permissions = browserNavigator()?.permissions;
    if (!supported || !permissions) return;
    let status: PermissionStatus | null = null;
    let gone = false;
    const follow = () => status && setPermission(status.state);
    permissions.query({ name: 'geolocation' }).then(
      (answer) => {
        if (gone) return;
        status = answer;
        follow();
        answer.addEventListener('change', follow);
      },
      () => undefined, // some browsers do not know the name: the state stays unknown
    );
    return () => {
      gone = true;
      status?.removeEventListener('change', follow);
    };
  }, [supported]);

  const applyPlace = useCallback(
    (geocode: GeocodeResponse) => {
      const outcome = locationOutcome({
        geocode,
        countries: settings?.countries ?? [],
        regionData: settings?.region_data ?? {},
      });
      if (outcome.patch) apply(outcome.patch);
      setPlace(geocode);
      setStatus(isLocationError(outcome) ? outcome.kind : null);
    },
    [apply, settings],
  );

  const locate = useCallback(() => {
    if (busy.current) return;
    busy.current = true;
    const run = async () => {
      const stored = await kvGet(getDb(), 'geocode').catch(() => undefined);
      if (stored) return applyPlace(stored);
      const geolocation = browserNavigator()?.geolocation;
      if (!geolocation) return setStatus('unsupported');
      setStatus('locating');
      let position: GeolocationPosition;
      try {
        position = await currentPosition(geolocation);
      } catch (error) {
        const code = (error as GeolocationPositionError).code;
        setPermission((current) => permissionAfterError(code, current));
        return setStatus(code === 1 ? 'denied' : 'unavailable');
      }
      try {
        const { latitude, longitude } = position.coords;
        applyPlace(await getSync().geocode(latitude, longitude));
      } catch (error) {
        // SPEC §8: only logged; the worker has stored null.
        console.warn('Geocode failed', error);
        setStatus(null);
      }
    };
    void run().finally(() => {
      busy.current = false;
    });
  }, [applyPlace]);

  return { permission, status, place, locate };
}
